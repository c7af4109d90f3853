import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_CENTS, MAX_MILLI, MoneyError } from "#app/lib/money.ts";
import { computeTotals, type DocumentLine, type GroupTotals, VAT_CODES, type VatCode } from "#app/lib/vat.ts";
import { storedContent } from "#tests/helpers/quote-content.ts";
import { storedItemLine } from "#tests/helpers/quote-lines.ts";
import type {
  LineVatCode,
  QuoteContent,
  QuoteItemLine,
  QuoteLine,
  QuoteLot,
  QuoteTextLine,
} from "./content.ts";
import { labourCost, lineCost, lineHt, type QuoteTotals, quoteTotals, tryQuoteTotals } from "./totals.ts";

// ─── Builders ─────────────────────────────────────────────────────────────────────────

let nextId = 0;
function freshId(): string {
  nextId += 1;
  return `t${nextId}`;
}

function item(fields: Partial<QuoteItemLine> = {}): QuoteItemLine {
  return storedItemLine(freshId(), "20", 100, fields);
}

function text(value = "Note"): QuoteTextLine {
  return { id: freshId(), kind: "text", text: value };
}

function lot(lines: QuoteLine[], title = "Lot"): QuoteLot {
  return { id: freshId(), title, lines };
}

function quote(lots: QuoteLot[], fields: Partial<QuoteContent> = {}): QuoteContent {
  return storedContent({ lots, ...fields });
}

const withDeposit = (content: QuoteContent, deposit: QuoteContent["terms"]["deposit"]): QuoteContent => ({
  ...content,
  terms: { ...content.terms, deposit },
});

const HOURLY = 3_500; // 35,00 € an hour

const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);

/** The document-level figures only (what a reordering or an option must not change). */
function group(totals: GroupTotals): GroupTotals {
  const { byRate, linesHt, discountHt, totalHt, totalVat, totalTtc } = totals;
  return { byRate, linesHt, discountHt, totalHt, totalVat, totalTtc };
}

// ─── An independent reference, exact with BigInt ─────────────────────────────────────

const RATE_BP: Record<VatCode, bigint> = { "20": 2000n, "10": 1000n, "5.5": 550n, autoliquidation: 0n };
const TABLE_ORDER: VatCode[] = ["20", "10", "5.5", "autoliquidation"];

/** n ÷ d (d ≠ 0) rounded half away from zero, written as sign × ⌊(2|n| + |d|) ÷ 2|d|⌋. */
function roundHalfAway(n: bigint, d: bigint): bigint {
  const negative = n < 0n !== d < 0n && n !== 0n;
  const an = n < 0n ? -n : n;
  const ad = d < 0n ? -d : d;
  const magnitude = (2n * an + ad) / (2n * ad);
  return negative ? -magnitude : magnitude;
}

/** ⌊n ÷ d⌋ for d > 0, whatever the sign of n. */
function floorDiv(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n < 0n ? q - 1n : q;
}

/** Largest remainder: floors first, the missing cents to the largest fractions, earlier first on a tie. */
function spread(total: bigint, weights: bigint[]): bigint[] {
  if (total === 0n) return weights.map(() => 0n);
  let sumOfWeights = weights.reduce((a, b) => a + b, 0n);
  const ws = sumOfWeights < 0n ? weights.map((w) => -w) : weights;
  if (sumOfWeights < 0n) sumOfWeights = -sumOfWeights;
  const magnitude = total < 0n ? -total : total;
  const floors = ws.map((w) => floorDiv(magnitude * w, sumOfWeights));
  const fractions = ws.map((w, i) => magnitude * w - (floors[i] as bigint) * sumOfWeights);
  let missing = magnitude - floors.reduce((a, b) => a + b, 0n);
  const order = ws.map((_, i) => i);
  order.sort((a, b) => {
    const fa = fractions[a] as bigint;
    const fb = fractions[b] as bigint;
    return fa === fb ? a - b : fb > fa ? 1 : -1;
  });
  const shares = [...floors];
  for (const index of order) {
    if (missing === 0n) break;
    shares[index] = (shares[index] as bigint) + 1n;
    missing -= 1n;
  }
  return shares.map((share) => (total < 0n ? -share : share));
}

type RefGroup = {
  byRate: { code: VatCode; linesHt: number; discountHt: number; ht: number; vat: number }[];
  linesHt: number;
  discountHt: number;
  totalHt: number;
  totalVat: number;
  totalTtc: number;
};

function refGroup(entries: { code: VatCode; ht: bigint }[], discount: QuoteContent["discount"]): RefGroup {
  const codes = TABLE_ORDER.filter((code) => entries.some((entry) => entry.code === code));
  const ratesHt = codes.map((code) =>
    entries.filter((entry) => entry.code === code).reduce((a, entry) => a + entry.ht, 0n),
  );
  const linesHt = ratesHt.reduce((a, b) => a + b, 0n);
  const discountHt = !discount
    ? 0n
    : discount.kind === "percent"
      ? roundHalfAway(linesHt * BigInt(discount.basisPoints), 10_000n)
      : BigInt(discount.cents);
  const shares = spread(discountHt, ratesHt);
  const byRate = codes.map((code, i) => {
    const ht = (ratesHt[i] as bigint) - (shares[i] as bigint);
    return {
      code,
      linesHt: Number(ratesHt[i]),
      discountHt: Number(shares[i]),
      ht: Number(ht),
      vat: Number(roundHalfAway(ht * RATE_BP[code], 10_000n)),
    };
  });
  const totalHt = sum(byRate.map((rate) => rate.ht));
  const totalVat = sum(byRate.map((rate) => rate.vat));
  return {
    byRate,
    linesHt: Number(linesHt),
    discountHt: Number(discountHt),
    totalHt,
    totalVat,
    totalTtc: totalHt + totalVat,
  };
}

