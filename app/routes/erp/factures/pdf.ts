import { requirePermission } from "#app/features/auth/session.server.ts";
import { getInvoice, InvoiceMissingError } from "#app/features/invoices/list.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile, storageFailure } from "#app/lib/file-response.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/pdf";

export const handle = { permission: "devis" } satisfies RouteHandle;

/** GET /erp/factures/:id/pdf: an issued invoice's Factur-X PDF, exactly as issued (stored with its SHA-256). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  let key: string | null;
  let name: string;
  try {
    const { invoice } = await getInvoice(db, params.id);
    key = invoice.pdfStorageKey;
    name = `${(invoice.number ?? "brouillon").toLowerCase()}.pdf`;
  } catch (error) {
    if (error instanceof InvoiceMissingError) return fileNotFound(error.message);
    throw error;
  }
  if (!key) return fileNotFound("Cette facture n'est pas encore émise : son PDF naît à l'émission.");
  let bytes: Buffer;
  try {
    bytes = await storage.get(key);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { invoiceId: params.id },
      missing: "PDF d'une facture émise introuvable",
      message: "Le PDF de cette facture est introuvable dans le stockage des fichiers.",
    });
  }
  return inlineFile(bytes, "application/pdf", name);
}
