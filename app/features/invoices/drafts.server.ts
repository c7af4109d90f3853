import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { type QuoteRow, quotes } from "#app/db/schema/quotes.ts";
import { formatCents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { foldText } from "#app/lib/search-text.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  billingQuoteFromContent,
  computeCreditNote,
  computeDepositInvoice,
  computeFinalInvoice,
  computeProgressInvoice,
} from "./billing.ts";
import type { BillingResult, CreditNoteReason, CreditNoteRequest, IssuedInvoice } from "./billing-model.ts";
import {
  type InvoiceActor,
  InvoiceNotFoundError,
  type InvoiceRequest,
  InvoiceStateError,
  insertCreditNoteDraft,
  isInvoiceId,
  isSaleInvoice,
  issuedOnQuote,
  issuedOnStandalone,
  quoteFigures,
  recordInvoiceActivity,
  standaloneContent,
  totalsColumns,
} from "./query.server.ts";

/*
 * Draft invoices drawn from an accepted quote (deposit, progress, final) and draft credit
 * notes of an issued invoice: computed by ./billing.ts against the invoices already issued,
 * never more than the quote.
 */

async function acceptedQuote(db: DbExecutor, quoteId: string): Promise<QuoteRow> {
  if (!isUuid(quoteId)) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  const [quote] = await db.select().from(quotes).where(eq(quotes.id, quoteId));
  if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  if (quote.status !== "accepte") {
    throw new InvoiceStateError("Seul un devis accepté par le client peut être facturé.");
  }
  return quote;
}

export function compute(
  quote: QuoteRow,
  issued: readonly IssuedInvoice[],
  request: InvoiceRequest,
): BillingResult {
  const figures = quoteFigures(quote);
  if (request.kind === "acompte") return computeDepositInvoice(figures, issued, { deposit: request.deposit });
  if (request.kind === "situation") return computeProgressInvoice(figures, issued, { lots: request.lots });
  return computeFinalInvoice(figures, issued);
}

/** A draft invoice drawn from an accepted quote; refused (409) with billing's reason when it would exceed the quote. */
export async function createInvoiceDraft(
  db: Database,
  quoteId: string,
  request: InvoiceRequest,
  actor: InvoiceActor,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const quote = await acceptedQuote(tx, quoteId);
    const result = compute(quote, await issuedOnQuote(tx, quote.id), request);
    if (!result.ok) throw new InvoiceStateError(result.message);
    const id = randomUUID();
    await tx.insert(invoices).values({
      id,
      kind: request.kind,
      clientId: quote.clientId,
      quoteId: quote.id,
      sequence: result.invoice.sequence,
      content: { billing: result.invoice, request } as unknown as Record<string, unknown>,
      ...totalsColumns(result.invoice),
      searchText: foldText(`${result.invoice.title} ${quote.number ?? ""} ${quote.title}`),
      createdBy: actor.id,
    });
    await recordInvoiceActivity(tx, id, actor, {
      kind: "created",
      summary: `${result.invoice.title} en brouillon (${formatCents(result.invoice.totals.ttc)} TTC)`,
      data: { quoteId: quote.id },
    });
    return { id };
  });
}

/** A draft credit note of an issued invoice: total, a percentage or an amount TTC. */
export async function createCreditNoteDraft(
  db: Database,
  invoiceId: string,
  amount: CreditNoteRequest["amount"],
  actor: InvoiceActor,
  reason?: CreditNoteReason,
): Promise<{ id: string }> {
  if (!isInvoiceId(invoiceId)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx) => {
    const [credited] = await tx.select().from(invoices).where(eq(invoices.id, invoiceId));
    if (!credited) throw new InvoiceNotFoundError();
    if (credited.status === "brouillon" || credited.kind === "avoir") {
      throw new InvoiceStateError("Un avoir corrige une facture émise.");
    }
    if (isSaleInvoice(credited)) {
      throw new InvoiceStateError(
        "Cette facture est celle d'une commande de la boutique : son avoir est établi en annulant la commande.",
      );
    }
    const [quote] = credited.quoteId
      ? await tx.select().from(quotes).where(eq(quotes.id, credited.quoteId))
      : [];
    if (credited.quoteId && !quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    const result = quote
      ? computeCreditNote(quoteFigures(quote), await issuedOnQuote(tx, quote.id), {
          invoiceId,
          amount,
          reason,
        })
      : computeCreditNote(
          billingQuoteFromContent(standaloneContent(credited), null),
          await issuedOnStandalone(tx, credited.id),
          { invoiceId, amount, reason },
        );
    if (!result.ok) throw new InvoiceStateError(result.message);
    const id = await insertCreditNoteDraft(
      tx,
      credited,
      {
        quoteId: quote?.id ?? null,
        sequence: result.invoice.sequence,
        billing: result.invoice,
        request: { kind: "avoir", amount, reason },
        about: quote?.title ?? credited.searchText,
      },
      actor,
    );
    await recordInvoiceActivity(tx, id, actor, {
      kind: "created",
      summary: `Avoir en brouillon sur ${credited.number} (${formatCents(result.invoice.totals.ttc)} TTC)`,
      data: { creditedInvoiceId: credited.id },
    });
    return { id };
  });
}
