import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import type { InvoiceRequest } from "#app/features/invoices/query.server.ts";
import { recordPaperAcceptance } from "#app/features/quotes/acceptance-proof.server.ts";
import { type QuoteDraftInput, QuoteDraftSchema, toDraftInput } from "#app/features/quotes/content.ts";
import { createQuote, getQuote, saveQuoteDraft } from "#app/features/quotes/quotes.server.ts";
import { sendQuote } from "#app/features/quotes/send.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import type { Cents } from "#app/lib/money.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { jpeg } from "./leads.ts";
import { filledDraft, insertClient } from "./quotes.ts";

/** What « Émettre » needs in the company settings: the décennale's end date and the bank details. */
export async function fillInvoiceSettings(db: Database): Promise<void> {
  await db
    .update(companySettings)
    .set({
      insuranceValidUntil: addDays(parisDay(), 300),
      bankAccountHolder: "BATI RADE TOULON",
      iban: "FR7630006000011234567890189",
      bic: "AGRIFRPP",
    })
    .where(eq(companySettings.id, 1));
}

/**
 * The steps of a billing scenario through the real functions: a quote sent and accepted
 * (on paper), invoices drawn from it and issued, credit notes, payments. Each returns the
 * id of what it made.
 */
export function billingSteps(services: AppServices, actor: { id: string; email: string }) {
  const issue = async (draftId: string, at?: string): Promise<string> => {
    await issueInvoice(
      services.db,
      {
        storage: services.storage,
        identity: await documentIdentity(services.db),
        ...(at ? { now: new Date(at) } : {}),
      },
      draftId,
      actor,
    );
    return draftId;
  };
  return {
    async acceptedQuote(
      client: Parameters<typeof insertClient>[1],
      change: (draft: QuoteDraftInput) => QuoteDraftInput = (draft) => draft,
    ): Promise<string> {
      const clientId = await insertClient(services.db, client);
      const { id } = await createQuote(services.db, { clientId }, actor);
      const view = await getQuote(services.db, id);
      const content = QuoteDraftSchema.parse(change(filledDraft(toDraftInput(view.quote.content))));
      await saveQuoteDraft(services.db, id, { revision: view.quote.revision, content }, actor);
      await sendQuote(
        services.db,
        {
          storage: services.storage,
          identity: await documentIdentity(services.db),
          siteUrl: "http://localhost",
        },
        id,
        actor,
      );
      await recordPaperAcceptance(
        services.db,
        services.storage,
        id,
        { signerName: "Signataire", scan: await jpeg(), contentType: "image/jpeg" },
        actor,
      );
      return id;
    },
    issue,
    async invoice(quoteId: string, request: InvoiceRequest, at?: string): Promise<string> {
      const { id } = await createInvoiceDraft(services.db, quoteId, request, actor);
      return issue(id, at);
    },
    async creditNote(
      invoiceId: string,
      amount: Parameters<typeof createCreditNoteDraft>[2],
      at?: string,
    ): Promise<string> {
      const { id } = await createCreditNoteDraft(services.db, invoiceId, amount, actor);
      return issue(id, at);
    },
    async pay(invoiceId: string, amount: Cents, paidOn = parisDay()): Promise<void> {
      await recordPayment(services.db, invoiceId, { paidOn, amount, method: "virement" }, actor);
    },
  };
}
