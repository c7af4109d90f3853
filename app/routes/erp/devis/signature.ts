import { requirePermission } from "#app/features/auth/session.server.ts";
import { drawnSignature } from "#app/features/quotes/acceptance-proof.server.ts";
import { isQuoteId } from "#app/features/quotes/quotes.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile, storageFailure } from "#app/lib/file-response.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/signature";

export const handle = { permission: "devis" } satisfies RouteHandle;

/** Its refusals are private too, as the picture is. */
const PRIVATE = "private, no-store";

/**
 * GET /erp/devis/:id/signature.png: the signature the client drew when accepting online,
 * as they sent it, for the <img> of « Preuve de l'accord ». Staff only, checked here on
 * the server (this route sits outside the Espace Pro frame): a file route rather than a
 * data URL, so that up to 300 KB of PNG are not copied into the page's HTML and its
 * hydration data on every visit of the quote.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  if (!isQuoteId(params.id)) return fileNotFound("Ce devis n'existe pas.", PRIVATE);
  let bytes: Buffer | null;
  try {
    bytes = await drawnSignature(db, storage, params.id);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { quoteId: params.id },
      missing: "signature dessinée d'un devis introuvable",
      message: "La signature dessinée est introuvable dans le stockage des fichiers.",
      cacheControl: PRIVATE,
    });
  }
  if (!bytes) return fileNotFound("Ce devis n'a pas de signature dessinée.", PRIVATE);
  return inlineFile(bytes, "image/png");
}
