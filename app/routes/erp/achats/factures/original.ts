import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE } from "#app/features/erp/navigation.ts";
import { supplierInvoiceOriginal } from "#app/features/purchases/supplier-invoices.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound } from "#app/lib/file-response.ts";
import { storedFileResponse } from "#app/routes/erp/stored-file.server.ts";
import type { Route } from "./+types/original";

/** The permission of the Achats pages; the route walk reads it. */
export const handle = ACHATS_HANDLE;

/**
 * GET /erp/achats/factures/:id/original: the file the supplier sent, byte for byte as it
 * was imported (its SHA-256 is on the invoice's page), downloaded, never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const original = await supplierInvoiceOriginal(db, params.id);
  if (!original) return fileNotFound("Cette facture fournisseur n'existe pas.");
  const safeName = original.fileName.replace(/[^A-Za-z0-9._-]+/g, "_") || "facture";
  return storedFileResponse(storage, logger, original, {
    disposition: `attachment; filename="${safeName}"`,
    log: { supplierInvoiceId: params.id },
    missing: "original de facture fournisseur introuvable dans le stockage",
    message: "Le fichier original de cette facture est introuvable.",
  });
}
