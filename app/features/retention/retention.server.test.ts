import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { erpLeads } from "#app/db/schema/leads.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { shopOrders } from "#app/db/schema/shop.ts";
import { employees, timeEntries, timeEntryChanges, timeWeeks } from "#app/db/schema/time-sheets.ts";
import { listActivity, recordActivity } from "#app/lib/activity.server.ts";
import { createLocalStorage, StorageNotFoundError } from "#app/lib/storage.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { planRetention, purgeExpiredData, type RetentionServices } from "./retention.server.ts";

let database: TestDatabase;
let services: RetentionServices;
let dataDir: string;

const DAY = 24 * 60 * 60 * 1000;
function later(years: number, days = 0): Date {
  const date = new Date();
  date.setFullYear(date.getFullYear() + years);
  return new Date(date.getTime() + days * DAY);
}

async function addRequest(name: string, status?: "gagne" | "perdu" | "contacte") {
  const [row] = await database.db
    .insert(erpSubmissions)
    .values({
      module: "devis",
      data: {
        nom: name,
        email: `${name.toLowerCase()}@example.fr`,
        telephone: "0612345678",
        type_projet: "Rénovation complète",
        budget: "",
        message: "Rénovation d'un appartement de 70 m².",
        source: "Site Web - Page Devis",
      },
      consentAt: new Date(),
    })
    .returning({ id: erpSubmissions.id });
  const id = row?.id as string;
  const key = `devis/${id}/photo.webp`;
  await services.storage.put(key, Buffer.from("photo"), "image/webp");
  await database.db.insert(erpSubmissionPhotos).values({
    submissionId: id,
    storageKey: key,
    fileName: "photo.webp",
    contentType: "image/webp",
    sizeBytes: 5,
    width: 1,
    height: 1,
  });
  if (status) await database.db.insert(erpLeads).values({ submissionId: id, status });
  return { id, key };
}

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-retention-"));
  services = {
    db: database.db,
    storage: createLocalStorage(path.join(dataDir, "uploads")),
    env: { DATA_DIR: dataDir },
  };
});
afterAll(async () => {
  await database.cleanup();
});

