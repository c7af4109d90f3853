import type { Logger } from "pino";
import type { Database } from "#app/db/client.server.ts";
import { fileNotFound, storageFailure } from "#app/lib/file-response.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import type { SiteViewer } from "#app/lib/site-access.server.ts";
import { openRecord } from "./actions.server.ts";
import { recordFileOf } from "./record.server.ts";
import { RECORD_FILE_MESSAGES, type RecordOwner } from "./record-files.ts";

/**
 * An uploaded file's own policy: framed by the Espace Pro's pages only (the preview), loading
 * nothing but itself (`object-src 'self'` lets the browser's PDF viewer show it).
 */
const FILE_CSP =
  "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * One uploaded file of the record in the URL, as stored: inline (the page's preview) or, with
 * `?telecharger`, as an attachment; never cached, its type not second-guessed. Another
 * record's file id is unknown here (404).
 */
export async function recordFileResponse(
  services: { db: Database; storage: FileStorage; logger: Logger },
  viewer: SiteViewer,
  owner: RecordOwner,
  fileId: string,
  url: URL,
): Promise<Response> {
  const record = await openRecord(services.db, viewer, owner);
  if (!record.ok) {
    return Response.json(
      { message: record.message },
      { status: record.status, headers: { "Cache-Control": "no-store" } },
    );
  }
  const file = await recordFileOf(services.db, owner, fileId);
  if (!file) return fileNotFound(RECORD_FILE_MESSAGES.notFound);
  let content: Buffer;
  try {
    content = await services.storage.get(file.storageKey);
  } catch (error) {
    return storageFailure(error, services.logger, {
      log: { key: file.storageKey, fileId },
      missing: "fichier d'une fiche introuvable dans le stockage",
      message: "Le contenu de ce fichier est introuvable.",
    });
  }
  const disposition = url.searchParams.has("telecharger") ? "attachment" : "inline";
  const asciiName = file.fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(content.byteLength),
      "Content-Disposition": `${disposition}; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
      // Shown in a frame of the documents page (same origin only), never by another site;
      // nothing in it may load or run anything.
      "X-Frame-Options": "SAMEORIGIN",
      "Content-Security-Policy": FILE_CSP,
    },
  });
}
