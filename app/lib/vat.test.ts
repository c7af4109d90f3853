import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatPercent, MoneyError } from "./money.ts";
import {
  CERTIFICATION_5_5,
  CERTIFICATION_10,
  computeDeposit,
  computeTotals,
  type DocumentLine,
  documentVatRates,
  type ItemLine,
  isVatCode,
  type PercentOrAmount,
  type RateTotal,
  splitTtc,
  type Totals,
  VAT_CODES,
  VAT_RATES,
  VatCodeSchema,
} from "./vat.ts";

const item = (fields: Omit<ItemLine, "kind">): ItemLine => ({ kind: "item", ...fields });
const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
const abs = (value: bigint) => (value < 0n ? -value : value);

describe("VAT table", () => {
  it("holds the four treatments of building work, rates in basis points", () => {
    expect(VAT_CODES).toEqual(["20", "10", "5.5", "autoliquidation"]);
    expect(VAT_CODES.map((code) => [VAT_RATES[code].code, VAT_RATES[code].basisPoints])).toEqual([
      ["20", 2000],
      ["10", 1000],
      ["5.5", 550],
      ["autoliquidation", 0],
    ]);
    expect(Object.keys(VAT_RATES).sort()).toEqual([...VAT_CODES].sort());
    for (const code of ["20", "10", "5.5"] as const) {
      expect(VAT_RATES[code].label).toContain(formatPercent(VAT_RATES[code].basisPoints));
    }
  });

  it("puts the right mention on a document, as data", () => {
    expect(VAT_RATES["20"].mention).toBeNull();
    expect(VAT_RATES.autoliquidation.mention).toBe(
      "Autoliquidation \u2013 TVA due par le preneur assujetti (article 283-2 nonies du CGI)",
    );
    expect(VAT_RATES.autoliquidation.reverseCharge).toBe(true);
    expect(VAT_RATES["10"]).toMatchObject({ requiresClientCertification: true, requiresRge: false });
    expect(VAT_RATES["5.5"]).toMatchObject({ requiresClientCertification: true, requiresRge: true });
    expect(VAT_RATES["20"]).toMatchObject({ requiresClientCertification: false, requiresRge: false });
    expect(VAT_RATES["10"].mention).toBe(CERTIFICATION_10);
    expect(VAT_RATES["5.5"].mention).toBe(CERTIFICATION_5_5);
    for (const text of [CERTIFICATION_10, CERTIFICATION_5_5]) {
      expect(text).toMatch(/^Le client certifie/);
      expect(text).toContain("locaux à usage d'habitation achevés depuis plus de deux ans");
    }
    expect(CERTIFICATION_10).toContain("279-0 bis");
    expect(CERTIFICATION_10).not.toContain("énergétique");
    expect(CERTIFICATION_5_5).toContain("amélioration de la qualité énergétique");
    expect(CERTIFICATION_5_5).toContain("278-0 bis A");
  });

  it("lists the rates a document uses, options included, in table order", () => {
    const lines: DocumentLine[] = [
      item({ quantity: 1_000, unitPriceHt: 100, vatCode: "5.5", optional: true }),
      { kind: "text" },
      item({ quantity: 1_000, unitPriceHt: 100, vatCode: "20" }),
      item({ quantity: 1_000, unitPriceHt: 100, vatCode: "5.5" }),
    ];
    expect(documentVatRates(lines).map((rate) => rate.code)).toEqual(["20", "5.5"]);
    expect(documentVatRates([{ kind: "text" }])).toEqual([]);
  });

  it("checks a code from a form", () => {
    expect(isVatCode("5.5")).toBe(true);
    expect(isVatCode("5,5")).toBe(false);
    expect(isVatCode(20)).toBe(false);
    expect(VatCodeSchema.parse("autoliquidation")).toBe("autoliquidation");
    expect(VatCodeSchema.safeParse("7").error?.issues[0]?.message).toBe("Choisissez un taux de TVA.");
  });
});

