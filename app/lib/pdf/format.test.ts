import { describe, expect, it } from "vitest";
import { formatCapital } from "./format.ts";

describe("the share capital on documents", () => {
  it("prints a whole capital without cents, and cents when there are some", () => {
    expect(formatCapital(300000)).toBe("3\u202f000\u00a0€");
    expect(formatCapital(150050)).toBe("1\u202f500,50\u00a0€");
    expect(() => formatCapital(12.5)).toThrow();
  });
});
