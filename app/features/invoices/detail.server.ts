import { eq } from "drizzle-orm";
import { type InvoiceRow, retentionReleases } from "#app/db/schema/invoices.ts";
import { type QuoteContent, type QuoteRow, quotes } from "#app/db/schema/quotes.ts";
import { MoneyError } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { billingQuoteFromContent, type CorrectableLines, correctableLines } from "./billing.ts";
import { type BillingSummary, quoteBillingSummary } from "./billing-summary.ts";
import { totalOwed } from "./owed.ts";
import { isSaleInvoice, issuedOnQuote, issuedOnStandalone, quoteFigures } from "./query.server.ts";

/*
 * What the pages of an accepted quote and of an issued invoice read of their billing:
 * where the quote's billing stands, and what a credit note may still take back.
 */

/**
 * Where an accepted quote's billing stands, for its page: invoiced, paid, left to invoice,
 * owed, and the retention held with its release date (one year after the handover). Null
 * when the stored figures do not add up (they always should: billing.ts computed them).
 */
export async function quoteBillingOverview(
  db: DbExecutor,
  quote: Pick<QuoteRow, "id" | "content" | "handoverOn">,
): Promise<BillingSummary | null> {
  const [issued, releases] = await Promise.all([
    issuedOnQuote(db, quote.id),
    db
      .select({ amount: retentionReleases.amountCents })
      .from(retentionReleases)
      .where(eq(retentionReleases.quoteId, quote.id)),
  ]);
  try {
    const summary = quoteBillingSummary(
      quoteFigures(quote),
      issued,
      [
        ...issued
          .filter((invoice) => invoice.row.paidCents > 0)
          .map((invoice) => ({ amount: invoice.row.paidCents })),
        ...releases.map((release) => ({ amount: release.amount, retentionRelease: true })),
      ],
      quote.handoverOn,
    );
    // What the client owes is the rule of every other « Reste dû » (owed.ts), summed over
    // the quote's invoices: never a figure of its own.
    return { ...summary, outstanding: totalOwed(issued.map((invoice) => invoice.row)) };
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/**
 * What « Faire un avoir » may take back from an issued invoice by « Correction »: its lots
 * (a quote's invoice) or its lines (a standalone invoice), each with what is left of it.
 * Null on a draft, a credit note, a shop order's invoice or anything else billing refuses.
 */
export async function creditNoteChoices(
  db: DbExecutor,
  row: Pick<InvoiceRow, "id" | "status" | "kind" | "quoteId" | "content">,
): Promise<CorrectableLines | null> {
  if (row.status === "brouillon" || row.kind === "avoir" || isSaleInvoice(row)) return null;
  try {
    if (row.quoteId) {
      const [quote] = await db.select().from(quotes).where(eq(quotes.id, row.quoteId));
      if (!quote) return null;
      return correctableLines(quoteFigures(quote), await issuedOnQuote(db, quote.id), row.id);
    }
    const source = (row.content as { source?: QuoteContent }).source;
    if (!source) return null;
    return correctableLines(
      billingQuoteFromContent(source, null),
      await issuedOnStandalone(db, row.id),
      row.id,
    );
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}
