import { describe, expect, it } from "vitest";
import { plural, pluralWord } from "./plural.ts";

describe("plural", () => {
  it("takes the singular for 0 and 1, the plural from 2, as French does", () => {
    expect(plural(0, "facture")).toBe("0 facture");
    expect(plural(1, "facture")).toBe("1 facture");
    expect(plural(2, "facture")).toBe("2 factures");
    expect(plural(2, "travail", "travaux")).toBe("2 travaux");
    expect(pluralWord(1, "relance")).toBe("relance");
    expect(pluralWord(12, "relance")).toBe("relances");
  });

  it("writes large counts with the French thousands separator", () => {
    expect(plural(1234, "devis", "devis")).toBe("1\u202f234 devis");
  });
});
