import { requirePermission } from "#app/features/auth/session.server.ts";
import { SITE_LOG_HANDLE } from "#app/features/erp/navigation.ts";
import { getLogPhoto, SiteLogError } from "#app/features/site-log/log.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { requestedPhotoSize, storedPhotoResponse } from "#app/lib/photo-response.server.ts";
import type { Route } from "./+types/journal-photo";

export const handle = SITE_LOG_HANDLE;

const noStore = { "Cache-Control": "no-store" };

/**
 * GET /erp/chantiers/:id/journal/photos/:photoId[?taille=vignette]: a photo of the site's
 * log, full size (as stored: re-encoded, no location) or as a thumbnail, for whoever may
 * read that site's log. Another site's photo is « not found ».
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const size = requestedPhotoSize(request);
  if (size instanceof Response) return size;
  let photo: Awaited<ReturnType<typeof getLogPhoto>>;
  try {
    photo = await getLogPhoto(db, user, params.id, params.photoId);
  } catch (error) {
    if (error instanceof SiteLogError) {
      return Response.json({ message: error.message }, { status: error.status, headers: noStore });
    }
    throw error;
  }
  return storedPhotoResponse({ storage, logger }, photo, size, {
    missing: "photo du journal introuvable dans le stockage",
    // The log is not public: not kept in a shared cache; the browser may keep it privately.
    headers: { "Cache-Control": "private, max-age=3600" },
  });
}