describe("computeTotals: a renovation quote worked by hand", () => {
  const lines: DocumentLine[] = [
    { kind: "text" }, // « Combles »
    // 12,5 m² × 38,40 € = 480,00 €
    item({ quantity: 12_500, unitPriceHt: 3_840, vatCode: "5.5" }),
    { kind: "text" }, // « Séjour »
    // 24,75 m² × 18,90 € = 467,775 € → 467,78 €
    item({ quantity: 24_750, unitPriceHt: 1_890, vatCode: "10" }),
    // 8,333 m² × 52,00 € = 433,316 € → 433,32 €, −10 % = −43,33 €, net 389,99 €
    item({ quantity: 8_333, unitPriceHt: 5_200, vatCode: "10", discount: 1_000 }),
    // Travel costs are a line: 1 forfait × 45,00 €
    item({ quantity: 1_000, unitPriceHt: 4_500, vatCode: "10" }),
    // In option: 2 windows × 650,00 € = 1 300,00 €
    item({ quantity: 2_000, unitPriceHt: 65_000, vatCode: "5.5", optional: true }),
  ];
  const totals = computeTotals(lines, { discount: { kind: "percent", basisPoints: 500 } });

  it("gives each line its total HT, text lines none", () => {
    expect(totals.lines).toEqual([
      { kind: "text" },
      { kind: "item", optional: false, grossHt: 48_000, discountHt: 0, totalHt: 48_000 },
      { kind: "text" },
      { kind: "item", optional: false, grossHt: 46_778, discountHt: 0, totalHt: 46_778 },
      { kind: "item", optional: false, grossHt: 43_332, discountHt: 4_333, totalHt: 38_999 },
      { kind: "item", optional: false, grossHt: 4_500, discountHt: 0, totalHt: 4_500 },
      { kind: "item", optional: true, grossHt: 130_000, discountHt: 0, totalHt: 130_000 },
    ]);
  });

  it("spreads the 5 % discount over the rates and taxes each rate's sum", () => {
    // Lines: 480,00 + 467,78 + 389,99 + 45,00 = 1 382,77 €; 5 % = 69,1385 € → 69,14 €.
    expect(totals.linesHt).toBe(138_277);
    expect(totals.discountHt).toBe(6_914);
    // 5,5 %: 480,00 €; 10 %: 467,78 + 389,99 + 45,00 = 902,77 €. Discount shares: 2 400,05… and
    // 4 513,94… cents → 24,00 € and 45,14 € (the missing cent to the larger fraction).
    // VAT 5,5 % of 456,00 € = 25,08 €; 10 % of 857,63 € = 85,763 € → 85,76 €.
    expect(totals.byRate).toEqual([
      { code: "10", basisPoints: 1_000, linesHt: 90_277, discountHt: 4_514, ht: 85_763, vat: 8_576 },
      { code: "5.5", basisPoints: 550, linesHt: 48_000, discountHt: 2_400, ht: 45_600, vat: 2_508 },
    ]);
    // HT 1 313,63 €, VAT 110,84 €, TTC 1 424,47 €.
    expect(totals.totalHt).toBe(131_363);
    expect(totals.totalVat).toBe(11_084);
    expect(totals.totalTtc).toBe(142_447);
  });

  it("keeps the option apart: 1 300,00 € HT, 71,50 € of VAT, no document discount", () => {
    expect(totals.optional).toEqual({
      byRate: [{ code: "5.5", basisPoints: 550, linesHt: 130_000, discountHt: 0, ht: 130_000, vat: 7_150 }],
      linesHt: 130_000,
      discountHt: 0,
      totalHt: 130_000,
      totalVat: 7_150,
      totalTtc: 137_150,
    });
  });

  it("takes a 30 % deposit on the TTC and splits it back into HT and VAT per rate", () => {
    // 30 % of 1 424,47 € = 427,341 € → 427,34 €.
    const deposit = computeDeposit(totals.totalTtc, { kind: "percent", basisPoints: 3_000 });
    expect(deposit).toBe(42_734);
    // Per-rate TTC of the quote: 10 % 857,63 + 85,76 = 943,39 €; 5,5 % 456,00 + 25,08 = 481,08 €.
    // Shares of 42 734 cents: 28 301,63… and 14 432,36… → 28 302 and 14 432.
    // 10 %: HT = 283,02 / 1,1 = 257,290… → 257,29 €, VAT 25,73 €.
    // 5,5 %: HT = 144,32 / 1,055 = 136,796… → 136,80 €, VAT 7,52 €.
    expect(splitTtc(deposit, totals.byRate)).toEqual([
      { code: "10", basisPoints: 1_000, ttc: 28_302, ht: 25_729, vat: 2_573 },
      { code: "5.5", basisPoints: 550, ttc: 14_432, ht: 13_680, vat: 752 },
    ]);
  });
});

