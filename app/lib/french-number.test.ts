import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatInteger, formatOneDecimal } from "./french-number.ts";

describe("French number formatting without Intl", () => {
  it("matches Intl's fr-FR output for integers", () => {
    expect(formatInteger(3000)).toBe("3\u202f000");
    expect(formatInteger(0)).toBe("0");
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), (value) => {
        expect(formatInteger(value)).toBe(value.toLocaleString("fr-FR"));
      }),
    );
  });

  it("matches Intl's fr-FR output with at most one decimal", () => {
    expect(formatOneDecimal(4.5)).toBe("4,5");
    expect(formatOneDecimal(5)).toBe("5");
    fc.assert(
      fc.property(fc.integer({ min: -100_000, max: 100_000 }), (tenths) => {
        const value = tenths / 10;
        expect(formatOneDecimal(value)).toBe(value.toLocaleString("fr-FR", { maximumFractionDigits: 1 }));
      }),
    );
  });
});
