import {
  type Cents,
  divideHalfAwayFromZero,
  isCents,
  lineTotal,
  type Milli,
  MONEY_MESSAGES,
  MoneyError,
} from "#app/lib/money.ts";
import { computeDeposit, computeTotals, type DocumentLine, type Totals, type VatCode } from "#app/lib/vat.ts";
import type { QuoteContent, QuoteItemLine } from "./content.ts";

/*
 * The figures of a quote, from its content only: what the editor shows while the staff
 * type and what the server stores and prints are the same call. Built on
 * app/lib/vat.ts (rounding, VAT per rate on the sum of the rate's lines).
 */

export type LotTotals = {
  id: string;
  /** Sum of the lot's counted lines (options apart), before the document discount. */
  subtotalHt: Cents;
  /** Sum of the lot's lines « en option ». */
  optionalHt: Cents;
  /** Estimated cost of the counted lines that have one; null when none has. */
  cost: Cents | null;
  /** subtotalHt − cost, over the lines that have a cost. */
  margin: Cents | null;
  /** Counted lines with a price but no cost price: their margin is unknown. */
  linesWithoutCost: number;
};

export type QuoteTotals = Totals & {
  lots: LotTotals[];
  /** The travel costs line, when the quote has one. */
  travelHt: Cents;
  /** The deposit asked, TTC; null without one. */
  depositTtc: Cents | null;
  /** Overall estimated cost and margin (the staff's eyes only). */
  cost: Cents | null;
  margin: Cents | null;
  /** margin ÷ HT in basis points, null when unknown or HT is 0. */
  marginRate: number | null;
};

export type QuoteTotalsResult = { ok: true; totals: QuoteTotals } | { ok: false; message: string };

function vatOf(content: Pick<QuoteContent, "reverseCharge">, code: VatCode): VatCode {
  return content.reverseCharge ? "autoliquidation" : code;
}

/** Cost of one line: quantity × (labour hours × hourly cost + materials), rounded once to the cent. */
export function lineCost(
  line: Pick<QuoteItemLine, "quantity" | "cost">,
  hourlyCostCents: Cents,
): Cents | null {
  if (!line.cost || line.quantity === null) return null;
  const unitCostMilliCents =
    BigInt(line.cost.labourHours) * BigInt(hourlyCostCents) + BigInt(line.cost.materialsCents) * 1000n;
  // quantity (thousandths) × unit cost (thousandths of a cent) → cents, half away from zero.
  const exact = BigInt(line.quantity) * unitCostMilliCents;
  const rounded = divideHalfAwayFromZero(exact, 1_000_000n);
  // Beyond what a document carries, Number() would silently lose cents (or print an
  // amount no field can hold): refuse it, as every computation of app/lib/money.ts does.
  const cents = Number(rounded);
  if (!isCents(cents) || BigInt(cents) !== rounded) {
    throw new MoneyError(`Coût de la ligne : ${MONEY_MESSAGES.range}`);
  }
  return cents;
}

/** A lot's figures as the document prints them. */
export type DocumentLotTotals = Pick<LotTotals, "id" | "subtotalHt" | "optionalHt">;

/**
 * The figures the quote itself shows (lines, lots, travel costs, discount, VAT per rate,
 * TTC, deposit): from its content only, never from the settings. What a sent version, its
 * PDF and the client's page read, so that a later change of the hourly cost cannot touch them.
 */
export type QuoteDocumentTotals = Totals & {
  lots: DocumentLotTotals[];
  travelHt: Cents;
  depositTtc: Cents | null;
};

/**
 * The document's figures of a quote. A line without quantity or price counts as 0 (a
 * draft). Throws `MoneyError` (a French message) beyond what a document carries.
 */
