import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LineVatCode, QuoteContent, QuoteItemLine, QuoteLine, QuoteLot } from "#app/db/schema/quotes.ts";
import { MoneyError, percentOf } from "#app/lib/money.ts";
import { REVERSE_CHARGE_MENTION, VAT_CODES, type VatCode } from "#app/lib/vat.ts";
import { storedItemLine } from "#tests/helpers/quote-lines.ts";
import {
  billingQuoteFromContent,
  computeCreditNote,
  computeDepositInvoice,
  computeFinalInvoice,
  computeProgressInvoice,
  computeStandaloneInvoice,
} from "./billing.ts";
import {
  BANK_GUARANTEE_MENTION,
  type BillingInvoice,
  type BillingQuote,
  type BillingResult,
  type CreditNoteRequest,
  type DepositRequest,
  type IssuedInvoice,
  type LotLine,
  MAX_VAT_ROUNDING,
  type ProgressEntry,
  type ProgressRequest,
  type RateAmount,
  type RateBase,
  type RetentionTerms,
  TRAVEL_LOT_ID,
} from "./billing-model.ts";
import { quoteBillingSummary, retentionReleaseDate } from "./billing-summary.ts";

// ─── Builders ─────────────────────────────────────────────────────────────────────────

let nextId = 0;
function freshId(): string {
  nextId += 1;
  return `t${nextId}`;
}

function item(vatCode: LineVatCode, unitPriceHt: number, quantity = 1_000, optional = false): QuoteItemLine {
  return storedItemLine(freshId(), vatCode, unitPriceHt, { quantity, optional });
}

function lot(title: string, lines: QuoteLine[], id = freshId()): QuoteLot {
  return { id, title, lines };
}

type ContentFields = Pick<QuoteContent, "reverseCharge" | "lots" | "travel" | "discount">;
function content(lots: QuoteLot[], fields: Partial<ContentFields> = {}): ContentFields {
  return { reverseCharge: false, travel: null, discount: null, lots, ...fields };
}

const RG_5: RetentionTerms = { basisPoints: 500, bankGuarantee: false };

/** The worked example: « Gros œuvre » 10 000,00 € HT at 20 %; « Isolation » 4 000,00 € at 5,5 % and 2 000,00 € at 10 %. */
function workedQuote(retention: RetentionTerms | null = RG_5, reverseCharge = false): BillingQuote {
  return billingQuoteFromContent(
    content(
      [
        lot("Gros œuvre", [item("20", 1_000_000)], "go"),
        lot(
          "Isolation",
          [item("5.5", 400_000), { id: freshId(), kind: "text", text: "Note" }, item("10", 200_000)],
          "iso",
        ),
      ],
      { reverseCharge },
    ),
    retention,
  );
}

function issued(result: BillingResult, id: string): IssuedInvoice {
  if (!result.ok) throw new Error(`refusé : ${result.message}`);
  return { ...result.invoice, id };
}

/** The worked example's deposit: 30 % of the quote. */
function depositOf30(quote: BillingQuote, id: string): IssuedInvoice {
  return issued(computeDepositInvoice(quote, [], { deposit: { kind: "percent", basisPoints: 3_000 } }), id);
}

/** A situation at 50 % of both lots of the worked example (« go » and « iso »). */
function halfOfBothLots(quote: BillingQuote, before: IssuedInvoice[], id: string): IssuedInvoice {
  const half = {
    lots: [
      { lotId: "go", percent: 5_000 },
      { lotId: "iso", percent: 5_000 },
    ],
  };
  return issued(computeProgressInvoice(quote, before, half), id);
}

function refusal(result: BillingResult): string {
  if (result.ok) throw new Error(`accepté : ${result.invoice.title}`);
  return result.message;
}

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const rate = (amounts: readonly RateAmount[], code: VatCode) =>
  amounts.find((amount) => amount.code === code);
const pick = (amounts: readonly RateAmount[]) =>
  amounts.map((amount) => ({ code: amount.code, ht: amount.ht, vat: amount.vat, ttc: amount.ttc }));
const pickHt = (amounts: readonly RateBase[]) =>
  amounts.map((amount) => ({ code: amount.code, ht: amount.ht }));
/** round(base × rate), half away from zero: EN 16931 BR-CO-17 and decision 011's rule. */
const vatOf = (amount: RateBase) => (amount.category === "AE" ? 0 : percentOf(amount.ht, amount.basisPoints));
const lots = (invoice: BillingInvoice) =>
  invoice.lines.filter((line): line is LotLine => line.kind === "lot");

// ─── The quote's figures ──────────────────────────────────────────────────────────────

describe("billingQuoteFromContent", () => {
  it("gives each lot its HT per rate and the quote's totals as computeTotals does", () => {
    const quote = workedQuote();
    expect(quote.lots).toEqual([
      { id: "go", title: "Gros œuvre", subtotalHt: 1_000_000, byRate: [{ code: "20", linesHt: 1_000_000 }] },
      {
        id: "iso",
        title: "Isolation",
        subtotalHt: 600_000,
        byRate: [
          { code: "10", linesHt: 200_000 },
          { code: "5.5", linesHt: 400_000 },
        ],
      },
    ]);
    expect(quote.totalHt).toBe(1_600_000);
    expect(quote.totalVat).toBe(242_000);
    expect(quote.totalTtc).toBe(1_842_000);
    expect(quote.byRate.map((r) => [r.code, r.ht, r.vat])).toEqual([
      ["20", 1_000_000, 200_000],
      ["10", 200_000, 20_000],
      ["5.5", 400_000, 22_000],
    ]);
  });

  it("leaves options out, makes travel costs a lot, and applies reverse charge to every line", () => {
    const quote = billingQuoteFromContent(
      content([lot("Peinture", [item("10", 50_000, 2_500), item("20", 99_999, 1_000, true)])], {
        reverseCharge: true,
        travel: { amountHt: 4_500, vatCode: "20" },
        discount: { kind: "percent", basisPoints: 1_000 },
      }),
      null,
    );
    expect(quote.lots.map((l) => [l.id, l.subtotalHt, l.byRate])).toEqual([
      [expect.any(String), 125_000, [{ code: "autoliquidation", linesHt: 125_000 }]],
      [TRAVEL_LOT_ID, 4_500, [{ code: "autoliquidation", linesHt: 4_500 }]],
    ]);
    expect(quote.byRate).toHaveLength(1);
    expect(quote.byRate[0]).toMatchObject({
      code: "autoliquidation",
      linesHt: 129_500,
      discountHt: 12_950,
      vat: 0,
    });
    expect(quote.totalTtc).toBe(116_550);
  });

  it("refuses figures that do not belong together, a quote of nothing and a retention beyond 5 %", () => {
    const quote = workedQuote();
    const broken: BillingQuote = { ...quote, totalHt: quote.totalHt + 1 };
    expect(refusal(computeFinalInvoice(broken, []))).toMatch(/incohérents/);
    const lotsOff: BillingQuote = { ...quote, lots: quote.lots.slice(1) };
    expect(refusal(computeFinalInvoice(lotsOff, []))).toMatch(/incohérents/);
    const empty = billingQuoteFromContent(content([lot("Vide", [item("20", 0)])]), null);
    expect(refusal(computeFinalInvoice(empty, []))).toBe("Ce devis n'a aucun montant à facturer.");
    expect(
      refusal(computeFinalInvoice({ ...quote, retention: { basisPoints: 501, bankGuarantee: false } }, [])),
    ).toBe("La retenue de garantie doit être comprise entre 0 et 5\u00a0% (loi n° 71-584).");
    expect(() => quoteBillingSummary(broken, [], [])).toThrow(MoneyError);
  });
});

// ─── Worked by hand ───────────────────────────────────────────────────────────────────

