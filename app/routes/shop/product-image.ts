import { getServices } from "#app/lib/app-context.ts";
import { StorageNotFoundError, StorageUnavailableError } from "#app/lib/storage.server.ts";
import type { Route } from "./+types/product-image";

/*
 * GET /images/produits/… — a product picture uploaded in the Espace Pro (WebP, re-encoded,
 * no metadata). Its key is random and never reused, so it is cached for a year.
 */

const KEY = /^produits\/\d{4}\/\d{2}\/[0-9a-f]{32}(?:-card|-page)?\.webp$/;

function notFound(): Response {
  return new Response("Image introuvable.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!KEY.test(key)) return notFound();
  const { storage, logger } = getServices(context);
  try {
    const bytes = await storage.get(key);
    return new Response(new Uint8Array(bytes), {
      headers: {
        "Content-Type": "image/webp",
        "Content-Length": String(bytes.byteLength),
        "Cache-Control": "public, max-age=31536000, immutable",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (error) {
    if (error instanceof StorageNotFoundError) {
      logger.warn({ key }, "boutique : image introuvable dans le stockage");
      return notFound();
    }
    if (error instanceof StorageUnavailableError) {
      logger.error({ err: error, key }, "boutique : stockage des fichiers indisponible");
      return new Response("Image momentanément indisponible : réessayez dans quelques instants.", {
        status: 503,
        headers: {
          "Content-Type": "text/plain; charset=utf-8",
          "Cache-Control": "no-store",
          "Retry-After": "30",
        },
      });
    }
    throw error;
  }
}
