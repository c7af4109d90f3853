import { requirePermission } from "#app/features/auth/session.server.ts";
import { getOrder, OrderNotFoundError, renderOrder } from "#app/features/purchases/orders.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile, storageFailure } from "#app/lib/file-response.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/pdf";

export const handle = { permission: "achats" } satisfies RouteHandle;

/**
 * GET /erp/achats/commandes/:id/pdf: a sent order's PDF exactly as it was sent (the stored
 * file); a draft's preview, rendered now and marked « Brouillon ».
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  let detail: Awaited<ReturnType<typeof getOrder>>;
  try {
    detail = await getOrder(db, params.id);
  } catch (error) {
    if (error instanceof OrderNotFoundError) return fileNotFound(error.message);
    throw error;
  }
  const { order } = detail;
  if (!order.pdfStorageKey || !order.number) {
    const bytes = await renderOrder(detail, await documentIdentity(db), null, new Date());
    return inlineFile(bytes, "application/pdf", `bon-de-commande-brouillon-${order.id.slice(0, 8)}.pdf`);
  }
  try {
    const bytes = await storage.get(order.pdfStorageKey);
    return inlineFile(bytes, "application/pdf", `bon-de-commande-${order.number.toLowerCase()}.pdf`);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { orderId: order.id, key: order.pdfStorageKey },
      missing: "PDF d'un bon de commande envoyé introuvable",
      message: "Le PDF de cette commande est introuvable dans le stockage des fichiers.",
    });
  }
}
