import { requirePermission } from "#app/features/auth/session.server.ts";
import { companyDocumentFile } from "#app/features/documents/company-documents.server.ts";
import { COMPANY_DOCUMENT_MESSAGES } from "#app/features/documents/company-documents.ts";
import { DOCS_HANDLE } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound } from "#app/lib/file-response.ts";
import { inlineUploadedName, storedFileResponse } from "#app/routes/erp/stored-file.server.ts";
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
  if (!file) return fileNotFound(COMPANY_DOCUMENT_MESSAGES.noFile);
  return storedFileResponse(storage, logger, file, {
    disposition: inlineUploadedName(file.fileName),
    log: { documentId: params.id },
    missing: "document du registre introuvable dans le stockage",
    message: "Le fichier de ce document est introuvable.",
  });
}
