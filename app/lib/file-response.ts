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
