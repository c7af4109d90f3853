import type { Logger } from "pino";
import { storageFailure } from "./file-response.ts";
import type { FileStorage } from "./file-storage.server.ts";
import { photoThumbnail } from "./photo-upload.server.ts";

/*
 * The answers of the routes that hand out a stored photo (a quote request's, a site log
 * entry's): as stored, or as a thumbnail with `?taille=vignette`, or why it cannot be had.
 */

const THUMBNAIL_WIDTH = 480;

/** A photo as stored, or its thumbnail. */
export type PhotoSize = "photo" | "vignette";

/**
 * The size a photo's URL asks for: `?taille=vignette` the thumbnail, no `taille` the photo
 * as stored; anything else gets a 400 answer to return.
 */
export function requestedPhotoSize(request: Request): PhotoSize | Response {
  const size = new URL(request.url).searchParams.get("taille");
  if (size === null) return "photo";
  if (size === "vignette") return size;
  return Response.json(
    { message: "Taille inconnue : « vignette » ou rien (taille réelle)." },
    { status: 400, headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * A stored photo at the size asked (the thumbnail is WebP, 480 pixels wide at most), with
 * the route's own caching (`headers`); a file gone from the storage answers 404 (logged as
 * `missing`), a storage that does not answer 503.
 */
export async function storedPhotoResponse(
  services: { storage: FileStorage; logger: Logger },
  photo: { id: string; storageKey: string; contentType: string },
  size: PhotoSize,
  file: { missing: string; headers: Record<string, string> },
): Promise<Response> {
  let content: Buffer;
  try {
    content = await services.storage.get(photo.storageKey);
  } catch (error) {
    // A row whose file is gone (another instance's disk, a purge half done): 404, never 500.
    return storageFailure(error, services.logger, {
      log: { photoId: photo.id, key: photo.storageKey },
      missing: file.missing,
      message: "Le fichier de cette photo est introuvable dans le stockage des fichiers.",
    });
  }
  const thumbnail = size === "vignette";
  if (thumbnail) content = await photoThumbnail(content, THUMBNAIL_WIDTH);
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": thumbnail ? "image/webp" : photo.contentType,
      "Content-Length": String(content.byteLength),
      ...file.headers,
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
