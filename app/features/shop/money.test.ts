import { describe, expect, it } from "vitest";
import { AMOUNT_PLACEHOLDER, formatMoney, listingVariant, variantPrice } from "./money.ts";

const eur = { code: "eur", symbol: "€", template: "{{amount}}\u00a0€" };
const variant = (id: string, amount: number, sale?: number | null) => ({
  id,
  prices: [{ amount, sale_amount: sale ?? null, currency_code: "eur", currency: eur }],
});

describe("formatMoney", () => {
  it("shows cents with two decimals through the currency template (euro by default)", () => {
    expect(formatMoney(2490)).toBe("24,90\u00a0€");
    expect(formatMoney(5)).toBe("0,05\u00a0€");
    expect(formatMoney(0)).toBe("0,00\u00a0€");
    expect(formatMoney(124900)).toBe("1\u202f249,00\u00a0€");
    expect(formatMoney(1000, null)).toBe("10,00\u00a0€");
  });

  it("follows another currency's template", () => {
    expect(formatMoney(1250, { code: "usd", symbol: "$", template: `$${AMOUNT_PLACEHOLDER}` })).toBe(
      "$12,50",
    );
    expect(formatMoney(1250, { code: "chf", symbol: "CHF", template: "CHF" })).toBe("12,50\u00a0CHF");
  });
});

describe("variantPrice", () => {
  it("is the first price entry; a sale amount below it is what is charged", () => {
    expect(variantPrice(variant("a", 18900, 15900))).toEqual({
      cents: 15900,
      originalCents: 18900,
      currency: eur,
    });
    expect(variantPrice(variant("a", 1990))).toEqual({ cents: 1990, originalCents: null, currency: eur });
    const twoEntries = { id: "b", prices: [{ amount: 500 }, { amount: 100 }] };
    expect(variantPrice(twoEntries)?.cents).toBe(500);
    expect(variantPrice(twoEntries)?.currency.code).toBe("eur");
  });

  it("ignores a sale amount that is not lower, and has no price without entries", () => {
    expect(variantPrice(variant("a", 1000, 1000))).toEqual({
      cents: 1000,
      originalCents: null,
      currency: eur,
    });
    expect(variantPrice({ id: "c", prices: [] })).toBeNull();
  });
});

describe("listingVariant", () => {
  const variants = [variant("cher", 3000), variant("solde", 2500, 900), variant("moyen", 1500)];

  it("shows the lowest price when the selection is lowest_price_first or unset", () => {
    expect(listingVariant({ site_product_selection: "lowest_price_first", variants })?.id).toBe("solde");
    expect(listingVariant({ site_product_selection: null, variants })?.id).toBe("solde");
    expect(listingVariant({ variants })?.id).toBe("solde");
  });

  it("shows the first variant for another selection, and nothing without variants", () => {
    expect(listingVariant({ site_product_selection: "first_variant", variants })?.id).toBe("cher");
    expect(listingVariant({ variants: [] })).toBeNull();
  });
});
