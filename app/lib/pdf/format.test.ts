import { describe, expect, it } from "vitest";
import { formatCapital, formatDateFr, formatEuros } from "./format.ts";

describe("fr-FR formatting for documents", () => {
  it("formats cents as euros the way Intl does for fr-FR", () => {
    expect(formatEuros(123456)).toBe("1\u202f234,56\u00a0€");
    expect(formatEuros(5)).toBe("0,05\u00a0€");
    expect(formatEuros(-250)).toBe("-2,50\u00a0€");
    expect(formatEuros(123456789012)).toBe("1\u202f234\u202f567\u202f890,12\u00a0€");
    expect(() => formatEuros(12.5)).toThrow();
  });

  it("prints a whole capital without cents", () => {
    expect(formatCapital(300000)).toBe("3\u202f000\u00a0€");
    expect(formatCapital(150050)).toBe("1\u202f500,50\u00a0€");
  });

  it("prints dates as « 23 novembre 2026 », an instant as its day in Paris", () => {
    expect(formatDateFr("2026-11-23")).toBe("23 novembre 2026");
    expect(formatDateFr("2027-01-01")).toBe("1 janvier 2027");
    // 23:30 UTC on 22 November is already 23 November in Paris.
    expect(formatDateFr(new Date(Date.UTC(2026, 10, 22, 23, 30)))).toBe("23 novembre 2026");
    expect(() => formatDateFr("2026-02-30")).toThrow();
    expect(() => formatDateFr("23/11/2026")).toThrow();
    expect(() => formatDateFr(new Date(Number.NaN))).toThrow();
  });
});
