import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  allocate,
  divideHalfAwayFromZero,
  formatCents,
  formatCentsForInput,
  formatPercent,
  formatQuantity,
  lineAmounts,
  lineTotal,
  MAX_CENTS,
  MAX_MILLI,
  MONEY_MESSAGES,
  MoneyError,
  MoneySchema,
  PERCENT_MESSAGES,
  PercentSchema,
  parseMoney,
  parsePercent,
  parseQuantity,
  percentOf,
  QUANTITY_MESSAGES,
  QuantitySchema,
} from "./money.ts";
import { z } from "./zod.ts";

const NNBSP = "\u202f"; // what Intl's fr-FR puts between thousands
const NBSP = "\u00a0"; // what it puts before « € » and « % »

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const percents = new Intl.NumberFormat("fr-FR", { style: "percent", maximumFractionDigits: 2 });

const cents = fc.integer({ min: -MAX_CENTS, max: MAX_CENTS });
const milli = fc.integer({ min: -MAX_MILLI, max: MAX_MILLI });

describe("divideHalfAwayFromZero", () => {
  it("rounds halves away from zero and everything else to the nearest integer", () => {
    expect(divideHalfAwayFromZero(5n, 2n)).toBe(3n); // 2,5
    expect(divideHalfAwayFromZero(-5n, 2n)).toBe(-3n); // −2,5
    expect(divideHalfAwayFromZero(4n, 3n)).toBe(1n); // 1,33
    expect(divideHalfAwayFromZero(5n, 3n)).toBe(2n); // 1,67
    expect(divideHalfAwayFromZero(-4n, 3n)).toBe(-1n);
    expect(divideHalfAwayFromZero(-5n, 3n)).toBe(-2n);
    expect(divideHalfAwayFromZero(0n, 7n)).toBe(0n);
    expect(() => divideHalfAwayFromZero(1n, 0n)).toThrow(RangeError);
  });

  it("is within half of the exact quotient, and symmetric around zero", () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }),
        fc.bigInt({ min: 1n, max: 10n ** 9n }),
        (n, d) => {
          const q = divideHalfAwayFromZero(n, d);
          const error = q * d - n;
          expect(2n * (error < 0n ? -error : error) <= d).toBe(true);
          expect(divideHalfAwayFromZero(-n, d)).toBe(-q);
        },
      ),
    );
  });
});

