import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import {
  ACKNOWLEDGEMENT_LIMIT,
  ACKNOWLEDGEMENT_WINDOW_MS,
  acknowledgementRule,
  claimAcknowledgement,
  mailboxOf,
} from "./acknowledgement-limit.server.ts";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});

describe("acknowledgements per recipient", () => {
  it("one mailbox, however it is written", () => {
    expect(mailboxOf(" Marie.Dupont@Example.FR ")).toBe("marie.dupont@example.fr");
    expect(mailboxOf("marie.dupont+devis@example.fr")).toBe("marie.dupont@example.fr");
    expect(mailboxOf("M.a.r.i.e+1@GoogleMail.com")).toBe("marie@gmail.com");
    expect(acknowledgementRule("Marie@Example.fr").key).toBe(acknowledgementRule("marie+x@example.fr").key);
    expect(acknowledgementRule("marie@example.fr").key).not.toBe(
      acknowledgementRule("marie@example.com").key,
    );
  });

  it("stores a hash of the address, never the address", () => {
    const rule = acknowledgementRule("marie.dupont@example.fr");
    expect(rule.key).toMatch(/^accuse:[0-9a-f]{64}$/);
    expect(rule.key).not.toContain("marie");
  });

  it(`grants ${ACKNOWLEDGEMENT_LIMIT} a day, then none until the oldest is a day old`, async () => {
    const start = new Date("2025-06-02T08:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);
    const claim = (address: string, when: Date) =>
      database.db.transaction((tx) => claimAcknowledgement(tx, address, when));
    expect(await claim("paul@example.fr", at(0))).toBe(true);
    expect(await claim("Paul@Example.fr", at(1))).toBe(true);
    expect(await claim("paul+boutique@example.fr", at(2))).toBe(true);
    expect(await claim("paul@example.fr", at(3))).toBe(false);
    expect(await claim("someone.else@example.fr", at(3))).toBe(true);
    expect(await claim("paul@example.fr", at(ACKNOWLEDGEMENT_WINDOW_MS / 60_000 - 1))).toBe(false);
    expect(await claim("paul@example.fr", at(ACKNOWLEDGEMENT_WINDOW_MS / 60_000 + 1))).toBe(true);
    const keys = (await database.db.select().from(rateLimitHits)).map((row) => row.key);
    expect(keys.join(" ")).not.toContain("@");
  });

  it("a claim rolled back with its transaction is not counted", async () => {
    const when = new Date("2025-07-01T08:00:00Z");
    await database.db
      .transaction(async (tx) => {
        expect(await claimAcknowledgement(tx, "rollback@example.fr", when)).toBe(true);
        throw new Error("annulée");
      })
      .catch(() => {});
    for (let index = 0; index < ACKNOWLEDGEMENT_LIMIT; index++) {
      expect(
        await database.db.transaction((tx) => claimAcknowledgement(tx, "rollback@example.fr", when)),
      ).toBe(true);
    }
  });
});
