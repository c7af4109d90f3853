import { eq, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ownerAlertMails, ownerAlerts } from "#app/db/schema/alerts.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { openOwnerAlerts, raiseOwnerAlert, resolveOwnerAlert } from "#app/lib/owner-alerts.server.ts";
import { openStaffTestServices } from "#tests/helpers/staff.ts";

// The owners' alerts (app/lib/owner-alerts.server.ts) on a real database and the real outbox
// table: one open alert per kind, at most one e-mail per kind and Paris day, to the active
// owners (or the notify address when there is none).

let services: AppServices;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("owner-alerts-"));
});
afterAll(async () => {
  await close();
});
beforeEach(async () => {
  await services.db.delete(ownerAlerts);
  await services.db.delete(ownerAlertMails);
  await services.db.delete(outboxMessages);
  await services.db.delete(authUsers);
});

const account = (email: string, role: "owner" | "staff") =>
  createStaffAccount(services, { email, password: "mot-de-passe-solide-2026", role });

const alertMails = () =>
  services.db
    .select({ kind: outboxMessages.kind, payload: outboxMessages.payload })
    .from(outboxMessages)
    .where(like(outboxMessages.kind, "owner-alert.%"));

const raise = (kind: string, message: string, at: string) =>
  raiseOwnerAlert(services.db, {
    kind,
    title: "Contrôle en échec",
    message,
    now: new Date(at),
    siteUrl: "https://www.batirade.test/",
    fallbackEmail: "bureau@batirade.test",
  });

describe("raiseOwnerAlert", () => {
  it("keeps one open alert per kind, its latest message, and e-mails the active owners once per Paris day", async () => {
    await account("b-gerant@batirade.test", "owner");
    await account("a-gerante@batirade.test", "owner");
    await account("equipe@batirade.test", "staff");
    await account("parti@batirade.test", "owner");
    await services.db
      .update(authUsers)
      .set({ disabled: true })
      .where(eq(authUsers.email, "parti@batirade.test"));

    const first = await raise("essai", "Première raison <b>.", "2026-11-27T08:00:00Z");
    // 23:30 in Paris: the same day.
    const second = await raise("essai", "Deuxième raison.", "2026-11-27T22:30:00Z");
    expect(first.mailed).toBe(true);
    expect(second.mailed).toBe(false);
    expect(second.alert.id).toBe(first.alert.id);

    const open = await openOwnerAlerts(services.db);
    expect(open).toHaveLength(1);
    expect(open[0]).toMatchObject({ kind: "essai", message: "Deuxième raison." });
    expect(open[0]?.openedAt).toEqual(new Date("2026-11-27T08:00:00Z"));

    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.kind).toBe("owner-alert.essai");
    expect(mails[0]?.payload.to).toBe("a-gerante@batirade.test, b-gerant@batirade.test");
    expect(mails[0]?.payload.subject).toBe("Alerte : Contrôle en échec");
    expect(mails[0]?.payload.text).toContain("Première raison <b>.");
    expect(mails[0]?.payload.text).toContain("vendredi 27 novembre 2026 à 09:00");
    expect(mails[0]?.payload.text).toContain("https://www.batirade.test/erp");
    expect(mails[0]?.payload.html).toContain("Première raison &lt;b&gt;.");
    expect(mails[0]?.payload.html).not.toContain("<b>.");

    // 00:30 in Paris on the 28th: a new day, a new e-mail about the same open alert.
    const nextDay = await raise("essai", "Toujours en échec.", "2026-11-27T23:30:00Z");
    expect(nextDay.mailed).toBe(true);
    expect(nextDay.alert.id).toBe(first.alert.id);
    expect(await alertMails()).toHaveLength(2);
  });

  it("falls back to the notify address when no active owner account exists; kinds are counted apart", async () => {
    await account("equipe@batirade.test", "staff");
    await raise("essai", "Une raison.", "2026-11-27T08:00:00Z");
    await raise("autre", "Une autre raison.", "2026-11-27T08:05:00Z");
    const mails = await alertMails();
    expect(mails.map((mail) => [mail.kind, mail.payload.to]).sort()).toEqual([
      ["owner-alert.autre", "bureau@batirade.test"],
      ["owner-alert.essai", "bureau@batirade.test"],
    ]);
    expect((await openOwnerAlerts(services.db)).map((alert) => alert.kind)).toEqual(["essai", "autre"]);
  });

  it("resolving closes the alert and keeps it as history; raised again, it is a new alert, mailed once that day at most", async () => {
    await account("gerante@batirade.test", "owner");
    const first = await raise("essai", "Une raison.", "2026-11-27T08:00:00Z");
    expect(await resolveOwnerAlert(services.db, "essai", new Date("2026-11-27T09:00:00Z"))).toBe(true);
    expect(await resolveOwnerAlert(services.db, "essai")).toBe(false);
    expect(await openOwnerAlerts(services.db)).toEqual([]);

    const again = await raise("essai", "De nouveau.", "2026-11-27T10:00:00Z");
    expect(again.alert.id).not.toBe(first.alert.id);
    expect(again.mailed).toBe(false);
    const rows = await services.db.select().from(ownerAlerts).where(eq(ownerAlerts.kind, "essai"));
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === first.alert.id)?.resolvedAt).toEqual(
      new Date("2026-11-27T09:00:00Z"),
    );
    expect(await alertMails()).toHaveLength(1);
  });

  it("two instances raising the same kind at once: one open alert, one e-mail", async () => {
    await account("gerante@batirade.test", "owner");
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, n) => raise("course", `Raison ${n}.`, "2026-11-27T08:00:00Z")),
    );
    expect(results.filter((result) => result.mailed)).toHaveLength(1);
    expect(new Set(results.map((result) => result.alert.id)).size).toBe(1);
    expect(await openOwnerAlerts(services.db)).toHaveLength(1);
    expect(await alertMails()).toHaveLength(1);
  });
});
