import { describe, expect, it } from "vitest";
import type { QuoteLot } from "#app/db/schema/quotes.ts";
import { storedItemLine } from "#tests/helpers/quote-lines.ts";
import {
  billingQuoteFromContent,
  computeCreditNote,
  computeDepositInvoice,
  computeFinalInvoice,
  computeProgressInvoice,
} from "./billing.ts";
import type { BillingInvoice, BillingQuote, BillingResult, IssuedInvoice } from "./billing-model.ts";
import {
  ACCOUNTS,
  csvAmount,
  csvField,
  EXPORT_MAX_DAYS,
  invoiceEntry,
  JOURNAL_ACCOUNTS,
  type JournalDocument,
  JournalError,
  type JournalLine,
  journalCsv,
  PERIOD_MESSAGES,
  parseExportPeriod,
  periodPresets,
  salesJournal,
} from "./export.server.ts";

// The journal's entries from billing's own documents (no database): balanced, the
// accounts of decision 018, the mirror of a credit note, the CSV conventions, the period.

const item = storedItemLine;

/** « Gros œuvre » 10 000 € HT at 20 %, « Isolation » 4 000 € at 5,5 % and 2 000 € at 10 %, 5 % retention. */
function quote(reverseCharge = false): BillingQuote {
  const lots: QuoteLot[] = [
    { id: "go", title: "Gros œuvre", lines: [item("a", "20", 1_000_000)] },
    { id: "iso", title: "Isolation", lines: [item("b", "5.5", 400_000), item("c", "10", 200_000)] },
  ];
  return billingQuoteFromContent(
    { reverseCharge, lots, travel: null, discount: null },
    { basisPoints: 500, bankGuarantee: false },
  );
}

function ok(result: BillingResult): BillingInvoice {
  if (!result.ok) throw new Error(result.message);
  return result.invoice;
}

let counter = 0;
function documentOf(billing: BillingInvoice, clientName = "Élodie Garnier"): JournalDocument {
  counter += 1;
  const avoir = billing.kind === "avoir";
  return {
    id: `doc-${counter}`,
    number: `${avoir ? "AV" : "FAC"}-2026-${String(counter).padStart(4, "0")}`,
    kind: billing.kind,
    issuedOn: "2026-10-15",
    clientName,
    totalHt: billing.totals.ht,
    totalVat: billing.totals.vat,
    totalTtc: billing.totals.ttc,
    retention: billing.totals.retention,
    netToPay: billing.totals.netToPay,
    owed: avoir ? 0 : billing.totals.netToPay,
    billing,
    pdfStorageKey: null,
    pdfSha256: null,
  };
}

/** Deposit 30 %, situation at 50 %, the final invoice, a total credit note of the final invoice. */
function sequence(reverseCharge = false) {
  const figures = quote(reverseCharge);
  const issued: IssuedInvoice[] = [];
  const all: JournalDocument[] = [];
  const add = (billing: BillingInvoice) => {
    const document = documentOf(billing);
    issued.push({ ...billing, id: document.id });
    all.push(document);
    return document;
  };
  const deposit = add(
    ok(computeDepositInvoice(figures, issued, { deposit: { kind: "percent", basisPoints: 3000 } })),
  );
  const situation = add(
    ok(
      computeProgressInvoice(figures, issued, {
        lots: [
          { lotId: "go", percent: 5000 },
          { lotId: "iso", percent: 5000 },
        ],
      }),
    ),
  );
  const final = add(ok(computeFinalInvoice(figures, issued)));
  const credit = add(
    ok(computeCreditNote(figures, issued, { invoiceId: final.id, amount: { kind: "total" } })),
  );
  return { deposit, situation, final, credit, all };
}

const balance = (lines: readonly JournalLine[], account: string) =>
  lines.filter((line) => line.account === account).reduce((sum, line) => sum + line.credit - line.debit, 0);
/** Debit less credit: what the account is owed. */
const owed = (lines: readonly JournalLine[], account: string) =>
  lines.filter((line) => line.account === account).reduce((sum, line) => sum + line.debit - line.credit, 0);
const debits = (lines: readonly JournalLine[]) => lines.reduce((sum, line) => sum + line.debit, 0);
const credits = (lines: readonly JournalLine[]) => lines.reduce((sum, line) => sum + line.credit, 0);