describe("a quote billed by hand: deposit of 30 %, a 50 % situation on two lots with retention 5 %, the final", () => {
  // TTC per rate: 20 % 12 000,00 ; 10 % 2 200,00 ; 5,5 % 4 220,00 ; total 18 420,00 €.
  const quote = workedQuote();
  const deposit = depositOf30(quote, "a1");
  const situation = halfOfBothLots(quote, [deposit], "s1");
  const final = issued(computeFinalInvoice(quote, [deposit, situation]), "f1");

  it("takes 30 % of the TTC, 5 526,00 €, split over the rates in proportion to their TTC", () => {
    expect(deposit.title).toBe("Facture d'acompte n° 1");
    expect(pick(deposit.byRate)).toEqual([
      { code: "20", ht: 300_000, vat: 60_000, ttc: 360_000 },
      { code: "10", ht: 60_000, vat: 6_000, ttc: 66_000 },
      { code: "5.5", ht: 120_000, vat: 6_600, ttc: 126_600 },
    ]);
    expect(
      deposit.lines.map((line) => (line.kind === "deposit" ? [line.kind, line.label, line.ttc] : [])),
    ).toEqual([
      ["deposit", "Acompte de 30\u00a0% du montant TTC du devis", 360_000],
      ["deposit", "Acompte de 30\u00a0% du montant TTC du devis", 66_000],
      ["deposit", "Acompte de 30\u00a0% du montant TTC du devis", 126_600],
    ]);
    expect(deposit.totals).toEqual({
      ht: 480_000,
      vat: 72_600,
      ttc: 552_600,
      depositsDeductedHt: 0,
      retention: 0,
      netToPay: 552_600,
    });
    expect(deposit.depositRequest).toEqual({ requestedTtc: 552_600, notice: null });
    expect(deposit.retention).toEqual({ ...RG_5, withheld: 0, cumulativeWithheld: 0 });
  });

  it("invoices half of each lot, rate by rate, and deducts half of the deposit from the base, HT", () => {
    expect(situation.title).toBe("Facture de situation n° 1");
    expect(lots(situation)).toEqual([
      {
        kind: "lot",
        lotId: "go",
        title: "Gros œuvre",
        contractHt: 1_000_000,
        cumulativePercent: 5_000,
        cumulativeHt: 500_000,
        previousHt: 0,
        ht: 500_000,
        byRate: [{ code: "20", ht: 500_000 }],
      },
      {
        kind: "lot",
        lotId: "iso",
        title: "Isolation",
        contractHt: 600_000,
        cumulativePercent: 5_000,
        cumulativeHt: 300_000,
        previousHt: 0,
        ht: 300_000,
        byRate: [
          { code: "10", ht: 100_000 },
          { code: "5.5", ht: 200_000 },
        ],
      },
    ]);
    expect(pickHt(situation.work)).toEqual([
      { code: "20", ht: 500_000 },
      { code: "10", ht: 100_000 },
      { code: "5.5", ht: 200_000 },
    ]);
    // HT: 3 000,00 × 5 000 / 10 000 ; 600,00 × 1 000 / 2 000 ; 1 200,00 × 2 000 / 4 000.
    expect(pickHt(situation.depositDeduction)).toEqual([
      { code: "20", ht: 150_000 },
      { code: "10", ht: 30_000 },
      { code: "5.5", ht: 60_000 },
    ]);
    expect(situation.lines.filter((line) => line.kind === "depositDeduction").map((line) => line.ht)).toEqual(
      [-150_000, -30_000, -60_000],
    );
    // The VAT is the base's: (5 000,00 − 1 500,00) × 20 % and so on; no deposit VAT is charged again.
    expect(pick(situation.byRate)).toEqual([
      { code: "20", ht: 350_000, vat: 70_000, ttc: 420_000 },
      { code: "10", ht: 70_000, vat: 7_000, ttc: 77_000 },
      { code: "5.5", ht: 140_000, vat: 7_700, ttc: 147_700 },
    ]);
    // Retention: 5 % of the work's TTC, 9 210,00 € → 460,50 €.
    expect(situation.totals).toEqual({
      ht: 560_000,
      vat: 84_700,
      ttc: 644_700,
      depositsDeductedHt: 240_000,
      retention: 46_050,
      netToPay: 598_650,
    });
    expect(situation.depositRequest).toBeNull();
    expect(situation.retention).toEqual({ ...RG_5, withheld: 46_050, cumulativeWithheld: 46_050 });
    expect(situation.mentions).toEqual([]);
  });

  it("invoices the rest on the final, deducts the rest of the deposit and completes the retention", () => {
    expect(final.title).toBe("Facture de solde");
    expect(
      lots(final).map((l) => [l.lotId, l.cumulativePercent, l.cumulativeHt, l.previousHt, l.ht]),
    ).toEqual([
      ["go", 10_000, 1_000_000, 500_000, 500_000],
      ["iso", 10_000, 600_000, 300_000, 300_000],
    ]);
    expect(pickHt(final.depositDeduction)).toEqual(pickHt(situation.depositDeduction));
    expect(final.totals).toEqual(situation.totals);
    expect(final.retention?.cumulativeWithheld).toBe(92_100);
    const all = [deposit, situation, final];
    expect(sum(all.map((invoice) => invoice.totals.ttc))).toBe(1_842_000);
    for (const code of ["20", "10", "5.5"] as const) {
      expect(sum(all.map((invoice) => rate(invoice.byRate, code)?.vat ?? 0))).toBe(
        quote.byRate.find((r) => r.code === code)?.vat,
      );
    }
  });

  it("sums it up: all invoiced, paid but the retention, released a year after the handover", () => {
    const invoices = [deposit, situation, final];
    const payments = invoices.map((invoice) => ({ amount: invoice.totals.netToPay }));
    const summary = quoteBillingSummary(quote, invoices, payments, "2027-06-30");
    expect(summary).toMatchObject({
      invoicedHt: 1_600_000,
      invoicedVat: 242_000,
      invoicedTtc: 1_842_000,
      remainingHt: 0,
      remainingTtc: 0,
      depositsToDeductHt: 0,
      paid: 1_749_900,
      outstanding: 0,
      fullyInvoiced: true,
      retention: {
        basisPoints: 500,
        bankGuarantee: false,
        withheld: 92_100,
        released: 0,
        held: 92_100,
        releaseOn: "2028-06-30",
      },
    });
    const released = quoteBillingSummary(quote, invoices, [
      ...payments,
      { amount: 92_100, retentionRelease: true },
    ]);
    expect(released.retention).toMatchObject({ held: 0, released: 92_100, releaseOn: null });
    expect(released.outstanding).toBe(0);
    expect(released.paid).toBe(1_842_000);
  });

  it("refuses a deposit beyond what is left, saying how much is left", () => {
    expect(
      refusal(computeDepositInvoice(quote, [deposit], { deposit: { kind: "amount", cents: 1_300_000 } })),
    ).toBe(
      "L'acompte de 13\u202f000,00\u00a0€ TTC dépasserait le montant du devis. " +
        "Il reste 11\u202f200,00\u00a0€ HT (12\u202f894,00\u00a0€ TTC) à facturer sur ce devis.",
    );
    expect(
      refusal(
        computeDepositInvoice(quote, [deposit, situation, final], { deposit: { kind: "amount", cents: 1 } }),
      ),
    ).toBe(
      "L'acompte de 0,01\u00a0€ TTC dépasserait le montant du devis. Ce devis est entièrement facturé : il ne reste rien à facturer.",
    );
    expect(refusal(computeFinalInvoice(quote, [deposit, situation, final]))).toBe(
      "Ce devis est entièrement facturé : il ne reste rien à facturer.",
    );
    expect(refusal(computeDepositInvoice(quote, [], { deposit: { kind: "percent", basisPoints: 0 } }))).toBe(
      "Indiquez un acompte supérieur à 0.",
    );
    expect(refusal(computeDepositInvoice(quote, [], { deposit: { kind: "amount", cents: -5 } }))).toBe(
      "L'acompte ne peut pas être négatif.",
    );
  });

  it("refuses a situation beyond a lot, below what was invoiced, on an unknown lot or with no progress", () => {
    const history = [deposit, situation];
    expect(
      refusal(computeProgressInvoice(quote, history, { lots: [{ lotId: "go", percent: 10_001 }] })),
    ).toBe(
      "Lot « Gros œuvre » : l'avancement cumulé ne peut pas dépasser 100\u00a0%. " +
        "Il reste 5\u202f000,00\u00a0€ HT à facturer sur ce lot. " +
        "Il reste 5\u202f600,00\u00a0€ HT (6\u202f447,00\u00a0€ TTC) à facturer sur ce devis.",
    );
    expect(
      refusal(computeProgressInvoice(quote, history, { lots: [{ lotId: "iso", cumulativeHt: 600_001 }] })),
    ).toMatch(
      /^Lot « Isolation » : 6\u202f000,01\u00a0€ HT cumulés dépasseraient le montant du lot \(6\u202f000,00\u00a0€ HT\)\. Il reste 3\u202f000,00\u00a0€ HT à facturer sur ce lot\. Il reste/,
    );
    expect(refusal(computeProgressInvoice(quote, history, { lots: [{ lotId: "go", percent: 4_000 }] }))).toBe(
      "Lot « Gros œuvre » : l'avancement cumulé ne peut pas être inférieur à ce qui est déjà facturé " +
        "(5\u202f000,00\u00a0€ HT, 50\u00a0%). Pour corriger une situation, établissez un avoir.",
    );
    expect(refusal(computeProgressInvoice(quote, history, { lots: [{ lotId: "nope", percent: 100 }] }))).toBe(
      "Ce lot n'existe pas sur le devis.",
    );
    expect(refusal(computeProgressInvoice(quote, history, { lots: [{ lotId: "go", percent: 5_000 }] }))).toBe(
      "Cette situation ne fait avancer aucun lot : il n'y a rien à facturer.",
    );
    expect(
      refusal(
        computeProgressInvoice(quote, history, {
          lots: [
            { lotId: "go", percent: 6_000 },
            { lotId: "go", percent: 7_000 },
          ],
        }),
      ),
    ).toBe("Le lot « Gros œuvre » figure deux fois dans la situation.");
  });

  it("numbers situations, keeps an unchanged lot's percentage and takes a cumulative amount", () => {
    const second = issued(
      computeProgressInvoice(quote, [deposit, situation], {
        lots: [{ lotId: "iso", cumulativeHt: 450_000 }],
      }),
      "s2",
    );
    expect(second.title).toBe("Facture de situation n° 2");
    expect(lots(second).map((l) => [l.lotId, l.cumulativePercent, l.previousHt, l.ht, l.byRate])).toEqual([
      ["go", 5_000, 500_000, 0, [{ code: "20", ht: 0 }]],
      [
        "iso",
        7_500,
        300_000,
        150_000,
        [
          { code: "10", ht: 50_000 },
          { code: "5.5", ht: 100_000 },
        ],
      ],
    ]);
    const deducted = (code: VatCode) => second.depositDeduction.find((amount) => amount.code === code)?.ht;
    expect(deducted("20")).toBe(0);
    expect(deducted("5.5")).toBe(30_000); // 600,00 HT left to deduct × 1 000,00 / 2 000,00
    expect(rate(second.byRate, "5.5")).toMatchObject({ ht: 70_000, vat: 3_850 });
  });
});

