import { asc, eq, like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { integrityEntries } from "#app/db/schema/integrity.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { INTEGRITY_ALERT, runIntegrityCheck } from "#app/features/integrity-register/job.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { sha256Of } from "#app/lib/integrity/canonical.ts";
import {
  entryHash,
  fillEmptyRegister,
  GENESIS_HASH,
  registerEntries,
} from "#app/lib/integrity/register.server.ts";
import { integritySummary, verifyRegister } from "#app/lib/integrity/verify.server.ts";
import { openOwnerAlerts } from "#app/lib/owner-alerts.server.ts";
import { databaseRefusal } from "#tests/helpers/db.ts";
import { billingSteps, fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The integrity register through the real issuing paths: a quote sent and accepted, a
// deposit invoice paid, the final invoice and a credit note. Then an administrator's
// three ways of altering what was issued: a total changed by SQL with the freeze trigger
// disabled, a PDF replaced in storage, an entry deleted. Each time the verification names
// the entry; put back, the register is whole again.

let services: AppServices;
let close: () => Promise<void>;
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("integrity-"));
  const staff = await signedInStaff(services, "owner", "registre@batirade.test");
  await fillInvoiceSettings(services.db);
  const steps = billingSteps(services, { id: staff.userId, email: staff.email });
  ids.quote = await steps.acceptedQuote({ name: "Élodie Garnier" });
  ids.deposit = await steps.invoice(ids.quote, {
    kind: "acompte",
    deposit: { kind: "percent", basisPoints: 3000 },
  });
  const deposit = await readInvoiceRow(services.db, ids.deposit);
  await steps.pay(ids.deposit, deposit.netToPayCents);
  ids.final = await steps.invoice(ids.quote, { kind: "solde" });
  ids.creditNote = await steps.creditNote(ids.final, { kind: "total" });
});
afterAll(() => close());

async function withTriggersOff(table: string, work: () => Promise<unknown>): Promise<void> {
  await services.db.execute(sql.raw(`alter table "${table}" disable trigger user`));
  try {
    await work();
  } finally {
    await services.db.execute(sql.raw(`alter table "${table}" enable trigger user`));
  }
}

