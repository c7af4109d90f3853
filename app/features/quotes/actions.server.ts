import { refused } from "#app/components/forms/refusal.server.ts";
import type { ActionContext } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { readPaperScan } from "#app/lib/paper-scan.server.ts";
import { forMember } from "#app/lib/problems.ts";
import { AcceptanceError } from "./acceptance.server.ts";
import { recordPaperAcceptance } from "./acceptance-proof.server.ts";
import { readDraftPost } from "./draft-post.ts";
import { QUOTE_INTENTS, type QuotePost } from "./page-post.ts";
import {
  deleteQuoteDraft,
  newQuoteVersion,
  QuoteConflictError,
  QuoteInputError,
  QuoteNotFoundError,
  QuoteStateError,
  saveQuoteDraft,
  setQuoteHandover,
} from "./quotes.server.ts";
import { QuoteNotSendableError, resendQuote, sendQuote } from "./send.server.ts";

/*
 * The work of a quote's page (/erp/devis/:id) once its post is read: each intent's
 * change, its log line and the flash message shown after the redirect; `quoteRefusal`
 * turns the quotes' errors into THE refusal. The page's « Facturer » and « retenue »
 * forms are the invoices' (invoices/quote-actions.server.ts).
 */

export type QuoteActionContext = ActionContext & {
  quoteId: string;
  /** The company's identity printed on the sent PDF, read only when the quote is sent. */
  identity: () => Promise<Parameters<typeof sendQuote>[1]["identity"]>;
};

/** One intent of the quote's page, done: a redirect with its flash message, an answer, or a refusal. */
export async function answerQuotePost(context: QuoteActionContext, post: QuotePost, form: FormData) {
  const { request, services, actor, quoteId } = context;
  const here = `/erp/devis/${quoteId}`;
  const intent = post.intent;
  switch (intent) {
    case QUOTE_INTENTS.save: {
      const draft = readDraftPost(
        form,
        "Le devis n'a pas été enregistré : corrigez les champs signalés (vos saisies sont conservées).",
      );
      if (!draft.ok) {
        const { fieldErrors, formError } = draft;
        return refused(400, { intent, message: formError, fieldErrors, formError });
      }
      const saved = await saveQuoteDraft(
        services.db,
        quoteId,
        { revision: draft.revision, content: draft.content },
        actor,
      );
      return { ok: true as const, revision: saved.revision };
    }
    case QUOTE_INTENTS.remove: {
      const { clientId } = await deleteQuoteDraft(services.db, quoteId, actor);
      return redirectWithFlash(request, `/erp/clients/${clientId}`, {
        tone: "success",
        message: "Le brouillon de devis a été supprimé.",
      });
    }
    case QUOTE_INTENTS.send:
    case QUOTE_INTENTS.resend: {
      const deps = {
        storage: services.storage,
        identity: await context.identity(),
        siteUrl: services.env.SITE_URL,
      };
      const sent =
        intent === QUOTE_INTENTS.send
          ? await sendQuote(services.db, deps, quoteId, actor)
          : await resendQuote(services.db, deps, quoteId, actor);
      services.outbox.wake();
      services.logger.info({ quoteId, number: sent.number }, "devis envoyé au client");
      return redirectWithFlash(request, here, {
        tone: "success",
        message: `Devis ${sent.number} ${intent === QUOTE_INTENTS.send ? "envoyé" : "renvoyé"} à ${sent.sentTo}.`,
      });
    }
    case QUOTE_INTENTS.paper: {
      const signerName = String(form.get("signerName") ?? "");
      const scan = await readPaperScan(form.get("scan"));
      if (!scan.ok)
        return refused(scan.status, { intent, message: scan.message, fieldErrors: scan.fieldErrors });
      await recordPaperAcceptance(
        services.db,
        services.storage,
        quoteId,
        { signerName, scan: scan.bytes, contentType: scan.type },
        actor,
      );
      return redirectWithFlash(request, here, {
        tone: "success",
        message: "Accord sur papier enregistré : le devis est accepté.",
      });
    }
    case QUOTE_INTENTS.handover: {
      const value = form.get("handoverOn");
      if (typeof value !== "string" || value.length > 20) {
        return refused(400, { intent, message: "Indiquez la date de réception des travaux." });
      }
      await setQuoteHandover(services.db, quoteId, value.trim() === "" ? null : value.trim(), actor);
      return redirectWithFlash(request, here, {
        tone: "success",
        message: value.trim() === "" ? "Date de réception effacée." : "Date de réception enregistrée.",
      });
    }
    case QUOTE_INTENTS.revise: {
      const { id } = await newQuoteVersion(services.db, quoteId, actor);
      return redirectWithFlash(request, `/erp/devis/${id}`, {
        tone: "info",
        message:
          "Nouvelle version en préparation : le devis envoyé reste valable tant que celle-ci n'est pas envoyée.",
      });
    }
  }
}

/** A quotes error → THE refusal of the intent it answers; null for an error the page does not expect. */
export function quoteRefusal(error: unknown, intent: string | undefined, canEditSettings: boolean) {
  if (error instanceof QuoteNotFoundError) return refused(404, { intent, message: error.message });
  if (error instanceof AcceptanceError) {
    return refused(error.status, {
      intent,
      message: error.message,
      fieldErrors: error.field ? { [error.field]: [error.message] } : undefined,
    });
  }
  if (error instanceof QuoteNotSendableError) {
    return refused(400, {
      intent,
      message: "Le devis ne peut pas être envoyé : complétez ce qui manque ci-dessous.",
      missing: error.missing,
      problems: forMember(error.problems, canEditSettings),
    });
  }
  if (error instanceof QuoteConflictError || error instanceof QuoteStateError) {
    return refused(409, { intent, message: error.message, formError: error.message });
  }
  if (error instanceof QuoteInputError) {
    return refused(400, { intent, message: error.message, formError: error.message });
  }
  return null;
}