describe("credit notes", () => {
  const quote = workedQuote();
  const deposit = depositOf30(quote, "a1");
  const situation = halfOfBothLots(quote, [deposit], "s1");

  it("cancels a situation exactly, lot by lot, rate by rate, retention included", () => {
    const credit = issued(
      computeCreditNote(quote, [deposit, situation], { invoiceId: "s1", amount: { kind: "total" } }),
      "c1",
    );
    expect(credit.title).toBe("Avoir sur la facture de situation n° 1");
    expect(credit.creditOf).toEqual({ invoiceId: "s1", total: true });
    expect(credit.totals).toEqual({
      ht: -560_000,
      vat: -84_700,
      ttc: -644_700,
      depositsDeductedHt: -240_000,
      retention: -46_050,
      netToPay: -598_650,
    });
    credit.byRate.forEach((amount, index) => {
      expect(amount.ht + (situation.byRate[index]?.ht ?? 0)).toBe(0);
      expect(amount.vat + (situation.byRate[index]?.vat ?? 0)).toBe(0);
    });
    for (const [mine, theirs] of [
      [credit.work, situation.work],
      [credit.depositDeduction, situation.depositDeduction],
    ] as const) {
      mine.forEach((amount, index) => {
        expect(amount.ht + (theirs[index]?.ht ?? 0)).toBe(0);
      });
    }
    expect(
      lots(credit).map((l) => [l.lotId, l.previousHt, l.ht, l.cumulativeHt, l.cumulativePercent]),
    ).toEqual([
      ["go", 500_000, -500_000, 0, 0],
      ["iso", 300_000, -300_000, 0, 0],
    ]);
    // The situation can be invoiced again, to the same figures.
    const again = halfOfBothLots(quote, [deposit, situation, credit], "s2");
    expect(again.title).toBe("Facture de situation n° 2");
    expect(again.totals).toEqual(situation.totals);
    expect(
      refusal(
        computeCreditNote(quote, [deposit, situation, credit], {
          invoiceId: "s1",
          amount: { kind: "total" },
        }),
      ),
    ).toBe("Cette facture est déjà entièrement annulée par avoir.");
    expect(
      refusal(
        computeCreditNote(quote, [deposit, situation, credit], {
          invoiceId: "c1",
          amount: { kind: "total" },
        }),
      ),
    ).toBe("Un avoir ne s'annule pas par un avoir : établissez une nouvelle facture.");
  });

  it("credits 10 % of a deposit per rate, and refuses to credit what was already deducted", () => {
    const partial = issued(
      computeCreditNote(quote, [deposit], {
        invoiceId: "a1",
        amount: { kind: "percent", basisPoints: 1_000 },
      }),
      "c1",
    );
    expect(partial.title).toBe("Avoir partiel sur la facture d'acompte n° 1");
    expect(pick(partial.deposit)).toEqual([
      { code: "20", ht: -30_000, vat: -6_000, ttc: -36_000 },
      { code: "10", ht: -6_000, vat: -600, ttc: -6_600 },
      { code: "5.5", ht: -12_000, vat: -660, ttc: -12_660 },
    ]);
    expect(partial.totals.ttc).toBe(-55_260);
    expect(
      refusal(computeCreditNote(quote, [deposit, situation], { invoiceId: "a1", amount: { kind: "total" } })),
    ).toBe(
      "Cet acompte a déjà été déduit des factures suivantes : l'avoir ne peut dépasser ce qui reste à déduire, 2\u202f763,00\u00a0€ TTC.",
    );
    expect(
      issued(
        computeCreditNote(quote, [deposit, situation], {
          invoiceId: "a1",
          amount: { kind: "amount", ttc: 276_300 },
        }),
        "c2",
      ).totals.ttc,
    ).toBe(-276_300);
    expect(
      refusal(
        computeCreditNote(quote, [deposit], { invoiceId: "a1", amount: { kind: "amount", ttc: 552_601 } }),
      ),
    ).toBe(
      "L'avoir doit être compris entre 0,01\u00a0€ et ce qui reste de la facture : 5\u202f526,00\u00a0€ TTC.",
    );
    expect(refusal(computeCreditNote(quote, [deposit], { invoiceId: "x", amount: { kind: "total" } }))).toBe(
      "Cette facture n'est pas une facture de ce devis.",
    );
  });
});

describe("a tiny invoice", () => {
  it("a partial credit note rounded to whole cents may take all of it; then nothing is left to credit", () => {
    // Found by the properties: 0,03 € HT at 20 % (VAT 0,01 €), credited at 75 %: 0,03 € TTC
    // gives round(0,025) = 0,03 € HT and 0,01 € VAT, the whole invoice.
    const quote = {
      reverseCharge: false,
      lots: [{ id: "lot0", title: "Lot 1", subtotalHt: 3, byRate: [{ code: "20" as const, linesHt: 3 }] }],
      byRate: [{ code: "20" as const, linesHt: 3, discountHt: 0, ht: 3, vat: 1 }],
      totalHt: 3,
      totalVat: 1,
      totalTtc: 4,
      retention: null,
    };
    const situation = computeProgressInvoice(quote, [], { lots: [{ lotId: "lot0", percent: 10_000 }] });
    if (!situation.ok) throw new Error(situation.message);
    const issued = [{ ...situation.invoice, id: "s" }];
    const partial = computeCreditNote(quote, issued, {
      invoiceId: "s",
      amount: { kind: "percent", basisPoints: 7_500 },
    });
    if (!partial.ok) throw new Error(partial.message);
    expect(partial.invoice.totals).toMatchObject({ ht: -3, vat: -1, ttc: -4 });
    const rest = computeCreditNote(quote, [...issued, { ...partial.invoice, id: "p" }], {
      invoiceId: "s",
      amount: { kind: "total" },
    });
    expect(rest.ok).toBe(false);
  });
});

