import { requirePermission } from "#app/features/auth/session.server.ts";
import { SITE_LOG_HANDLE } from "#app/features/erp/navigation.ts";
import { getLogPhoto, SiteLogError } from "#app/features/site-log/log.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { photoThumbnail } from "#app/lib/photo-upload.server.ts";
import { StorageNotFoundError, StorageUnavailableError } from "#app/lib/storage.server.ts";
import type { Route } from "./+types/journal-photo";

export const handle = SITE_LOG_HANDLE;

const THUMBNAIL_WIDTH = 480;
const noStore = { "Cache-Control": "no-store" };

/**
 * GET /erp/chantiers/:id/journal/photos/:photoId[?taille=vignette]: a photo of the site's
 * log, full size (as stored: re-encoded, no location) or as a thumbnail, for whoever may
 * read that site's log. Another site's photo is « not found ».
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const size = new URL(request.url).searchParams.get("taille");
  if (size !== null && size !== "vignette") {
    return Response.json(
      { message: "Taille inconnue : « vignette » ou rien (taille réelle)." },
      { status: 400, headers: noStore },
    );
  }
  let photo: Awaited<ReturnType<typeof getLogPhoto>>;
  try {
    photo = await getLogPhoto(db, user, params.id, params.photoId);
  } catch (error) {
    if (error instanceof SiteLogError) {
      return Response.json({ message: error.message }, { status: error.status, headers: noStore });
    }
    throw error;
  }
  let content: Buffer;
  try {
    content = await storage.get(photo.storageKey);
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      logger.warn(
        { photoId: photo.id, key: photo.storageKey },
        "photo du journal introuvable dans le stockage",
      );
      return Response.json(
        { message: "Le fichier de cette photo est introuvable dans le stockage des fichiers." },
        { status: 404, headers: noStore },
      );
    }
    if (error instanceof StorageUnavailableError) {
      logger.error({ err: error, photoId: photo.id }, "stockage des fichiers indisponible");
      return Response.json(
        { message: "Le stockage des fichiers ne répond pas : réessayez dans quelques instants." },
        { status: 503, headers: { ...noStore, "Retry-After": "30" } },
      );
    }
    throw error;
  }
  let contentType = photo.contentType;
  if (size === "vignette") {
    content = await photoThumbnail(content, THUMBNAIL_WIDTH);
    contentType = "image/webp";
  }
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(content.byteLength),
      // The log is not public: not kept in a shared cache; the browser may keep it privately.
      "Cache-Control": "private, max-age=3600",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