/** A line's cost in cents: quantity/1000 × (hours/1000 × hourly + materials), exact then rounded once. */
function refLineCost(line: Pick<QuoteItemLine, "quantity" | "cost">, hourly: number): bigint | null {
  if (line.quantity === null || line.cost === null) return null;
  // unit cost = (hours × hourly) / 1000 + materials = (hours × hourly + 1000 × materials) / 1000
  const unitNumerator =
    BigInt(line.cost.labourHours) * BigInt(hourly) + 1000n * BigInt(line.cost.materialsCents);
  return roundHalfAway(BigInt(line.quantity) * unitNumerator, 1000n * 1000n);
}

const refLineHt = (line: QuoteItemLine) =>
  roundHalfAway(BigInt(line.quantity ?? 0) * BigInt(line.unitPriceHt ?? 0), 1000n);

function reference(content: QuoteContent, hourly: number) {
  const counted: { code: VatCode; ht: bigint }[] = [];
  const optional: { code: VatCode; ht: bigint }[] = [];
  const codeOf = (code: LineVatCode): VatCode => (content.reverseCharge ? "autoliquidation" : code);
  let anyCost = false;
  let costedHt = 0n;
  let cost = 0n;
  const lots = content.lots.map((l) => {
    let subtotalHt = 0n;
    let optionalHt = 0n;
    let lotCost = 0n;
    let lotCostedHt = 0n;
    let hasCost = false;
    let linesWithoutCost = 0;
    for (const line of l.lines) {
      if (line.kind !== "item") continue;
      const ht = refLineHt(line);
      if (line.optional) {
        optional.push({ code: codeOf(line.vatCode), ht });
        optionalHt += ht;
        continue;
      }
      counted.push({ code: codeOf(line.vatCode), ht });
      subtotalHt += ht;
      const c = refLineCost(line, hourly);
      if (c === null) {
        if (ht !== 0n) linesWithoutCost += 1;
      } else {
        hasCost = true;
        lotCost += c;
        lotCostedHt += ht;
      }
    }
    if (hasCost) {
      anyCost = true;
      cost += lotCost;
      costedHt += lotCostedHt;
    }
    return {
      id: l.id,
      subtotalHt: Number(subtotalHt),
      optionalHt: Number(optionalHt),
      cost: hasCost ? Number(lotCost) : null,
      margin: hasCost ? Number(lotCostedHt - lotCost) : null,
      linesWithoutCost,
    };
  });
  if (content.travel)
    counted.push({ code: codeOf(content.travel.vatCode), ht: BigInt(content.travel.amountHt) });
  const totals = refGroup(counted, content.discount);
  const linesHt = BigInt(totals.linesHt);
  // The costed lines' share of the document discount, in proportion, rounded by the one rule.
  const share = linesHt === 0n ? 0n : roundHalfAway(BigInt(totals.discountHt) * costedHt, linesHt);
  const margin = anyCost ? costedHt - share - cost : null;
  const base = costedHt - share;
  return {
    ...totals,
    optional: refGroup(optional, null),
    lots,
    cost: anyCost ? Number(cost) : null,
    margin: margin === null ? null : Number(margin),
    marginRate: margin === null || base <= 0n ? null : Number(roundHalfAway(margin * 10_000n, base)),
  };
}

// ─── Generated contents ───────────────────────────────────────────────────────────────

type Spec = {
  negatives: boolean;
};

const vatCode = fc.constantFrom<LineVatCode>("20", "10", "5.5");

function lineArb({ negatives }: Spec): fc.Arbitrary<QuoteLine> {
  const itemArb = fc.record({
    quantity: fc.option(fc.integer({ min: negatives ? -100_000 : 0, max: 5_000_000 }), {
      nil: null,
      freq: 8,
    }),
    unitPriceHt: fc.option(fc.integer({ min: negatives ? -500_000 : 0, max: 5_000_000 }), {
      nil: null,
      freq: 8,
    }),
    vatCode,
    optional: fc.boolean(),
    cost: fc.option(
      fc.record({
        labourHours: fc.integer({ min: 0, max: 20_000 }),
        materialsCents: fc.integer({ min: 0, max: 1_000_000 }),
      }),
      { nil: null },
    ),
  });
  return fc.oneof(
    { weight: 6, arbitrary: itemArb.map((fields) => item({ ...fields, id: "" })) },
    { weight: 1, arbitrary: fc.constant<QuoteLine>({ id: "", kind: "text", text: "Note" }) },
  );
}

type DiscountSpec = null | { kind: "percent"; basisPoints: number } | { kind: "amount"; fraction: number };
type DepositSpec = null | { kind: "percent"; basisPoints: number } | { kind: "amount"; fraction: number };

const percentOrFraction = fc.oneof(
  fc.constant(null),
  fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
  fc.record({ kind: fc.constant("amount" as const), fraction: fc.integer({ min: 0, max: 10_000 }) }),
);