describe("retention (the clock moves, the data does not)", () => {
  it("keeps everything today", async () => {
    await addRequest("Aujourdhui");
    const plan = await planRetention(services, new Date());
    expect(plan.prospects).toEqual([]);
    expect(plan.customers).toEqual([]);
  });

  it("deletes prospects without follow-up 3 years after their last activity, with their photos; keeps won leads until 5 years", async () => {
    const prospect = await addRequest("Prospect");
    const lost = await addRequest("Perdu", "perdu");
    const customer = await addRequest("Client", "gagne");
    mkdirSync(path.join(dataDir, "mail"), { recursive: true });
    writeFileSync(path.join(dataDir, "mail", "accuse-reception.eml"), "Subject: Votre demande\r\n\r\nMerci");

    // Just under three years: nothing goes.
    const before = await planRetention(services, later(3, -1));
    expect(before.prospects.map((row) => row.id)).not.toContain(prospect.id);

    const dryRun = await planRetention(services, later(3, 1));
    expect(dryRun.prospects.map((row) => row.id)).toEqual(expect.arrayContaining([prospect.id, lost.id]));
    expect(dryRun.prospects.map((row) => row.id)).not.toContain(customer.id);
    expect(dryRun.photoFiles).toEqual(expect.arrayContaining([prospect.key, lost.key]));
    expect(dryRun.mailFiles.map((file) => path.basename(file))).toContain("accuse-reception.eml");
    // Planning removed nothing.
    expect(await services.storage.get(prospect.key)).toBeInstanceOf(Buffer);

    await recordActivity(database.db, {
      subjectType: "lead",
      subjectId: prospect.id,
      kind: "note",
      summary: "Note",
      data: { note: "Rappeler en septembre." },
      actor: null,
    });
    await recordActivity(database.db, {
      subjectType: "lead",
      subjectId: customer.id,
      kind: "note",
      summary: "Note",
      actor: null,
    });
    const counts = await purgeExpiredData(services, later(3, 1));
    expect(counts.prospects).toBeGreaterThanOrEqual(2);
    // The history of a purged lead goes with it; the kept one's stays.
    expect(await listActivity(database.db, "lead", prospect.id)).toEqual([]);
    expect(await listActivity(database.db, "lead", customer.id)).toHaveLength(1);
    expect(counts.customers).toBe(0);
    const left = await database.db.select({ id: erpSubmissions.id }).from(erpSubmissions);
    expect(left.map((row) => row.id)).toEqual([customer.id]);
    expect(
      await database.db
        .select()
        .from(erpSubmissionPhotos)
        .where(eq(erpSubmissionPhotos.submissionId, prospect.id)),
    ).toEqual([]);
    await expect(services.storage.get(prospect.key)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await services.storage.get(customer.key)).toBeInstanceOf(Buffer);
    expect(counts.mailFiles).toBe(1);

    // The won lead goes after five years.
    const after5 = await purgeExpiredData(services, later(5, 1));
    expect(after5.customers).toBe(1);
    expect(await database.db.select().from(erpSubmissions)).toEqual([]);
    await expect(services.storage.get(customer.key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("renewed activity restarts the clock", async () => {
    const renewed = await addRequest("Relance", "contacte");
    await database.db
      .update(erpSubmissions)
      .set({ lastActivityAt: later(2) })
      .where(eq(erpSubmissions.id, renewed.id));
    const plan = await planRetention(services, later(3, 1));
    expect(plan.prospects.map((row) => row.id)).not.toContain(renewed.id);
    const plan2 = await planRetention(services, later(5, 1));
    expect(plan2.prospects.map((row) => row.id)).toContain(renewed.id);
  });

  it("strips order contact details after 5 years, deletes orders after 10; clears old mail, rate-limit addresses", async () => {
    const [order] = await database.db
      .insert(shopOrders)
      .values({
        storeId: "demo",
        provider: "manual",
        customerName: "Marie Durand",
        customerEmail: "marie@example.fr",
        customerPhone: "0611223344",
        fulfilment: "delivery",
        shippingAddress: { line1: "1 rue de la Paix", postalCode: "83000", city: "Toulon" },
        subtotalCents: 1000,
        totalCents: 1000,
        cancelUrl: "/store",
        termsAcceptedAt: new Date(),
      })
      .returning({ id: shopOrders.id });
    await database.db.insert(outboxMessages).values({
      kind: "order.confirmation",
      payload: { to: "marie@example.fr", subject: "Commande", text: "Merci" },
      status: "sent",
      sentAt: new Date(),
    });
    await database.db.insert(rateLimitHits).values({ key: "devis:203.0.113.9" });

    const tomorrow = await purgeExpiredData(services, later(0, 2));
    expect(tomorrow.rateLimitHits).toBe(1);
    expect(tomorrow.outboxMessages).toBe(0);
    const month = await purgeExpiredData(services, later(0, 31));
    expect(month.outboxMessages).toBe(1);

    await purgeExpiredData(services, later(5, 1));
    const [anonymised] = await database.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.id, order?.id as string));
    expect(anonymised).toMatchObject({
      customerEmail: "",
      customerPhone: "",
      shippingAddress: null,
      totalCents: 1000,
    });

    const decade = await purgeExpiredData(services, later(10, 1));
    expect(decade.ordersDeleted).toBe(1);
    expect(await database.db.select().from(shopOrders)).toEqual([]);
  });

  it("keeps the employees' time records 5 years (the law asks 3), then deletes them with their week's validation and changes", async () => {
    const [employee] = await database.db
      .insert(employees)
      .values({
        lastName: "Martin",
        firstName: "Lucas",
        contractKind: "temps_plein",
        weeklyMinutes: 2100,
        hireDate: "2020-01-06",
      })
      .returning({ id: employees.id });
    const employeeId = employee?.id as string;
    const line = (day: string, weekStart: string) => ({ employeeId, day, weekStart, minutes: 420 });
    // A Monday and the Sunday that ends its week, and a day of the next week.
    await database.db
      .insert(timeEntries)
      .values([
        line("2026-11-16", "2026-11-16"),
        line("2026-11-22", "2026-11-16"),
        line("2026-11-23", "2026-11-23"),
      ]);
    await database.db
      .insert(timeWeeks)
      .values({ employeeId, weekStart: "2026-11-16", validatedAt: new Date() });
    await database.db.insert(timeEntryChanges).values({
      employeeId,
      weekStart: "2026-11-16",
      day: "2026-11-16",
      before: [],
      after: [],
      reason: "Oubli",
    });
    const at = (day: string) => new Date(`${day}T10:00:00Z`);

    // Three years on, and to the day before five: all kept (the law's minimum is 3 years).
    expect((await purgeExpiredData(services, at("2029-11-24"))).timeRecords).toBe(0);
    expect((await planRetention(services, at("2031-11-16"))).timeRecords).toBe(0);
    expect((await purgeExpiredData(services, at("2031-11-16"))).timeRecords).toBe(0);
    // Five years after the Monday: that day goes; its week's validation stays until its Sunday goes.
    expect((await purgeExpiredData(services, at("2031-11-17"))).timeRecords).toBe(1);
    expect(await database.db.select().from(timeWeeks)).toHaveLength(1);
    expect(await database.db.select().from(timeEntryChanges)).toEqual([]);
    expect((await purgeExpiredData(services, at("2031-11-23"))).timeRecords).toBe(1);
    expect(await database.db.select().from(timeWeeks)).toEqual([]);
    expect((await database.db.select().from(timeEntries)).map((row) => row.day)).toEqual(["2026-11-23"]);
  });

  it("deletes a supplier invoice file left waiting for its second step over 7 days, never a newer one", async () => {
    const bytes = Buffer.from("<Invoice/>");
    const waiting = (day: string) =>
      `factures-fournisseurs/attente/${day}/${"a".repeat(63)}${day.slice(-1)}.xml`;
    await services.storage.put(waiting("2026-11-18"), bytes, "application/xml");
    await services.storage.put(waiting("2026-11-19"), bytes, "application/xml");
    // The layout before the day was kept: its age is unknown, it goes.
    const undated = `factures-fournisseurs/attente/${"b".repeat(64)}.pdf`;
    await services.storage.put(undated, bytes, "application/pdf");
    // A recorded invoice's original is never a staged file.
    const original = `factures-fournisseurs/2026/${"c".repeat(64)}.xml`;
    await services.storage.put(original, bytes, "application/xml");
    const at = new Date("2026-11-26T10:00:00Z");

    expect((await planRetention(services, at)).stagedImports.sort()).toEqual(
      [undated, waiting("2026-11-18")].sort(),
    );
    expect((await purgeExpiredData(services, at)).stagedImports).toBe(2);
    const left = await services.storage.list();
    expect(left).toContain(waiting("2026-11-19"));
    expect(left).toContain(original);
    expect(left).not.toContain(waiting("2026-11-18"));
    expect(left).not.toContain(undated);
  });
});