describe("rules", () => {
  it("computes each document's VAT on its own base; the document that closes a rate takes back the earlier roundings", () => {
    // 333,33 € HT at 20 %: VAT 66,67 €. Thirds: 111,10 + 111,13 + 111,10 HT; 22,22 + 22,23 + 22,22 VAT.
    const quote = billingQuoteFromContent(content([lot("Lot", [item("20", 33_333)], "l")]), null);
    const first = issued(computeProgressInvoice(quote, [], { lots: [{ lotId: "l", percent: 3_333 }] }), "s1");
    const second = issued(
      computeProgressInvoice(quote, [first], { lots: [{ lotId: "l", percent: 6_667 }] }),
      "s2",
    );
    const last = issued(computeFinalInvoice(quote, [first, second]), "f");
    expect([first, second, last].map((invoice) => [invoice.totals.ht, invoice.totals.vat])).toEqual([
      [11_110, 2_222],
      [11_113, 2_223],
      [11_110, 2_222],
    ]);
    expect(last.byRate[0]?.rounding).toBeUndefined();
    // 0,07 € at 20 % (VAT 0,01 €) in two halves, 0,04 € then 0,03 €: round(0,008) = 0,01 €
    // on the first; round(0,006) would give 0,01 € more on the final, 0,02 € in all against
    // the quote's 0,01 €. The final invoice closes the rate: it charges the 0,00 € left,
    // a cent below its own round(base × rate), and says why.
    const tiny = billingQuoteFromContent(content([lot("Lot", [item("20", 7)], "l")]), null);
    const half = issued(computeProgressInvoice(tiny, [], { lots: [{ lotId: "l", percent: 5_000 }] }), "s1");
    const rest = issued(computeFinalInvoice(tiny, [half]), "f");
    expect([half.totals.ht, rest.totals.ht]).toEqual([4, 3]);
    expect([half.totals.vat, rest.totals.vat]).toEqual([1, 0]);
    expect(tiny.totalVat).toBe(1);
    expect(rest.byRate.find((rate) => rate.code === "20")?.rounding).toBe(-1);
    expect(rest.mentions).toContain(
      "Arrondis de TVA repris des factures précédentes (−0,01\u00a0€ sur la TVA à 20\u00a0%) : les factures de ce devis totalisent exactement sa TVA.",
    );
    // Its total credit note is its exact opposite, rounding included.
    const cancel = issued(
      computeCreditNote(tiny, [half, rest], { invoiceId: "f", amount: { kind: "total" } }),
      "c",
    );
    expect(cancel.totals.vat).toBe(0);
    expect(cancel.totals.ht).toBe(-3);
  });

  it("says when a deposit asked in TTC prints another TTC, its VAT being computed on its HT", () => {
    // 0,03 € TTC at 20 %: 0,03 € HT would give 0,04 € TTC, 0,02 € HT gives 0,02 €; round(0,025) = 0,03 € HT.
    const quote = billingQuoteFromContent(content([lot("Lot", [item("20", 100_000)], "l")]), null);
    const deposit = issued(computeDepositInvoice(quote, [], { deposit: { kind: "amount", cents: 3 } }), "a1");
    expect(pick(deposit.byRate)).toEqual([{ code: "20", ht: 3, vat: 1, ttc: 4 }]);
    expect(deposit.depositRequest).toEqual({
      requestedTtc: 3,
      notice:
        "L'acompte demandé de 0,03\u00a0€ TTC donne 0,04\u00a0€ TTC : la TVA de chaque taux est calculée sur son montant HT, arrondie au centime.",
    });
    // A final invoice deducts exactly the HT the deposit printed.
    const final = issued(computeFinalInvoice(quote, [deposit]), "f");
    expect(pickHt(final.depositDeduction)).toEqual([{ code: "20", ht: 3 }]);
    expect(pick(final.byRate)).toEqual([{ code: "20", ht: 99_997, vat: 19_999, ttc: 119_996 }]);
  });

  it("spreads a late deposit over the work left when it was taken", () => {
    const quote = billingQuoteFromContent(content([lot("Lot", [item("20", 100_000)], "l")]), null); // 1 200,00 TTC
    const half = issued(computeProgressInvoice(quote, [], { lots: [{ lotId: "l", percent: 5_000 }] }), "s1");
    const deposit = issued(
      computeDepositInvoice(quote, [half], { deposit: { kind: "amount", cents: 30_000 } }),
      "a1",
    );
    const more = issued(
      computeProgressInvoice(quote, [half, deposit], { lots: [{ lotId: "l", percent: 7_500 }] }),
      "s2",
    );
    // The deposit: 300,00 TTC = 250,00 HT + 50,00 VAT. 250,00 × 250,00 / 500,00 = 125,00 HT
    // deducted: half of the deposit for half of the work left; VAT on the 125,00 € left.
    expect(more.totals.depositsDeductedHt).toBe(12_500);
    expect(more.totals.ttc).toBe(15_000);
    const final = issued(computeFinalInvoice(quote, [half, deposit, more]), "f");
    expect(final.totals.depositsDeductedHt).toBe(12_500);
    expect(sum([half, deposit, more, final].map((invoice) => invoice.totals.ttc))).toBe(120_000);
  });

  it("withholds nothing under a bank guarantee, and says so", () => {
    const quote = workedQuote({ basisPoints: 500, bankGuarantee: true });
    const situation = issued(
      computeProgressInvoice(quote, [], { lots: [{ lotId: "go", percent: 5_000 }] }),
      "s1",
    );
    expect(situation.totals.retention).toBe(0);
    expect(situation.totals.netToPay).toBe(situation.totals.ttc);
    expect(situation.retention).toEqual({
      basisPoints: 500,
      bankGuarantee: true,
      withheld: 0,
      cumulativeWithheld: 0,
    });
    expect(situation.mentions).toEqual([BANK_GUARANTEE_MENTION]);
    expect(quoteBillingSummary(quote, [situation], [], "2028-02-29").retention).toMatchObject({
      held: 0,
      bankGuarantee: true,
      releaseOn: "2029-02-28",
    });
  });

  it("withholds nothing when the contract provides no retention", () => {
    const quote = workedQuote(null);
    const situation = issued(
      computeProgressInvoice(quote, [], { lots: [{ lotId: "go", percent: 5_000 }] }),
      "s1",
    );
    expect(situation.retention).toBeNull();
    expect(situation.totals.retention).toBe(0);
    expect(quoteBillingSummary(quote, [situation], []).retention).toBeNull();
  });

  it("bills reverse charge HT only: VAT 0, category AE, the mention, messages in HT", () => {
    const quote = workedQuote(RG_5, true);
    expect(quote.totalTtc).toBe(1_600_000);
    const deposit = depositOf30(quote, "a1");
    expect(pick(deposit.byRate)).toEqual([{ code: "autoliquidation", ht: 480_000, vat: 0, ttc: 480_000 }]);
    const situation = issued(
      computeProgressInvoice(quote, [deposit], { lots: [{ lotId: "iso", percent: 10_000 }] }),
      "s1",
    );
    expect(situation.byRate.map((r) => [r.category, r.vat])).toEqual([["AE", 0]]);
    expect(situation.mentions).toEqual([REVERSE_CHARGE_MENTION]);
    expect(situation.totals).toMatchObject({
      ht: 420_000,
      vat: 0,
      ttc: 420_000,
      depositsDeductedHt: 180_000,
      retention: 30_000,
    });
    expect(
      refusal(
        computeDepositInvoice(quote, [deposit, situation], {
          deposit: { kind: "percent", basisPoints: 10_000 },
        }),
      ),
    ).toBe(
      "L'acompte de 16\u202f000,00\u00a0€ TTC dépasserait le montant du devis. Il reste 7\u202f000,00\u00a0€ HT à facturer sur ce devis.",
    );
  });

  it("gives the release date one year after the handover, 29 February to 28 February", () => {
    expect(retentionReleaseDate("2027-03-15")).toBe("2028-03-15");
    expect(retentionReleaseDate("2028-02-29")).toBe("2029-02-28");
    expect(retentionReleaseDate("2027-02-28")).toBe("2028-02-28");
    expect(retentionReleaseDate("2031-12-31")).toBe("2032-12-31");
    expect(() => retentionReleaseDate("2027-02-30")).toThrow();
  });
});

// ─── Properties ───────────────────────────────────────────────────────────────────────

const lineArbitrary = fc.record({
  vatCode: fc.constantFrom<LineVatCode>("20", "10", "5.5"),
  quantity: fc.oneof(fc.integer({ min: 0, max: 20_000 }), fc.constant(1_000)),
  unitPriceHt: fc.oneof(fc.integer({ min: 0, max: 3_000_000 }), fc.integer({ min: 0, max: 999 })),
  optional: fc.constantFrom(false, false, false, false, true),
});

const quoteArbitrary = fc
  .record({
    lots: fc.array(fc.array(lineArbitrary, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 4 }),
    reverseCharge: fc.boolean(),
    travel: fc.option(
      fc.record({
        amountHt: fc.integer({ min: 0, max: 50_000 }),
        vatCode: fc.constantFrom<LineVatCode>("20", "10", "5.5"),
      }),
      { nil: null },
    ),
    discount: fc.option(
      fc.record({
        kind: fc.constantFrom("percent" as const, "amount" as const),
        basisPoints: fc.integer({ min: 0, max: 3_000 }),
      }),
      { nil: null },
    ),
    retention: fc.option(
      fc.record({ basisPoints: fc.integer({ min: 0, max: 500 }), bankGuarantee: fc.boolean() }),
      { nil: null },
    ),
  })
  .map(({ lots: lotLines, reverseCharge, travel, discount, retention }) => {
    const quoteLots = lotLines.map((lines, index) =>
      lot(
        `Lot ${index + 1}`,
        lines.map((line) => item(line.vatCode, line.unitPriceHt, line.quantity, line.optional)),
        `lot${index}`,
      ),
    );
    const undiscounted = billingQuoteFromContent(content(quoteLots, { reverseCharge, travel }), null);
    const linesHt = sum(undiscounted.byRate.map((r) => r.linesHt));
    const stored: QuoteContent["discount"] =
      discount === null
        ? null
        : discount.kind === "percent"
          ? { kind: "percent", basisPoints: discount.basisPoints }
          : { kind: "amount", cents: Math.floor((linesHt * discount.basisPoints) / 10_000) };
    return billingQuoteFromContent(
      content(quoteLots, { reverseCharge, travel, discount: stored }),
      retention,
    );
  });

type Step =
  | { kind: "deposit"; mode: "percent" | "amount"; basisPoints: number }
  | { kind: "situation"; lots: { index: number; mode: "percent" | "amount"; basisPoints: number }[] };

const stepArbitrary: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant("deposit" as const),
    mode: fc.constantFrom("percent" as const, "amount" as const),
    basisPoints: fc.integer({ min: 1, max: 10_000 }),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("situation" as const),
      lots: fc.array(
        fc.record({
          index: fc.nat(),
          mode: fc.constantFrom("percent" as const, "amount" as const),
          basisPoints: fc.oneof(fc.integer({ min: 0, max: 10_000 }), fc.constant(10_000)),
        }),
        { minLength: 1, maxLength: 4 },
      ),
    }),
  },
);

/** What a lot has been invoiced so far, from the invoices' lot lines. */
function lotInvoiced(invoices: readonly BillingInvoice[], lotId: string): number {
  return sum(
    invoices.flatMap((invoice) =>
      lots(invoice)
        .filter((l) => l.lotId === lotId)
        .map((l) => l.ht),
    ),
  );
}

function contractOf(quote: BillingQuote, invoices: readonly BillingInvoice[], lotId: string): number {
  // The contract amount as printed on a situation (identical on every lot line).
  const line = invoices.flatMap((invoice) => lots(invoice)).find((l) => l.lotId === lotId);
  if (line) return line.contractHt;
  const probe = computeFinalInvoice(quote, []);
  if (!probe.ok) throw new Error(probe.message);
  return lots(probe.invoice).find((l) => l.lotId === lotId)?.contractHt ?? 0;
}

function requestFor(
  quote: BillingQuote,
  invoices: readonly BillingInvoice[],
  step: Step & { kind: "situation" },
) {
  const seen = new Set<string>();
  const entries: ProgressEntry[] = [];
  for (const choice of step.lots) {
    const lotId = quote.lots[choice.index % quote.lots.length]?.id as string;
    if (seen.has(lotId)) continue;
    seen.add(lotId);
    const contract = contractOf(quote, invoices, lotId);
    const previous = lotInvoiced(invoices, lotId);
    if (choice.mode === "amount") {
      entries.push({
        lotId,
        cumulativeHt: previous + Math.floor(((contract - previous) * choice.basisPoints) / 10_000),
      });
    } else {
      // The smallest percentage whose amount is not below what was invoiced, then a step towards 100 %.
      const least =
        contract === 0 ? 0 : Number((BigInt(previous) * 10_000n + BigInt(contract) - 1n) / BigInt(contract));
      entries.push({ lotId, percent: least + Math.floor(((10_000 - least) * choice.basisPoints) / 10_000) });
    }
  }
  return { lots: entries } satisfies ProgressRequest;
}

