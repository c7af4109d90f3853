import { describe, expect, it } from "vitest";
import { readCents, readDay, readMilli, readRate } from "./numbers.ts";
import type { SupplierInvoiceProblem } from "./supplier-invoice.ts";

describe("an e-invoice's decimals into the product's integers", () => {
  it("reads amounts exactly, rounding a third decimal half away from zero and saying so", () => {
    const issues: SupplierInvoiceProblem[] = [];
    expect(readCents("1234.56", "Total", issues)).toBe(123456);
    expect(readCents("0.1", "Total", issues)).toBe(10);
    expect(readCents("-12", "Total", issues)).toBe(-1200);
    expect(readCents("9999999999.99", "Total", issues)).toBe(999_999_999_999);
    expect(issues).toEqual([]);
    expect(readCents("1.005", "Total", issues)).toBe(101);
    expect(readCents("-1.005", "Total", issues)).toBe(-101);
    expect(readCents("1,5", "Total", issues)).toBeNull();
    expect(readCents("99999999999999", "Total", issues)).toBeNull();
    expect(readCents(undefined, "Total", issues)).toBeNull();
    expect(issues.map((issue) => issue.rule)).toEqual(["BR-DEC", "BR-DEC", "BR-DEC", "BR-DEC"]);
    expect(issues[2]?.message).toBe("Total : « 1,5 » n'est pas un montant lisible.");
  });

  it("reads rates in basis points and quantities in thousandths, or null when they do not fit", () => {
    expect(readRate("20")).toBe(2000);
    expect(readRate("5.5")).toBe(550);
    expect(readRate("20.000")).toBe(2000);
    expect(readRate("8.125")).toBeNull();
    expect(readRate("120")).toBeNull();
    expect(readMilli("12.5")).toBe(12500);
    expect(readMilli("-3")).toBe(-3000);
    expect(readMilli("0.0001")).toBeNull();
    expect(readMilli("12345678901")).toBeNull();
  });

  it("reads days in format 102 or ISO, refusing days that do not exist", () => {
    expect(readDay("20261005")).toBe("2026-10-05");
    expect(readDay("2026-10-05")).toBe("2026-10-05");
    expect(readDay("2026-02-30")).toBeUndefined();
    expect(readDay("demain")).toBeUndefined();
  });
});
