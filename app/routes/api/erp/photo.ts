import { requirePermission } from "#app/features/auth/session.server.ts";
import { getLeadPhoto } from "#app/features/leads/detail.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileNotFound } from "#app/lib/file-response.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import { requestedPhotoSize, storedPhotoResponse } from "#app/lib/photo-response.server.ts";
import type { Route } from "./+types/photo";

/** Prospects and clients (app/lib/permissions.ts); the route walk reads it. */
export const handle = { permission: "prospects" } satisfies RouteHandle;

/**
 * GET /api/erp/photos/:id[?taille=vignette]: a quote photo, full size or as a
 * thumbnail, for signed-in staff only (the files are never public).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const size = requestedPhotoSize(request);
  if (size instanceof Response) return size;
  const photo = await getLeadPhoto(db, params.id);
  if (!photo) return fileNotFound("Cette photo n'existe pas.");
  return storedPhotoResponse({ storage, logger }, { id: params.id, ...photo }, size, {
    missing: "photo d'une demande introuvable dans le stockage",
    headers: {
      // Personal data: not kept in the browser's cache after the page is left.
      "Cache-Control": "private, no-store",
      "Content-Disposition": `inline; filename="${photo.fileName.replace(/"/g, "")}"`,
    },
  });
}
