import { describe, expect, it } from "vitest";
import { lineTotal, percentOf, vatIncludedIn } from "#app/lib/money.ts";
import { documentFigures } from "./document-model.server.ts";
import { computeSaleInvoice, type SaleLine, saleCreditNote } from "./sale-billing.ts";

// A shop order's invoice: prices TTC, the VAT taken out of the total TTC, so that the
// invoice says exactly what the buyer paid (decision 019).

function line(totalTtc: number, quantity = 1, designation = "Article"): SaleLine {
  return { designation, description: "", quantity, unit: "u", totalTtc };
}

/** A seeded generator: the same cases in CI as here. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

function invoiceOf(lines: SaleLine[]) {
  const result = computeSaleInvoice("Commande CMD-000042", lines);
  if (!result.ok) throw new Error(result.message);
  return result.invoice;
}

describe("computeSaleInvoice", () => {
  it("bills exactly the TTC paid, even where no base HT gives it at 20 % (0,03 €, 9,03 €)", () => {
    for (const ttc of [3, 903, 4_990, 15_900]) {
      const invoice = invoiceOf([line(ttc)]);
      expect(invoice.totals.ttc).toBe(ttc);
      expect(invoice.totals.vat).toBe(vatIncludedIn(ttc, 2000));
      expect(invoice.totals.ht + invoice.totals.vat).toBe(ttc);
    }
    // 9,03 € TTC: 7,52 € HT + 1,51 € of VAT; 7,52 × 20 % would be 1,50 € (and 9,02 € TTC).
    const odd = invoiceOf([line(903)]);
    expect([odd.totals.ht, odd.totals.vat]).toEqual([752, 151]);
    expect(percentOf(752, 2000)).toBe(150);
    expect(documentFigures(odd).ttc).toBe(903);
  });

  it("keeps every printed line quantity × unit price, and the lines add up to the base", () => {
    const next = random(20261123);
    for (let run = 0; run < 400; run++) {
      const lines = Array.from({ length: 1 + Math.floor(next() * 4) }, (_, index) => {
        const quantity = 1 + Math.floor(next() * 7);
        return line(quantity * (1 + Math.floor(next() * 40_000)), quantity, `Article ${index}`);
      });
      if (next() < 0.5) lines.push({ ...line(1_500), designation: "Livraison dans le Var", unit: "forfait" });
      const invoice = invoiceOf(lines);
      const paid = lines.reduce((sum, entry) => sum + entry.totalTtc, 0);
      expect(invoice.totals.ttc).toBe(paid);
      const items = (invoice.items ?? []).filter((item) => item.kind === "item");
      for (const item of items) {
        expect(item.ht).toBe(lineTotal(item.quantity, item.unitPriceHt));
        expect(item.quantity).toBeGreaterThan(0);
      }
      expect(items.reduce((sum, item) => sum + item.ht, 0)).toBe(invoice.totals.ht);
      // Each sale line keeps its units, in one line or two a cent apart.
      for (const entry of lines) {
        const printed = items.filter((item) => item.designation === entry.designation);
        expect(printed.reduce((sum, item) => sum + item.quantity, 0)).toBe(entry.quantity * 1000);
        expect(printed.length).toBeLessThanOrEqual(2);
        if (printed.length === 2)
          expect((printed[1]?.unitPriceHt ?? 0) - (printed[0]?.unitPriceHt ?? 0)).toBe(1);
      }
      // Within a cent of base × rate: what BR-CO-17 tolerates; the document accepts it.
      expect(Math.abs(invoice.totals.vat - percentOf(invoice.totals.ht, 2000))).toBeLessThanOrEqual(1);
      expect(documentFigures(invoice).ttc).toBe(paid);
    }
  });

  it("refuses an order without a line, a nil total or a bad quantity, in French", () => {
    expect(computeSaleInvoice("Commande", [])).toEqual({
      ok: false,
      message: "La commande n'a pas de ligne à facturer.",
    });
    expect(computeSaleInvoice("Commande", [line(0)])).toEqual({
      ok: false,
      message: "La commande n'a rien à facturer : son total est nul.",
    });
    expect(computeSaleInvoice("Commande", [line(100, 0, "Gants")])).toEqual({
      ok: false,
      message: "La quantité de « Gants » est invalide.",
    });
  });
});

describe("saleCreditNote", () => {
  it("is the exact mirror of the invoice, and the document accepts it", () => {
    const invoice = invoiceOf([line(903), line(3 * 4_999, 3, "Disques")]);
    const result = saleCreditNote(invoice, "facture-1");
    if (!result.ok) throw new Error(result.message);
    const credit = result.invoice;
    expect(credit.kind).toBe("avoir");
    expect(credit.creditOf).toEqual({ invoiceId: "facture-1", total: true });
    expect(credit.totals).toEqual({
      ht: -invoice.totals.ht,
      vat: -invoice.totals.vat,
      ttc: -invoice.totals.ttc,
      depositsDeductedHt: 0,
      retention: 0,
      netToPay: -invoice.totals.ttc,
    });
    expect(documentFigures(credit).ttc).toBe(-invoice.totals.ttc);
    expect(credit.items?.map((item) => (item.kind === "item" ? item.ht : 0))).toEqual(
      invoice.items?.map((item) => (item.kind === "item" ? -item.ht : 0)),
    );
  });

  it("refuses any other invoice", () => {
    const invoice = invoiceOf([line(1_000)]);
    expect(saleCreditNote({ ...invoice, vatIncluded: undefined }, "x")).toEqual({
      ok: false,
      message: "Seule la facture d'une commande de la boutique s'annule ainsi.",
    });
  });
});
