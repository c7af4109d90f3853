import sharp from "sharp";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { getLeadPhoto } from "#app/features/leads/detail.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import { StorageNotFoundError, StorageUnavailableError } from "#app/lib/storage.server.ts";
import type { Route } from "./+types/photo";

const THUMBNAIL_WIDTH = 480;
const notFound = (message = "Cette photo n'existe pas.") =>
  Response.json({ message }, { status: 404, headers: { "Cache-Control": "no-store" } });
const unavailable = () =>
  Response.json(
    { message: "Le stockage des fichiers ne répond pas : réessayez dans quelques instants." },
    { status: 503, headers: { "Cache-Control": "no-store", "Retry-After": "30" } },
  );

/** Prospects and clients (app/lib/permissions.ts); the route walk reads it. */
export const handle = { permission: "prospects" } satisfies RouteHandle;

/**
 * GET /api/erp/photos/:id[?taille=vignette]: a quote photo, full size or as a
 * thumbnail, for signed-in staff only (the files are never public).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const size = new URL(request.url).searchParams.get("taille");
  if (size !== null && size !== "vignette") {
    return Response.json(
      { message: "Taille inconnue : « vignette » ou rien (taille réelle)." },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const photo = await getLeadPhoto(db, params.id);
  if (!photo) return notFound();
  let content: Buffer;
  try {
    content = await storage.get(photo.storageKey);
  } catch (error) {
    // A row whose file is gone (another instance's disk, a purge half done): 404, never 500.
    if (error instanceof StorageNotFoundError) {
      logger.warn(
        { photoId: params.id, key: photo.storageKey },
        "photo d'une demande introuvable dans le stockage",
      );
      return notFound("Le fichier de cette photo est introuvable dans le stockage des fichiers.");
    }
    if (error instanceof StorageUnavailableError) {
      logger.error({ err: error, photoId: params.id }, "stockage des fichiers indisponible");
      return unavailable();
    }
    throw error;
  }
  let contentType = photo.contentType;
  if (size === "vignette") {
    content = await sharp(content)
      .resize({ width: THUMBNAIL_WIDTH, withoutEnlargement: true })
      .webp({ quality: 75 })
      .toBuffer();
    contentType = "image/webp";
  }
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(content.byteLength),
      // Personal data: not kept in the browser's cache after the page is left.
      "Cache-Control": "private, no-store",
      "Content-Disposition": `inline; filename="${photo.fileName.replace(/"/g, "")}"`,
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
