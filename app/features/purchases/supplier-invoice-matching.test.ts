import { describe, expect, it } from "vitest";
import {
  computeMatching,
  formatMicroEuros,
  type MatchInvoiceLine,
  type MatchOrderLine,
  pairLines,
  parseUnitPrice,
} from "./supplier-invoice-matching.ts";

const orderLine = (id: string, overrides: Partial<MatchOrderLine> = {}): MatchOrderLine => ({
  id,
  reference: "",
  designation: `Article ${id}`,
  unit: "u",
  quantityMilli: 10_000,
  unitPriceHtCents: 1_000,
  receivedMilli: 10_000,
  ...overrides,
});

const invoiceLine = (id: string, overrides: Partial<MatchInvoiceLine> = {}): MatchInvoiceLine => ({
  id,
  reference: null,
  designation: `Article ${id}`,
  quantity: "10",
  quantityMilli: 10_000,
  unit: "H87",
  unitPrice: "10.00",
  netCents: 10_000,
  ...overrides,
});

describe("pairLines", () => {
  it("pairs by the staff's choice, else the reference, else the designation (case, accents, spaces ignored)", () => {
    const order = [
      orderLine("a", { reference: "CIM35", designation: "Ciment" }),
      orderLine("b", { designation: "Sable 0/4 lavé" }),
    ];
    const pairs = pairLines(
      order,
      [
        invoiceLine("1", { reference: " cim35 ", designation: "Autre nom" }),
        invoiceLine("2", { designation: "SABLE  0/4 LAVE" }),
        invoiceLine("3", { designation: "Livraison" }),
        invoiceLine("4", { designation: "Remise" }),
      ],
      new Map([["4", "a"]]),
    );
    expect(Object.fromEntries(pairs)).toEqual({
      "1": { orderLineId: "a", by: "reference" },
      "2": { orderLineId: "b", by: "designation" },
      "3": null,
      "4": { orderLineId: "a", by: "manuel" },
    });
  });
});

describe("prices", () => {
  it("reads a unit price exactly, in millionths of a euro, and prints it in French", () => {
    expect(parseUnitPrice("0.1")).toBe(100_000);
    expect(parseUnitPrice("12.345678")).toBe(12_345_678);
    expect(parseUnitPrice("12.3456789")).toBeNull();
    expect(parseUnitPrice(null)).toBeNull();
    expect(formatMicroEuros(48_400_000)).toBe("48,40\u00a0€");
    expect(formatMicroEuros(1_234_123_400)).toBe("1\u202f234,1234\u00a0€");
    expect(formatMicroEuros(-500_000)).toBe("-0,50\u00a0€");
  });

  it("flags no difference for 0.1 + 0.2 style amounts, and compares the line's HT when no price is read", () => {
    const order = [orderLine("a", { unitPriceHtCents: 30, quantityMilli: 3_000, receivedMilli: 3_000 })];
    const same = computeMatching({
      orderLines: order,
      invoice: {
        isCreditNote: false,
        lines: [
          invoiceLine("1", {
            designation: "Article a",
            unitPrice: "0.30",
            quantityMilli: 3_000,
            netCents: 90,
          }),
        ],
        manual: new Map(),
      },
      others: [],
      decisions: [],
    });
    expect(same.status).toBe("conforme");
    const noPrice = computeMatching({
      orderLines: order,
      invoice: {
        isCreditNote: false,
        lines: [
          invoiceLine("1", { designation: "Article a", unitPrice: null, quantityMilli: 3_000, netCents: 93 }),
        ],
        manual: new Map(),
      },
      others: [],
      decisions: [],
    });
    expect(noPrice.gaps.map((gap) => gap.detail)).toEqual([
      "Ligne facturée 0,93\u00a0€ HT, au prix de la commande 0,90\u00a0€ HT, écart : +0,03\u00a0€.",
    ]);
    expect(noPrice.status).toBe("a_traiter");
  });
});
