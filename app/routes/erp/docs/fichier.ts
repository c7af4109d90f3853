import { requirePermission } from "#app/features/auth/session.server.ts";
import { companyDocumentFile } from "#app/features/documents/company-documents.server.ts";
import { COMPANY_DOCUMENT_MESSAGES } from "#app/features/documents/company-documents.ts";
import { DOCS_HANDLE } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { storageFailure } from "#app/lib/file-response.ts";
import type { Route } from "./+types/fichier";

/** The permission of the Documents pages; the route walk reads it. */
export const handle = DOCS_HANDLE;

/**
 * GET /erp/docs/:id/fichier: a document of the register as it was uploaded, shown in the
 * browser (inline), for the office only, never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const file = await companyDocumentFile(db, params.id);
  if (!file) {
    return Response.json(
      { message: COMPANY_DOCUMENT_MESSAGES.noFile },
      { status: 404, headers: { "Cache-Control": "no-store" } },
    );
  }
  let content: Buffer;
  try {
    content = await storage.get(file.storageKey);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { key: file.storageKey, documentId: params.id },
      missing: "document du registre introuvable dans le stockage",
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