describe("line totals", () => {
  it("multiplies a quantity with three decimals by a price in cents exactly", () => {
    // 12,5 m² × 38,40 € = 480,00 €: 12500 thousandths × 3840 cents / 1000 = 48000 cents.
    expect(lineTotal(12_500, 3_840)).toBe(48_000);
    // 2 u × 650,00 € = 1 300,00 €.
    expect(lineTotal(2_000, 65_000)).toBe(130_000);
  });

  it("rounds half a cent away from zero", () => {
    // 0,335 × 3,00 € = 1,005 € → 1,01 € (335 × 300 / 1000 = 100,5 cents).
    expect(lineTotal(335, 300)).toBe(101);
    // A credit note's line: 1,005 × −1,00 € = −1,005 € → −1,01 €, not −1,00 €.
    expect(lineTotal(1_005, -100)).toBe(-101);
    expect(lineTotal(-1_005, 100)).toBe(-101);
    // Under half a cent goes back: 1,004 × 1,00 € → 1,00 €, and −1,004 € → −1,00 €.
    expect(lineTotal(1_004, 100)).toBe(100);
    expect(lineTotal(1_004, -100)).toBe(-100);
  });

  it("gets right what floating point gets wrong", () => {
    // 1,005 is 1.00499999999999989… as a double, so the float route loses the half cent.
    expect(Math.round(1.005 * 100)).toBe(100);
    expect(lineTotal(1_005, 100)).toBe(101);
    // 0,1 + 0,2 in floats is not 0,3; in cents it is.
    expect(lineTotal(1_000, 10) + lineTotal(1_000, 20)).toBe(30);
  });

  it("takes a line discount on the rounded line total, rounded the same way", () => {
    // 8,333 m² × 52,00 € = 433,316 € → 433,32 €; 10 % of it = 43,332 € → 43,33 €; net 389,99 €.
    expect(lineAmounts(8_333, 5_200, 1_000)).toEqual({ gross: 43_332, discount: 4_333, net: 38_999 });
    // 1 u × 0,15 € with 10 %: discount 0,015 € → 0,02 €, net 0,13 €.
    expect(lineAmounts(1_000, 15, 1_000)).toEqual({ gross: 15, discount: 2, net: 13 });
    // On a credit note the discount mirrors: −0,02 €, net −0,13 €.
    expect(lineAmounts(1_000, -15, 1_000)).toEqual({ gross: -15, discount: -2, net: -13 });
    // 100 % makes the line free; no discount leaves it whole.
    expect(lineAmounts(3_000, 1_999, 10_000)).toEqual({ gross: 5_997, discount: 5_997, net: 0 });
    expect(lineAmounts(3_000, 1_999)).toEqual({ gross: 5_997, discount: 0, net: 5_997 });
  });

  it("refuses a discount outside 0–100 %, and a result a document cannot carry", () => {
    expect(() => lineAmounts(1_000, 100, 10_001)).toThrow(MoneyError);
    expect(() => lineAmounts(1_000, 100, -1)).toThrow(MoneyError);
    expect(() => lineAmounts(1_000, 100, 12.5)).toThrow(MoneyError);
    // 9 999 999,999 × 9 999 999 999,99 € is far beyond 9 999 999 999,99 €.
    expect(() => lineTotal(MAX_MILLI, MAX_CENTS)).toThrow(MoneyError);
    expect(() => lineTotal(1.5, 100)).toThrow(MoneyError);
    expect(() => lineTotal(1_000, 0.5)).toThrow(MoneyError);
    expect(() => lineTotal(MAX_MILLI + 1, 1)).toThrow(MoneyError);
  });

  it("stays within half a cent of the exact product, and within a cent with a discount", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -10_000_000, max: 10_000_000 }),
        fc.integer({ min: -100_000_000, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (quantity, price, discount) => {
          // Exact gross in cents is quantity × price / 1000: compare in thousandths of a cent.
          const gross = BigInt(lineTotal(quantity, price));
          const grossError = gross * 1000n - BigInt(quantity) * BigInt(price);
          expect(2n * (grossError < 0n ? -grossError : grossError) <= 1000n).toBe(true);
          // Exact net is quantity × price × (10000 − discount) / (1000 × 10000).
          const { net, gross: same, discount: cut } = lineAmounts(quantity, price, discount);
          expect(same - cut).toBe(net);
          const netError =
            BigInt(net) * 10_000_000n - BigInt(quantity) * BigInt(price) * BigInt(10_000 - discount);
          expect((netError < 0n ? -netError : netError) <= 10_000_000n).toBe(true);
        },
      ),
    );
  });
});

describe("percentOf", () => {
  it("rounds the product half away from zero", () => {
    // 5,5 % of 456,00 € = 25,08 € exactly.
    expect(percentOf(45_600, 550)).toBe(2_508);
    // 10 % of 857,63 € = 85,763 € → 85,76 €.
    expect(percentOf(85_763, 1_000)).toBe(8_576);
    // 10 % of 0,05 € = 0,005 € → 0,01 €; of −0,05 € → −0,01 €.
    expect(percentOf(5, 1_000)).toBe(1);
    expect(percentOf(-5, 1_000)).toBe(-1);
    // 20 % of 0,02 € = 0,004 € → 0,00 €.
    expect(percentOf(2, 2_000)).toBe(0);
    expect(Object.is(percentOf(-2, 2_000), 0)).toBe(true);
    expect(() => percentOf(100, 10_001)).toThrow(MoneyError);
    expect(() => percentOf(100, -1)).toThrow(MoneyError);
  });
});

