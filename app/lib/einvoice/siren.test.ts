import { describe, expect, it } from "vitest";
import { isValidSiren, vatKeyOf } from "../company-ids.ts";
import { sirenFromVatNumber } from "./siren.ts";

describe("SIREN from a supplier's invoice", () => {
  it("checks the Luhn key of a SIREN", () => {
    expect(isValidSiren("542051180")).toBe(true);
    expect(isValidSiren("542051181")).toBe(false);
    expect(isValidSiren("356000000")).toBe(true); // La Poste, INSEE's exception
    expect(isValidSiren("54205118")).toBe(false);
  });

  it("computes the French VAT key", () => {
    expect(vatKeyOf("542051180")).toBe("59");
    expect(vatKeyOf("912345675")).toBe("65");
  });

  it("takes the SIREN out of a French VAT number whose key matches, and nothing else", () => {
    expect(sirenFromVatNumber("FR59542051180")).toBe("542051180");
    expect(sirenFromVatNumber("fr 59 542 051 180")).toBe("542051180");
    expect(sirenFromVatNumber("FR60542051180")).toBeUndefined();
    expect(sirenFromVatNumber("DE123456789")).toBeUndefined();
    expect(sirenFromVatNumber(undefined)).toBeUndefined();
  });
});
