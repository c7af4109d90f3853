import { type Cents, isCents, MONEY_MESSAGES } from "#app/lib/money.ts";
import { addYears, type IsoDay } from "#app/lib/paris-time.ts";
import { buildModel, positions, rateAmounts, readHistory, refuse, remaining, sum } from "./billing.ts";
import type { BillingQuote, IssuedInvoice, RateAmount, RetentionTerms } from "./billing-model.ts";

/*
 * Where a quote's billing stands (`quoteBillingSummary`), and the day its retention is
 * released (`retentionReleaseDate`), from the invoices computed by ./billing.ts.
 */

/** A payment received on the quote's invoices; `retentionRelease` for the retention paid at its release. */
export type BillingPayment = { amount: Cents; retentionRelease?: boolean };

export type BillingSummary = {
  quoteHt: Cents;
  quoteTtc: Cents;
  /** Invoiced per rate (invoices less credit notes, deposits included). */
  byRate: RateAmount[];
  invoicedHt: Cents;
  invoicedVat: Cents;
  invoicedTtc: Cents;
  /**
   * Gestures and discounts granted by credit notes, TTC (negative): what the client pays
   * less, never invoiced work taken back, so never « Reste à facturer ».
   */
  allowancesTtc: Cents;
  /** Left to invoice on the quote. */
  remainingHt: Cents;
  remainingTtc: Cents;
  /** Deposits invoiced and not yet deducted from the work, HT (they are deducted HT). */
  depositsToDeductHt: Cents;
  /** Every payment received, retention releases included. */
  paid: Cents;
  /** Invoiced TTC less the retention held less what was paid: what the client owes now. */
  outstanding: Cents;
  retention:
    | (RetentionTerms & {
        withheld: Cents;
        released: Cents;
        held: Cents;
        /** One year after the handover (loi 71-584, article 2), when a handover date is given. */
        releaseOn: IsoDay | null;
      })
    | null;
  fullyInvoiced: boolean;
};

/**
 * The day a retention is released: one year after the handover (loi 71-584, article 2),
 * unless the client objects with reasons. A handover on 29 February ends on 28 February,
 * the last day of the month (Code de procédure civile, article 641).
 */
export function retentionReleaseDate(handoverOn: IsoDay): IsoDay {
  return addYears(handoverOn, 1);
}

/**
 * Where a quote's billing stands: invoiced (per rate and in total), left to invoice,
 * deposits still to deduct, paid, owed, and the retention withheld, released and held with
 * its release date (one year after `handoverOn`, when given). Throws `MoneyError` on
 * figures that do not belong together.
 */
export function quoteBillingSummary(
  quote: BillingQuote,
  invoices: readonly IssuedInvoice[],
  payments: readonly BillingPayment[],
  handoverOn: IsoDay | null = null,
): BillingSummary {
  const model = buildModel(quote);
  const history = readHistory(model, invoices);
  const ledger = history.total;
  const rates = positions(model, ledger);
  // Invoiced per rate: the documents' bases and their VAT, as printed (VAT collected).
  const byRate = rateAmounts(
    model,
    rates.map((position) => position.workHt + position.depHt),
    ledger.vat,
  );
  for (const payment of payments) {
    if (!isCents(payment.amount)) refuse(`Paiement : ${MONEY_MESSAGES.range}`);
  }
  const paid = sum(payments.map((payment) => payment.amount));
  const released = sum(
    payments.filter((payment) => payment.retentionRelease).map((payment) => payment.amount),
  );
  const invoicedHt = sum(byRate.map((rate) => rate.ht));
  const invoicedVat = sum(byRate.map((rate) => rate.vat));
  const invoicedTtc = invoicedHt + invoicedVat;
  const held = ledger.retention - released;
  const left = remaining(model, ledger);
  return {
    quoteHt: model.totalHt,
    quoteTtc: model.totalTtc,
    byRate,
    invoicedHt,
    invoicedVat,
    invoicedTtc,
    allowancesTtc: sum(ledger.allowHt) + sum(ledger.allowVat),
    remainingHt: left.ht,
    remainingTtc: left.ttc,
    depositsToDeductHt: sum(rates.map((position) => position.depHt)),
    paid,
    outstanding: invoicedTtc + sum(ledger.allowHt) + sum(ledger.allowVat) - held - paid,
    retention: model.retention
      ? {
          ...model.retention,
          withheld: ledger.retention,
          released,
          held,
          releaseOn: handoverOn === null ? null : retentionReleaseDate(handoverOn),
        }
      : null,
    fullyInvoiced: left.ht === 0,
  };
}