/** An amount within what the quote allows: `fraction` (basis points) of `of` (never negative). */
const amountWithin = (of: number, fraction: number) => Number((BigInt(of) * BigInt(fraction)) / 10_000n) || 0;

function contentArb(spec: Spec = { negatives: false }): fc.Arbitrary<QuoteContent> {
  return fc
    .record({
      lots: fc.array(fc.array(lineArb(spec), { maxLength: 7 }), { minLength: 1, maxLength: 4 }),
      reverseCharge: fc.boolean(),
      travel: fc.option(fc.record({ amountHt: fc.integer({ min: 0, max: 200_000 }), vatCode }), {
        nil: null,
      }),
      discount: percentOrFraction as fc.Arbitrary<DiscountSpec>,
      deposit: percentOrFraction as fc.Arbitrary<DepositSpec>,
    })
    .map(({ lots, reverseCharge, travel, discount, deposit }) => {
      const base = quote(
        lots.map((lines, l) => ({
          id: `lot${l}`,
          title: `Lot ${l}`,
          lines: lines.map((line, i) => ({ ...line, id: `line${l}x${i}` })),
        })),
        { reverseCharge, travel },
      );
      // A discount amount never exceeds the lines' HT (with their sign), a deposit amount the TTC.
      const withDiscount: QuoteContent = {
        ...base,
        discount:
          discount === null
            ? null
            : discount.kind === "percent"
              ? discount
              : {
                  kind: "amount",
                  cents: amountWithin(Math.max(reference(base, HOURLY).linesHt, 0), discount.fraction),
                },
      };
      const ttc = Math.max(reference(withDiscount, HOURLY).totalTtc, 0);
      return withDeposit(
        withDiscount,
        deposit === null
          ? null
          : deposit.kind === "percent"
            ? deposit
            : { kind: "amount", cents: amountWithin(ttc, deposit.fraction) },
      );
    });
}

const itemLines = (content: QuoteContent) =>
  content.lots.flatMap((l) => l.lines).filter((line): line is QuoteItemLine => line.kind === "item");

// ─── Worked examples, computed by hand ────────────────────────────────────────────────