describe("computeTotals: rules", () => {
  it("computes VAT on the sum of a rate's lines, not line by line", () => {
    // Two lines of 0,05 € at 10 %: per line 0,005 € → 0,01 € each, 0,02 € in all;
    // on the sum, 10 % of 0,10 € = 0,01 €.
    const totals = computeTotals([
      item({ quantity: 1_000, unitPriceHt: 5, vatCode: "10" }),
      item({ quantity: 1_000, unitPriceHt: 5, vatCode: "10" }),
    ]);
    expect(totals.totalVat).toBe(1);
    expect(totals.totalTtc).toBe(11);
  });

  it("spreads an amount discount by largest remainder so the rates add up to it", () => {
    // 100,00 € at each rate, 0,10 € off: 3,33… cents each, the missing cent to the first rate.
    const totals = computeTotals(
      [
        item({ quantity: 1_000, unitPriceHt: 10_000, vatCode: "5.5" }),
        item({ quantity: 1_000, unitPriceHt: 10_000, vatCode: "10" }),
        item({ quantity: 1_000, unitPriceHt: 10_000, vatCode: "20" }),
      ],
      { discount: { kind: "amount", cents: 10 } },
    );
    // VAT: 20 % of 99,96 € = 19,992 → 19,99 €; 10 % of 99,97 € = 9,997 → 10,00 €;
    // 5,5 % of 99,97 € = 5,49835 → 5,50 €. HT 299,90 €, VAT 35,49 €, TTC 335,39 €.
    expect(totals.byRate.map((rate) => [rate.code, rate.discountHt, rate.ht, rate.vat])).toEqual([
      ["20", 4, 9_996, 1_999],
      ["10", 3, 9_997, 1_000],
      ["5.5", 3, 9_997, 550],
    ]);
    expect([totals.totalHt, totals.totalVat, totals.totalTtc]).toEqual([29_990, 3_549, 33_539]);
  });

  it("shows reverse-charge work HT only: no VAT, TTC equal to HT", () => {
    const lines: DocumentLine[] = [
      item({ quantity: 35_000, unitPriceHt: 4_200, vatCode: "autoliquidation" }),
    ];
    const totals = computeTotals(lines);
    // 35 h × 42,00 € = 1 470,00 €.
    expect([totals.totalHt, totals.totalVat, totals.totalTtc]).toEqual([147_000, 0, 147_000]);
    expect(documentVatRates(lines).map((rate) => rate.mention)).toEqual([
      "Autoliquidation \u2013 TVA due par le preneur assujetti (article 283-2 nonies du CGI)",
    ]);
  });

  it("rounds a credit note away from zero, the mirror of its invoice", () => {
    // −1,005 × 1,00 € → −1,01 €; 20 % of −1,01 € = −0,202 → −0,20 €.
    const totals = computeTotals([item({ quantity: 1_005, unitPriceHt: -100, vatCode: "20" })]);
    expect([totals.totalHt, totals.totalVat, totals.totalTtc]).toEqual([-101, -20, -121]);
  });

  it("never lets a -0 typed in reach a total", () => {
    // 0,001 × 5,00 € = 0,005 € → 0,01 €; a -0 discount must leave +0 everywhere, as the rates' sum does.
    const lines = [item({ quantity: 1, unitPriceHt: 500, vatCode: "20" })];
    const totals = computeTotals(lines, { discount: { kind: "amount", cents: -0 } });
    expect(Object.is(totals.discountHt, 0)).toBe(true);
    expect(Object.is(computeDeposit(100, { kind: "amount", cents: -0 }), 0)).toBe(true);
  });

  it("is empty without lines", () => {
    const totals = computeTotals([{ kind: "text" }]);
    expect([totals.byRate, totals.totalHt, totals.totalVat, totals.totalTtc]).toEqual([[], 0, 0, 0]);
    expect(computeTotals([], { discount: { kind: "percent", basisPoints: 1_000 } }).discountHt).toBe(0);
  });

  it("refuses a discount beyond the HT or beyond 100 %, and a line it cannot price", () => {
    const lines = [item({ quantity: 1_000, unitPriceHt: 1_000, vatCode: "20" })];
    expect(() => computeTotals(lines, { discount: { kind: "amount", cents: 1_001 } })).toThrow(
      "La remise ne peut pas dépasser le total HT.",
    );
    expect(() => computeTotals(lines, { discount: { kind: "amount", cents: -1 } })).toThrow(MoneyError);
    expect(() => computeTotals(lines, { discount: { kind: "percent", basisPoints: 10_001 } })).toThrow(
      MoneyError,
    );
    expect(computeTotals(lines, { discount: { kind: "amount", cents: 1_000 } }).totalTtc).toBe(0);
    const unknownRate = {
      kind: "item",
      quantity: 1_000,
      unitPriceHt: 100,
      vatCode: "7",
    } as unknown as ItemLine;
    expect(() => computeTotals([{ kind: "text" }, unknownRate])).toThrow("Ligne 2 : taux de TVA inconnu.");
    expect(() => computeTotals([item({ quantity: 1_000, unitPriceHt: 0.5, vatCode: "20" })])).toThrow(
      MoneyError,
    );
    expect(() =>
      computeTotals([item({ quantity: 1_000, unitPriceHt: 1, vatCode: "20", discount: 10_001 })]),
    ).toThrow("Ligne 1 : la remise doit être comprise entre 0 et 100\u00a0%.");
    // Each line fits, their sum does not.
    const huge = item({ quantity: 1_000, unitPriceHt: 999_999_999_999, vatCode: "20" });
    expect(() => computeTotals([huge, huge])).toThrow(MoneyError);
  });
});

