import { requirePermission } from "#app/features/auth/session.server.ts";
import { signedCopy } from "#app/features/quotes/acceptance-proof.server.ts";
import { quoteMentions } from "#app/features/quotes/mentions.ts";
import { renderQuotePdf } from "#app/features/quotes/pdf.server.ts";
import { getQuote, QuoteNotFoundError } from "#app/features/quotes/quotes.server.ts";
import { documentTotals } from "#app/features/quotes/totals.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile, storageFailure } from "#app/lib/file-response.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/pdf";

export const handle = { permission: "devis" } satisfies RouteHandle;

/**
 * GET /erp/devis/:id/copie-signee: the signed copy of an accepted quote (the PDF with its
 * certificate, or the scan of a paper signature).
 * GET /erp/devis/:id/pdf: a sent version's PDF exactly as it was sent (the stored file,
 * whose SHA-256 is on record); a draft's preview, rendered now and marked « Brouillon ».
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  let view: Awaited<ReturnType<typeof getQuote>>;
  try {
    view = await getQuote(db, params.id);
  } catch (error) {
    if (error instanceof QuoteNotFoundError) return fileNotFound(error.message);
    throw error;
  }
  const { quote, client } = view;
  let bytes: Uint8Array;
  let name: string;
  let contentType = "application/pdf";
  if (new URL(request.url).pathname.endsWith("/copie-signee")) {
    let copy: Awaited<ReturnType<typeof signedCopy>>;
    try {
      copy = await signedCopy(db, storage, quote.id);
    } catch (error) {
      return storageFailure(error, logger, {
        log: { quoteId: quote.id },
        missing: "exemplaire signé d'un devis introuvable",
        message: "L'exemplaire signé de ce devis est introuvable dans le stockage des fichiers.",
      });
    }
    if (!copy) return fileNotFound("Ce devis n'a pas d'exemplaire signé.");
    bytes = copy.bytes;
    name = copy.name;
    contentType = copy.contentType;
  } else if (quote.status === "brouillon" || !quote.pdfStorageKey) {
    const now = new Date();
    bytes = await renderQuotePdf({
      identity: await documentIdentity(db),
      number: null,
      version: quote.version,
      date: parisDay(now),
      validUntil: null,
      creationDate: now,
      client,
      content: quote.content,
      totals: documentTotals(quote.content),
      mentions: quoteMentions(quote.content, client),
    });
    name = `devis-brouillon-${quote.id.slice(0, 8)}.pdf`;
  } else {
    try {
      bytes = await storage.get(quote.pdfStorageKey);
    } catch (error) {
      return storageFailure(error, logger, {
        log: { quoteId: quote.id, key: quote.pdfStorageKey },
        missing: "PDF d'un devis envoyé introuvable",
        message: "Le PDF de ce devis est introuvable dans le stockage des fichiers.",
      });
    }
    name = `devis-${(quote.displayNumber ?? quote.id).toLowerCase()}.pdf`;
  }
  return inlineFile(bytes, contentType, name);
}
