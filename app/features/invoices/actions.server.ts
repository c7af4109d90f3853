import { refused } from "#app/components/forms/refusal.server.ts";
import type { ActionContext } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { forMember } from "#app/lib/problems.ts";
import { ClientEmailMissingError, issueAndDeliver, sendInvoiceToClient } from "./delivery.server.ts";
import { createCreditNoteDraft } from "./drafts.server.ts";
import { deleteInvoiceDraft, InvoiceMissingError } from "./list.server.ts";
import { recordPayment } from "./payments.server.ts";
import {
  InvoiceConflictError,
  InvoiceNotFoundError,
  InvoiceNotIssuableError,
  InvoiceStateError,
} from "./query.server.ts";
import { sendReminderNow, setRemindersSuspended } from "./reminders.server.ts";
import { INVOICE_INTENTS, type InvoicePost, parseCreditNoteRequest, REMINDER_INTENTS } from "./request.ts";

/*
 * The work of an invoice's page (/erp/factures/:id) once its post is read
 * (`InvoicePostSchema`): each intent's change, its log line and the flash message the page
 * shows after the redirect; `invoiceRefusal` turns the billing's errors into THE refusal.
 * The draft's « Enregistrer » stays with the route: the editor's post is the quotes'.
 */

export type InvoiceActionContext = ActionContext & {
  invoiceId: string;
  /** The company's identity printed on the issued PDF, read only when an invoice is issued. */
  identity: () => Promise<Parameters<typeof issueAndDeliver>[1]["identity"]>;
};

type NotSave = Exclude<InvoicePost, { intent: typeof INVOICE_INTENTS.save }>;

/** One intent of the page, done: a redirect with its flash message, or a refusal. */
export async function answerInvoicePost(context: InvoiceActionContext, post: NotSave, form: FormData) {
  const { request, services, actor, invoiceId } = context;
  const here = `/erp/factures/${invoiceId}`;
  switch (post.intent) {
    case REMINDER_INTENTS.send: {
      const sent = await sendReminderNow(services.db, invoiceId, actor);
      services.outbox.wake();
      services.logger.info({ invoiceId, number: sent.number }, "relance de facture envoyée à la main");
      return redirectWithFlash(request, here, {
        tone: "success",
        message: `Relance de la facture ${sent.number} envoyée à ${sent.to}, avec la facture en pièce jointe.`,
      });
    }
    case REMINDER_INTENTS.suspend:
    case REMINDER_INTENTS.resume: {
      const suspended = post.intent === REMINDER_INTENTS.suspend;
      const { changed } = await setRemindersSuspended(services.db, invoiceId, suspended, actor);
      const message = suspended
        ? changed
          ? "Relances automatiques suspendues pour cette facture."
          : "Les relances de cette facture étaient déjà suspendues."
        : changed
          ? "Relances automatiques reprises pour cette facture."
          : "Les relances de cette facture n'étaient pas suspendues.";
      return redirectWithFlash(request, here, { tone: changed ? "success" : "info", message });
    }
    case INVOICE_INTENTS.issue: {
      const issued = await issueAndDeliver(
        services.db,
        { storage: services.storage, identity: await context.identity() },
        invoiceId,
        actor,
      );
      services.logger.info({ invoiceId, number: issued.number }, "facture émise");
      const { delivery } = issued;
      if (delivery && "sentTo" in delivery) services.outbox.wake();
      const creditNote = issued.number.startsWith("AV-");
      return redirectWithFlash(request, here, {
        tone: delivery && "missingEmail" in delivery ? "info" : "success",
        message: `${
          creditNote ? `Avoir ${issued.number} émis` : `Facture ${issued.number} émise`
        } : son PDF Factur-X est prêt.${
          delivery
            ? "sentTo" in delivery
              ? ` ${creditNote ? "Envoyé" : "Envoyée"} automatiquement au client à ${delivery.sentTo}.`
              : " L'envoi automatique n'a pas pu partir : la fiche du client n'a pas d'adresse e-mail."
            : ""
        }`,
      });
    }
    case INVOICE_INTENTS.send: {
      const sent = await sendInvoiceToClient(services.db, invoiceId, actor);
      services.outbox.wake();
      services.logger.info({ invoiceId, number: sent.number }, "facture envoyée au client");
      return redirectWithFlash(request, here, {
        tone: "success",
        message: `${sent.creditNote ? "Avoir" : "Facture"} ${sent.number} ${sent.again ? "renvoyé" : "envoyé"}${sent.creditNote ? "" : "e"} à ${sent.to}, avec son PDF Factur-X en pièce jointe.`,
      });
    }
    case INVOICE_INTENTS.remove: {
      const { quoteId } = await deleteInvoiceDraft(services.db, invoiceId);
      return redirectWithFlash(request, quoteId ? `/erp/devis/${quoteId}` : "/erp/factures", {
        tone: "success",
        message: "Le brouillon de facture a été supprimé.",
      });
    }
    case INVOICE_INTENTS.pay: {
      const { paidOn, amount, method, reference } = post;
      await recordPayment(services.db, invoiceId, { paidOn, amount, method, reference }, actor);
      return redirectWithFlash(request, here, { tone: "success", message: "Paiement enregistré." });
    }
    case INVOICE_INTENTS.credit: {
      const parsed = parseCreditNoteRequest(form);
      if (!parsed.ok) {
        return refused(400, { intent: post.intent, message: parsed.message, field: parsed.field });
      }
      const { id } = await createCreditNoteDraft(services.db, invoiceId, parsed.amount, actor, parsed.reason);
      return redirectWithFlash(request, `/erp/factures/${id}`, {
        tone: "success",
        message: "Brouillon d'avoir préparé : vérifiez-le, puis « Émettre ».",
      });
    }
  }
}

/** A billing error → THE refusal of the intent it answers; null for an error the page does not expect. */
export function invoiceRefusal(error: unknown, intent: string, canEditSettings: boolean) {
  if (error instanceof InvoiceMissingError || error instanceof InvoiceNotFoundError) {
    return refused(404, { intent, message: error.message });
  }
  if (error instanceof ClientEmailMissingError) {
    return refused(409, {
      intent,
      message: error.message,
      fix: { href: `/erp/clients/${error.clientId}`, label: "Compléter la fiche du client" },
    });
  }
  if (error instanceof InvoiceNotIssuableError) {
    return refused(400, {
      intent,
      message: "La facture ne peut pas être émise :",
      missing: error.missing,
      problems: forMember(error.problems, canEditSettings),
    });
  }
  if (error instanceof InvoiceStateError || error instanceof InvoiceConflictError) {
    return refused(409, { intent, message: error.message });
  }
  return null;
}