function checkInvoice(quote: BillingQuote, invoice: BillingInvoice, invoices: readonly IssuedInvoice[]) {
  const { totals } = invoice;
  expect(totals.ttc).toBe(totals.ht + totals.vat);
  expect(totals.netToPay + totals.retention).toBe(totals.ttc);
  expect(sum(invoice.byRate.map((r) => r.ht))).toBe(totals.ht);
  expect(sum(invoice.byRate.map((r) => r.vat))).toBe(totals.vat);
  expect(sum(invoice.depositDeduction.map((r) => r.ht))).toBe(totals.depositsDeductedHt);
  invoice.byRate.forEach((amount, index) => {
    const work = invoice.work[index] as RateBase;
    const deposit = invoice.deposit[index] as RateAmount;
    const deducted = invoice.depositDeduction[index] as RateBase;
    expect(amount.ht).toBe(work.ht + deposit.ht - deducted.ht);
    // BR-CO-17: each rate's VAT is round(the document's base × rate), plus on the document
    // closing the rate the cents the earlier ones rounded, within the rule's tolerance of 1 €.
    expect(amount.vat).toBe(vatOf(amount) + (amount.rounding ?? 0));
    expect(Math.abs(amount.rounding ?? 0)).toBeLessThanOrEqual(MAX_VAT_ROUNDING);
    // Only the document after which nothing is left to invoice on the rate takes roundings back.
    if (amount.rounding && invoice.kind !== "avoir") {
      expect(
        quoteBillingSummary(quote, [...invoices, { ...invoice, id: "closing" }], []).byRate.find(
          (r) => r.code === amount.code,
        )?.vat,
      ).toBe(quote.byRate.find((r) => r.code === amount.code)?.vat);
    }
    expect(amount.ttc).toBe(amount.ht + amount.vat);
    // A deposit's VAT is the document's when the deposit is all the rate's base.
    expect(deposit.vat).toBe(work.ht === 0 && deducted.ht === 0 ? amount.vat : vatOf(deposit));
    expect(work.ht).toBe(
      sum(lots(invoice).flatMap((l) => l.byRate.filter((r) => r.code === amount.code).map((r) => r.ht))),
    );
    // The printed rows are the arrays: deposits with their VAT, deductions HT, negative.
    const rows = (kind: "deposit" | "depositDeduction") =>
      invoice.lines.filter((line) => line.kind === kind && line.code === amount.code);
    expect(sum(rows("deposit").map((line) => (line.kind === "deposit" ? line.ht : 0)))).toBe(deposit.ht);
    expect(
      sum(rows("depositDeduction").map((line) => (line.kind === "depositDeduction" ? line.ht : 0))),
    ).toBe(deducted.ht === 0 ? 0 : -deducted.ht);
    if (quote.reverseCharge) expect([amount.vat, amount.category]).toEqual([0, "AE"]);
  });
  for (const line of lots(invoice)) expect(line.ht).toBe(line.cumulativeHt - line.previousHt);
  if (invoice.kind !== "avoir") {
    // An invoice is never negative on a rate, deducts no more than it adds, withholds within its TTC.
    for (const index of invoice.byRate.keys()) {
      expect(invoice.work[index]?.ht).toBeGreaterThanOrEqual(0);
      expect(invoice.depositDeduction[index]?.ht).toBeGreaterThanOrEqual(0);
      expect(invoice.byRate[index]?.ht).toBeGreaterThanOrEqual(0);
      // A closing document's VAT may take back a cent more than its base carries.
      expect(invoice.byRate[index]?.vat).toBeGreaterThanOrEqual(
        Math.min(0, invoice.byRate[index]?.rounding ?? 0),
      );
    }
    expect(totals.retention).toBeGreaterThanOrEqual(0);
    expect(totals.retention).toBeLessThanOrEqual(Math.max(0, totals.ttc));
  }
  if (!quote.retention || quote.retention.bankGuarantee) expect(totals.retention).toBe(0);
  // The HT invoiced never exceeds the quote on any rate.
  const summary = quoteBillingSummary(quote, [...invoices, { ...invoice, id: "check" }], []);
  summary.byRate.forEach((amount) => {
    const quoted = quote.byRate.find((r) => r.code === amount.code);
    expect(amount.ht).toBeLessThanOrEqual(quoted?.ht ?? 0);
  });
  expect(summary.remainingTtc).toBeGreaterThanOrEqual(0);
  expect(summary.remainingHt).toBeGreaterThanOrEqual(0);
  // « Facturé » and « Reste à facturer » add up to the quote, at every step.
  expect(summary.invoicedTtc + summary.remainingTtc).toBe(quote.totalTtc);
  expect(summary.invoicedHt + summary.remainingHt).toBe(quote.totalHt);
}

/** Plays the steps; every request is either issued (and checked) or refused with a reason. */
function play(quote: BillingQuote, steps: readonly Step[]): IssuedInvoice[] {
  const invoices: IssuedInvoice[] = [];
  steps.forEach((step, index) => {
    let result: BillingResult;
    if (step.kind === "deposit") {
      const left = quoteBillingSummary(quote, invoices, []).remainingTtc;
      const request: DepositRequest =
        step.mode === "percent"
          ? { deposit: { kind: "percent", basisPoints: step.basisPoints } }
          : { deposit: { kind: "amount", cents: Math.floor((left * step.basisPoints) / 10_000) } };
      result = computeDepositInvoice(quote, invoices, request);
      if (!result.ok) {
        expect(result.message).toMatch(/Il reste|entièrement facturé|supérieur à 0|trop faible/);
        return;
      }
      expect(result.invoice.totals.ttc).toBeLessThanOrEqual(left);
      // The TTC printed is the HT shares and their VAT: a cent per rate at most from the amount asked.
      const asked = result.invoice.depositRequest?.requestedTtc ?? 0;
      // (and, on a deposit taking all that is left of a rate, the earlier roundings it takes back).
      const takenBack = sum(result.invoice.byRate.map((amount) => Math.abs(amount.rounding ?? 0)));
      expect(Math.abs(result.invoice.totals.ttc - asked)).toBeLessThanOrEqual(
        quote.byRate.length + takenBack,
      );
      expect(result.invoice.depositRequest?.notice === null).toBe(result.invoice.totals.ttc === asked);
    } else {
      result = computeProgressInvoice(quote, invoices, requestFor(quote, invoices, step));
      if (!result.ok) {
        expect(result.message).toBe("Cette situation ne fait avancer aucun lot : il n'y a rien à facturer.");
        return;
      }
    }
    checkInvoice(quote, result.invoice, invoices);
    invoices.push({ ...result.invoice, id: `i${index}` });
  });
  return invoices;
}

function finish(quote: BillingQuote, invoices: IssuedInvoice[]): IssuedInvoice[] {
  const final = computeFinalInvoice(quote, invoices);
  if (final.ok) {
    checkInvoice(quote, final.invoice, invoices);
    return [...invoices, { ...final.invoice, id: `final${invoices.length}` }];
  }
  expect(final.message).toBe("Ce devis est entièrement facturé : il ne reste rien à facturer.");
  return invoices;
}

function byCode(invoices: readonly BillingInvoice[], field: "byRate" | "deposit", code: VatCode) {
  const amounts = invoices.map((invoice) => rate(invoice[field], code));
  return {
    ht: sum(amounts.map((amount) => amount?.ht ?? 0)),
    vat: sum(amounts.map((amount) => amount?.vat ?? 0)),
  };
}

const htOf = (invoices: readonly BillingInvoice[], field: "work" | "depositDeduction", code: VatCode) =>
  sum(invoices.map((invoice) => invoice[field].find((amount) => amount.code === code)?.ht ?? 0));

/**
 * Decision 018, « Closing a rate »: the documents of a quote fully invoiced add up to its VAT
 * on every rate, to the cent, whatever each one rounded on its own base.
 */
function checkVatClosed(quote: BillingQuote, invoices: readonly BillingInvoice[]) {
  for (const quoted of quote.byRate) {
    expect(byCode(invoices, "byRate", quoted.code).vat).toBe(quoted.vat);
  }
}

/**
 * Everything the invoices sum to equals the quote: HT and VAT per rate, and TTC, exactly;
 * deposits all deducted, HT as printed; retention withheld + paid = invoiced.
 */
