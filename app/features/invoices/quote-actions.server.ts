import { refused } from "#app/components/forms/refusal.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { createInvoiceDraft } from "./drafts.server.ts";
import { recordRetentionRelease } from "./payments.server.ts";
import { InvoiceNotFoundError, InvoiceStateError } from "./query.server.ts";
import { parseInvoiceRequest, QUOTE_BILLING_INTENTS, type QuoteBillingPost } from "./request.ts";

/*
 * What the invoices do on an accepted quote's page: « Facturer » (a deposit, a progress
 * or the final invoice's draft) and the release of the retention (« retenue »). Their
 * refusals are THE refusal, with the billing's reason (409, or 404 for an unknown quote).
 */

export type QuoteBillingContext = {
  request: Request;
  services: AppServices;
  actor: { id: string; email: string };
  quoteId: string;
};

export async function answerQuoteBillingPost(
  context: QuoteBillingContext,
  post: QuoteBillingPost,
  form: FormData,
) {
  const { request, services, actor, quoteId } = context;
  const intent = post.intent;
  try {
    if (post.intent === QUOTE_BILLING_INTENTS.invoice) {
      const parsed = parseInvoiceRequest(form);
      if (!parsed.ok) return refused(400, { intent, message: parsed.message });
      const { id } = await createInvoiceDraft(services.db, quoteId, parsed.request, actor);
      return redirectWithFlash(request, `/erp/factures/${id}`, {
        tone: "success",
        message: "Brouillon de facture préparé : vérifiez-le, puis « Émettre ».",
      });
    }
    const { releasedOn, amount, method, reference } = post;
    await recordRetentionRelease(services.db, quoteId, { releasedOn, amount, method, reference }, actor);
    return redirectWithFlash(request, `/erp/devis/${quoteId}`, {
      tone: "success",
      message: "Versement de la retenue de garantie enregistré.",
    });
  } catch (error) {
    if (error instanceof InvoiceStateError || error instanceof InvoiceNotFoundError) {
      const status =
        intent !== QUOTE_BILLING_INTENTS.invoice && error instanceof InvoiceNotFoundError ? 404 : 409;
      return refused(status, { intent, message: error.message });
    }
    throw error;
  }
}
