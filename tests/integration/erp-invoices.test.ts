import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issuedDocuments } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { markOverdueInvoices } from "#app/features/invoices/overdue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import { InvoiceNotIssuableError, InvoiceStateError } from "#app/features/invoices/query.server.ts";
import { createQuote, getQuote } from "#app/features/quotes/quotes.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { insertClient, acceptedQuote as quoteAcceptedOnPaper } from "#tests/helpers/quotes.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// Invoices drawn from an accepted quote, on a real database (PGlite here, PostgreSQL in
// CI's second pass): drafts computed against what was issued, issuing (FAC/AV numbers,
// Factur-X PDF registered), the database freezing them, payments, credit notes.

let services: AppServices;
let close: () => Promise<void>;
let actor: { id: string; email: string };

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-invoices-"));
  const staff = await signedInStaff(services, "owner", "factures@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillInvoiceSettings(services.db);
});
afterAll(() => close());

/** A quote sent and accepted (on paper): 918,75 € HT at 10 %, 1 010,63 € TTC. */
async function acceptedQuote(): Promise<{
  quoteId: string;
  totalHt: number;
  totalVat: number;
  totalTtc: number;
}> {
  const id = await quoteAcceptedOnPaper(services, actor);
  const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
  return {
    quoteId: id,
    totalHt: row?.totalHtCents ?? 0,
    totalVat: row?.totalVatCents ?? 0,
    totalTtc: row?.totalTtcCents ?? 0,
  };
}

async function issue(id: string) {
  return issueInvoice(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db) },
    id,
    actor,
  );
}

const invoiceRow = (id: string) => readInvoiceRow(services.db, id);

