import { describe, expect, it } from "vitest";
import { ACCEPTED_PHONES, MOBILE_WRITINGS } from "#tests/helpers/phones.ts";
import {
  FRENCH_PHONE,
  formatPhone,
  isFrenchPhone,
  PHONE_MESSAGE,
  phoneSearchDigits,
  telHref,
  toE164,
} from "./phone.ts";

describe("the French phone rule", () => {
  it.each(ACCEPTED_PHONES)("accepts %j", (phone) => {
    expect(isFrenchPhone(phone)).toBe(true);
  });

  it.each([
    "",
    "0012345678",
    "061234567",
    "06123456789",
    "+3312345678",
    "+330612345678",
    "0033612345678",
    "06 12 34 56 7a",
    "06  12 34 56 78",
    "06/12/34/56/78",
    "+44 6 12 34 56 78",
    "6 12 34 56 78",
  ])("refuses %j", (phone) => {
    expect(isFrenchPhone(phone)).toBe(false);
  });

  it.each([
    ["a tab", "06\t12 34 56 78"],
    ["a line break", "06 12 34 56\n78"],
    ["a carriage return", "06 12 34 56 78\r"],
    ["a non-breaking space", "06\u00a012 34 56 78"],
    ["a narrow no-break space", "06 12\u202f34 56 78"],
    ["an ideographic space", "+33\u30006 12 34 56 78"],
    ["a line separator", "06 12 34\u202856 78"],
  ])("refuses %s between the pairs (only space, dot and hyphen separate them)", (_, phone) => {
    expect(FRENCH_PHONE.test(phone)).toBe(false);
    expect(isFrenchPhone(phone)).toBe(false);
  });

  it("has one French message", () => {
    expect(PHONE_MESSAGE).toBe("Le numéro de téléphone est invalide.");
  });
});

describe("formatPhone", () => {
  it.each(MOBILE_WRITINGS)("writes %j as « 06 12 34 56 78 »", (phone) => {
    expect(formatPhone(phone)).toBe("06 12 34 56 78");
  });

  it("keeps other numbers' own digits", () => {
    expect(formatPhone("04 94 00 12 34")).toBe("04 94 00 12 34");
    expect(formatPhone("+33494001234")).toBe("04 94 00 12 34");
    expect(formatPhone("0912345678")).toBe("09 12 34 56 78");
  });

  it("shows a value the rule refuses as it is", () => {
    expect(formatPhone("+44 20 7946 0958")).toBe("+44 20 7946 0958");
    expect(formatPhone("")).toBe("");
    expect(formatPhone("<b>06</b>")).toBe("<b>06</b>");
  });
});

describe("toE164", () => {
  it.each(MOBILE_WRITINGS)("turns %j into +33612345678", (phone) => {
    expect(toE164(phone)).toBe("+33612345678");
  });

  it("keeps the area digit and refuses what is not French", () => {
    expect(toE164("04 94 00 12 34")).toBe("+33494001234");
    expect(toE164("0033612345678")).toBeNull();
    expect(toE164("06 12")).toBeNull();
  });
});

describe("telHref", () => {
  it("dials the E.164 form", () => {
    expect(telHref("06 12 34 56 78")).toBe("tel:+33612345678");
    expect(telHref("+33 6 12 34 56 78")).toBe("tel:+33612345678");
    expect(telHref("06.12.34.56.78")).toBe("tel:+33612345678");
    expect(telHref("+33494001234")).toBe("tel:+33494001234");
  });

  it("keeps digits and '+' of a number the rule refuses, and nothing else", () => {
    expect(telHref("+44 20 7946 0958")).toBe("tel:+442079460958");
    expect(telHref('06"><script>')).toBe("tel:06");
  });
});

describe("phoneSearchDigits", () => {
  it("folds a number or a part of one as the search index stores it", () => {
    expect(phoneSearchDigits("+33 6 98 76 54 32")).toBe("0698765432");
    expect(phoneSearchDigits("06.98.76")).toBe("069876");
    expect(phoneSearchDigits("+33698")).toBe("0698");
    expect(phoneSearchDigits("94 11")).toBe("9411");
    // Only a leading +33 is the country code.
    expect(phoneSearchDigits("06 33 +33")).toBe("0633+33");
  });
});