function checkClosed(quote: BillingQuote, invoices: readonly IssuedInvoice[]) {
  for (const quoted of quote.byRate) {
    expect(byCode(invoices, "byRate", quoted.code).ht).toBe(quoted.ht);
    expect(htOf(invoices, "work", quoted.code)).toBe(quoted.ht);
    expect(byCode(invoices, "deposit", quoted.code).ht).toBe(htOf(invoices, "depositDeduction", quoted.code));
  }
  checkVatClosed(quote, invoices);
  const invoicedVat = sum(invoices.map((invoice) => invoice.totals.vat));
  expect(invoicedVat).toBe(quote.totalVat);
  expect(sum(invoices.map((invoice) => invoice.totals.ht))).toBe(quote.totalHt);
  expect(sum(invoices.map((invoice) => invoice.totals.ttc))).toBe(quote.totalTtc);
  for (const quoteLot of quote.lots) {
    const contract = contractOf(quote, invoices, quoteLot.id);
    expect(lotInvoiced(invoices, quoteLot.id)).toBe(contract);
  }
  const withheld = sum(invoices.map((invoice) => invoice.totals.retention));
  const payments = invoices.map((invoice) => ({ amount: invoice.totals.netToPay }));
  const summary = quoteBillingSummary(quote, invoices, payments, "2027-01-15");
  expect(summary).toMatchObject({
    invoicedHt: quote.totalHt,
    invoicedVat,
    invoicedTtc: quote.totalHt + invoicedVat,
    remainingHt: 0,
    remainingTtc: 0,
    depositsToDeductHt: 0,
    outstanding: 0,
    fullyInvoiced: true,
  });
  expect(summary.paid + withheld).toBe(summary.invoicedTtc);
  if (quote.retention && !quote.retention.bankGuarantee) {
    // The retention's base is the work's HT and its VAT rate by rate: the quote's TTC once all is done.
    expect(summary.retention?.held).toBe(withheld);
    expect(withheld).toBeLessThanOrEqual(percentOf(quote.totalTtc, quote.retention.basisPoints));
    if (!invoices.some((invoice) => invoice.kind === "acompte" || invoice.kind === "avoir")) {
      expect(withheld).toBe(percentOf(quote.totalTtc, quote.retention.basisPoints));
    }
  } else {
    expect(withheld).toBe(0);
  }
}