describe("invoicing an accepted quote", () => {
  it("deposit, progress and final invoices add up to the quote; numbers follow; the database freezes them", async () => {
    const { quoteId, totalHt, totalVat, totalTtc } = await acceptedQuote();
    const year = parisDay().slice(0, 4);

    const deposit = await createInvoiceDraft(
      services.db,
      quoteId,
      { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
      actor,
    );
    const depositRow = await invoiceRow(deposit.id);
    expect(depositRow).toMatchObject({ status: "brouillon", number: null, totalTtcCents: 30_319 });
    const issuedDeposit = await issue(deposit.id);
    expect(issuedDeposit.number).toMatch(new RegExp(`^FAC-${year}-\\d{4}$`));
    expect(issuedDeposit.facturxSha256).toMatch(/^[0-9a-f]{64}$/);
    const stored = await services.storage.get((await invoiceRow(deposit.id)).pdfStorageKey ?? "");
    expect(stored.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(stored.toString("latin1")).toContain("factur-x.xml");
    const [register] = await services.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.number, issuedDeposit.number));
    expect(register?.pdfSha256).toBe(issuedDeposit.sha256);

    // Frozen: the database refuses a change to the figures and the deletion.
    await expect(
      services.db.execute(sql`update invoices set total_ttc_cents = 1 where id = ${deposit.id}`),
    ).rejects.toThrow();
    await expect(services.db.execute(sql`delete from invoices where id = ${deposit.id}`)).rejects.toThrow();
    await expect(issue(deposit.id)).rejects.toThrow(InvoiceStateError);

    // Payments: partial, overpayment refused, paid.
    await recordPayment(
      services.db,
      deposit.id,
      { paidOn: parisDay(), amount: 10_000, method: "virement" },
      actor,
    );
    expect((await invoiceRow(deposit.id)).status).toBe("partiellement_payee");
    await expect(
      recordPayment(services.db, deposit.id, { paidOn: parisDay(), amount: 30_000, method: "cheque" }, actor),
    ).rejects.toThrow(/dépasse le reste dû/);
    await recordPayment(
      services.db,
      deposit.id,
      { paidOn: parisDay(), amount: 20_319, method: "cheque" },
      actor,
    );
    expect((await invoiceRow(deposit.id)).status).toBe("payee");

    // Nothing beyond the quote.
    await expect(
      createInvoiceDraft(
        services.db,
        quoteId,
        { kind: "acompte", deposit: { kind: "amount", cents: totalTtc } },
        actor,
      ),
    ).rejects.toThrow(/Il reste/);

    // A 50 % situation on every lot, then the final invoice.
    const quote = (await getQuote(services.db, quoteId)).quote;
    const lots = quote.content.lots.map((lot) => ({ lotId: lot.id, percent: 5000 }));
    const situation = await createInvoiceDraft(services.db, quoteId, { kind: "situation", lots }, actor);
    // A second draft computed before the situation is issued becomes stale.
    const staleFinal = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);
    const issuedSituation = await issue(situation.id);
    expect(Number(issuedSituation.number.slice(-4))).toBe(Number(issuedDeposit.number.slice(-4)) + 1);
    await expect(issue(staleFinal.id)).rejects.toThrow(/recréez-le/);

    const final = await createInvoiceDraft(services.db, quoteId, { kind: "solde" }, actor);
    await issue(final.id);
    const all = await services.db.select().from(invoices).where(eq(invoices.quoteId, quoteId));
    const issued = all.filter((row) => row.status !== "brouillon");
    // Decision 018: the deposit is deducted from the base, HT, so nothing is stored as prepaid
    // and each document's net to pay is its TTC. The HT stored add up to the quote's exactly;
    // each document's VAT is round(its base × 10 %), so the VAT add up to the quote's within
    // ⌈(3 − 1) ÷ 2⌉ = 1 cent (here exactly: 27,56 + 32,16 + 32,16 = 91,88 €).
    const sumOf = (pick: (row: (typeof issued)[number]) => number) =>
      issued.reduce((sum, row) => sum + pick(row), 0);
    expect(sumOf((row) => row.prepaidCents)).toBe(0);
    expect(sumOf((row) => row.netToPayCents)).toBe(sumOf((row) => row.totalTtcCents));
    expect(sumOf((row) => row.totalHtCents)).toBe(totalHt);
    expect(Math.abs(sumOf((row) => row.totalVatCents) - totalVat)).toBeLessThanOrEqual(1);
    expect(sumOf((row) => row.totalVatCents)).toBe(totalVat);
    expect(sumOf((row) => row.netToPayCents)).toBe(totalTtc);

    // A total credit note of the final invoice: AV number, the invoice cancelled.
    const credit = await createCreditNoteDraft(services.db, final.id, { kind: "total" }, actor);
    const issuedCredit = await issue(credit.id);
    expect(issuedCredit.number).toMatch(new RegExp(`^AV-${year}-\\d{4}$`));
    expect((await invoiceRow(final.id)).status).toBe("annulee");
    expect((await invoiceRow(credit.id)).totalTtcCents).toBe(-(await invoiceRow(final.id)).totalTtcCents);
  });

  it("refuses to invoice a quote that was not accepted, and to issue without bank details", async () => {
    const clientId = await insertClient(services.db, { email: "non-accepte@example.fr" });
    const { id } = await createQuote(services.db, { clientId }, actor);
    await expect(
      createInvoiceDraft(
        services.db,
        id,
        { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
        actor,
      ),
    ).rejects.toThrow("Seul un devis accepté");

    const { quoteId } = await acceptedQuote();
    const draft = await createInvoiceDraft(
      services.db,
      quoteId,
      { kind: "acompte", deposit: { kind: "percent", basisPoints: 2000 } },
      actor,
    );
    await services.db
      .update(companySettings)
      .set({ bankAccountHolder: null, iban: null, bic: null })
      .where(eq(companySettings.id, 1));
    try {
      const error = await issue(draft.id).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(InvoiceNotIssuableError);
      expect((error as InvoiceNotIssuableError).missing.join(" ")).toMatch(/bancaires|IBAN/i);
      expect((await invoiceRow(draft.id)).number).toBeNull();
    } finally {
      await fillInvoiceSettings(services.db);
    }
  });
});

describe("due dates", () => {
  it("the daily job marks an invoice still owed after its due date « En retard »; a partial payment keeps it so, a full one pays it", async () => {
    const { quoteId } = await acceptedQuote();
    const draft = await createInvoiceDraft(
      services.db,
      quoteId,
      { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
      actor,
    );
    await issue(draft.id);
    const row = await invoiceRow(draft.id);
    const due = row.dueOn ?? parisDay();
    // On the due day itself, nothing is late; the day after, it is.
    expect(await markOverdueInvoices(services.db, parisMidnight(due))).toBe(0);
    expect((await invoiceRow(draft.id)).status).toBe("emise");
    expect(await markOverdueInvoices(services.db, parisMidnight(addDays(due, 1)))).toBeGreaterThanOrEqual(1);
    expect((await invoiceRow(draft.id)).status).toBe("en_retard");
    await recordPayment(
      services.db,
      draft.id,
      { paidOn: parisDay(), amount: 100, method: "virement" },
      actor,
    );
    expect((await invoiceRow(draft.id)).status).toBe("en_retard");
    await recordPayment(
      services.db,
      draft.id,
      { paidOn: parisDay(), amount: row.netToPayCents - 100, method: "virement" },
      actor,
    );
    expect((await invoiceRow(draft.id)).status).toBe("payee");
    // A paid invoice is never late again.
    await markOverdueInvoices(services.db, parisMidnight(addDays(due, 30)));
    expect((await invoiceRow(draft.id)).status).toBe("payee");
  });
});