describe("deposits", () => {
  it("takes a percentage of the TTC or an amount, never more than the TTC", () => {
    // 30 % of 1 000,05 € = 300,015 € → 300,02 €.
    expect(computeDeposit(100_005, { kind: "percent", basisPoints: 3_000 })).toBe(30_002);
    expect(computeDeposit(100_005, { kind: "percent", basisPoints: 10_000 })).toBe(100_005);
    expect(computeDeposit(100_005, { kind: "amount", cents: 100_005 })).toBe(100_005);
    expect(() => computeDeposit(100_005, { kind: "amount", cents: 100_006 })).toThrow(
      "L'acompte ne peut pas dépasser le total TTC.",
    );
    expect(() => computeDeposit(100_005, { kind: "percent", basisPoints: 10_001 })).toThrow(MoneyError);
    expect(() => computeDeposit(100_005, { kind: "amount", cents: -1 })).toThrow(MoneyError);
    expect(() => computeDeposit(-100, { kind: "percent", basisPoints: 3_000 })).toThrow(MoneyError);
  });

  it("splits a payment of one rate into HT and VAT", () => {
    // 120,00 € at 20 %: 100,00 € + 20,00 €.
    expect(splitTtc(12_000, [{ code: "20", ht: 50_000, vat: 10_000 }])).toEqual([
      { code: "20", basisPoints: 2_000, ttc: 12_000, ht: 10_000, vat: 2_000 },
    ]);
    // Reverse charge: all of it is HT.
    expect(splitTtc(12_345, [{ code: "autoliquidation", ht: 50_000, vat: 0 }])).toEqual([
      { code: "autoliquidation", basisPoints: 0, ttc: 12_345, ht: 12_345, vat: 0 },
    ]);
    // 0,03 € at 20 %: HT = 3 / 1,2 = 2,5 cents → 3 cents (half away from zero), VAT 0. No HT
    // fits exactly (HT 2 gives VAT 0, TTC 2; HT 3 gives VAT 1, TTC 4): the TTC received wins.
    expect(splitTtc(3, [{ code: "20", ht: 100, vat: 20 }])).toEqual([
      { code: "20", basisPoints: 2_000, ttc: 3, ht: 3, vat: 0 },
    ]);
    expect(() => splitTtc(100, [])).toThrow(MoneyError);
    expect(splitTtc(0, [{ code: "20", ht: 0, vat: 0 }])).toEqual([
      { code: "20", basisPoints: 2_000, ttc: 0, ht: 0, vat: 0 },
    ]);
  });
});

