/**
 * A file the browser saves rather than shows (a CSV, a ZIP): named, never cached nor
 * indexed, its type not second-guessed.
 */
export function fileDownload(body: string | Uint8Array, type: string, name: string): Response {
  return new Response(typeof body === "string" ? body : new Uint8Array(body), {
    headers: {
      "Content-Type": type,
      "Content-Disposition": `attachment; filename="${name}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