describe("allocate (largest remainder)", () => {
  it("gives the missing cents to the largest fractional parts, the earlier one on a tie", () => {
    // 0,10 € over three equal bases: 3,33… each; floors 3 + 3 + 3 = 9, the missing cent to the first.
    // Rounding each share would give 9 cents: the sum would be wrong.
    expect(allocate(10, [10_000, 10_000, 10_000])).toEqual([4, 3, 3]);
    expect(allocate(-10, [10_000, 10_000, 10_000])).toEqual([-4, -3, -3]);
    // 69,14 € over 480,00 € and 902,77 €: exact shares 2 400,05… and 4 513,94… cents;
    // floors 2 400 + 4 513 = 6 913, the missing cent to the larger fraction (0,94…).
    expect(allocate(6_914, [48_000, 90_277])).toEqual([2_400, 4_514]);
    // 1 cent over 1 and 2: exact 0,33 and 0,67 → the second.
    expect(allocate(1, [1, 2])).toEqual([0, 1]);
    // A zero base takes nothing; a zero total gives zeros.
    expect(allocate(7, [0, 5, 0])).toEqual([0, 7, 0]);
    expect(allocate(0, [3, 4])).toEqual([0, 0]);
  });

  it("refuses to split an amount over nothing", () => {
    expect(() => allocate(5, [])).toThrow(MoneyError);
    expect(() => allocate(5, [3, -3])).toThrow(MoneyError);
  });

  it("adds up exactly, each share within a cent of its exact value, a credit note mirroring its invoice", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 8 }),
        (total, weights) => {
          fc.pre(weights.some((weight) => weight > 0));
          const shares = allocate(total, weights);
          expect(shares.reduce((a, b) => a + b, 0)).toBe(total);
          const sum = BigInt(weights.reduce((a, b) => a + b, 0));
          shares.forEach((share, index) => {
            const error = BigInt(share) * sum - BigInt(total) * BigInt(weights[index] as number);
            expect((error < 0n ? -error : error) < sum).toBe(true);
          });
          expect(allocate(-total, weights)).toEqual(shares.map((share) => (share === 0 ? 0 : -share)));
        },
      ),
    );
  });
});

describe("formatCents", () => {
  it("prints as Intl's fr-FR euro does: narrow no-break space for thousands, no-break space before €", () => {
    expect(formatCents(123_456)).toBe(`1${NNBSP}234,56${NBSP}€`);
    expect(formatCents(0)).toBe(`0,00${NBSP}€`);
    expect(formatCents(5)).toBe(`0,05${NBSP}€`);
    expect(formatCents(-123_456)).toBe(`-1${NNBSP}234,56${NBSP}€`);
    expect(formatCents(MAX_CENTS)).toBe(`9${NNBSP}999${NNBSP}999${NNBSP}999,99${NBSP}€`);
    expect(formatCentsForInput(123_456)).toBe(`1${NNBSP}234,56`);
    expect(formatCentsForInput(-50)).toBe("-0,50");
  });

  it("matches Intl byte for byte over the whole range", () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(formatCents(value)).toBe(euros.format(value / 100));
      }),
    );
  });

  it("prints -0 as 0 (Intl would print « -0,00 € »), and refuses what is not cents", () => {
    expect(formatCents(-0)).toBe(`0,00${NBSP}€`);
    expect(() => formatCents(12.5)).toThrow(MoneyError);
    expect(() => formatCents(Number.NaN)).toThrow(MoneyError);
  });
});

