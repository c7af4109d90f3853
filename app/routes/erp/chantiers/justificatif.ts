import { requirePermission } from "#app/features/auth/session.server.ts";
import { CHANTIERS_HANDLE } from "#app/features/erp/navigation.ts";
import { expenseReceipt } from "#app/features/job-sites/costs.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound } from "#app/lib/file-response.ts";
import { storedFileResponse } from "#app/routes/erp/stored-file.server.ts";
import type { Route } from "./+types/justificatif";

/** The permission of the Chantiers pages; the route walk reads it. */
export const handle = CHANTIERS_HANDLE;

/**
 * GET /erp/chantiers/:id/depenses/:expenseId/justificatif: the receipt joined to an expense
 * of « Autres dépenses » (a photo or a PDF), for the office only, never cached.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const receipt = await expenseReceipt(db, params.id, params.expenseId);
  if (!receipt) return fileNotFound("Cette dépense n'a pas de justificatif, ou n'existe pas.");
  const extension =
    receipt.contentType === "application/pdf" ? "pdf" : receipt.contentType === "image/png" ? "png" : "jpg";
  return storedFileResponse(storage, logger, receipt, {
    disposition: `inline; filename="justificatif-${params.expenseId.slice(0, 8)}.${extension}"`,
    log: { expenseId: params.expenseId },
    missing: "justificatif de dépense introuvable dans le stockage",
    message: "Le justificatif de cette dépense est introuvable.",
  });
}