describe("invoiceEntry", () => {
  it("balances every document; the client's accounts carry its TTC, revenue the work, VAT each rate as printed", () => {
    const { all } = sequence();
    for (const document of all) {
      const lines = invoiceEntry(document);
      expect(debits(lines), document.number).toBe(credits(lines));
      expect(
        lines.every((line) => line.debit >= 0 && line.credit >= 0 && line.debit * line.credit === 0),
      ).toBe(true);
      expect(lines.every((line) => line.piece === document.number && line.journal === "VT")).toBe(true);
      // Client (411) and retention receivable (4117) together: the TTC, on the debit of an invoice.
      const receivable = owed(lines, ACCOUNTS.client.number) + owed(lines, ACCOUNTS.retention.number);
      expect(receivable).toBe(document.totalTtc);
      expect(owed(lines, ACCOUNTS.retention.number)).toBe(document.retention);
      for (const rate of document.billing.byRate) {
        if (rate.code === "autoliquidation") continue;
        expect(balance(lines, ACCOUNTS.vatCollected[rate.code].number)).toBe(rate.vat);
        const work = document.billing.work.find((base) => base.code === rate.code)?.ht ?? 0;
        expect(balance(lines, ACCOUNTS.revenue[rate.code].number)).toBe(work);
      }
    }
  });

  it("a deposit goes to customer advances (4191) HT; the situation and the final invoice deduct it; it nets to zero", () => {
    const { deposit, situation, final } = sequence();
    const depositLines = invoiceEntry(deposit);
    const depositHt = deposit.billing.deposit.reduce((sum, rate) => sum + rate.ht, 0);
    expect(balance(depositLines, ACCOUNTS.advances.number)).toBe(depositHt);
    expect(depositLines.some((line) => line.account.startsWith("706"))).toBe(false);
    const situationLines = invoiceEntry(situation);
    expect(balance(situationLines, ACCOUNTS.advances.number)).toBe(
      -situation.billing.totals.depositsDeductedHt,
    );
    expect(situation.billing.totals.depositsDeductedHt).toBeGreaterThan(0);
    const { lines } = salesJournal([deposit, situation, final]);
    expect(balance(lines, ACCOUNTS.advances.number)).toBe(0);
    // The retention withheld on the situation and the final invoice: 5 % of the work TTC.
    expect(owed(lines, ACCOUNTS.retention.number)).toBe(
      situation.billing.totals.retention + final.billing.totals.retention,
    );
    expect(situation.billing.totals.retention).toBeGreaterThan(0);
  });

  it("credits each rate's VAT as printed to VAT collected (44571200 / 44571100 / 44571055), never 44574", () => {
    const { all, situation } = sequence();
    expect(
      invoiceEntry(situation)
        .filter((line) => line.account.startsWith("4457"))
        .map((line) => [line.account, line.debit, line.credit]),
    ).toEqual([
      ["44571200", 0, situation.billing.byRate.find((rate) => rate.code === "20")?.vat],
      ["44571100", 0, situation.billing.byRate.find((rate) => rate.code === "10")?.vat],
      ["44571055", 0, situation.billing.byRate.find((rate) => rate.code === "5.5")?.vat],
    ]);
    expect(situation.billing.byRate.filter((rate) => rate.vat > 0)).toHaveLength(3);
    const { lines } = salesJournal(all);
    expect(lines.filter((line) => line.account.startsWith("44574"))).toEqual([]);
    // The accounts the page lists: every one the journal moves, the VAT ones 44571 per rate.
    const listed = JOURNAL_ACCOUNTS.map((account) => account.number);
    expect(lines.every((line) => listed.includes(line.account))).toBe(true);
    expect(listed.filter((number) => number.startsWith("4457"))).toEqual([
      "44571200",
      "44571100",
      "44571055",
    ]);
  });

  it("a total credit note is the exact mirror of the invoice it cancels", () => {
    const { final, credit } = sequence();
    const invoice = invoiceEntry(final);
    const mirror = invoiceEntry(credit);
    const key = (line: JournalLine) => `${line.account} ${line.debit} ${line.credit}`;
    expect(mirror.map(key).sort()).toEqual(
      invoice.map((line) => key({ ...line, debit: line.credit, credit: line.debit })).sort(),
    );
    // A credit note credits the client.
    expect(mirror.find((line) => line.account === ACCOUNTS.client.number)?.credit).toBe(-credit.netToPay);
  });

  it("reverse charge: revenue on the reverse-charge account, no VAT line at all", () => {
    const { all } = sequence(true);
    const { lines, totals } = salesJournal(all);
    expect(totals.debit).toBe(totals.credit);
    expect(lines.filter((line) => line.account.startsWith("4457"))).toEqual([]);
    expect(
      new Set(lines.filter((line) => line.account.startsWith("706")).map((line) => line.account)),
    ).toEqual(new Set([ACCOUNTS.revenue.autoliquidation.number]));
    expect(lines.find((line) => line.account.startsWith("706"))?.label).toContain("autoliquidation");
  });

  it("refuses stored figures that would not balance, rather than write them", () => {
    const { situation } = sequence();
    expect(() => invoiceEntry({ ...situation, totalVat: situation.totalVat + 1 })).toThrow(JournalError);
    expect(() => invoiceEntry({ ...situation, netToPay: situation.netToPay - 1 })).toThrow(JournalError);
  });
});