describe("the integrity register", () => {
  it("holds one chained entry per issuing event, in order", async () => {
    const entries = await registerEntries(services.db);
    expect(entries.map((entry) => entry.event)).toEqual([
      "devis_envoye",
      "devis_accepte",
      "facture_emise",
      "paiement",
      "facture_emise",
      "avoir_emis",
    ]);
    expect(entries.map((entry) => entry.seq)).toEqual([1, 2, 3, 4, 5, 6]);
    entries.forEach((entry, index) => {
      expect(entry.previousHash).toBe(index === 0 ? GENESIS_HASH : entries[index - 1]?.hash);
      const { hash, ...fields } = entry;
      expect(entryHash(fields)).toBe(hash);
    });
    const final = await readInvoiceRow(services.db, ids.final ?? "");
    const finalEntry = entries[4];
    expect(finalEntry?.number).toBe(final.number);
    expect(finalEntry?.fileKey).toBe(final.pdfStorageKey);
    expect(finalEntry?.fileSha256).toBe(sha256Of(await services.storage.get(final.pdfStorageKey ?? "")));
    expect(finalEntry?.xmlSha256).toBe(final.facturxSha256);
    expect(finalEntry?.authorLabel).toBe("registre@batirade.test");
    // The quote's entries carry its number; the signed copy is the acceptance's file.
    expect(entries[0]?.number).toMatch(/^DEV-\d{4}-\d{4}$/);
    expect(entries[1]?.number).toBe(entries[0]?.number);
    expect(entries[1]?.fileKey).toMatch(/^documents\/devis-acceptes\//);
  });

  it("says « intègre » with the counts when nothing was touched", async () => {
    const report = await verifyRegister(services);
    expect(report.problems).toEqual([]);
    expect(report.ok).toBe(true);
    expect(report.entries).toBe(6);
    // Quote PDF, signed copy, three invoice PDFs.
    expect(report.files).toBe(5);
    expect(report.byEvent.facture_emise).toBe(2);
    expect(integritySummary(report)).toMatch(/^Registre intègre : 6 entrées, 5 fichiers vérifiés/);
  });

  it("refuses to change, delete or truncate an entry while its triggers stand", async () => {
    const refused = "Le registre d'intégrité ne se modifie pas : on n'y fait qu'ajouter.";
    expect(
      await databaseRefusal(() =>
        services.db.update(integrityEntries).set({ number: "X" }).where(eq(integrityEntries.seq, 1)),
      ),
    ).toContain(refused);
    expect(
      await databaseRefusal(() => services.db.delete(integrityEntries).where(eq(integrityEntries.seq, 1))),
    ).toContain(refused);
    expect(await databaseRefusal(() => services.db.execute(sql`truncate integrity_entries`))).toContain(
      refused,
    );
    expect(await registerEntries(services.db)).toHaveLength(6);
  });

  it("names the entry of an invoice whose total was changed by SQL behind the trigger", async () => {
    const before = await readInvoiceRow(services.db, ids.deposit ?? "");
    await withTriggersOff("invoices", () =>
      services.db
        .update(invoices)
        .set({ totalTtcCents: before.totalTtcCents - 10_000 })
        .where(eq(invoices.id, ids.deposit ?? "")),
    );
    const report = await verifyRegister(services);
    expect(report.ok).toBe(false);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]).toMatchObject({ seq: 3, number: before.number });
    expect(report.problems[0]?.message).toContain(`entrée n° 3 (Facture émise ${before.number})`);
    expect(report.problems[0]?.message).toContain("modifié dans la base de données");
    expect(integritySummary(report)).toMatch(/^Registre altéré : 1 anomalie\. Première : L'entrée n° 3/);

    await withTriggersOff("invoices", () =>
      services.db
        .update(invoices)
        .set({ totalTtcCents: before.totalTtcCents })
        .where(eq(invoices.id, ids.deposit ?? "")),
    );
    expect((await verifyRegister(services)).ok).toBe(true);
  });

  it("names the entry whose PDF was replaced in storage", async () => {
    const credit = await readInvoiceRow(services.db, ids.creditNote ?? "");
    const key = credit.pdfStorageKey ?? "";
    const original = await services.storage.get(key);
    const forged = Buffer.from(original);
    forged[forged.length - 10] = (forged[forged.length - 10] ?? 0) ^ 0xff;
    await services.storage.put(key, forged, "application/pdf");
    const report = await verifyRegister(services);
    expect(report.problems).toEqual([
      {
        seq: 6,
        number: credit.number,
        message: `L'entrée n° 6 (Avoir émis ${credit.number}) : le fichier ${key} a été remplacé (son SHA-256 a changé).`,
      },
    ]);
    await services.storage.delete(key);
    expect((await verifyRegister(services)).problems[0]?.message).toContain(
      "est introuvable dans le stockage",
    );
    await services.storage.put(key, original, "application/pdf");
    expect((await verifyRegister(services)).ok).toBe(true);
  });

  it("names the gap of a deleted entry, and the document of a deleted last entry", async () => {
    const saved = await services.db.select().from(integrityEntries).orderBy(asc(integrityEntries.seq));
    await withTriggersOff("integrity_entries", () =>
      services.db.delete(integrityEntries).where(eq(integrityEntries.seq, 4)),
    );
    let report = await verifyRegister(services);
    expect(report.ok).toBe(false);
    expect(report.problems[0]).toMatchObject({ seq: 5 });
    expect(report.problems[0]?.message).toContain("l'entrée n° 4 manque");
    expect(report.problems.map((problem) => problem.message).join("\n")).toContain("le chaînage est rompu");
    // The payment itself is now a record with no entry.
    expect(report.problems.at(-1)).toMatchObject({ seq: null, number: saved[3]?.number });
    expect(report.problems.at(-1)?.message).toMatch(/^Paiement enregistré FAC-\d{4}-\d{4} : aucune entrée/);

    await services.db.insert(integrityEntries).values(saved[3] as (typeof saved)[number]);
    expect((await verifyRegister(services)).ok).toBe(true);

    // The last entry leaves no gap: the credit note it registered is named instead.
    await withTriggersOff("integrity_entries", () =>
      services.db.delete(integrityEntries).where(eq(integrityEntries.seq, 6)),
    );
    report = await verifyRegister(services);
    expect(report.problems).toHaveLength(1);
    expect(report.problems[0]?.message).toMatch(
      /^Avoir émis AV-\d{4}-\d{4} : aucune entrée dans le registre/,
    );
    await services.db.insert(integrityEntries).values(saved[5] as (typeof saved)[number]);
    expect((await verifyRegister(services)).ok).toBe(true);
  });

  it("the daily check alerts the owner on an anomaly, once a day, and closes the alert once whole", async () => {
    const credit = await readInvoiceRow(services.db, ids.creditNote ?? "");
    const key = credit.pdfStorageKey ?? "";
    const original = await services.storage.get(key);
    await services.storage.put(key, Buffer.concat([original, Buffer.from("\n% ajout")]), "application/pdf");
    const morning = new Date("2027-03-10T06:00:00Z");
    expect(await runIntegrityCheck(services, morning)).toEqual({ ok: false, entries: 6, problems: 1 });
    const [alert] = await openOwnerAlerts(services.db);
    expect(alert?.kind).toBe(INTEGRITY_ALERT);
    expect(alert?.title).toBe("Le registre d'intégrité a été altéré");
    expect(alert?.message).toContain(
      `Une anomalie : L'entrée n° 6 (Avoir émis ${credit.number}) : le fichier ${key} a été remplacé`,
    );
    const mails = () =>
      services.db
        .select({ payload: outboxMessages.payload })
        .from(outboxMessages)
        .where(like(outboxMessages.kind, "owner-alert.%"));
    expect((await mails()).map((mail) => mail.payload.to)).toEqual(["registre@batirade.test"]);
    // The same day again: the alert stays open, no second e-mail.
    await runIntegrityCheck(services, new Date("2027-03-10T18:00:00Z"));
    expect(await mails()).toHaveLength(1);

    await services.storage.put(key, original, "application/pdf");
    expect(await runIntegrityCheck(services, new Date("2027-03-11T06:00:00Z"))).toEqual({
      ok: true,
      entries: 6,
      problems: 0,
    });
    expect(await openOwnerAlerts(services.db)).toEqual([]);
  });

  it("fills an empty register from what was issued before it, once", async () => {
    const before = await registerEntries(services.db);
    await withTriggersOff("integrity_entries", () => services.db.delete(integrityEntries));
    expect(await fillEmptyRegister(services.db)).toBe(6);
    expect(await fillEmptyRegister(services.db)).toBe(0);
    const after = await registerEntries(services.db);
    expect(
      after.map((entry) => [entry.event, entry.subjectId, entry.recordSha256, entry.fileSha256]),
    ).toEqual(before.map((entry) => [entry.event, entry.subjectId, entry.recordSha256, entry.fileSha256]));
    expect(after[0]?.authorLabel).toBe("registre@batirade.test (reprise)");
    expect((await verifyRegister(services)).ok).toBe(true);
  });
});
