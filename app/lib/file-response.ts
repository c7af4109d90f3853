import type { Logger } from "pino";
import { data } from "react-router";
import { StorageNotFoundError, StorageUnavailableError } from "./file-storage.server.ts";

/*
 * The answers of the routes that hand out a stored or rendered file (a quote's or an
 * invoice's PDF, a drawn signature): the file itself, or why it cannot be had, in JSON.
 */

/** A private file the browser shows rather than saves: never cached nor indexed, its type not second-guessed. */
export function inlineFile(bytes: Uint8Array, contentType: string, name?: string): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      "Content-Type": contentType,
      "Content-Length": String(bytes.byteLength),
      "Content-Disposition": name === undefined ? "inline" : `inline; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}

/** 404 with its French message, never cached. */
export function fileNotFound(message: string, cacheControl = "no-store"): Response {
  return Response.json({ message }, { status: 404, headers: { "Cache-Control": cacheControl } });
}

/** 503 while the file storage does not answer: the browser may try again in 30 seconds. */
export function storageUnavailable(cacheControl = "no-store"): Response {
  return Response.json(
    { message: "Le stockage des fichiers ne répond pas : réessayez dans quelques instants." },
    { status: 503, headers: { "Cache-Control": cacheControl, "Retry-After": "30" } },
  );
}

/**
 * The answer to a stored file that could not be read: 404 with `message` (logged as a
 * warning, `missing`) when it is gone, 503 (logged as an error) while the storage does
 * not answer. Any other error is thrown again.
 */
export function storageFailure(
  error: unknown,
  logger: Logger,
  file: { log: Record<string, unknown>; missing: string; message: string; cacheControl?: string },
): Response {
  if (error instanceof StorageNotFoundError) {
    logger.warn(file.log, file.missing);
    return fileNotFound(file.message, file.cacheControl);
  }
  if (error instanceof StorageUnavailableError) {
    logger.error({ err: error, ...file.log }, "stockage des fichiers indisponible");
    return storageUnavailable(file.cacheControl);
  }
  throw error;
}

/**
 * A document a client downloads through the link e-mailed to them (a quote, a PV): saved
 * rather than shown, never cached nor indexed, and the link's token not passed on as referrer.
 */
export function clientDocument(file: { bytes: Uint8Array; contentType: string; name: string }): Response {
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `attachment; filename="${file.name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
      "Referrer-Policy": "no-referrer",
    },
  });
}

/**
 * A client's document the storage could not give, thrown as the public page's error: 404
 * when the file is gone (logged as a warning, `missing`), 503 while the storage does not
 * answer (logged as an error, `unavailable`, and said with `unavailableMessage`). Any
 * other error is thrown again.
 */
export function throwClientDocumentFailure(
  error: unknown,
  logger: Logger,
  log: { missing: string; unavailable: string; unavailableMessage: string },
): never {
  if (error instanceof StorageNotFoundError) {
    logger.warn({ err: error }, log.missing);
    throw data({ message: "Ce document est introuvable : contactez-nous." }, { status: 404 });
  }
  if (error instanceof StorageUnavailableError) {
    logger.error({ err: error }, log.unavailable);
    throw data({ message: log.unavailableMessage }, { status: 503, headers: { "Retry-After": "30" } });
  }
  throw error;
}
