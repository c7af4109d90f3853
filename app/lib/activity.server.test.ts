import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import {
  type ActivityActor,
  ANONYMISED_SUMMARY,
  anonymiseActivity,
  deleteActivity,
  listActivity,
  recordActivities,
  recordActivity,
} from "./activity.server.ts";

let database: TestDatabase;
let alice: ActivityActor;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.cleanup();
});
beforeEach(async () => {
  await database.db.delete(activityEvents);
  await database.db.delete(authUsers);
  await database.db.insert(authUsers).values({ id: "u-alice", name: "Alice", email: "alice@batirade.test" });
  alice = { id: "u-alice", email: "alice@batirade.test" };
});

const lead = "0b9d7f0e-6d3a-4c55-9a43-3f1d2f6b8e01";

describe("activity history", () => {
  it("records events and lists them newest first, with who and when", async () => {
    await recordActivity(database.db, {
      subjectType: "lead",
      subjectId: lead,
      kind: "created",
      summary: "Prospect saisi par l'équipe (Téléphone)",
      data: { to: "Téléphone" },
      actor: alice,
    });
    await recordActivity(database.db, {
      subjectType: "lead",
      subjectId: lead,
      kind: "status",
      summary: "Statut : Nouveau → Contacté",
      data: { from: "nouveau", to: "contacte" },
      actor: alice,
    });
    // Two events of one transaction share created_at: the one written last comes first.
    await database.db.transaction(async (tx) => {
      await recordActivities(tx, [
        {
          subjectType: "lead",
          subjectId: lead,
          kind: "note",
          summary: "Note",
          data: { note: "Rappeler après 18 h.\nPortail côté rue." },
          actor: alice,
        },
        {
          subjectType: "lead",
          subjectId: lead,
          kind: "follow_up",
          summary: "Relance prévue le 14 mars 2026",
          data: { from: null, to: "2026-03-14" },
          actor: alice,
        },
      ]);
    });
    // Another record's history is not mixed in.
    await recordActivity(database.db, {
      subjectType: "client",
      subjectId: lead,
      kind: "created",
      summary: "Client créé",
      actor: null,
    });

    const events = await listActivity(database.db, "lead", lead);
    expect(events.map((event) => [event.kind, event.summary])).toEqual([
      ["follow_up", "Relance prévue le 14 mars 2026"],
      ["note", "Note"],
      ["status", "Statut : Nouveau → Contacté"],
      ["created", "Prospect saisi par l'équipe (Téléphone)"],
    ]);
    expect(events[1]?.data).toEqual({ note: "Rappeler après 18 h.\nPortail côté rue." });
    expect(events[2]?.data).toEqual({ from: "nouveau", to: "contacte" });
    for (const event of events) {
      expect(event.actorId).toBe("u-alice");
      expect(event.actorEmail).toBe("alice@batirade.test");
      expect(event.createdAt).toBeInstanceOf(Date);
    }
    const times = events.map((event) => event.createdAt.getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(await listActivity(database.db, "lead", lead, { limit: 1 })).toHaveLength(1);

    const [system] = await listActivity(database.db, "client", lead);
    expect(system).toMatchObject({ kind: "created", actorId: null, actorEmail: null, data: null });
  });

  it("keeps the actor's e-mail after the account is deleted", async () => {
    await recordActivity(database.db, {
      subjectType: "devis",
      subjectId: "42",
      kind: "note",
      summary: "Note",
      data: { note: "Métrés vérifiés." },
      actor: alice,
    });
    await database.db.delete(authUsers).where(eq(authUsers.id, "u-alice"));
    const [event] = await listActivity(database.db, "devis", "42");
    expect(event).toMatchObject({ actorId: null, actorEmail: "alice@batirade.test", summary: "Note" });
  });

  it("is written with the change or not at all", async () => {
    await expect(
      database.db.transaction(async (tx) => {
        await recordActivity(tx, {
          subjectType: "lead",
          subjectId: lead,
          kind: "status",
          summary: "Statut : Contacté → Gagné",
          actor: alice,
        });
        throw new Error("la modification échoue");
      }),
    ).rejects.toThrow("la modification échoue");
    expect(await listActivity(database.db, "lead", lead)).toEqual([]);
  });

  it("deletes or anonymises one record's history, and only that one", async () => {
    const other = "7c2e1f40-1a2b-4c3d-8e9f-000000000002";
    for (const subjectId of [lead, other]) {
      await recordActivities(database.db, [
        {
          subjectType: "lead",
          subjectId,
          kind: "status",
          summary: "Statut : Nouveau → Perdu",
          data: { from: "nouveau", to: "perdu" },
          actor: alice,
        },
        {
          subjectType: "lead",
          subjectId,
          kind: "note",
          summary: "Note",
          data: { note: "M. Martin, 06 12 34 56 78" },
          actor: alice,
        },
      ]);
    }

    expect(await anonymiseActivity(database.db, "lead", lead, { kinds: ["note"] })).toBe(1);
    expect((await listActivity(database.db, "lead", lead)).map((e) => [e.summary, e.data])).toEqual([
      [ANONYMISED_SUMMARY, null],
      ["Statut : Nouveau → Perdu", { from: "nouveau", to: "perdu" }],
    ]);
    expect(await anonymiseActivity(database.db, "lead", lead)).toBe(2);
    const anonymised = await listActivity(database.db, "lead", lead);
    expect(anonymised.map((e) => [e.kind, e.summary, e.data, e.actorEmail])).toEqual([
      ["note", ANONYMISED_SUMMARY, null, "alice@batirade.test"],
      ["status", ANONYMISED_SUMMARY, null, "alice@batirade.test"],
    ]);

    expect(await deleteActivity(database.db, "lead", lead)).toBe(2);
    expect(await listActivity(database.db, "lead", lead)).toEqual([]);
    const untouched = await listActivity(database.db, "lead", other);
    expect(untouched.map((e) => e.summary)).toEqual(["Note", "Statut : Nouveau → Perdu"]);
  });

  it("refuses an event without a sentence or a subject", async () => {
    const base = { subjectType: "lead" as const, subjectId: lead, kind: "note", actor: alice };
    await expect(recordActivity(database.db, { ...base, summary: "  " })).rejects.toThrow("résumé");
    await expect(recordActivity(database.db, { ...base, subjectId: "", summary: "Note" })).rejects.toThrow(
      "sujet",
    );
    // The database holds the same rules for writers that bypass this module.
    await expect(
      database.db
        .insert(activityEvents)
        .values({ subjectType: "lead", subjectId: lead, kind: "Pas un code", summary: "Note" }),
    ).rejects.toThrow();
  });
});