describe("quoteTotals, worked examples", () => {
  /*
   * Lot « Démolition »: a title line; 12,5 m² × 38,40 € at 10 % = 480,00 €; 3 h × 45,00 €
   * at 20 % = 135,00 €; an option 1 × 250,00 € at 5,5 %.
   * Lot « Isolation »: 20,5 m² × 32,15 € at 5,5 % = 659,075 → 659,08 €; 2 × 19,99 € at 20 % = 39,98 €.
   * Travel costs 45,00 € at 20 %.
   * Rates: 20 % 135,00 + 39,98 + 45,00 = 219,98; 10 % 480,00; 5,5 % 659,08; lines HT 1 359,06.
   */
  const example = () =>
    quote(
      [
        lot(
          [
            text("Dépose de l'existant"),
            item({ quantity: 12_500, unitPriceHt: 3_840, vatCode: "10" }),
            item({ quantity: 3_000, unitPriceHt: 4_500, vatCode: "20" }),
            item({ quantity: 1_000, unitPriceHt: 25_000, vatCode: "5.5", optional: true }),
          ],
          "Démolition",
        ),
        lot(
          [
            item({ quantity: 20_500, unitPriceHt: 3_215, vatCode: "5.5" }),
            item({ quantity: 2_000, unitPriceHt: 1_999, vatCode: "20" }),
          ],
          "Isolation",
        ),
      ],
      { travel: { amountHt: 4_500, vatCode: "20" } },
    );

  it("totals two lots, three rates, an option, a text line and travel costs", () => {
    const totals = quoteTotals(example(), HOURLY);
    expect(totals.lots.map((l) => [l.subtotalHt, l.optionalHt])).toEqual([
      [61_500, 25_000],
      [69_906, 0],
    ]);
    expect(totals.travelHt).toBe(4_500);
    expect(totals.byRate).toEqual([
      // 219,98 × 20 % = 43,996 → 44,00
      { code: "20", basisPoints: 2000, linesHt: 21_998, discountHt: 0, ht: 21_998, vat: 4_400 },
      { code: "10", basisPoints: 1000, linesHt: 48_000, discountHt: 0, ht: 48_000, vat: 4_800 },
      // 659,08 × 5,5 % = 36,2494 → 36,25
      { code: "5.5", basisPoints: 550, linesHt: 65_908, discountHt: 0, ht: 65_908, vat: 3_625 },
    ]);
    expect(totals).toMatchObject({
      linesHt: 135_906,
      discountHt: 0,
      totalHt: 135_906,
      totalVat: 12_825,
      totalTtc: 148_731,
      depositTtc: null,
    });
    // The option apart: 250,00 € + 13,75 € of VAT, not counted above.
    expect(group(totals.optional)).toEqual({
      byRate: [{ code: "5.5", basisPoints: 550, linesHt: 25_000, discountHt: 0, ht: 25_000, vat: 1_375 }],
      linesHt: 25_000,
      discountHt: 0,
      totalHt: 25_000,
      totalVat: 1_375,
      totalTtc: 26_375,
    });
    // One result per line, travel last; the text line has none.
    expect(totals.lines.map((line) => (line.kind === "item" ? line.totalHt : "text"))).toEqual([
      "text",
      48_000,
      13_500,
      25_000,
      65_908,
      3_998,
      4_500,
    ]);
  });

  it("takes a percentage discount on the lines' HT and spreads it by the largest remainder", () => {
    /*
     * 5 % of 1 359,06 = 67,953 → 67,95 €. Exact shares in cents: 20 % 6 795 × 21 998 / 135 906
     * = 1 099,851; 10 % 2 399,894; 5,5 % 3 295,255. Floors 1 099 + 2 399 + 3 295 = 6 793: the
     * two missing cents go to 10 % (.894) then 20 % (.851).
     * HT: 20 % 208,98 → VAT 41,796 → 41,80; 10 % 456,00 → 45,60; 5,5 % 626,13 → 34,43715 → 34,44.
     */
    const totals = quoteTotals({ ...example(), discount: { kind: "percent", basisPoints: 500 } }, HOURLY);
    expect(totals.byRate.map((rate) => [rate.code, rate.discountHt, rate.ht, rate.vat])).toEqual([
      ["20", 1_100, 20_898, 4_180],
      ["10", 2_400, 45_600, 4_560],
      ["5.5", 3_295, 62_613, 3_444],
    ]);
    expect(totals).toMatchObject({
      linesHt: 135_906,
      discountHt: 6_795,
      totalHt: 129_111,
      totalVat: 12_184,
      totalTtc: 141_295,
    });
    // The lots' subtotals are before the discount; the option takes no discount.
    expect(totals.lots.map((l) => l.subtotalHt)).toEqual([61_500, 69_906]);
    expect(totals.optional.totalTtc).toBe(26_375);
  });

  it("takes an amount discount as given, ties going to the rate listed first", () => {
    // 1,00 € over three rates of 100,00 €: 33,33… each; the missing cent goes to 20 %.
    const content = quote(
      [
        lot([
          item({ quantity: 1_000, unitPriceHt: 10_000, vatCode: "5.5" }),
          item({ quantity: 1_000, unitPriceHt: 10_000, vatCode: "10" }),
          item({ quantity: 1_000, unitPriceHt: 10_000, vatCode: "20" }),
        ]),
      ],
      { discount: { kind: "amount", cents: 100 } },
    );
    const totals = quoteTotals(content, HOURLY);
    // 99,66 × 20 % = 19,932; 99,67 × 10 % = 9,967; 99,67 × 5,5 % = 5,48185.
    expect(totals.byRate.map((rate) => [rate.code, rate.discountHt, rate.ht, rate.vat])).toEqual([
      ["20", 34, 9_966, 1_993],
      ["10", 33, 9_967, 997],
      ["5.5", 33, 9_967, 548],
    ]);
    expect(totals).toMatchObject({ discountHt: 100, totalHt: 29_900, totalVat: 3_538, totalTtc: 33_438 });
  });

  it("refuses an amount discount beyond the lines' HT", () => {
    const content = quote([lot([item({ quantity: 1_000, unitPriceHt: 10_000 })])], {
      discount: { kind: "amount", cents: 10_001 },
    });
    expect(() => quoteTotals(content, HOURLY)).toThrow(MoneyError);
    expect(tryQuoteTotals(content, HOURLY)).toEqual({
      ok: false,
      message: "La remise ne peut pas dépasser le total HT.",
    });
    const exact = { ...content, discount: { kind: "amount" as const, cents: 10_000 } };
    expect(quoteTotals(exact, HOURLY)).toMatchObject({ totalHt: 0, totalVat: 0, totalTtc: 0 });
  });

  it("computes the VAT of a rate on the rate's sum, not line by line", () => {
    // Three lines of 10,10 € at 5,5 %: each 0,5555 → 0,56 (1,68 line by line); 30,30 × 5,5 % = 1,6665 → 1,67.
    const lines = [1, 2, 3].map(() => item({ quantity: 1_000, unitPriceHt: 1_010, vatCode: "5.5" }));
    const totals = quoteTotals(quote([lot(lines.slice(0, 2)), lot(lines.slice(2))]), HOURLY);
    expect(totals.byRate).toEqual([
      { code: "5.5", basisPoints: 550, linesHt: 3_030, discountHt: 0, ht: 3_030, vat: 167 },
    ]);
    expect(totals.totalTtc).toBe(3_197);
    // And at 20 %: three lines of 0,03 € give 0,01 of VAT each line by line, 0,02 on their sum (0,018).
    const small = [1, 2, 3].map(() => item({ quantity: 1_000, unitPriceHt: 3, vatCode: "20" }));
    expect(quoteTotals(quote([lot(small)]), HOURLY).totalVat).toBe(2);
  });

  it("asks a deposit in percent of the TTC, half away from zero, or as an amount", () => {
    const discounted = { ...example(), discount: { kind: "percent" as const, basisPoints: 500 } };
    // 30 % of 1 412,95 € = 423,885 → 423,89.
    expect(
      quoteTotals(withDeposit(discounted, { kind: "percent", basisPoints: 3_000 }), HOURLY).depositTtc,
    ).toBe(42_389);
    expect(quoteTotals(withDeposit(discounted, { kind: "amount", cents: 50_000 }), HOURLY).depositTtc).toBe(
      50_000,
    );
    expect(quoteTotals(withDeposit(discounted, { kind: "amount", cents: 141_295 }), HOURLY).depositTtc).toBe(
      141_295,
    );
    expect(() => quoteTotals(withDeposit(discounted, { kind: "amount", cents: 141_296 }), HOURLY)).toThrow(
      "L'acompte ne peut pas dépasser le total TTC.",
    );
    expect(
      quoteTotals(withDeposit(discounted, { kind: "percent", basisPoints: 10_000 }), HOURLY).depositTtc,
    ).toBe(141_295);
  });

  it("puts every line, options and travel included, in reverse charge: no VAT, TTC = HT", () => {
    const content = {
      ...example(),
      reverseCharge: true,
      discount: { kind: "percent" as const, basisPoints: 500 },
    };
    const totals = quoteTotals(content, HOURLY);
    expect(totals.byRate).toEqual([
      { code: "autoliquidation", basisPoints: 0, linesHt: 135_906, discountHt: 6_795, ht: 129_111, vat: 0 },
    ]);
    expect(totals).toMatchObject({ totalHt: 129_111, totalVat: 0, totalTtc: 129_111 });
    expect(totals.optional.byRate.map((rate) => [rate.code, rate.vat])).toEqual([["autoliquidation", 0]]);
    expect(totals.optional.totalTtc).toBe(25_000);
    expect(totals.lots.map((l) => l.subtotalHt)).toEqual([61_500, 69_906]);
    // 30 % of 1 291,11 € = 387,333 → 387,33.
    expect(
      quoteTotals(withDeposit(content, { kind: "percent", basisPoints: 3_000 }), HOURLY).depositTtc,
    ).toBe(38_733);
  });

  it("counts a draft line without quantity or price as 0", () => {
    const content = quote([
      lot([
        item({ quantity: null, unitPriceHt: 5_000 }),
        item({ quantity: 2_000, unitPriceHt: null, vatCode: "10" }),
        item({ quantity: 1_000, unitPriceHt: 1_000 }),
      ]),
    ]);
    const totals = quoteTotals(content, HOURLY);
    expect(totals.byRate.map((rate) => [rate.code, rate.linesHt])).toEqual([
      ["20", 1_000],
      ["10", 0],
    ]);
    expect(totals.totalTtc).toBe(1_200);
  });

  it("estimates the cost and the margin, the discount lowering the costed lines' margin in proportion", () => {
    /*
     * Hourly cost 35,00 €.
     * A: 12,5 m² × 38,40 € at 10 % = 480,00 €, cost 0,4 h + 12,30 € a m² = 26,30 € → 328,75 €;
     *    3 h × 45,00 € = 135,00 € without a cost price; an option with a cost (not counted).
     * B: 3 × 40,00 € = 120,00 €, cost 0,333 h a unit = 11,655 € → 34,965 → 34,97 € (half away).
     * Travel 45,00 €. Lines HT 780,00 €, costed 600,00 €.
     * Discount 10,02 €: the costed lines' share is 10,02 × 600 / 780 = 7,7077 → 7,71 €.
     * Margin 600,00 − 7,71 − (328,75 + 34,97) = 228,57 €, 228,57 / 592,29 = 38,59 %.
     */
    const content = quote(
      [
        lot([
          item({
            quantity: 12_500,
            unitPriceHt: 3_840,
            vatCode: "10",
            cost: { labourHours: 400, materialsCents: 1_230 },
          }),
          item({ quantity: 3_000, unitPriceHt: 4_500 }),
          item({
            quantity: 1_000,
            unitPriceHt: 90_000,
            optional: true,
            cost: { labourHours: 10_000, materialsCents: 0 },
          }),
        ]),
        lot([
          item({ quantity: 3_000, unitPriceHt: 4_000, cost: { labourHours: 333, materialsCents: 0 } }),
          text(),
        ]),
        lot([item({ quantity: 1_000, unitPriceHt: 0 })]),
      ],
      { travel: { amountHt: 4_500, vatCode: "20" }, discount: { kind: "amount", cents: 1_002 } },
    );
    const totals = quoteTotals(content, HOURLY);
    expect(
      totals.lots.map(({ cost, margin, linesWithoutCost }) => ({ cost, margin, linesWithoutCost })),
    ).toEqual([
      { cost: 32_875, margin: 15_125, linesWithoutCost: 1 },
      { cost: 3_497, margin: 8_503, linesWithoutCost: 0 },
      // A line at 0 € without a cost price is not a line whose margin is unknown.
      { cost: null, margin: null, linesWithoutCost: 0 },
    ]);
    expect(totals.cost).toBe(36_372);
    expect(totals.margin).toBe(22_857);
    expect(totals.marginRate).toBe(3_859);
  });

  it("has no cost nor margin when no counted line has a cost", () => {
    const content = quote([
      lot([
        item({ quantity: 1_000, unitPriceHt: 10_000 }),
        item({ optional: true, cost: { labourHours: 1_000, materialsCents: 100 } }),
        item({ quantity: null, cost: { labourHours: 1_000, materialsCents: 100 } }),
      ]),
    ]);
    const totals = quoteTotals(content, HOURLY);
    expect(totals).toMatchObject({ cost: null, margin: null, marginRate: null });
    expect(totals.lots[0]).toMatchObject({ cost: null, margin: null, linesWithoutCost: 1 });
  });

  it("gives the rate of a loss, rounded half away from zero like a gain", () => {
    // Costed HT 200,00 €, cost 200,01 €: margin −0,01 €, i.e. −0,5 basis point → −1, and 0,01 € → +1.
    const at = (materialsCents: number) =>
      quoteTotals(
        quote([
          lot([item({ quantity: 1_000, unitPriceHt: 20_000, cost: { labourHours: 0, materialsCents } })]),
        ]),
        HOURLY,
      );
    expect(at(20_001)).toMatchObject({ margin: -1, marginRate: -1 });
    expect(at(19_999)).toMatchObject({ margin: 1, marginRate: 1 });
    expect(Object.is(at(20_000).marginRate, 0)).toBe(true);
  });
});