// Properties ---------------------------------------------------------------------------

const itemArbitrary = fc.record({
  kind: fc.constant("item" as const),
  quantity: fc.integer({ min: -1_000_000, max: 5_000_000 }),
  unitPriceHt: fc.integer({ min: -5_000_000, max: 50_000_000 }),
  vatCode: fc.constantFrom(...VAT_CODES),
  discount: fc.option(fc.integer({ min: 0, max: 10_000 }), { nil: undefined }),
  optional: fc.boolean(),
});
const lineArbitrary: fc.Arbitrary<DocumentLine> = fc.oneof(
  { weight: 6, arbitrary: itemArbitrary },
  { weight: 1, arbitrary: fc.constant({ kind: "text" as const }) },
);
const linesArbitrary = fc.array(lineArbitrary, { maxLength: 30 });
/** A document discount: a percentage, or a share (in basis points) of the lines' HT as an amount. */
const discountArbitrary = fc.option(
  fc.record({
    kind: fc.constantFrom("percent" as const, "amount" as const),
    basisPoints: fc.integer({ min: 0, max: 10_000 }),
  }),
  { nil: undefined },
);

function withDiscount(
  lines: DocumentLine[],
  choice: { kind: "percent" | "amount"; basisPoints: number } | undefined,
) {
  if (!choice) return computeTotals(lines);
  const discount: PercentOrAmount =
    choice.kind === "percent"
      ? { kind: "percent", basisPoints: choice.basisPoints }
      : { kind: "amount", cents: Math.trunc((computeTotals(lines).linesHt * choice.basisPoints) / 10_000) };
  return computeTotals(lines, { discount });
}

const counted = (lines: DocumentLine[]) =>
  lines.filter((line): line is ItemLine => line.kind === "item" && line.optional !== true);

function checkGroup(totals: Omit<Totals, "lines" | "optional">) {
  expect(totals.totalTtc).toBe(totals.totalHt + totals.totalVat);
  expect(sum(totals.byRate.map((rate) => rate.ht))).toBe(totals.totalHt);
  expect(sum(totals.byRate.map((rate) => rate.vat))).toBe(totals.totalVat);
  expect(sum(totals.byRate.map((rate) => rate.linesHt))).toBe(totals.linesHt);
  expect(sum(totals.byRate.map((rate) => rate.discountHt))).toBe(totals.discountHt);
  expect(totals.linesHt - totals.discountHt).toBe(totals.totalHt);
  for (const rate of totals.byRate) {
    expect(rate.ht).toBe(rate.linesHt - rate.discountHt);
    // VAT within half a cent of the exact rate × HT of the rate.
    const error = BigInt(rate.vat) * 10_000n - BigInt(rate.ht) * BigInt(rate.basisPoints);
    expect(2n * abs(error) <= 10_000n).toBe(true);
  }
}