describe("parseMoney", () => {
  it.each([
    ["1 234,56", 123_456],
    [`1${NBSP}234,56`, 123_456],
    [`1${NNBSP}234,56`, 123_456],
    ["1234,56", 123_456],
    ["1234.56", 123_456],
    ["1 234", 123_400],
    ["12,5", 1_250],
    ["0,05", 5],
    ["1 234,56 €", 123_456],
    [`1${NNBSP}234,56${NBSP}€`, 123_456],
    ["12€", 1_200],
    ["  42  ", 4_200],
    ["-1 234,56", -123_456],
    ["\u22121 234,56 €", -123_456],
    ["1 000 000", 100_000_000],
    ["007", 700],
    ["9 999 999 999,99", MAX_CENTS],
    ["-9999999999.99", -MAX_CENTS],
  ])("reads « %s » as %i cents", (text, expected) => {
    expect(parseMoney(text)).toEqual({ ok: true, cents: expected });
  });

  it("reads -0 as 0, not -0", () => {
    const result = parseMoney("-0,00");
    expect(result.ok && Object.is(result.cents, 0)).toBe(true);
  });

  it.each([
    ["", MONEY_MESSAGES.format],
    ["   ", MONEY_MESSAGES.format],
    ["abc", MONEY_MESSAGES.format],
    ["12a", MONEY_MESSAGES.format],
    ["douze", MONEY_MESSAGES.format],
    ["1e3", MONEY_MESSAGES.format],
    ["0x10", MONEY_MESSAGES.format],
    ["+12", MONEY_MESSAGES.format],
    ["€ 12", MONEY_MESSAGES.format],
    ["12 EUR", MONEY_MESSAGES.format],
    ["12,", MONEY_MESSAGES.format],
    [",5", MONEY_MESSAGES.format],
    ["1.234,56", MONEY_MESSAGES.format],
    ["1 23 4", MONEY_MESSAGES.format],
    ["1234 567", MONEY_MESSAGES.format],
    ["1  234", MONEY_MESSAGES.format],
    ["1\t234", MONEY_MESSAGES.format],
    ["12\u0000", MONEY_MESSAGES.format],
    ["- 12", MONEY_MESSAGES.format],
    ["١٢", MONEY_MESSAGES.format],
    ["12,345", MONEY_MESSAGES.decimals],
    ["1,005", MONEY_MESSAGES.decimals],
    ["12,500", MONEY_MESSAGES.decimals],
    ["10 000 000 000", MONEY_MESSAGES.range],
    ["-10000000000", MONEY_MESSAGES.range],
    ["9 999 999 999,991", MONEY_MESSAGES.decimals],
    ["99999999999999999999999999999", MONEY_MESSAGES.range],
  ])("refuses « %s »", (text, message) => {
    expect(parseMoney(text)).toEqual({ ok: false, message });
  });

  it("answers a hostile input in linear time", () => {
    // A regex like /[ ]*€$/ retries from every space: 200 000 of them took about 30 s.
    const hostile = [`1${" ".repeat(200_000)}x€`, `1${" 123".repeat(200_000)}x`, `${"9".repeat(500_000)},1x`];
    for (const text of hostile) {
      const started = performance.now();
      expect(parseMoney(text)).toEqual({ ok: false, message: MONEY_MESSAGES.format });
      expect(parsePercent(text.replace("€", "%")).ok).toBe(false);
      expect(performance.now() - started).toBeLessThan(1_000);
    }
  });

  it("reads back whatever it prints, with or without the euro sign", () => {
    fc.assert(
      fc.property(cents, (value) => {
        expect(parseMoney(formatCentsForInput(value))).toEqual({ ok: true, cents: value });
        expect(parseMoney(formatCents(value))).toEqual({ ok: true, cents: value });
      }),
    );
  });
});

