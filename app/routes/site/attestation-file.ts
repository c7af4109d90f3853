import { data } from "react-router";
import { openShareLink, publicAttestationFile } from "#app/features/documents/share-links.server.ts";
import { SHARE_LINK_MESSAGES } from "#app/features/documents/share-links.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { clientDocument, throwClientDocumentFailure } from "#app/lib/file-response.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/attestation-file";
import { throwShareLinkRefusal } from "./share-link-errors.server.ts";

/**
 * GET /attestations/{token}/{documentId}: a file of the public extract, only one the extract
 * lists today (another id, a replaced version or an expired attestation: 404).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const { db, storage, logger } = getServices(context);
  const { clientIp } = context.get(requestContext);
  try {
    await openShareLink(db, "attestations", params.token, { clientIp });
  } catch (error) {
    throwShareLinkRefusal(error);
  }
  const file = await publicAttestationFile(db, params.documentId, parisDay());
  if (!file) {
    throw data(
      { message: SHARE_LINK_MESSAGES.documentNotFound },
      { status: 404, headers: { "Cache-Control": "private, no-store" } },
    );
  }
  try {
    const bytes = await storage.get(file.storageKey);
    return clientDocument({ bytes, contentType: file.contentType, name: asciiName(file.fileName) });
  } catch (error) {
    throwClientDocumentFailure(error, logger, {
      missing: "attestation du registre introuvable dans le stockage",
      unavailable: "stockage des fichiers indisponible pour une attestation",
      unavailableMessage: "Le document est momentanément indisponible : réessayez dans quelques instants.",
    });
  }
}

const asciiName = (name: string) => name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