describe("computeTotals: properties", () => {
  it("TTC = HT + VAT, and the rates add up to the totals, with or without a document discount", () => {
    fc.assert(
      fc.property(linesArbitrary, discountArbitrary, (lines, discount) => {
        const totals = withDiscount(lines, discount);
        checkGroup(totals);
        checkGroup(totals.optional);
        expect(totals.lines).toHaveLength(lines.length);
      }),
    );
  });

  it("moves the lines' total by at most a cent per line from the exact rational value", () => {
    fc.assert(
      fc.property(linesArbitrary, (lines) => {
        const totals = computeTotals(lines);
        const items = counted(lines);
        // Exact value in units of 1/(1000 × 10000) cent: quantity × price × (10000 − discount).
        const exact = items.reduce(
          (total, line) =>
            total + BigInt(line.quantity) * BigInt(line.unitPriceHt) * BigInt(10_000 - (line.discount ?? 0)),
          0n,
        );
        const error = BigInt(totals.linesHt) * 10_000_000n - exact;
        expect(abs(error) <= BigInt(items.length) * 10_000_000n).toBe(true);
        const lineTotals = totals.lines.flatMap((line) =>
          line.kind === "item" && !line.optional ? [line.totalHt] : [],
        );
        expect(sum(lineTotals)).toBe(totals.linesHt);
      }),
    );
  });

  it("splits the document discount exactly, each rate's share within a cent of its proportion", () => {
    fc.assert(
      fc.property(linesArbitrary, discountArbitrary, (lines, discount) => {
        const totals = withDiscount(lines, discount);
        expect(sum(totals.byRate.map((rate) => rate.discountHt))).toBe(totals.discountHt);
        if (totals.linesHt === 0) return;
        for (const rate of totals.byRate) {
          const error =
            BigInt(rate.discountHt) * BigInt(totals.linesHt) -
            BigInt(totals.discountHt) * BigInt(rate.linesHt);
          expect(abs(error) < abs(BigInt(totals.linesHt))).toBe(true);
        }
      }),
    );
  });

  it("ignores optional lines and text lines in the document's totals", () => {
    fc.assert(
      fc.property(linesArbitrary, discountArbitrary, (lines, discount) => {
        const full = withDiscount(lines, discount);
        const countedOnly = withDiscount(counted(lines), discount);
        const { lines: _lines, optional: _optional, ...fullTotals } = full;
        const { lines: _others, optional: _none, ...countedTotals } = countedOnly;
        expect(fullTotals).toEqual(countedTotals);
      }),
    );
  });

  it("makes a credit note the exact mirror of its invoice", () => {
    fc.assert(
      fc.property(linesArbitrary, discountArbitrary, (lines, discount) => {
        const negated = lines.map((line) =>
          line.kind === "item" ? { ...line, unitPriceHt: -line.unitPriceHt } : line,
        );
        const invoice = withDiscount(lines, discount);
        const creditNote = withDiscount(negated, discount);
        const flip = (value: number) => (value === 0 ? 0 : -value);
        expect(creditNote.totalHt).toBe(flip(invoice.totalHt));
        expect(creditNote.totalVat).toBe(flip(invoice.totalVat));
        expect(creditNote.totalTtc).toBe(flip(invoice.totalTtc));
        expect(creditNote.byRate.map((rate) => [rate.discountHt, rate.vat])).toEqual(
          invoice.byRate.map((rate) => [flip(rate.discountHt), flip(rate.vat)]),
        );
      }),
    );
  });

  it("keeps a deposit within the TTC and splits any payment back exactly", () => {
    fc.assert(
      fc.property(
        fc.array(
          itemArbitrary.map((line) => ({
            ...line,
            optional: false,
            quantity: Math.abs(line.quantity),
            unitPriceHt: Math.abs(line.unitPriceHt),
          })),
        ),
        fc.integer({ min: 0, max: 10_000 }),
        (lines, rate) => {
          const totals = computeTotals(lines);
          const deposit = computeDeposit(totals.totalTtc, { kind: "percent", basisPoints: rate });
          expect(deposit >= 0 && deposit <= totals.totalTtc).toBe(true);
          fc.pre(totals.totalTtc > 0);
          const parts = splitTtc(deposit, totals.byRate);
          expect(sum(parts.map((part) => part.ttc))).toBe(deposit);
          // Each rate's share within a cent of the deposit × the rate's share of the quote's TTC.
          parts.forEach((part, index) => {
            const rate = totals.byRate[index] as RateTotal;
            const error =
              BigInt(part.ttc) * BigInt(totals.totalTtc) - BigInt(deposit) * BigInt(rate.ht + rate.vat);
            expect(abs(error) < BigInt(totals.totalTtc)).toBe(true);
          });
          for (const part of parts) {
            expect(part.ht + part.vat).toBe(part.ttc);
            // HT within half a cent of TTC ÷ (1 + rate), so VAT within a cent of HT × rate.
            const error = BigInt(part.ht) * BigInt(10_000 + part.basisPoints) - BigInt(part.ttc) * 10_000n;
            expect(2n * abs(error) <= BigInt(10_000 + part.basisPoints)).toBe(true);
          }
        },
      ),
    );
  });
});
