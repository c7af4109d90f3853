import type { Logger } from "pino";
import { storageFailure } from "#app/lib/file-response.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";

/**
 * An uploaded file handed back to the office as it was stored: its bytes read from the
 * storage (404 or 503 through `storageFailure` when they cannot be), never cached, its
 * type not second-guessed. `disposition` is the whole Content-Disposition header.
 */
export async function storedFileResponse(
  storage: Pick<FileStorage, "get">,
  logger: Logger,
  file: { storageKey: string; contentType: string },
  answer: { disposition: string; log: Record<string, unknown>; missing: string; message: string },
): Promise<Response> {
  let content: Buffer;
  try {
    content = await storage.get(file.storageKey);
  } catch (error) {
    return storageFailure(error, logger, {
      log: { key: file.storageKey, ...answer.log },
      missing: answer.missing,
      message: answer.message,
    });
  }
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": answer.disposition,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Shown in the browser under the name it was uploaded with (ASCII fallback, then RFC 5987 for accents). */
export function inlineUploadedName(fileName: string): string {
  const asciiName = fileName.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return `inline; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}