describe("lineCost, lineHt, labourCost", () => {
  it("rounds a line's cost once, half away from zero", () => {
    // 3 × 0,333 h × 35,00 € = 34,965 € → 34,97 €; −3 → −34,97 €.
    expect(lineCost({ quantity: 3_000, cost: { labourHours: 333, materialsCents: 0 } }, HOURLY)).toBe(3_497);
    expect(lineCost({ quantity: -3_000, cost: { labourHours: 333, materialsCents: 0 } }, HOURLY)).toBe(
      -3_497,
    );
    // 0,5 × 0,01 € = 0,005 € → 0,01 €; 0,499 × 0,01 € → 0,00 €.
    expect(lineCost({ quantity: 500, cost: { labourHours: 0, materialsCents: 1 } }, HOURLY)).toBe(1);
    expect(lineCost({ quantity: 499, cost: { labourHours: 0, materialsCents: 1 } }, HOURLY)).toBe(0);
    // 12,5 × (0,4 h × 35,00 € + 12,30 €) = 328,75 €.
    expect(lineCost({ quantity: 12_500, cost: { labourHours: 400, materialsCents: 1_230 } }, HOURLY)).toBe(
      32_875,
    );
    expect(lineCost({ quantity: null, cost: { labourHours: 400, materialsCents: 1 } }, HOURLY)).toBeNull();
    expect(lineCost({ quantity: 1_000, cost: null }, HOURLY)).toBeNull();
    expect(labourCost(1_500, HOURLY)).toBe(5_250); // 1,5 h × 35,00 €
    expect(labourCost(1, 1)).toBe(0); // 0,001 h × 0,01 €
    expect(lineHt({ quantity: 12_500, unitPriceHt: 3_840 })).toBe(48_000);
    expect(lineHt({ quantity: 1_005, unitPriceHt: 100 })).toBe(101); // 1,005 € → 1,01 €
    expect(lineHt({ quantity: null, unitPriceHt: 3_840 })).toBe(0);
    expect(lineHt({ quantity: 1_000, unitPriceHt: null })).toBe(0);
  });

  it("refuses a cost beyond what a document carries, which the editor shows as a message", () => {
    // 9 999 999,999 × 9 999 999 999,99 € has no exact Number: refused rather than rounded by the float.
    const huge = { labourHours: 0, materialsCents: MAX_CENTS };
    expect(() => lineCost({ quantity: MAX_MILLI, cost: huge }, HOURLY)).toThrow(MoneyError);
    expect(lineCost({ quantity: 1_000, cost: huge }, HOURLY)).toBe(MAX_CENTS);
    expect(() => lineCost({ quantity: 1_001, cost: huge }, HOURLY)).toThrow(MoneyError);
    const content = quote([lot([item({ quantity: 2_000, cost: huge })])]);
    const result = tryQuoteTotals(content, HOURLY);
    expect(result.ok).toBe(false);
    expect(result.ok ? "" : result.message).toMatch(/^Coût de la ligne : Le montant doit être compris entre/);
    expect(tryQuoteTotals(quote([lot([item({ quantity: 2_000 })])]), HOURLY)).toMatchObject({
      ok: true,
      totals: { totalHt: 200, totalVat: 40, totalTtc: 240 },
    });
  });

  it("matches an exact rational computation over the whole range, or refuses what a document cannot carry", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -MAX_MILLI, max: MAX_MILLI }),
        fc.integer({ min: 0, max: 9_999_999 }),
        fc.integer({ min: 0, max: MAX_CENTS }),
        fc.integer({ min: 1, max: 100_000 }),
        (quantity, labourHours, materialsCents, hourly) => {
          const line = { quantity, cost: { labourHours, materialsCents } };
          const expected = refLineCost(line, hourly) as bigint;
          if (expected > BigInt(MAX_CENTS) || expected < -BigInt(MAX_CENTS)) {
            expect(() => lineCost(line, hourly)).toThrow(MoneyError);
          } else {
            const cost = lineCost(line, hourly) as number;
            expect(Number.isSafeInteger(cost)).toBe(true);
            expect(BigInt(cost)).toBe(expected);
          }
        },
      ),
      { numRuns: 2_000 },
    );
  });

  it("matches the exact computation on everyday figures, and halves go away from zero", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000, max: 1_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 1, max: 100_000 }),
        (quantity, labourHours, materialsCents, hourly) => {
          const line = { quantity, cost: { labourHours, materialsCents } };
          const cost = lineCost(line, hourly) as number;
          expect(BigInt(cost)).toBe(refLineCost(line, hourly));
          // Symmetric around zero, and within half a cent of the exact value.
          expect(lineCost({ ...line, quantity: -quantity }, hourly)).toBe(cost === 0 ? 0 : -cost);
          const exactTimes1e6 =
            BigInt(quantity) * (BigInt(labourHours) * BigInt(hourly) + 1000n * BigInt(materialsCents));
          const error = BigInt(cost) * 1_000_000n - exactTimes1e6;
          expect(2n * (error < 0n ? -error : error) <= 1_000_000n).toBe(true);
        },
      ),
    );
  });
});

