import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import type { RateAmount } from "#app/features/invoices/billing-model.ts";
import { invoicesDashboard } from "#app/features/invoices/dashboard.server.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { markOverdueInvoices } from "#app/features/invoices/overdue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import type { InvoiceRequest } from "#app/features/invoices/query.server.ts";
import type { QuoteDraftInput } from "#app/features/quotes/content.ts";
import { getQuote, setQuoteHandover } from "#app/features/quotes/quotes.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { VAT_CODES } from "#app/lib/vat.ts";
import { createApp } from "#server/app.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { createTestDatabase } from "#tests/helpers/db.ts";
import { fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { openStaffTestServices, signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The dashboard's Factures block on real invoices: quotes sent and accepted, invoices and
// credit notes issued by `issueInvoice` at chosen instants around the turn of December
// 2026 (Paris is UTC+1 then), payments, the daily « En retard » job, handovers. Every
// expected figure is read back from the issued rows or worked out by hand below.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

type Quote = { id: string };
/** The issued documents, by the name the scenario gives them. */
const issued: Record<string, string> = {};

const row = (id: string) => readInvoiceRow(services.db, id);

/** A quote sent and accepted (on paper) through the real functions. */
async function acceptedQuote(
  client: Parameters<typeof insertClient>[1],
  change: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
): Promise<Quote> {
  const clientId = await insertClient(services.db, client);
  return { id: await acceptedQuoteFor(services, actor, clientId, change, "Signataire") };
}

async function issueAt(name: string, draftId: string, at: string): Promise<void> {
  await issueInvoice(
    services.db,
    { storage: services.storage, identity: await documentIdentity(services.db), now: new Date(at) },
    draftId,
    actor,
  );
  issued[name] = draftId;
}

async function invoice(name: string, quote: Quote, request: InvoiceRequest, at: string): Promise<void> {
  const { id } = await createInvoiceDraft(services.db, quote.id, request, actor);
  await issueAt(name, id, at);
}

async function creditNote(
  name: string,
  of: string,
  amount: Parameters<typeof createCreditNoteDraft>[2],
  at: string,
): Promise<void> {
  const { id } = await createCreditNoteDraft(services.db, issued[of] ?? "", amount, actor);
  await issueAt(name, id, at);
}

const withRetention = (draft: QuoteDraftInput): QuoteDraftInput => ({
  ...draft,
  terms: { ...draft.terms, retentionPercent: "5", retentionBankGuarantee: false },
});

/** Three lines at 5,5 %, 10 % and 20 %: 400 + 500 + 1 000 € HT. */
const threeRates = (draft: QuoteDraftInput): QuoteDraftInput => ({
  ...withRetention(draft),
  lots: [
    {
      id: "lot1",
      title: "Rénovation énergétique",
      lines: [
        {
          id: "a1",
          kind: "item",
          designation: "Isolation des combles perdus",
          description: "",
          unit: "m²",
          quantity: "40",
          unitPriceHt: "10",
          vatCode: "5.5",
          optional: false,
          libraryItemId: null,
          cost: null,
        },
        {
          id: "a2",
          kind: "item",
          designation: "Peinture des murs",
          description: "",
          unit: "m²",
          quantity: "50",
          unitPriceHt: "10",
          vatCode: "10",
          optional: false,
          libraryItemId: null,
          cost: null,
        },
        {
          id: "a3",
          kind: "item",
          designation: "Radiateur design",
          description: "",
          unit: "u",
          quantity: "1",
          unitPriceHt: "1000",
          vatCode: "20",
          optional: false,
          libraryItemId: null,
          cost: null,
        },
      ],
    },
  ],
});

const everyLot = async (quote: Quote, percent: number): Promise<InvoiceRequest> => ({
  kind: "situation",
  lots: (await getQuote(services.db, quote.id)).quote.content.lots.map((lot) => ({ lotId: lot.id, percent })),
});

const deposit = (basisPoints: number): InvoiceRequest => ({
  kind: "acompte",
  deposit: { kind: "percent", basisPoints },
});

/** Σ of a field over rows. */
const sumOf = (rows: InvoiceRow[], pick: (row: InvoiceRow) => number) =>
  rows.reduce((total, current) => total + pick(current), 0);

/** The stored VAT breakdown of the rows, per rate (what each document printed). */
function ratesOf(rows: InvoiceRow[]) {
  const totals = new Map<string, { ht: number; vat: number }>();
  for (const current of rows) {
    const byRate = (current.content as { billing: { byRate: RateAmount[] } }).billing.byRate;
    for (const rate of byRate) {
      const total = totals.get(rate.code) ?? { ht: 0, vat: 0 };
      totals.set(rate.code, { ht: total.ht + rate.ht, vat: total.vat + rate.vat });
    }
  }
  return totals;
}

let quotes: Record<"A" | "B" | "C" | "D" | "E" | "F" | "G", Quote>;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-invoice-dashboard-"));
  staff = await signedInStaff(services, "staff", "tableau-factures@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  await fillInvoiceSettings(services.db, { paymentTermsDays: 30 });
  await seedCompliance(services.db, {
    decennaleUntil: "2030-12-31",
    rge: { number: "E-E182736", validUntil: "2030-12-31" },
  });

  quotes = {
    A: await acceptedQuote({ name: "Amandine Arnaud", email: "a@example.fr" }, threeRates),
    B: await acceptedQuote({ name: "Bruno Benali", email: "b@example.fr" }),
    C: await acceptedQuote(
      {
        kind: "entreprise",
        name: "SCI Les Pins",
        legalName: "SCI LES PINS",
        siren: "552100554",
        vatNumber: "FR40552100554",
        email: "c@example.fr",
      },
      (draft) => ({ ...withRetention(draft), reverseCharge: true }),
    ),
    D: await acceptedQuote({ name: "Denis Durand", email: "d@example.fr" }),
    E: await acceptedQuote({ name: "Emma Faure", email: "e@example.fr" }),
    F: await acceptedQuote({ name: "Fabien Giraud", email: "f@example.fr" }),
    G: await acceptedQuote({ name: "Gaëlle Moreau", email: "g@example.fr" }, withRetention),
  };

  // In issue order (each series' numbers follow the days). Paris = UTC + 1.
  await invoice("A-acompte", quotes.A, deposit(3000), "2026-11-30T22:59:00Z"); // 30 Nov 23:59
  await invoice("B-acompte", quotes.B, deposit(3000), "2026-11-30T23:30:00Z"); // 1 Dec 00:30
  await invoice("F-acompte-1", quotes.F, deposit(1000), "2026-12-02T10:00:00Z");
  await invoice("A-situation", quotes.A, await everyLot(quotes.A, 5000), "2026-12-05T10:00:00Z");
  await invoice("C-situation", quotes.C, await everyLot(quotes.C, 4000), "2026-12-06T10:00:00Z");
  await invoice("G-situation", quotes.G, await everyLot(quotes.G, 6000), "2026-12-07T10:00:00Z");
  await creditNote("B-avoir", "B-acompte", { kind: "amount", ttc: 5_000 }, "2026-12-08T10:00:00Z");
  await creditNote("G-avoir", "G-situation", { kind: "amount", ttc: 10_000 }, "2026-12-08T11:00:00Z");
  await invoice("D-acompte", quotes.D, deposit(2000), "2026-12-09T10:00:00Z");
  await invoice("E-acompte", quotes.E, deposit(3000), "2026-12-10T10:00:00Z");
  await creditNote("E-avoir", "E-acompte", { kind: "total" }, "2026-12-11T10:00:00Z");
  await invoice("F-acompte-2", quotes.F, deposit(1000), "2026-12-12T10:00:00Z");
  await invoice("A-solde", quotes.A, { kind: "solde" }, "2026-12-31T23:30:00Z"); // 1 Jan 2027 00:30

  // D's deposit paid in full, A's in part.
  const paidInFull = await row(issued["D-acompte"] ?? "");
  await recordPayment(
    services.db,
    paidInFull.id,
    { paidOn: "2026-12-15", amount: paidInFull.netToPayCents, method: "virement" },
    actor,
  );
  await recordPayment(
    services.db,
    issued["A-acompte"] ?? "",
    { paidOn: "2026-12-15", amount: 10_000, method: "cheque" },
    actor,
  );
  // Handovers: A's on 15 January 2027, G's on 1 March 2027; C's not entered.
  await setQuoteHandover(services.db, quotes.A.id, "2027-01-15", actor, new Date("2027-01-20T10:00:00Z"));
  await setQuoteHandover(services.db, quotes.G.id, "2027-03-01", actor, new Date("2027-03-02T10:00:00Z"));
}, 240_000);

afterAll(() => close());

const doc = (name: string) => row(issued[name] ?? "");

describe("invoiced this month (Paris calendar month)", () => {
  it("an invoice issued on the 1st at 00:30 in Paris counts in that month, one at 23:59 the day before in the month before", async () => {
    expect((await doc("A-acompte")).issuedOn).toBe("2026-11-30");
    expect((await doc("B-acompte")).issuedOn).toBe("2026-12-01");
    expect((await doc("A-solde")).issuedOn).toBe("2027-01-01");

    // 30 November 23:30 in Paris: November holds A's deposit only.
    const november = await invoicesDashboard(services.db, new Date("2026-11-30T22:30:00Z"));
    const aDeposit = await doc("A-acompte");
    expect(november.month).toMatchObject({
      start: "2026-11-01",
      end: "2026-11-30",
      invoices: 1,
      creditNotes: 0,
      invoicedHt: aDeposit.totalHtCents,
    });
    // A's 30 % deposit of 1 900 € HT over three rates: 120 + 150 + 300 € HT.
    expect(november.month.rates).toEqual([
      { code: "20", ht: 30_000, vat: 6_000 },
      { code: "10", ht: 15_000, vat: 1_500 },
      { code: "5.5", ht: 12_000, vat: 660 },
    ]);

    // 1 January 2027 00:45 in Paris (still 31 December in UTC): January holds A's final invoice.
    const january = await invoicesDashboard(services.db, new Date("2026-12-31T23:45:00Z"));
    expect(january.month).toMatchObject({
      start: "2027-01-01",
      end: "2027-01-31",
      invoices: 1,
      creditNotes: 0,
      invoicedHt: (await doc("A-solde")).totalHtCents,
    });
  });

  it("December: the invoices' HT minus the credit notes', and the VAT per rate, reverse charge apart", async () => {
    const december = await invoicesDashboard(services.db, new Date("2026-12-20T12:00:00Z"));
    const names = [
      "B-acompte",
      "F-acompte-1",
      "A-situation",
      "C-situation",
      "G-situation",
      "B-avoir",
      "G-avoir",
      "D-acompte",
      "E-acompte",
      "E-avoir",
      "F-acompte-2",
    ];
    const rows = await services.db
      .select()
      .from(invoices)
      .where(
        inArray(
          invoices.id,
          names.map((name) => issued[name] ?? ""),
        ),
      );
    expect(rows).toHaveLength(names.length);
    // The credit notes are negative: they come off the month.
    for (const name of ["B-avoir", "G-avoir", "E-avoir"])
      expect((await doc(name)).totalHtCents).toBeLessThan(0);
    expect(december.month).toMatchObject({
      start: "2026-12-01",
      end: "2026-12-31",
      invoices: 8,
      creditNotes: 3,
    });
    expect(december.month.invoicedHt).toBe(sumOf(rows, (current) => current.totalHtCents));
    // E's deposit and its total credit note cancel out; B's credit note takes 50 € TTC off.
    const withoutE = rows.filter((current) => ![issued["E-acompte"], issued["E-avoir"]].includes(current.id));
    expect(december.month.invoicedHt).toBe(sumOf(withoutE, (current) => current.totalHtCents));

    const expected = ratesOf(rows);
    expect(december.month.rates.map((rate) => rate.code)).toEqual(["20", "10", "5.5", "autoliquidation"]);
    for (const rate of december.month.rates) {
      expect(rate, rate.code).toEqual({ code: rate.code, ...(expected.get(rate.code) ?? { ht: 0, vat: 0 }) });
    }
    // C's situation, reverse charge: its base, no VAT.
    const reverse = december.month.rates.find((rate) => rate.code === "autoliquidation");
    expect(reverse).toEqual({ code: "autoliquidation", ht: (await doc("C-situation")).totalHtCents, vat: 0 });
    expect(sumOf(rows, (current) => current.totalVatCents)).toBe(
      december.month.rates.reduce((total, rate) => total + rate.vat, 0),
    );
  });
});

describe("receivables", () => {
  it("outstanding: net to pay less payments and credit notes; paid and cancelled invoices owe nothing", async () => {
    const figures = await invoicesDashboard(services.db, new Date("2027-01-10T10:00:00Z"));
    const open = [
      "A-acompte",
      "B-acompte",
      "F-acompte-1",
      "A-situation",
      "C-situation",
      "G-situation",
      "F-acompte-2",
      "A-solde",
    ];
    const rows = await Promise.all(open.map(doc));
    // B's credit note takes 50 € off; G's 100 € TTC of a situation with a 5 % retention gives
    // back 5 € of it: what the client owes falls by 95 €.
    expect(await doc("G-avoir")).toMatchObject({
      totalTtcCents: -10_000,
      retentionCents: -500,
      netToPayCents: -9_500,
    });
    const credited = (await doc("B-avoir")).netToPayCents + (await doc("G-avoir")).netToPayCents;
    expect(credited).toBe(-5_000 - 9_500);
    expect((await doc("D-acompte")).status).toBe("payee");
    expect((await doc("E-acompte")).status).toBe("annulee");
    expect(figures.outstanding).toEqual({
      count: open.length,
      amount: sumOf(rows, (current) => current.netToPayCents - current.paidCents) + credited,
    });
    // The retention is not part of it: A's situation owes its TTC less 5 %.
    const situation = await doc("A-situation");
    expect(situation.retentionCents).toBeGreaterThan(0);
    expect(situation.netToPayCents).toBe(situation.totalTtcCents - situation.retentionCents);
  });

  it("overdue: the invoices the daily job marked late, count and amount, the five oldest due first", async () => {
    // Nothing is late before the job runs.
    const before = await invoicesDashboard(services.db, new Date("2027-01-10T10:00:00Z"));
    expect(before.overdue).toEqual({ count: 0, amount: 0, items: [] });

    // 10 January 2027: due on or before the 9th (issued on or before 10 December, 30 days).
    await markOverdueInvoices(services.db, new Date("2027-01-10T06:00:00Z"));
    const figures = await invoicesDashboard(services.db, new Date("2027-01-10T10:00:00Z"));
    const late = ["A-acompte", "B-acompte", "F-acompte-1", "A-situation", "C-situation", "G-situation"];
    const rows = await Promise.all(late.map(doc));
    expect(rows.map((current) => current.status)).toEqual(late.map(() => "en_retard"));
    // F's second deposit (due 11 January) and A's final invoice (due 31 January) are not late yet.
    expect((await doc("F-acompte-2")).status).toBe("emise");
    const left = (current: InvoiceRow) => current.netToPayCents - current.paidCents;
    const bLeft = left(await doc("B-acompte")) - 5_000;
    const gLeft = left(await doc("G-situation")) - 9_500;
    expect(figures.overdue.count).toBe(6);
    expect(figures.overdue.amount).toBe(sumOf(rows, left) - 5_000 - 9_500);
    expect(
      figures.overdue.items.map((item) => [
        item.number,
        item.clientName,
        item.dueOn,
        item.daysLate,
        item.left,
      ]),
    ).toEqual([
      [(await doc("A-acompte")).number, "Amandine Arnaud", "2026-12-30", 11, left(await doc("A-acompte"))],
      [(await doc("B-acompte")).number, "Bruno Benali", "2026-12-31", 10, bLeft],
      [(await doc("F-acompte-1")).number, "Fabien Giraud", "2027-01-01", 9, left(await doc("F-acompte-1"))],
      [(await doc("A-situation")).number, "Amandine Arnaud", "2027-01-04", 6, left(await doc("A-situation"))],
      [(await doc("C-situation")).number, "SCI Les Pins", "2027-01-05", 5, left(await doc("C-situation"))],
    ]);
    expect(figures.overdue.items[0]?.id).toBe(issued["A-acompte"]);
    expect(gLeft).toBeGreaterThan(0);
    // Still counted with the outstanding.
    expect(figures.outstanding.count).toBe(8);
  });
});

describe("retentions", () => {
  it("per quote, withheld less what credit notes gave back, the soonest release first, « réception non saisie » last", async () => {
    const held = async (...names: string[]) =>
      sumOf(await Promise.all(names.map(doc)), (current) => current.retentionCents);
    const aHeld = await held("A-situation", "A-solde");
    const gHeld = await held("G-situation", "G-avoir");
    const cHeld = await held("C-situation");
    // The partial credit note of G's situation gave part of its retention back.
    expect((await doc("G-avoir")).retentionCents).toBeLessThan(0);
    expect(gHeld).toBeLessThan((await doc("G-situation")).retentionCents);
    for (const value of [aHeld, gHeld, cHeld]) expect(value).toBeGreaterThan(0);
    // Deposits withhold nothing: B, D, E and F are not listed.
    const figures = await invoicesDashboard(services.db, new Date("2027-01-10T10:00:00Z"));
    expect(figures.retentions.count).toBe(3);
    expect(figures.retentions.held).toBe(aHeld + gHeld + cHeld);
    expect(
      figures.retentions.items.map((item) => [
        item.quoteId,
        item.clientName,
        item.held,
        item.handoverOn,
        item.releaseOn,
        item.releasable,
      ]),
    ).toEqual([
      [quotes.A.id, "Amandine Arnaud", aHeld, "2027-01-15", "2028-01-15", false],
      [quotes.G.id, "Gaëlle Moreau", gHeld, "2027-03-01", "2028-03-01", false],
      [quotes.C.id, "SCI Les Pins", cHeld, null, null, false],
    ]);
    expect(figures.retentions.items[0]?.quoteNumber).toMatch(/^DEV-\d{4}-\d{4}$/);
    // A year after A's handover, its retention can be released; G's not yet.
    const later = await invoicesDashboard(services.db, new Date("2028-02-01T10:00:00Z"));
    expect(later.retentions.items.map((item) => item.releasable)).toEqual([true, false, false]);
  });
});

describe("an empty company", () => {
  it("has nothing to show but zeros, and the three rates without reverse charge", async () => {
    const empty = await createTestDatabase();
    try {
      const figures = await invoicesDashboard(empty.db, new Date("2026-12-20T12:00:00Z"));
      expect(figures).toEqual({
        today: "2026-12-20",
        outstanding: { count: 0, amount: 0 },
        overdue: { count: 0, amount: 0, items: [] },
        month: {
          start: "2026-12-01",
          end: "2026-12-31",
          invoices: 0,
          creditNotes: 0,
          invoicedHt: 0,
          rates: VAT_CODES.filter((code) => code !== "autoliquidation").map((code) => ({
            code,
            ht: 0,
            vat: 0,
          })),
        },
        retentions: { count: 0, held: 0, items: [] },
      });
    } finally {
      await empty.cleanup();
    }
  });
});

describe("the dashboard page over HTTP (production build)", () => {
  let build: ServerBuild;
  let clientDir: string;

  beforeAll(async () => {
    ({ build, clientDir } = await loadServerBuild());
  }, 300_000);

  async function home(app: ReturnType<typeof createApp>, cookie: string): Promise<string> {
    const response = await app.request("/erp", {
      headers: { Accept: "text/html", cookie },
    });
    expect(response.status).toBe(200);
    return (await response.text())
      .replaceAll("<!-- -->", "")
      .replaceAll("&#x27;", "'")
      .replaceAll("&amp;", "&");
  }

  it("shows the Factures block: what is owed, the late invoices with their links, the retentions", async () => {
    // The daily job of 10 January 2027 (again: it changes nothing the second time).
    await markOverdueInvoices(services.db, new Date("2027-01-10T06:00:00Z"));
    const html = await home(createApp({ services, build, clientDir }), staff.cookie);
    const figures = await invoicesDashboard(services.db);
    expect(html).toContain('<h2 id="invoices-dashboard-title"');
    expect(html).toContain(formatCents(figures.outstanding.amount));
    expect(html).toContain('href="/erp/factures?statut=en_retard&tri=date&ordre=asc"');
    expect(html).toContain(
      `6 factures en retard, ${formatCents(figures.overdue.amount)} dus : voir la liste`,
    );
    for (const name of ["A-acompte", "B-acompte", "F-acompte-1", "A-situation", "C-situation"]) {
      expect(html).toContain(`href="/erp/factures/${issued[name]}"`);
    }
    expect(html).not.toContain(`href="/erp/factures/${issued["G-situation"]}"`);
    expect(html).toContain("Les 6 factures en retard");
    expect(html).toContain(`href="/erp/devis/${quotes.A.id}"`);
    expect(html).toContain("réception non saisie");
    expect(html).not.toContain("Aucune facture en retard.");
    // Every fact that documents need is filled in: no setup checklist.
    expect(html).not.toContain("Pour émettre vos devis et factures, complétez");
    expect(html).not.toContain('id="setup-title"');
  });

  it("shows the setup checklist while a fact is missing, and hides it once filled in", async () => {
    const app = createApp({ services, build, clientDir });
    const [before] = await services.db.select().from(companySettings);
    await services.db
      .update(companySettings)
      .set({ bankAccountHolder: null, iban: null, bic: null })
      .where(eq(companySettings.id, 1));
    await seedCompliance(services.db, { decennaleUntil: "2026-01-31" });
    const owner = await signedInStaff(services, "owner", "gerant-parametres@batirade.test");
    try {
      const html = await home(app, owner.cookie);
      expect(html).toContain("Pour émettre vos devis et factures, complétez :");
      expect(html).toMatch(
        /<a [^>]*href="\/erp\/docs\/nouveau\?type=decennale"[^>]*>Une attestation d'assurance décennale en cours de validité \(celle du registre a expiré le 31 janvier 2026\)\.<\/a>/,
      );
      expect(html).toMatch(
        /<a [^>]*href="\/erp\/parametres#bankAccountHolder"[^>]*>Les coordonnées bancaires/,
      );
      // The settings' own fields carry those ids: the links land on them.
      const settingsPage = await app.request("/erp/parametres", {
        headers: { Accept: "text/html", cookie: owner.cookie },
      });
      const settingsHtml = await settingsPage.text();
      expect(settingsHtml).toContain('id="bankAccountHolder"');
      // The register's link stays for a member who may not open the settings (staff hold « documents »).
      expect(await home(app, staff.cookie)).toContain('href="/erp/docs/nouveau?type=decennale"');
      // A member who may not change the settings reads the same list, without links.
      const staffHtml = await home(app, staff.cookie);
      expect(staffHtml).toContain("Les coordonnées bancaires (titulaire, IBAN, BIC).");
      expect(staffHtml).not.toContain('href="/erp/parametres#');
      expect(staffHtml).toContain("réservés au gérant");
    } finally {
      await services.db
        .update(companySettings)
        .set({
          bankAccountHolder: before?.bankAccountHolder ?? null,
          iban: before?.iban ?? null,
          bic: before?.bic ?? null,
        })
        .where(eq(companySettings.id, 1));
      await seedCompliance(services.db, { decennaleUntil: "2030-12-31" });
    }
    expect(await home(app, owner.cookie)).not.toContain("Pour émettre vos devis et factures, complétez");
  });

  it("says so when there is nothing: no late invoice, nothing issued this month, no retention", async () => {
    const empty = await createTestDatabase();
    const emptyDir = mkdtempSync(path.join(tmpdir(), "erp-invoice-dashboard-empty-"));
    try {
      const emptyServices = staffTestServices(empty, { DATA_DIR: emptyDir });
      const member = await signedInStaff(emptyServices, "owner", "vide@batirade.test");
      const html = await home(createApp({ services: emptyServices, build, clientDir }), member.cookie);
      const month = new Intl.DateTimeFormat("fr-FR", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      }).format(new Date(`${parisDay().slice(0, 7)}-01T00:00:00Z`));
      expect(html).toContain("Aucune facture en retard.");
      // A fresh company: no décennale date, no bank details; the checklist says so, each
      // item a link to where it is filled in (the register for the décennale).
      expect(html).toContain('<h2 id="setup-title"');
      expect(html).toContain("Pour émettre vos devis et factures, complétez :");
      expect(html).toMatch(
        /<a [^>]*href="\/erp\/docs\/nouveau\?type=decennale"[^>]*>La date de fin de validité de l'assurance décennale \(à renseigner dans le registre\)\.<\/a>/,
      );
      expect(html).toMatch(
        /<a [^>]*href="\/erp\/parametres#bankAccountHolder"[^>]*>Les coordonnées bancaires \(titulaire, IBAN, BIC\)\.<\/a>/,
      );
      expect(html).toContain(`Aucune facture émise en ${month} pour l'instant.`);
      expect(html).toContain("Aucune retenue de garantie en cours.");
      expect(html).toContain("Aucune facture émise n'attend de paiement.");
    } finally {
      await empty.cleanup();
      rmSync(emptyDir, { recursive: true, force: true });
    }
  });
});
