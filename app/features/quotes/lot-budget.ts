import type { QuoteContent } from "#app/db/schema/quotes.ts";
import { type Cents, divideHalfAwayFromZero, type Milli } from "#app/lib/money.ts";
import { quoteTotals } from "./totals.ts";

/**
 * The budget a job site takes from an accepted quote, lot by lot: the sale price HT
 * (options excluded, as the quote's lot subtotal), and the estimate of the quote's cost
 * panel (labour hours × the loaded hourly cost + materials). A lot none of whose lines
 * carries a cost has no estimate (null), as on the quote's panel.
 */
export type LotBudget = {
  /** The lot's id in the quote's content: a progress invoice names the lots by it. */
  quoteLotId: string;
  title: string;
  saleHtCents: Cents;
  /** Thousandths of an hour: quantity × hours per unit, summed over the costed lines. */
  labourHoursMilli: Milli;
  materialsCents: Cents;
  estimatedCostCents: Cents | null;
};

export function quoteLotBudgets(content: QuoteContent, hourlyCostCents: Cents): LotBudget[] {
  const totals = quoteTotals(content, hourlyCostCents);
  return content.lots.map((lot, index) => {
    let labourHoursMilli = 0n;
    let materialsCents = 0n;
    for (const line of lot.lines) {
      if (line.kind !== "item" || line.optional || !line.cost || line.quantity === null) continue;
      // quantity (thousandths) × per unit (thousandths of an hour / cents) → one rounding per line.
      labourHoursMilli += divideHalfAwayFromZero(
        BigInt(line.quantity) * BigInt(line.cost.labourHours),
        1000n,
      );
      materialsCents += divideHalfAwayFromZero(
        BigInt(line.quantity) * BigInt(line.cost.materialsCents),
        1000n,
      );
    }
    const figures = totals.lots[index];
    return {
      quoteLotId: lot.id,
      title: lot.title.trim() || `Lot ${index + 1}`,
      saleHtCents: figures?.subtotalHt ?? 0,
      labourHoursMilli: Number(labourHoursMilli),
      materialsCents: Number(materialsCents),
      estimatedCostCents: figures?.cost ?? null,
    };
  });
}
