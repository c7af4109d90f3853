import { invalid, refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues, parseIntent } from "#app/lib/form-intent.ts";
import {
  decideGap,
  linkInvoiceToOrder,
  pairInvoiceLine,
  unlinkInvoice,
} from "./supplier-invoice-matching.server.ts";
import { MATCHING_INTENTS, MatchingPostSchema } from "./supplier-invoice-matching.ts";
import { supplierInvoicePath } from "./supplier-invoice-schema.ts";
import { SupplierInvoiceError, SupplierInvoiceNotFoundError } from "./supplier-invoices.server.ts";

/*
 * The matching posts of the invoice's page (« Rapprochement »): link or unlink an order,
 * pair an invoice line by hand, accept or dispute a difference. Refusals carry the posted
 * values so the page puts the message under the form that sent it.
 */

/** What the invoice page's action passes on (supplier-invoice-actions.server.ts). */
export type MatchingActionContext = {
  request: Request;
  services: { db: Database };
  actor: { id: string; email: string };
};

export async function answerMatchingPost(context: MatchingActionContext, invoiceId: string, form: FormData) {
  const { request, services, actor } = context;
  const post = parseIntent(MatchingPostSchema, form);
  const values = formValues(form);
  if (!post.ok) {
    if (post.unknown) return refused(400, { message: "Action inconnue." });
    return invalid(post.intent, { success: false, error: post.error }, { values });
  }
  const { data } = post;
  try {
    let message: string;
    if (data.intent === MATCHING_INTENTS.link) {
      const { number } = await linkInvoiceToOrder(services.db, actor, invoiceId, data.orderId);
      message = `Facture liée à la commande ${number}.`;
    } else if (data.intent === MATCHING_INTENTS.unlink) {
      const { number } = await unlinkInvoice(services.db, actor, invoiceId);
      message = `Facture déliée de la commande ${number}.`;
    } else if (data.intent === MATCHING_INTENTS.pair) {
      await pairInvoiceLine(services.db, actor, invoiceId, data.invoiceLineId, data.orderLineId);
      message = "Ligne rapprochée de la commande.";
    } else if (data.intent === MATCHING_INTENTS.accept) {
      await decideGap(services.db, actor, invoiceId, {
        kind: data.kind,
        subjectId: data.subjectId,
        decision: "accepte",
        reason: "",
      });
      message = "Écart accepté.";
    } else {
      await decideGap(services.db, actor, invoiceId, {
        kind: data.kind,
        subjectId: data.subjectId,
        decision: "conteste",
        reason: data.reason,
      });
      message = "Écart contesté : la facture est en litige.";
    }
    return redirectWithFlash(request, supplierInvoicePath(invoiceId), { tone: "success", message });
  } catch (error) {
    if (error instanceof SupplierInvoiceError) {
      return refusedAt(error.status, post.intent, error, values);
    }
    if (error instanceof SupplierInvoiceNotFoundError) {
      return refused(404, { intent: post.intent, message: error.message });
    }
    throw error;
  }
}
