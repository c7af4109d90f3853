import { describe, expect, it } from "vitest";
import {
  BANK_MESSAGES,
  bicCountry,
  bicIbanMismatch,
  bicProblem,
  formatIban,
  ibanProblem,
  ibanRemainder,
  isValidIban,
  maskIban,
  normalizeBic,
  normalizeIban,
  SEPA_IBAN_LENGTHS,
} from "./bank.ts";

/** The well-known example IBAN of French banking documentation (Société Générale's test account). */
const FR_EXAMPLE = "FR7630006000011234567890189";

/** Published example IBANs (ECBS / national banking associations), one per country. */
const VALID_IBANS = [
  FR_EXAMPLE,
  "FR1420041010050500013M02606", // La Banque Postale example: a letter inside the account number
  "DE89370400440532013000",
  "GB82WEST12345698765432",
  "BE68539007547034",
  "NL91ABNA0417164300",
  "CH9300762011623852957",
  "IT60X0542811101000000123456",
  "ES9121000418450200051332",
  "MC5811222000010123456789030",
];

describe("IBAN", () => {
  it.each(VALID_IBANS)("accepts %s", (iban) => {
    expect(ibanProblem(iban)).toBeNull();
    expect(isValidIban(iban)).toBe(true);
    expect(ibanRemainder(iban)).toBe(1);
  });

  it("reads what a person types: spaces, no-break spaces, hyphens, lower case", () => {
    expect(normalizeIban("fr76 3000 6000 0112 3456 7890 189")).toBe(FR_EXAMPLE);
    expect(normalizeIban(" FR76\u00a03000-6000\u202f0112 3456 7890 189 ")).toBe(FR_EXAMPLE);
  });

  it("refuses a wrong key: one character changed, two swapped", () => {
    // The last digit of the RIB key changed: 189 → 188.
    expect(ibanProblem("FR7630006000011234567890188")).toBe(BANK_MESSAGES.ibanKey);
    // Two neighbouring digits swapped: 890 → 980.
    expect(ibanProblem("FR7630006000011234567980189")).toBe(BANK_MESSAGES.ibanKey);
    // The check digits changed.
    expect(ibanProblem("FR7730006000011234567890189")).toBe(BANK_MESSAGES.ibanKey);
    expect(ibanProblem("DE88370400440532013000")).toBe(BANK_MESSAGES.ibanKey);
  });

  it("refuses the check digits 01 and 99, which pass the remainder test but are never issued", () => {
    // 98 and 01 (97 apart) give the same remainder, as 02 and 99 do.
    const with01 = `FR01${FR_EXAMPLE.slice(4)}`;
    expect(ibanRemainder(`FR98${FR_EXAMPLE.slice(4)}`)).toBe(ibanRemainder(with01));
    expect(ibanProblem(with01)).toBe(BANK_MESSAGES.ibanKey);
    expect(ibanProblem(`FR99${FR_EXAMPLE.slice(4)}`)).toBe(BANK_MESSAGES.ibanKey);
  });

  it("checks the length of the country: 27 characters in France", () => {
    expect(SEPA_IBAN_LENGTHS.FR).toBe(27);
    expect(ibanProblem(FR_EXAMPLE.slice(0, 26))).toBe(BANK_MESSAGES.ibanLength("FR", 27));
    expect(ibanProblem(`${FR_EXAMPLE}0`)).toBe(
      "Un IBAN français compte 27 caractères (espaces non compris).",
    );
    expect(ibanProblem("DE8937040044053201300")).toBe(BANK_MESSAGES.ibanLength("DE", 22));
  });

  it("refuses a country outside the SEPA area, and what is not an IBAN at all", () => {
    expect(ibanProblem("US64SVBKUS6S3300958879")).toBe(BANK_MESSAGES.ibanCountry);
    expect(ibanProblem("XX7630006000011234567890189")).toBe(BANK_MESSAGES.ibanCountry);
    for (const text of ["", "FR", "FR76", "7630006000011234567890189", "FRXX30006000011234567890189"]) {
      expect(ibanProblem(text), text).toBe(BANK_MESSAGES.ibanFormat);
    }
    expect(ibanProblem("FR76 3000 6000 0112 3456 7890 189")).toBe(BANK_MESSAGES.ibanFormat);
    expect(ibanProblem("FR763000600001123456789018é")).toBe(BANK_MESSAGES.ibanFormat);
  });

  it("groups by four for reading, and masks all but the key and the last four characters", () => {
    expect(formatIban(FR_EXAMPLE)).toBe("FR76 3000 6000 0112 3456 7890 189");
    expect(formatIban("BE68539007547034")).toBe("BE68 5390 0754 7034");
    expect(maskIban(FR_EXAMPLE)).toBe("FR76 •••• •••• 0189");
    expect(maskIban(FR_EXAMPLE)).not.toContain("3000");
  });
});

describe("BIC", () => {
  it.each(["BNPAFRPP", "BNPAFRPPXXX", "DEUTDEFF500", "SOGEFRPP", "CEPAFRPP831", "PSSTFRPPMAR"])(
    "accepts %s",
    (bic) => {
      expect(bicProblem(bic)).toBeNull();
    },
  );

  it.each([
    ["BNPAFRP", "7 characters"],
    ["BNPAFRPPXX", "10 characters"],
    ["BNPAFRPPXXXX", "12 characters"],
    ["BNP1FRPP", "a digit in the bank code"],
    ["BNPA1RPP", "a digit in the country"],
    ["BNPAFRP-", "a hyphen"],
    ["", "nothing"],
  ])("refuses %s (%s)", (bic) => {
    expect(bicProblem(bic)).toBe(BANK_MESSAGES.bicFormat);
  });

  it("reads what a person types", () => {
    expect(normalizeBic(" bnpa frpp xxx ")).toBe("BNPAFRPPXXX");
    expect(bicCountry("BNPAFRPPXXX")).toBe("FR");
  });

  it("wants the bank of the BIC in the country of the IBAN", () => {
    expect(bicIbanMismatch("BNPAFRPP", FR_EXAMPLE)).toBeNull();
    expect(bicIbanMismatch("DEUTDEFF", "DE89370400440532013000")).toBeNull();
    expect(bicIbanMismatch("DEUTDEFF", FR_EXAMPLE)).toBe(BANK_MESSAGES.bicCountry("DE", "FR"));
    expect(bicIbanMismatch("BNPAFRPP", "DE89370400440532013000")).toBe(BANK_MESSAGES.bicCountry("FR", "DE"));
  });

  it("accepts a bank of a French overseas department with a French IBAN, and not the reverse", () => {
    // Banks of Guadeloupe or Réunion have GP, RE in their BIC and issue FR IBANs.
    expect(bicIbanMismatch("BNPAGPGP", FR_EXAMPLE)).toBeNull();
    expect(bicIbanMismatch("BREDREREXXX", FR_EXAMPLE)).toBeNull();
    expect(bicIbanMismatch("BNPAFRPP", "MC5811222000010123456789030")).not.toBeNull();
  });
});
