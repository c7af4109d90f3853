import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE } from "#app/features/erp/navigation.ts";
import { supplierDocumentFile } from "#app/features/purchases/vigilance.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound } from "#app/lib/file-response.ts";
import { inlineUploadedName, storedFileResponse } from "#app/routes/erp/stored-file.server.ts";
import type { Route } from "./+types/document-file";

/** The permission of the Achats pages; the route walk reads it. */
export const handle = ACHATS_HANDLE;

/**
 * GET /erp/achats/fournisseurs/:id/documents/:documentId: a supplier's document (an
 * attestation, a Kbis…) as it was uploaded, for the office only, never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const file = await supplierDocumentFile(db, params.id, params.documentId);
  if (!file) return fileNotFound("Ce document n'existe pas.");
  return storedFileResponse(storage, logger, file, {
    disposition: inlineUploadedName(file.fileName),
    log: { documentId: params.documentId },
    missing: "document de fournisseur introuvable dans le stockage",
    message: "Le fichier de ce document est introuvable.",
  });
}