describe("quantities", () => {
  it("prints up to three decimals without trailing zeros", () => {
    expect(formatQuantity(12_500)).toBe("12,5");
    expect(formatQuantity(3_000)).toBe("3");
    expect(formatQuantity(335)).toBe("0,335");
    expect(formatQuantity(5)).toBe("0,005");
    expect(formatQuantity(-1_234_567_891)).toBe(`-1${NNBSP}234${NNBSP}567,891`);
  });

  it("matches Intl with at most three decimals", () => {
    fc.assert(
      fc.property(milli, (value) => {
        expect(formatQuantity(value)).toBe(
          (value / 1000).toLocaleString("fr-FR", { maximumFractionDigits: 3 }),
        );
      }),
    );
  });

  it.each([
    ["12,5", 12_500],
    ["12.5", 12_500],
    ["0,335", 335],
    ["1 000", 1_000_000],
    ["3", 3_000],
    ["-2,25", -2_250],
    ["9 999 999,999", MAX_MILLI],
  ])("reads « %s » as %i thousandths", (text, expected) => {
    expect(parseQuantity(text)).toEqual({ ok: true, milli: expected });
  });

  it.each([
    ["", QUANTITY_MESSAGES.format],
    ["12,5 m²", QUANTITY_MESSAGES.format],
    ["12 €", QUANTITY_MESSAGES.format],
    ["1,0005", QUANTITY_MESSAGES.decimals],
    ["10 000 000", QUANTITY_MESSAGES.range],
  ])("refuses « %s »", (text, message) => {
    expect(parseQuantity(text)).toEqual({ ok: false, message });
  });

  it("reads back whatever it prints", () => {
    fc.assert(
      fc.property(milli, (value) => {
        expect(parseQuantity(formatQuantity(value))).toEqual({ ok: true, milli: value });
      }),
    );
  });
});

describe("percentages", () => {
  it("prints basis points as Intl's fr-FR percent does", () => {
    expect(formatPercent(550)).toBe(`5,5${NBSP}%`);
    expect(formatPercent(2_000)).toBe(`20${NBSP}%`);
    expect(formatPercent(1_234)).toBe(`12,34${NBSP}%`);
    expect(formatPercent(10_000)).toBe(`100${NBSP}%`);
    expect(formatPercent(0)).toBe(`0${NBSP}%`);
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (value) => {
        expect(formatPercent(value)).toBe(percents.format(value / 10_000));
      }),
    );
  });

  it.each([
    ["5,5 %", 550],
    ["5,5%", 550],
    [`5,5${NBSP}%`, 550],
    ["5.5", 550],
    ["30", 3_000],
    ["0", 0],
    ["100", 10_000],
    ["12,34 %", 1_234],
  ])("reads « %s » as %i basis points", (text, expected) => {
    expect(parsePercent(text)).toEqual({ ok: true, basisPoints: expected });
  });

  it.each([
    ["", PERCENT_MESSAGES.format],
    ["cinq", PERCENT_MESSAGES.format],
    ["5 €", PERCENT_MESSAGES.format],
    ["5,555", PERCENT_MESSAGES.decimals],
    ["100,01", PERCENT_MESSAGES.range],
    ["-5", PERCENT_MESSAGES.range],
  ])("refuses « %s »", (text, message) => {
    expect(parsePercent(text)).toEqual({ ok: false, message });
  });

  it("reads back whatever it prints between 0 and 100 %", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000 }), (value) => {
        expect(parsePercent(formatPercent(value))).toEqual({ ok: true, basisPoints: value });
      }),
    );
  });
});

describe("form schemas", () => {
  const LineSchema = z.object({ prix: MoneySchema, quantite: QuantitySchema, remise: PercentSchema });

  it("turn the strings of a FormData into integers", () => {
    const form = new FormData();
    form.set("prix", "38,40 €");
    form.set("quantite", "12,5");
    form.set("remise", "5,5 %");
    expect(LineSchema.parse(Object.fromEntries(form))).toEqual({
      prix: 3_840,
      quantite: 12_500,
      remise: 550,
    });
  });

  it("answer in French under the field, a missing field included", () => {
    const result = LineSchema.safeParse({ prix: "12,345", quantite: "beaucoup" });
    expect(result.success).toBe(false);
    const issues = result.error?.issues.map((issue) => [issue.path.join("."), issue.message]);
    expect(issues).toEqual([
      ["prix", MONEY_MESSAGES.decimals],
      ["quantite", QUANTITY_MESSAGES.format],
      ["remise", PERCENT_MESSAGES.format],
    ]);
    expect(MoneySchema.safeParse("10 000 000 000").error?.issues[0]?.message).toBe(MONEY_MESSAGES.range);
  });
});