// ─── Properties ───────────────────────────────────────────────────────────────────────

describe("quoteTotals, properties", () => {
  const contents = fc.oneof(contentArb(), contentArb({ negatives: true }));

  it("matches the independent reference: rates, discount, VAT, lots, cost, margin", () => {
    fc.assert(
      fc.property(contents, (content) => {
        const totals = quoteTotals(content, HOURLY);
        const expected = reference(content, HOURLY);
        expect(totals.byRate).toEqual(
          expected.byRate.map((rate) => ({ ...rate, basisPoints: Number(RATE_BP[rate.code]) })),
        );
        const { linesHt, discountHt, totalHt, totalVat, totalTtc } = expected;
        expect(totals).toMatchObject({ linesHt, discountHt, totalHt, totalVat, totalTtc });
        expect(totals.optional.byRate.map((rate) => [rate.code, rate.ht, rate.vat])).toEqual(
          expected.optional.byRate.map((rate) => [rate.code, rate.ht, rate.vat]),
        );
        expect(totals.optional.totalTtc).toBe(expected.optional.totalTtc);
        expect(totals.lots).toEqual(expected.lots);
        expect(totals.cost).toBe(expected.cost);
        expect(totals.margin).toBe(expected.margin);
        expect(totals.marginRate).toBe(expected.marginRate);
      }),
      { numRuns: 300 },
    );
  });

  it("adds up: lots + travel = lines HT, HT + VAT = TTC, the rates = the totals", () => {
    fc.assert(
      fc.property(contents, (content) => {
        const totals = quoteTotals(content, HOURLY);
        expect(sum(totals.lots.map((l) => l.subtotalHt)) + totals.travelHt).toBe(totals.linesHt);
        expect(sum(totals.lots.map((l) => l.optionalHt))).toBe(totals.optional.linesHt);
        expect(totals.travelHt).toBe(content.travel?.amountHt ?? 0);
        for (const g of [totals, totals.optional]) {
          expect(g.totalTtc).toBe(g.totalHt + g.totalVat);
          expect(sum(g.byRate.map((rate) => rate.ht))).toBe(g.totalHt);
          expect(sum(g.byRate.map((rate) => rate.vat))).toBe(g.totalVat);
          expect(sum(g.byRate.map((rate) => rate.linesHt))).toBe(g.linesHt);
          expect(sum(g.byRate.map((rate) => rate.discountHt))).toBe(g.discountHt);
          expect(g.totalHt).toBe(g.linesHt - g.discountHt);
          for (const rate of g.byRate) expect(rate.ht).toBe(rate.linesHt - rate.discountHt);
          // Table order, each rate once.
          const order = g.byRate.map((rate) => VAT_CODES.indexOf(rate.code));
          expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
        }
        expect(totals.optional.discountHt).toBe(0);
        if (content.reverseCharge) {
          expect(totals.byRate.every((rate) => rate.code === "autoliquidation" && rate.vat === 0)).toBe(true);
          expect(totals.totalTtc).toBe(totals.totalHt);
        } else {
          expect(totals.byRate.some((rate) => rate.code === "autoliquidation")).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("equals computeTotals of app/lib/vat.ts on the flattened lines, travel last", () => {
    fc.assert(
      fc.property(contents, (content) => {
        const flat: DocumentLine[] = content.lots.flatMap((l) =>
          l.lines.map(
            (line): DocumentLine =>
              line.kind === "text"
                ? { kind: "text" }
                : {
                    kind: "item",
                    quantity: line.quantity ?? 0,
                    unitPriceHt: line.unitPriceHt ?? 0,
                    vatCode: content.reverseCharge ? "autoliquidation" : line.vatCode,
                    optional: line.optional,
                  },
          ),
        );
        if (content.travel) {
          flat.push({
            kind: "item",
            quantity: 1_000,
            unitPriceHt: content.travel.amountHt,
            vatCode: content.reverseCharge ? "autoliquidation" : content.travel.vatCode,
          });
        }
        const expected = computeTotals(flat, content.discount ? { discount: content.discount } : {});
        const totals = quoteTotals(content, HOURLY);
        expect(group(totals)).toEqual(group(expected));
        expect(group(totals.optional)).toEqual(group(expected.optional));
        expect(totals.lines).toEqual(expected.lines);
      }),
      { numRuns: 200 },
    );
  });

  it("never lets an option change the counted totals", () => {
    fc.assert(
      fc.property(
        contents,
        fc.integer({ min: 0, max: 5_000_000 }),
        fc.integer({ min: 0, max: 5_000_000 }),
        (content, quantity, price) => {
          const before = quoteTotals(content, HOURLY);
          const strip = (c: QuoteContent): QuoteContent => ({
            ...c,
            lots: c.lots.map((l) => ({
              ...l,
              lines: l.lines.filter((line) => line.kind === "text" || !line.optional),
            })),
          });
          const changeOptions = (c: QuoteContent): QuoteContent => ({
            ...c,
            lots: c.lots.map((l) => ({
              ...l,
              lines: [
                ...l.lines.map((line) =>
                  line.kind === "item" && line.optional
                    ? {
                        ...line,
                        quantity,
                        unitPriceHt: price,
                        cost: { labourHours: 1_000, materialsCents: 1 },
                      }
                    : line,
                ),
                item({ quantity, unitPriceHt: price, vatCode: "5.5", optional: true }),
              ],
            })),
          });
          for (const other of [strip(content), changeOptions(content)]) {
            const after = quoteTotals(other, HOURLY);
            expect(group(after)).toEqual(group(before));
            expect(after.depositTtc).toBe(before.depositTtc);
            expect([after.cost, after.margin, after.marginRate]).toEqual([
              before.cost,
              before.margin,
              before.marginRate,
            ]);
            expect(after.lots.map((l) => l.subtotalHt)).toEqual(before.lots.map((l) => l.subtotalHt));
          }
          expect(quoteTotals(strip(content), HOURLY).optional.totalTtc).toBe(0);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never changes with the order of the lines, within or across lots", () => {
    fc.assert(
      fc.property(
        contents,
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
        (content, keys, lotChoices) => {
          const lines = content.lots.flatMap((l) => l.lines);
          const shuffled = lines
            .map((line, i) => ({ line, key: (keys[i % 40] as number) * 100 + i }))
            .sort((a, b) => a.key - b.key)
            .map(({ line }) => line);
          const lots: QuoteLot[] = content.lots.map((l) => ({ ...l, lines: [] }));
          shuffled.forEach((line, i) => {
            lots[(lotChoices[i % 40] as number) % lots.length]?.lines.push(line);
          });
          const moved = { ...content, lots };
          const before = quoteTotals(content, HOURLY);
          const after = quoteTotals(moved, HOURLY);
          expect(group(after)).toEqual(group(before));
          expect(group(after.optional)).toEqual(group(before.optional));
          expect(after.depositTtc).toBe(before.depositTtc);
          expect([after.cost, after.margin, after.marginRate]).toEqual([
            before.cost,
            before.margin,
            before.marginRate,
          ]);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("never asks a deposit beyond the TTC, nor a negative one", () => {
    const anyDeposit = fc.oneof(
      fc.record({ kind: fc.constant("percent" as const), basisPoints: fc.integer({ min: 0, max: 10_000 }) }),
      fc.record({ kind: fc.constant("amount" as const), cents: fc.integer({ min: 0, max: 100_000_000 }) }),
    );
    fc.assert(
      fc.property(contents, anyDeposit, (content, deposit) => {
        const withIt = withDeposit(content, deposit);
        const ttc = quoteTotals({ ...withIt, terms: { ...withIt.terms, deposit: null } }, HOURLY).totalTtc;
        if (deposit.kind === "amount" && deposit.cents > Math.max(ttc, 0)) {
          expect(() => quoteTotals(withIt, HOURLY)).toThrow(MoneyError);
          return;
        }
        const asked = quoteTotals(withIt, HOURLY).depositTtc as number;
        expect(asked).toBeGreaterThanOrEqual(0);
        expect(asked).toBeLessThanOrEqual(Math.max(ttc, 0));
        if (deposit.kind === "percent" && ttc >= 0) {
          expect(BigInt(asked)).toBe(roundHalfAway(BigInt(ttc) * BigInt(deposit.basisPoints), 10_000n));
        }
        if (deposit.kind === "amount") expect(asked).toBe(deposit.cents);
      }),
      { numRuns: 300 },
    );
  });

  it("derives the margin from the costed HT, its share of the discount and the cost; none without a cost", () => {
    fc.assert(
      fc.property(contents, (content) => {
        const totals = quoteTotals(content, HOURLY);
        const counted = itemLines(content).filter((line) => !line.optional);
        const costed = counted.filter((line) => line.cost !== null && line.quantity !== null);
        if (costed.length === 0) {
          expect([totals.cost, totals.margin, totals.marginRate]).toEqual([null, null, null]);
          return;
        }
        const costedHt = sum(costed.map((line) => Number(refLineHt(line))));
        const cost = sum(costed.map((line) => Number(refLineCost(line, HOURLY))));
        const share =
          totals.linesHt === 0
            ? 0
            : Number(roundHalfAway(BigInt(totals.discountHt) * BigInt(costedHt), BigInt(totals.linesHt)));
        expect(totals.cost).toBe(cost);
        expect(totals.margin).toBe(costedHt - share - cost);
        expect(sum(totals.lots.map((l) => l.cost ?? 0))).toBe(cost);
        // Before the discount, the lots' margins add up to the quote's.
        expect(sum(totals.lots.map((l) => l.margin ?? 0))).toBe(costedHt - cost);
        // The share is within half a cent of the exact proportion.
        if (totals.linesHt !== 0) {
          const error = BigInt(share) * BigInt(totals.linesHt) - BigInt(totals.discountHt) * BigInt(costedHt);
          const abs = (v: bigint) => (v < 0n ? -v : v);
          expect(2n * abs(error) <= abs(BigInt(totals.linesHt))).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});

// Keep the type of the result honest: every field of QuoteTotals is produced.
it("returns every field of QuoteTotals", () => {
  const totals: QuoteTotals = quoteTotals(quote([lot([item()])]), HOURLY);
  expect(Object.keys(totals).sort()).toEqual(
    [
      "byRate",
      "cost",
      "depositTtc",
      "discountHt",
      "lines",
      "linesHt",
      "lots",
      "margin",
      "marginRate",
      "optional",
      "totalHt",
      "totalTtc",
      "totalVat",
      "travelHt",
    ].sort(),
  );
});
