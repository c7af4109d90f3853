import { allocate, type Cents, FULL_PERCENT, MoneyError, vatIncludedIn } from "#app/lib/money.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import type { BillingInvoice, BillingResult, ItemLine, RateAmount } from "./billing-model.ts";

/*
 * The invoice of a sale of goods at prices TTC (a shop order), and its total credit note.
 *
 * The buyer paid a total TTC; the invoice must say exactly that. The VAT is taken out of
 * the TTC, round(ttc × 20 / 120), and the rest is the base HT (decision 019). Computed the
 * other way, round(base × 20 %) would miss one TTC in six by a cent (0,03 € has no base).
 * The base is shared over the lines in proportion to their TTC (largest remainder), and a
 * line whose share does not divide by its quantity is printed as two lines one cent apart
 * in unit price, so that every printed line is quantity × unit price, to the cent.
 */

/** The one rate of the shop's goods. */
export const SALE_VAT_CODE = "20" as const;
const RATE = VAT_RATES[SALE_VAT_CODE].basisPoints;

export const SALE_PRICES_MENTION =
  "Prix de vente TTC : la TVA est comprise dans les prix et calculée sur le total TTC.";

export type SaleLine = {
  designation: string;
  description: string;
  /** Whole units (a delivery fee: 1). */
  quantity: number;
  unit: "u" | "forfait";
  /** What the buyer paid for the line, TTC. */
  totalTtc: Cents;
};

const LOT_ID = "vente";

function rate(ht: Cents, vat: Cents): RateAmount {
  return { code: SALE_VAT_CODE, basisPoints: RATE, category: "S", ht, vat, ttc: ht + vat };
}

/** The printed lines of one sale line whose base is `ht`: one, or two a cent apart in unit price. */
function itemsOf(line: SaleLine, ht: Cents): ItemLine[] {
  const base = Math.floor(ht / line.quantity);
  const rest = ht - base * line.quantity;
  const item = (quantity: number, unitPriceHt: Cents): ItemLine => ({
    kind: "item",
    lotId: LOT_ID,
    designation: line.designation,
    description: line.description,
    unit: line.unit,
    quantity: quantity * 1000,
    unitPriceHt,
    vatCode: SALE_VAT_CODE,
    ht: quantity * unitPriceHt,
  });
  if (rest === 0) return [item(line.quantity, base)];
  return [item(line.quantity - rest, base), item(rest, base + 1)];
}

/** The invoice of a sale whose lines were paid `Σ totalTtc` TTC; refused without a line or with an amount below zero. */
export function computeSaleInvoice(title: string, lines: readonly SaleLine[]): BillingResult {
  try {
    if (lines.length === 0) return { ok: false, message: "La commande n'a pas de ligne à facturer." };
    for (const line of lines) {
      if (!Number.isSafeInteger(line.quantity) || line.quantity <= 0 || line.quantity > 100_000) {
        return { ok: false, message: `La quantité de « ${line.designation} » est invalide.` };
      }
      if (!Number.isSafeInteger(line.totalTtc) || line.totalTtc < 0) {
        return { ok: false, message: `Le montant de « ${line.designation} » est invalide.` };
      }
    }
    const ttc = lines.reduce((total, line) => total + line.totalTtc, 0);
    if (ttc <= 0) return { ok: false, message: "La commande n'a rien à facturer : son total est nul." };
    const vat = vatIncludedIn(ttc, RATE);
    const ht = ttc - vat;
    const shares = allocate(
      ht,
      lines.map((line) => line.totalTtc),
    );
    const items = lines.flatMap((line, index) => itemsOf(line, shares[index] ?? 0));
    const invoice: BillingInvoice = {
      kind: "facture",
      sequence: 1,
      title: "Facture",
      reverseCharge: false,
      lines: [
        {
          kind: "lot",
          lotId: LOT_ID,
          title,
          contractHt: ht,
          cumulativePercent: FULL_PERCENT,
          cumulativeHt: ht,
          previousHt: 0,
          ht,
          byRate: [{ code: SALE_VAT_CODE, ht }],
        },
      ],
      work: [{ code: SALE_VAT_CODE, basisPoints: RATE, category: "S", ht }],
      deposit: [rate(0, 0)],
      depositDeduction: [{ code: SALE_VAT_CODE, basisPoints: RATE, category: "S", ht: 0 }],
      byRate: [rate(ht, vat)],
      totals: { ht, vat, ttc, depositsDeductedHt: 0, retention: 0, netToPay: ttc },
      retention: null,
      creditOf: null,
      mentions: [SALE_PRICES_MENTION],
      depositRequest: null,
      items,
      vatIncluded: true,
      nature: "goods",
    };
    return { ok: true, invoice };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, message: error.message };
    throw error;
  }
}

const negate = (value: number): number => (value === 0 ? 0 : -value);

/**
 * The total credit note of a sale's invoice: its exact mirror, every amount negated (the
 * VAT taken out of the negated TTC is the negated VAT: the rounding is symmetric).
 */
export function saleCreditNote(invoice: BillingInvoice, invoiceId: string): BillingResult {
  if (!invoice.vatIncluded || invoice.nature !== "goods" || invoice.kind !== "facture") {
    return { ok: false, message: "Seule la facture d'une commande de la boutique s'annule ainsi." };
  }
  const mirror = (amount: RateAmount): RateAmount => ({
    ...amount,
    ht: negate(amount.ht),
    vat: negate(amount.vat),
    ttc: negate(amount.ttc),
  });
  const { totals } = invoice;
  return {
    ok: true,
    invoice: {
      ...invoice,
      kind: "avoir",
      title: "Avoir",
      lines: invoice.lines.map((line) =>
        line.kind === "lot"
          ? {
              ...line,
              previousHt: line.ht,
              cumulativeHt: 0,
              cumulativePercent: 0,
              ht: negate(line.ht),
              byRate: line.byRate.map((part) => ({ ...part, ht: negate(part.ht) })),
            }
          : { ...line, ht: negate(line.ht) },
      ) as BillingInvoice["lines"],
      work: invoice.work.map((base) => ({ ...base, ht: negate(base.ht) })),
      deposit: invoice.deposit.map(mirror),
      depositDeduction: invoice.depositDeduction.map((base) => ({ ...base, ht: negate(base.ht) })),
      byRate: invoice.byRate.map(mirror),
      totals: {
        ht: negate(totals.ht),
        vat: negate(totals.vat),
        ttc: negate(totals.ttc),
        depositsDeductedHt: negate(totals.depositsDeductedHt),
        retention: negate(totals.retention),
        netToPay: negate(totals.netToPay),
      },
      creditOf: { invoiceId, total: true },
      // Printed as sold (quantity, unit price), each line's total negated; the XML of a
      // credit note carries them positive (decision 017).
      items: invoice.items?.map((item) => (item.kind === "item" ? { ...item, ht: negate(item.ht) } : item)),
    },
  };
}
