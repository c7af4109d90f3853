import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE } from "#app/features/erp/navigation.ts";
import { supplierDocumentFile } from "#app/features/purchases/vigilance.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { storageFailure } from "#app/lib/file-response.ts";
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
  if (!file) {
    return Response.json(
      { message: "Ce document n'existe pas." },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  let content: Buffer;
  try {
    content = await storage.get(file.storageKey);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { key: file.storageKey, documentId: params.documentId },
      missing: "document de fournisseur introuvable dans le stockage",
      message: "Le fichier de ce document est introuvable.",
    });
  }
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
