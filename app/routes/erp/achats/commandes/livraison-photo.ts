import { requirePermission } from "#app/features/auth/session.server.ts";
import { deliveryPhoto } from "#app/features/purchases/orders.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound, inlineFile, storageFailure } from "#app/lib/file-response.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/livraison-photo";

export const handle = { permission: "achats" } satisfies RouteHandle;

/** GET /erp/achats/commandes/:id/livraisons/:deliveryId/photo: the delivery note as received. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const photo = await deliveryPhoto(db, params.id, params.deliveryId);
  if (!photo) return fileNotFound("Cette livraison n'a pas de bon de livraison joint.");
  try {
    return inlineFile(await storage.get(photo.key), photo.contentType);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { orderId: params.id, key: photo.key },
      missing: "bon de livraison introuvable",
      message: "Le bon de livraison est introuvable dans le stockage des fichiers.",
    });
  }
}
