import { describe, expect, it } from "vitest";
import { compactIdentifier, isValidSiren, vatKeyOf, vatNumberOf } from "./company-ids.ts";

describe("SIREN and VAT number", () => {
  it("checks the SIREN's Luhn key, La Poste's historic number apart", () => {
    expect(isValidSiren("912345675")).toBe(true);
    expect(isValidSiren("732829320")).toBe(true);
    expect(isValidSiren("912345676")).toBe(false);
    expect(isValidSiren("91234567")).toBe(false);
    expect(isValidSiren("91234567A")).toBe(false);
    expect(isValidSiren("356000000")).toBe(true);
  });

  it("computes the French VAT key (12 + 3 × (SIREN mod 97)) mod 97, on two digits", () => {
    expect(vatKeyOf("912345675")).toBe("65");
    expect(vatNumberOf("732829320")).toBe("FR44732829320");
    expect(vatNumberOf("912345676")).toBeNull();
  });

  it("drops the spaces, dots and hyphens people type, in capitals", () => {
    expect(compactIdentifier("fr 65.912-345 675")).toBe("FR65912345675");
  });
});