describe("billing: credit notes that explain themselves", () => {
  /** Deposit 30 %, a situation at 50 % and the final invoice of the worked example, without retention. */
  function billed() {
    const quote = workedQuote(null);
    const deposit = depositOf30(quote, "a");
    const half = halfOfBothLots(quote, [deposit], "s");
    const final = issued(computeFinalInvoice(quote, [deposit, half]), "f");
    return { quote, invoices: [deposit, half, final] };
  }

  it("a commercial gesture is one line per rate under the user's words, and does not reopen billing", () => {
    const { quote, invoices } = billed();
    expect(quoteBillingSummary(quote, invoices, []).remainingTtc).toBe(0);
    const gesture = issued(
      computeCreditNote(quote, invoices, {
        invoiceId: "f",
        amount: { kind: "allowance", ttc: 10_000, designation: "Geste commercial : retard de chantier" },
        reason: { kind: "geste", text: "Retard de deux semaines sur la livraison." },
      }),
      "g",
    );
    // No lot, no « % cumulés », no deposit reinstated: the designation at each rate of the invoice.
    expect(gesture.lines.every((line) => line.kind === "allowance")).toBe(true);
    expect(new Set(gesture.lines.map((line) => (line.kind === "allowance" ? line.label : "")))).toEqual(
      new Set(["Geste commercial : retard de chantier"]),
    );
    expect(gesture.creditReason).toEqual({
      kind: "geste",
      text: "Retard de deux semaines sur la livraison.",
    });
    expect(gesture.title).toBe("Avoir (geste commercial) sur la facture de solde");
    // 100 € TTC split over the three rates in proportion, each share's VAT on its base.
    expect(gesture.totals.ttc).toBeLessThanOrEqual(-9_997);
    expect(gesture.totals.ttc).toBeGreaterThanOrEqual(-10_003);
    for (const amount of gesture.byRate) {
      expect(amount.vat).toBe(vatOf(amount));
      expect(rate(gesture.allowance ?? [], amount.code)?.ht ?? 0).toBe(amount.ht);
    }
    expect(
      gesture.byRate
        .filter((amount) => amount.ht !== 0)
        .map((amount) => amount.code)
        .sort(),
    ).toEqual(["10", "20", "5.5"]);
    // Billing stays closed: nothing to invoice, no « Préparer le solde ».
    const after = quoteBillingSummary(quote, [...invoices, gesture], []);
    expect(after).toMatchObject({
      remainingHt: 0,
      remainingTtc: 0,
      fullyInvoiced: true,
      depositsToDeductHt: 0,
    });
    expect(after.invoicedTtc).toBe(quote.totalTtc);
    expect(after.allowancesTtc).toBe(gesture.totals.ttc);
    expect(refusal(computeFinalInvoice(quote, [...invoices, gesture]))).toBe(
      "Ce devis est entièrement facturé : il ne reste rien à facturer.",
    );
  });

  it("an annulation reopens billing; after a gesture it cancels what is left, and a new final closes the quote", () => {
    const { quote, invoices } = billed();
    const gesture = issued(
      computeCreditNote(quote, invoices, {
        invoiceId: "f",
        amount: { kind: "allowance", ttc: 5_000, designation: "Remise fidélité" },
        reason: { kind: "remise", text: "Client fidèle." },
      }),
      "g",
    );
    const final = invoices[2] as IssuedInvoice;
    const cancel = issued(
      computeCreditNote(quote, [...invoices, gesture], {
        invoiceId: "f",
        amount: { kind: "total" },
        reason: { kind: "annulation", text: "Facture émise au mauvais nom." },
      }),
      "c",
    );
    // What was left of the final: its TTC less the discount.
    expect(cancel.totals.ttc).toBe(-(final.totals.ttc + gesture.totals.ttc));
    const reopened = quoteBillingSummary(quote, [...invoices, gesture, cancel], []);
    expect(reopened.remainingTtc).toBe(final.totals.ttc);
    expect(reopened.allowancesTtc).toBe(0);
    const again = issued(computeFinalInvoice(quote, [...invoices, gesture, cancel]), "f2");
    expect(again.totals.ttc).toBe(final.totals.ttc);
    expect(quoteBillingSummary(quote, [...invoices, gesture, cancel, again], []).remainingTtc).toBe(0);
  });

  it("requires a reason that fits the kind of credit note", () => {
    const { quote, invoices } = billed();
    expect(
      refusal(
        computeCreditNote(quote, invoices, {
          invoiceId: "f",
          amount: { kind: "total" },
          reason: { kind: "annulation", text: "   " },
        }),
      ),
    ).toBe("Indiquez le motif de l'avoir : il est imprimé sur l'avoir.");
    expect(
      refusal(
        computeCreditNote(quote, invoices, {
          invoiceId: "f",
          amount: { kind: "allowance", ttc: 1_000, designation: "Geste" },
          reason: { kind: "annulation", text: "Pourquoi pas." },
        }),
      ),
    ).toMatch(/^Le type d'avoir ne correspond pas au montant/);
    expect(
      refusal(
        computeCreditNote(quote, invoices, {
          invoiceId: "f",
          amount: { kind: "allowance", ttc: 1_000, designation: "  " },
          reason: { kind: "geste", text: "Geste." },
        }),
      ),
    ).toBe("Indiquez la désignation du geste commercial ou de la remise.");
    const final = invoices[2] as IssuedInvoice;
    expect(
      refusal(
        computeCreditNote(quote, invoices, {
          invoiceId: "f",
          amount: { kind: "allowance", ttc: final.totals.ttc + 1, designation: "Trop" },
          reason: { kind: "geste", text: "Trop." },
        }),
      ),
    ).toMatch(/^Le montant doit être compris entre 0,01/);
  });
});

describe("billing: « Correction » of chosen lots or lines", () => {
  const correction = { kind: "correction" as const, text: "Cloison du séjour non réalisée." };

  it("takes back HT from the lots chosen, reinstates their share of the deposits, and the final closes the quote", () => {
    const quote = workedQuote(RG_5);
    const deposit = depositOf30(quote, "a");
    const half = halfOfBothLots(quote, [deposit], "s");
    const before = quoteBillingSummary(quote, [deposit, half], []);
    const credit = issued(
      computeCreditNote(quote, [deposit, half], {
        invoiceId: "s",
        amount: { kind: "lots", lots: [{ lotId: "iso", ht: 60_000 }] },
        reason: correction,
      }),
      "c",
    );
    // Only the lot chosen is printed, its 600 € HT spread over its rates as the situation had them (2 : 1).
    expect(lots(credit).map((line) => [line.lotId, line.ht, line.byRate])).toEqual([
      [
        "iso",
        -60_000,
        [
          { code: "10", ht: -20_000 },
          { code: "5.5", ht: -40_000 },
        ],
      ],
    ]);
    expect(credit.creditReason).toEqual(correction);
    expect(credit.creditOf).toEqual({ invoiceId: "s", total: false });
    // The situation deducted deposits pro rata on each rate: the same share comes back.
    for (const code of ["5.5", "10"] as const) {
      const deducted = half.depositDeduction.find((amount) => amount.code === code)?.ht ?? 0;
      const work = half.work.find((amount) => amount.code === code)?.ht ?? 0;
      const taken = -(credit.work.find((amount) => amount.code === code)?.ht ?? 0);
      const back = -(credit.depositDeduction.find((amount) => amount.code === code)?.ht ?? 0);
      expect(back).toBe(Math.round((deducted * taken) / work));
      expect(back).toBeGreaterThan(0);
    }
    // Nothing on « Gros œuvre » moves.
    expect(credit.work.find((amount) => amount.code === "20")?.ht).toBe(0);
    expect(credit.depositDeduction.find((amount) => amount.code === "20")?.ht).toBe(0);
    for (const amount of credit.byRate) expect(amount.vat).toBe(vatOf(amount));
    // Billing reopens by what was taken back, less the deposits to deduct again.
    const after = quoteBillingSummary(quote, [deposit, half, credit], []);
    expect(after.remainingHt - before.remainingHt).toBe(-credit.totals.ht);
    expect(after.depositsToDeductHt - before.depositsToDeductHt).toBe(
      -sum(credit.depositDeduction.map((amount) => amount.ht)),
    );
    const final = issued(computeFinalInvoice(quote, [deposit, half, credit]), "f");
    checkClosed(quote, [deposit, half, credit, final]);
  });

  it("refuses a lot not on the invoice, more than is left of a lot, all of the invoice, and a kind that does not fit", () => {
    const quote = workedQuote(null);
    const deposit = depositOf30(quote, "a");
    const half = issued(
      computeProgressInvoice(quote, [deposit], { lots: [{ lotId: "go", percent: 5_000 }] }),
      "s",
    );
    const ask = (
      invoiceId: string,
      lotsAsked: { lotId: string; ht: number }[],
      kind: "correction" | "geste" = "correction",
    ) =>
      computeCreditNote(quote, [deposit, half], {
        invoiceId,
        amount: { kind: "lots", lots: lotsAsked },
        reason: { kind, text: correction.text },
      });
    expect(refusal(ask("a", [{ lotId: "go", ht: 100 }]))).toBe("Ce lot n'est pas sur cette facture.");
    expect(refusal(ask("s", [{ lotId: "iso", ht: 100 }]))).toBe(
      "Lot « Isolation » : il ne reste rien de ce lot sur la facture.",
    );
    expect(refusal(ask("s", [{ lotId: "autre", ht: 100 }]))).toBe("Ce lot n'est pas sur cette facture.");
    expect(refusal(ask("s", [{ lotId: "go", ht: 500_001 }]))).toBe(
      "Lot « Gros œuvre » : indiquez un montant HT entre 0,01\u00a0€ et 5\u202f000,00\u00a0€, ce qui reste de ce lot sur la facture.",
    );
    expect(refusal(ask("s", [{ lotId: "go", ht: 0 }]))).toMatch(
      /^Lot « Gros œuvre » : indiquez un montant HT/,
    );
    expect(refusal(ask("s", [{ lotId: "go", ht: 500_000 }]))).toBe(
      "Cette correction reprend tout ce qui reste de la facture : choisissez « Annulation ».",
    );
    expect(refusal(ask("s", [{ lotId: "go", ht: 100 }], "geste"))).toMatch(
      /^Le type d'avoir ne correspond pas au montant/,
    );
    expect(
      refusal(
        ask("s", [
          { lotId: "go", ht: 100 },
          { lotId: "go", ht: 100 },
        ]),
      ),
    ).toBe("Un lot ne figure qu'une fois dans la correction.");
    // After a correction of 4 000 €, 1 000 € is left of the lot.
    const first = issued(ask("s", [{ lotId: "go", ht: 400_000 }]), "c1");
    expect(
      refusal(
        computeCreditNote(quote, [deposit, half, first], {
          invoiceId: "s",
          amount: { kind: "lots", lots: [{ lotId: "go", ht: 100_001 }] },
          reason: correction,
        }),
      ),
    ).toMatch(/et 1\u202f000,00\u00a0€, ce qui reste de ce lot sur la facture\.$/);
  });

  it("takes back quantities of a standalone invoice's lines, printed as lines, to the cent of what was invoiced", () => {
    const paint = { ...item("20", 1_234, 5_000), designation: "Peinture murs", unit: "m²" as const };
    const door = { ...item("10", 45_000, 1_000), designation: "Bloc-porte" };
    const plinth = { ...item("20", 333, 3_000), designation: "Plinthes", unit: "ml" as const };
    const source = content([lot("Travaux", [paint, door, plinth], "t")]);
    const figures = billingQuoteFromContent(source, null);
    const invoice = issued(computeStandaloneInvoice(source), "f");
    const ask = (done: readonly IssuedInvoice[], corrections: { index: number; quantity: number }[]) =>
      computeCreditNote(figures, [invoice, ...done], {
        invoiceId: "f",
        amount: { kind: "items", items: corrections },
        reason: correction,
      });
    const first = issued(
      ask(
        [],
        [
          { index: 2, quantity: 1_000 },
          { index: 0, quantity: 2_000 },
        ],
      ),
      "c1",
    );
    // The lines taken back, in the invoice's order, quantity and unit price as sold, HT negative.
    expect(
      first.items?.map((line) =>
        line.kind === "item" ? [line.of, line.designation, line.quantity, line.ht] : [],
      ),
    ).toEqual([
      [0, "Peinture murs", 2_000, -2_468],
      [2, "Plinthes", 1_000, -333],
    ]);
    expect(first.totals.ht).toBe(-2_801);
    expect(rate(first.byRate, "20")).toMatchObject({ ht: -2_801, vat: percentOf(-2_801, 2_000) });
    expect(rate(first.byRate, "10")?.ht).toBe(0);
    expect(refusal(ask([first], [{ index: 0, quantity: 3_001 }]))).toBe(
      "Ligne « Peinture murs » : indiquez une quantité entre 0,001 et 3 m², ce qui reste de la ligne.",
    );
    expect(refusal(ask([first], [{ index: 7, quantity: 1_000 }]))).toBe(
      "Cette ligne n'est pas sur cette facture.",
    );
    // The rest of the paint: what the invoice counted for it, less what was taken back, to the cent.
    const second = issued(ask([first], [{ index: 0, quantity: 3_000 }]), "c2");
    expect(second.totals.ht).toBe(-(6_170 - 2_468));
    expect(refusal(ask([first, second], [{ index: 0, quantity: 1 }]))).toBe(
      "Ligne « Peinture murs » : elle est déjà entièrement reprise par un avoir.",
    );
    // A lots correction does not apply to a standalone invoice, nor lines to a quote's.
    expect(
      refusal(
        computeCreditNote(figures, [invoice], {
          invoiceId: "f",
          amount: { kind: "lots", lots: [{ lotId: "t", ht: 100 }] },
          reason: correction,
        }),
      ),
    ).toBe("Cette facture se corrige par ses lignes : indiquez les quantités à reprendre.");
    // Everything that is left, line by line, is an annulation.
    expect(
      refusal(
        ask(
          [first, second],
          [
            { index: 1, quantity: 1_000 },
            { index: 2, quantity: 2_000 },
          ],
        ),
      ),
    ).toBe("Cette correction reprend tout ce qui reste de la facture : choisissez « Annulation ».");
  });
});

describe("billing: properties", () => {
  it("closes any sequence of deposits, rising situations and the final on the quote: HT, VAT per rate and TTC exactly", () => {
    fc.assert(
      fc.property(quoteArbitrary, fc.array(stepArbitrary, { maxLength: 6 }), (quote, steps) => {
        fc.pre(quote.totalTtc > 0);
        const invoices = finish(quote, play(quote, steps));
        checkClosed(quote, invoices);
      }),
      { numRuns: 300 },
    );
  });

  it("refuses any request that would exceed the quote, saying how much is left", () => {
    fc.assert(
      fc.property(
        quoteArbitrary,
        fc.array(stepArbitrary, { maxLength: 4 }),
        fc.integer({ min: 1, max: 100_000 }),
        fc.nat(),
        fc.integer({ min: 1, max: 5_000 }),
        (quote, steps, excess, lotChoice, percentExcess) => {
          fc.pre(quote.totalTtc > 0);
          const invoices = play(quote, steps);
          const summary = quoteBillingSummary(quote, invoices, []);
          const tooMuch = computeDepositInvoice(quote, invoices, {
            deposit: { kind: "amount", cents: summary.remainingTtc + excess },
          });
          expect(refusal(tooMuch)).toMatch(
            / dépasserait le montant du devis\. (Il reste .* à facturer sur ce devis\.|Ce devis est entièrement facturé)/,
          );
          const lotId = quote.lots[lotChoice % quote.lots.length]?.id as string;
          const contract = contractOf(quote, invoices, lotId);
          const overAmount = computeProgressInvoice(quote, invoices, {
            lots: [{ lotId, cumulativeHt: contract + excess }],
          });
          expect(refusal(overAmount)).toMatch(/Il reste .* à facturer sur ce lot\./);
          const overPercent = computeProgressInvoice(quote, invoices, {
            lots: [{ lotId, percent: 10_000 + percentExcess }],
          });
          expect(refusal(overPercent)).toMatch(/ne peut pas dépasser 100/);
          // What is left can always be invoiced, exactly: a deposit of all of it, then the final.
          if (summary.remainingTtc > 0) {
            const all = issued(
              computeDepositInvoice(quote, invoices, {
                deposit: { kind: "amount", cents: summary.remainingTtc },
              }),
              "all",
            );
            checkInvoice(quote, all, invoices);
            expect(quoteBillingSummary(quote, [...invoices, all], []).remainingTtc).toBe(0);
            checkClosed(quote, finish(quote, [...invoices, all]));
          }
        },
      ),
      { numRuns: 200 },
    );
  });

  it("corrects any lots of any situation or final invoice by any amounts; invoiced again, the quote closes exactly", () => {
    fc.assert(
      fc.property(
        quoteArbitrary,
        fc.array(stepArbitrary, { minLength: 1, maxLength: 5 }),
        fc.boolean(),
        fc.nat(),
        fc.array(fc.record({ index: fc.nat(), share: fc.integer({ min: 1, max: 10_000 }) }), {
          minLength: 1,
          maxLength: 4,
        }),
        (quote, steps, beforeFinal, choice, picks) => {
          fc.pre(quote.totalTtc > 0);
          let invoices = play(quote, steps);
          if (!beforeFinal) invoices = finish(quote, invoices);
          const targets = invoices.filter((invoice) => lots(invoice).some((line) => line.ht > 0));
          fc.pre(targets.length > 0);
          const target = targets[choice % targets.length] as IssuedInvoice;
          const onInvoice = lots(target).filter((line) => line.ht > 0);
          const asked = new Map<string, number>();
          for (const pick of picks) {
            const line = onInvoice[pick.index % onInvoice.length] as LotLine;
            asked.set(line.lotId, Math.max(1, Math.floor((line.ht * pick.share) / 10_000)));
          }
          const request: CreditNoteRequest = {
            invoiceId: target.id,
            amount: { kind: "lots", lots: [...asked].map(([lotId, ht]) => ({ lotId, ht })) },
            reason: { kind: "correction", text: "Correction." },
          };
          const result = computeCreditNote(quote, invoices, request);
          if (!result.ok) {
            expect(result.message).toBe(
              "Cette correction reprend tout ce qui reste de la facture : choisissez « Annulation ».",
            );
            expect(
              [...asked].every(([lotId, ht]) => onInvoice.find((l) => l.lotId === lotId)?.ht === ht),
            ).toBe(true);
            return;
          }
          const credit = result.invoice;
          checkInvoice(quote, credit, invoices);
          // Exactly the HT asked on each lot chosen, nothing on the others.
          expect(lots(credit).map((line) => [line.lotId, -line.ht])).toEqual(
            lots(target)
              .filter((line) => asked.has(line.lotId))
              .map((line) => [line.lotId, asked.get(line.lotId)]),
          );
          // Never more deposits reinstated than the invoice deducted, rate by rate.
          credit.depositDeduction.forEach((amount, index) => {
            expect(-amount.ht).toBeGreaterThanOrEqual(0);
            expect(-amount.ht).toBeLessThanOrEqual(target.depositDeduction[index]?.ht ?? 0);
          });
          checkClosed(quote, finish(quote, [...invoices, { ...credit, id: "correction" }]));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("makes a total credit note the exact mirror of what is left of its invoice, and the quote still closes", () => {
    fc.assert(
      fc.property(
        quoteArbitrary,
        fc.array(stepArbitrary, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.boolean(),
        (quote, steps, choice, beforeFinal) => {
          fc.pre(quote.totalTtc > 0);
          let invoices = play(quote, steps);
          if (!beforeFinal) invoices = finish(quote, invoices);
          fc.pre(invoices.length > 0);
          const target = invoices[choice % invoices.length] as IssuedInvoice;
          const request: CreditNoteRequest = { invoiceId: target.id, amount: { kind: "total" } };
          const result = computeCreditNote(quote, invoices, request);
          if (!result.ok) {
            // Only a deposit already deducted from later invoices can refuse a total credit note.
            expect(target.kind).toBe("acompte");
            expect(result.message).toMatch(/^Cet acompte a déjà été déduit des factures suivantes/);
            checkClosed(quote, finish(quote, invoices));
            return;
          }
          const credit = result.invoice;
          checkInvoice(quote, credit, invoices);
          // Never credited before: the exact negation, VAT included (round is odd, half away from zero).
          for (const field of ["byRate", "deposit"] as const) {
            credit[field].forEach((amount, index) => {
              expect(amount.ht + (target[field][index]?.ht ?? 0)).toBe(0);
              expect(amount.vat + (target[field][index]?.vat ?? 0)).toBe(0);
              expect(amount.ttc + (target[field][index]?.ttc ?? 0)).toBe(0);
            });
          }
          for (const field of ["work", "depositDeduction"] as const) {
            credit[field].forEach((amount, index) => {
              expect(amount.ht + (target[field][index]?.ht ?? 0)).toBe(0);
            });
          }
          expect(credit.totals.retention + target.totals.retention).toBe(0);
          expect(credit.totals.netToPay + target.totals.netToPay).toBe(0);
          for (const line of lots(target)) {
            expect(lots(credit).find((l) => l.lotId === line.lotId)?.ht).toBe(line.ht === 0 ? 0 : -line.ht);
          }
          const withCredit = [...invoices, { ...credit, id: "credit" }];
          expect(refusal(computeCreditNote(quote, withCredit, request))).toBe(
            "Cette facture est déjà entièrement annulée par avoir.",
          );
          checkClosed(quote, finish(quote, withCredit));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("credits exactly the part asked; the final then closes the quote, or a total credit note cancels the rest", () => {
    fc.assert(
      fc.property(
        quoteArbitrary,
        fc.array(stepArbitrary, { minLength: 1, maxLength: 5 }),
        fc.nat(),
        fc.integer({ min: 1, max: 9_999 }),
        fc.boolean(),
        (quote, steps, choice, share, asPercent) => {
          fc.pre(quote.totalTtc > 0);
          const invoices = play(quote, steps);
          fc.pre(invoices.length > 0);
          const target = invoices[choice % invoices.length] as IssuedInvoice;
          fc.pre(target.totals.ttc > 1);
          const amount = asPercent
            ? percentOf(target.totals.ttc, share)
            : Math.max(1, Math.floor((target.totals.ttc * share) / 10_000));
          fc.pre(amount > 0 && amount < target.totals.ttc);
          const partial = computeCreditNote(quote, invoices, {
            invoiceId: target.id,
            amount: asPercent ? { kind: "percent", basisPoints: share } : { kind: "amount", ttc: amount },
          });
          if (!partial.ok) {
            expect(target.kind).toBe("acompte");
            expect(partial.message).toMatch(/^Cet acompte a déjà été déduit/);
            return;
          }
          checkInvoice(quote, partial.invoice, invoices);
          // Each rate's share of the amount becomes an HT base and its VAT: a cent per rate at most.
          expect(Math.abs(partial.invoice.totals.ttc + amount)).toBeLessThanOrEqual(quote.byRate.length);
          expect(partial.invoice.creditOf).toEqual({ invoiceId: target.id, total: false });
          // Each rate's share within two cents of its proportion of the invoice, never beyond it.
          partial.invoice.byRate.forEach((credited, index) => {
            const original = target.byRate[index]?.ttc ?? 0;
            const exact = (original * amount) / target.totals.ttc;
            expect(Math.abs(-credited.ttc - exact)).toBeLessThan(2);
            expect(-credited.ttc).toBeLessThanOrEqual(Math.max(0, original));
          });
          const afterPartial = [...invoices, { ...partial.invoice, id: "p" }];
          // Invoiced again by the final, what was credited closes the quote exactly.
          checkClosed(quote, finish(quote, afterPartial));
          const rest = computeCreditNote(quote, afterPartial, {
            invoiceId: target.id,
            amount: { kind: "total" },
          });
          if (!rest.ok) {
            // Nothing left to credit: a deposit already deducted, or a tiny invoice whose
            // partial credit note, rounded to whole cents per rate, already took all of it.
            if (target.kind !== "acompte") {
              expect(-partial.invoice.totals.ht).toBe(target.totals.ht);
              expect(Math.abs(partial.invoice.totals.ttc + target.totals.ttc)).toBeLessThanOrEqual(
                quote.byRate.length,
              );
            }
            return;
          }
          const both = [partial.invoice, rest.invoice];
          // HT cancels exactly; each credit note's VAT is round(its base × rate), so the three VAT
          // amounts of a rate (invoice, partial, rest) add up to 0 within one cent (2 × |gap| ≤ 3).
          for (const field of ["work", "depositDeduction"] as const) {
            target[field].forEach((original, index) => {
              expect(sum(both.map((credit) => credit[field][index]?.ht ?? 0)) + original.ht).toBe(0);
            });
          }
          target.byRate.forEach((original, index) => {
            expect(sum(both.map((credit) => credit.byRate[index]?.ht ?? 0)) + original.ht).toBe(0);
            expect(
              sum(both.map((credit) => credit.deposit[index]?.ht ?? 0)) + (target.deposit[index]?.ht ?? 0),
            ).toBe(0);
            expect(
              Math.abs(sum(both.map((credit) => credit.byRate[index]?.vat ?? 0)) + original.vat),
            ).toBeLessThanOrEqual(1);
          });
          expect(
            Math.abs(rest.invoice.totals.ttc + target.totals.ttc + partial.invoice.totals.ttc),
          ).toBeLessThanOrEqual(quote.byRate.length);
          expect(sum(both.map((credit) => credit.totals.retention)) + target.totals.retention).toBe(0);
          const all = [...afterPartial, { ...rest.invoice, id: "r" }];
          checkClosed(quote, finish(quote, all));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("gives every lot its share of the discount so that the lots add up to the quote on every rate", () => {
    fc.assert(
      fc.property(quoteArbitrary, (quote) => {
        fc.pre(quote.totalTtc > 0);
        const final = computeFinalInvoice(quote, []);
        if (!final.ok) throw new Error(final.message);
        for (const quoted of quote.byRate) {
          const ofRate = lots(final.invoice).flatMap((l) => l.byRate.filter((r) => r.code === quoted.code));
          expect(sum(ofRate.map((r) => r.ht))).toBe(quoted.ht);
        }
        for (const line of lots(final.invoice)) {
          const gross = quote.lots.find((l) => l.id === line.lotId)?.subtotalHt ?? 0;
          expect(line.contractHt).toBeLessThanOrEqual(gross);
          expect(line.contractHt).toBeGreaterThanOrEqual(0);
        }
        expect(VAT_CODES.filter((code) => quote.byRate.some((r) => r.code === code))).toEqual(
          quote.byRate.map((r) => r.code),
        );
      }),
      { numRuns: 200 },
    );
  });
});
