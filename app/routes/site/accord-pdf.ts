import { data } from "react-router";
import { openQuoteLink, QuoteLinkNotFoundError } from "#app/features/quotes/acceptance.server.ts";
import { signedCopy } from "#app/features/quotes/acceptance-proof.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { clientDocument, throwClientDocumentFailure } from "#app/lib/file-response.ts";
import type { Route } from "./+types/accord-pdf";

/**
 * GET /accord/{token}/pdf: the PDF the client was sent (the stored file, whose SHA-256
 * the acceptance records); /accord/{token}/copie-signee: the signed copy once accepted.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db, storage, logger } = getServices(context);
  const signed = new URL(request.url).pathname.endsWith("/copie-signee");
  try {
    const opened = await openQuoteLink(db, params.token);
    let file: { bytes: Buffer; contentType: string; name: string } | null;
    if (signed) {
      file = await signedCopy(db, storage, opened.quote.id);
    } else {
      const key = opened.quote.pdfStorageKey;
      file = key
        ? {
            bytes: await storage.get(key),
            contentType: "application/pdf",
            name: `devis-${opened.displayNumber.toLowerCase()}.pdf`,
          }
        : null;
    }
    if (!file) throw data({ message: "Aucun exemplaire signé pour ce devis." }, { status: 404 });
    return clientDocument(file);
  } catch (error) {
    if (error instanceof QuoteLinkNotFoundError) throw data({ message: error.message }, { status: 404 });
    throwClientDocumentFailure(error, logger, {
      missing: "fichier d'un devis introuvable",
      unavailable: "stockage des fichiers indisponible pour un devis",
      unavailableMessage: "Ce document est momentanément indisponible : réessayez dans quelques instants.",
    });
  }
}