describe("journalCsv", () => {
  it("writes the French import format: BOM, « ; », CRLF, a header, decimal commas, quoted fields when needed", () => {
    const { deposit } = sequence();
    const named = { ...deposit, clientName: 'SARL "Bâtir; Rénover"' };
    const csv = journalCsv(invoiceEntry(named));
    expect(csv.startsWith("\uFEFFDate;Journal;Pièce;Compte;Libellé;Débit;Crédit\r\n")).toBe(true);
    expect(csv.endsWith("\r\n")).toBe(true);
    expect(csv.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const rows = csv.slice(1).split("\r\n").slice(1, -1);
    expect(rows[0]).toBe(
      `15/10/2026;VT;${deposit.number};41100000;"SARL ""Bâtir; Rénover"" – Facture d'acompte n° 1";${csvAmount(deposit.netToPay)};`,
    );
    expect(rows.every((row) => /;(\d+,\d{2})?;(\d+,\d{2})?$/.test(row))).toBe(true);
  });

  it("formats amounts with two decimals and no separator; neutralises formulas", () => {
    expect(csvAmount(123456)).toBe("1234,56");
    expect(csvAmount(5)).toBe("0,05");
    expect(csvAmount(100_000_000)).toBe("1000000,00");
    expect(csvAmount(0)).toBe("");
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField("Dupont\r\net fils")).toBe("Dupont et fils");
    expect(csvField("Durand\u00a0& Cie")).toBe("Durand & Cie");
  });
});

describe("the period", () => {
  const parse = (query: string) => parseExportPeriod(new URLSearchParams(query), "2026-11-23");

  it("defaults to the previous month and accepts up to a leap year", () => {
    expect(parse("")).toEqual({ ok: true, period: { from: "2026-10-01", to: "2026-10-31" } });
    expect(parseExportPeriod(new URLSearchParams(""), "2026-03-05")).toEqual({
      ok: true,
      period: { from: "2026-02-01", to: "2026-02-28" },
    });
    expect(parse("du=2028-01-01&au=2028-12-31")).toEqual({
      ok: true,
      period: { from: "2028-01-01", to: "2028-12-31" },
    });
    expect(parse("du=2026-10-05&au=2026-10-05").ok).toBe(true);
  });

  it("refuses with a French message at the field concerned", () => {
    expect(parse("du=2026-02-30&au=2026-03-31")).toEqual({
      ok: false,
      field: "du",
      message: "Date de début : cette date n'existe pas.",
    });
    expect(parse("du=2026-10-01&au=31/10/2026")).toMatchObject({ ok: false, field: "au" });
    expect(parse("du=2026-10-31&au=2026-10-01")).toEqual({
      ok: false,
      field: "au",
      message: PERIOD_MESSAGES.order,
    });
    expect(parse("du=2026-01-01&au=2027-01-02")).toEqual({
      ok: false,
      field: "au",
      message: PERIOD_MESSAGES.tooLong,
    });
    expect(PERIOD_MESSAGES.tooLong).toContain(String(EXPORT_MAX_DAYS));
    expect(parse("du=2026-10-01")).toEqual({ ok: false, field: "au", message: PERIOD_MESSAGES.toMissing });
    expect(parse("au=2026-10-01")).toEqual({ ok: false, field: "du", message: PERIOD_MESSAGES.fromMissing });
  });

  it("offers the usual periods", () => {
    const periods = (today: string) =>
      Object.fromEntries(periodPresets(today).map((preset) => [preset.label, preset.period]));
    expect(periods("2026-11-23")).toEqual({
      "Mois précédent": { from: "2026-10-01", to: "2026-10-31" },
      "Mois en cours": { from: "2026-11-01", to: "2026-11-23" },
      "Trimestre précédent": { from: "2026-07-01", to: "2026-09-30" },
      "Année précédente": { from: "2025-01-01", to: "2025-12-31" },
    });
    expect(periods("2026-01-15")).toMatchObject({
      "Mois précédent": { from: "2025-12-01", to: "2025-12-31" },
      "Trimestre précédent": { from: "2025-10-01", to: "2025-12-31" },
    });
    expect(periods("2024-03-31")["Mois précédent"]).toEqual({ from: "2024-02-01", to: "2024-02-29" });
  });
});