export function documentTotals(content: QuoteContent): QuoteDocumentTotals {
  const documentLines: DocumentLine[] = [];
  for (const lot of content.lots) {
    for (const line of lot.lines) {
      if (line.kind === "text") documentLines.push({ kind: "text" });
      else
        documentLines.push({
          kind: "item",
          quantity: line.quantity ?? 0,
          unitPriceHt: line.unitPriceHt ?? 0,
          vatCode: vatOf(content, line.vatCode),
          optional: line.optional,
        });
    }
  }
  if (content.travel) {
    documentLines.push({
      kind: "item",
      quantity: 1000,
      unitPriceHt: content.travel.amountHt,
      vatCode: vatOf(content, content.travel.vatCode),
    });
  }
  const totals = computeTotals(documentLines, content.discount ? { discount: content.discount } : {});
  let index = 0;
  const lots = content.lots.map((lot): DocumentLotTotals => {
    let subtotalHt = 0;
    let optionalHt = 0;
    for (const line of lot.lines) {
      const result = totals.lines[index];
      index += 1;
      if (line.kind === "text" || !result || result.kind !== "item") continue;
      if (result.optional) optionalHt += result.totalHt;
      else subtotalHt += result.totalHt;
    }
    return { id: lot.id, subtotalHt, optionalHt };
  });
  let depositTtc: Cents | null = null;
  if (content.terms.deposit) {
    depositTtc = computeDeposit(Math.max(totals.totalTtc, 0), content.terms.deposit);
  }
  return { ...totals, lots, travelHt: content.travel?.amountHt ?? 0, depositTtc };
}

/**
 * The totals of a quote: the document's figures (`documentTotals`), plus the estimated
 * cost and margin at `hourlyCostCents` (the staff's eyes only; a draft's editor). Throws
 * `MoneyError` (a French message) beyond what a document carries.
 */
export function quoteTotals(content: QuoteContent, hourlyCostCents: Cents): QuoteTotals {
  const totals = documentTotals(content);

  let index = 0;
  let totalCost = 0;
  let anyCost = false;
  let costedHt = 0;
  const lots = content.lots.map((lot, lotIndex): LotTotals => {
    let cost = 0;
    let lotCostedHt = 0;
    let hasCost = false;
    let linesWithoutCost = 0;
    for (const line of lot.lines) {
      const result = totals.lines[index];
      index += 1;
      if (line.kind === "text" || !result || result.kind !== "item" || result.optional) continue;
      const costOfLine = lineCost(line, hourlyCostCents);
      if (costOfLine === null) {
        if (result.totalHt !== 0) linesWithoutCost += 1;
        continue;
      }
      hasCost = true;
      cost += costOfLine;
      lotCostedHt += result.totalHt;
    }
    if (hasCost) {
      anyCost = true;
      totalCost += cost;
      costedHt += lotCostedHt;
    }
    const figures = totals.lots[lotIndex] ?? { id: lot.id, subtotalHt: 0, optionalHt: 0 };
    return {
      ...figures,
      cost: hasCost ? cost : null,
      margin: hasCost ? lotCostedHt - cost : null,
      linesWithoutCost,
    };
  });

  // The document discount lowers the margin of what it applies to, in proportion, rounded
  // to the cent half away from zero like every amount (decision 011), not truncated.
  const discountOnCosted =
    anyCost && totals.linesHt !== 0 && totals.discountHt !== 0
      ? Number(
          divideHalfAwayFromZero(
            BigInt(totals.discountHt) * BigInt(costedHt) * (totals.linesHt < 0 ? -1n : 1n),
            BigInt(Math.abs(totals.linesHt)),
          ),
        )
      : 0;
  const margin = anyCost ? costedHt - discountOnCosted - totalCost : null;
  const marginBase = costedHt - discountOnCosted;
  return {
    ...totals,
    lots,
    cost: anyCost ? totalCost : null,
    margin,
    // Exact and half away from zero: Math.round takes −0,5 to −0, so a loss of half a basis
    // point read as none, where the same gain read as one.
    marginRate:
      margin === null || marginBase <= 0
        ? null
        : Number(divideHalfAwayFromZero(BigInt(margin) * 10_000n, BigInt(marginBase))),
  };
}

/** `quoteTotals` for the editor: a refusal becomes a message instead of an exception. */
export function tryQuoteTotals(content: QuoteContent, hourlyCostCents: Cents): QuoteTotalsResult {
  try {
    return { ok: true, totals: quoteTotals(content, hourlyCostCents) };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, message: error.message };
    throw error;
  }
}

/** A line's own HT (quantity × price), 0 while either is missing: the editor's line column. */
export function lineHt(line: Pick<QuoteItemLine, "quantity" | "unitPriceHt">): Cents {
  if (line.quantity === null || line.unitPriceHt === null) return 0;
  return lineTotal(line.quantity, line.unitPriceHt);
}

/** Hours in thousandths × hourly cost: the labour part of a library item's cost, in cents. */
export function labourCost(labourHours: Milli, hourlyCostCents: Cents): Cents {
  return lineCost({ quantity: 1000, cost: { labourHours, materialsCents: 0 } }, hourlyCostCents) ?? 0;
}
