import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { NotifiedCache } from "#app/lib/notified-cache.server.ts";
import type { AppEnv } from "./app-env.ts";
import { contentSecurityPolicy, inlineScriptHashes } from "./security.ts";

/*
 * The shop's public answers from memory (issue 16, decision 020): the store API's
 * listing and products, /store and /product/{id} (their HTML and their .data), built
 * once per catalogue generation by the normal path (React Router, loaders, database),
 * then served as bytes with their compressed forms and an ETag. The catalogue's tables
 * notify every change (drizzle/0022), which empties the cache; stock is in those tables,
 * so an order or a cancellation empties it too.
 *
 * A cached page carries no nonce: the rendered HTML's nonce attributes are removed and
 * its inline scripts are allowed by their SHA-256 hashes instead, as on the prerendered
 * pages, so no nonce is ever shared by two responses.
 */

type CachedResponse = {
  status: number;
  /** Every header but the body's encoding and length. */
  headers: [string, string][];
  etag: string;
  identity: Uint8Array;
  br: Uint8Array | null;
  gzip: Uint8Array | null;
};

/** Under this size compression is not worth its header. */
const MIN_COMPRESSED_BYTES = 1024;
/** A page bigger than this is served the normal way. */
const MAX_CACHED_BYTES = 2 * 1024 * 1024;
/** Headers of the rendered response that must not be replayed to another visitor. */
const DROPPED_HEADERS = new Set([
  "content-length",
  "content-encoding",
  "content-security-policy",
  "etag",
  "x-request-id",
  "set-cookie",
  "vary",
]);

/** The cache key of a request the shop answers the same way to everyone, or null. */
export function catalogueResponseKey(url: URL, storeId: string): string | null {
  const path = url.pathname;
  const api = `/api/store/${storeId}/products`;
  if (path === api || (path.startsWith(`${api}/`) && !path.slice(api.length + 1).includes("/"))) {
    // The query is part of the answer (page, sort, ids, fields); the entry count bounds it.
    return `${path}${url.search}`;
  }
  if (path === "/store" || /^\/product\/[^/]+$/.test(path)) {
    // These pages' loaders read no query: an ad's ?utm_source=…&ttclid=… gets the page's
    // entry, and nobody can fill memory with variants of one page (a test pins it).
    return path;
  }
  if (path === "/store.data" || /^\/product\/[^/]+\.data$/.test(path)) {
    // React Router's data requests name the routes to load; nothing else counts.
    const routes = url.searchParams.getAll("_routes").join(",");
    return routes ? `${path}?_routes=${routes}` : path;
  }
  return null;
}

/** Requests after which this instance's cache is dropped at once (writes to the shop). */
function writesCatalogue(method: string, path: string): boolean {
  if (path.startsWith("/api/store/")) return /\/checkout(?:\/|$)|\/webhook/.test(path);
  if (method === "GET" || method === "HEAD") return false;
  return path.startsWith("/erp/boutique") || path === "/checkout";
}

function acceptsEncoding(header: string, encoding: "br" | "gzip"): boolean {
  for (const part of header.split(",")) {
    const [name, ...params] = part.trim().split(";");
    if (name?.trim().toLowerCase() !== encoding) continue;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return q === undefined || Number(q.slice(2)) > 0;
  }
  return false;
}

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  return header.split(",").some((candidate) => candidate.trim().replace(/^W\//, "") === etag);
}

/** The response to send for an entry, as this request asks it (encoding, ETag, HEAD). */
function serve(entry: CachedResponse, request: Request): Response {
  const headers = new Headers(entry.headers);
  headers.set("ETag", entry.etag);
  headers.set("Vary", "Accept-Encoding");
  if (etagMatches(request.headers.get("if-none-match") ?? undefined, entry.etag)) {
    return new Response(null, { status: 304, headers });
  }
  const accept = request.headers.get("accept-encoding") ?? "";
  let body = entry.identity;
  if (entry.br && acceptsEncoding(accept, "br")) {
    body = entry.br;
    headers.set("Content-Encoding", "br");
  } else if (entry.gzip && acceptsEncoding(accept, "gzip")) {
    body = entry.gzip;
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.byteLength));
  return new Response(body as Uint8Array<ArrayBuffer>, { status: entry.status, headers });
}

/**
 * The entry for a rendered response, or null when it must not be kept: not a 200, a
 * cookie set, no body, too big, or a nonce that could not be taken out of it.
 */
async function toEntry(
  response: Response,
  nonce: string | undefined,
  trackerOrigins: readonly string[],
): Promise<CachedResponse | null> {
  if (response.status !== 200 || !response.body) return null;
  if (response.headers.has("set-cookie") || response.headers.has("content-encoding")) return null;
  const type = response.headers.get("content-type") ?? "";
  let bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_CACHED_BYTES) return null;
  let csp: string;
  if (type.startsWith("text/html")) {
    let html = Buffer.from(bytes).toString("utf8");
    if (nonce) html = html.replaceAll(` nonce="${nonce}"`, "");
    if (nonce && html.includes(nonce)) return null;
    csp = contentSecurityPolicy({ scriptHashes: inlineScriptHashes(html), trackerOrigins });
    bytes = new Uint8Array(Buffer.from(html, "utf8"));
  } else {
    if (nonce && Buffer.from(bytes).includes(nonce)) return null;
    csp = contentSecurityPolicy({ trackerOrigins });
  }
  const headers: [string, string][] = [];
  for (const [name, value] of response.headers) {
    if (!DROPPED_HEADERS.has(name.toLowerCase())) headers.push([name, value]);
  }
  headers.push(["Content-Security-Policy", csp]);
  const compress = bytes.byteLength >= MIN_COMPRESSED_BYTES;
  return {
    status: 200,
    headers,
    etag: `"${createHash("sha1").update(bytes).digest("base64url").slice(0, 27)}"`,
    identity: bytes,
    br: compress
      ? new Uint8Array(
          zlib.brotliCompressSync(bytes, {
            params: {
              [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
              [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
              [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
            },
          }),
        )
      : null,
    gzip: compress ? new Uint8Array(zlib.gzipSync(bytes, { level: 6 })) : null,
  };
}

/**
 * Serves the shop's cacheable GET requests from `cache` while it is serving, and empties
 * it after a request of this instance that writes to the shop (checkout, webhook, the
 * Espace Pro's boutique): the notification of that write is on its way too, but this
 * instance's next reader should not wait for it.
 */
export function catalogueResponses(options: {
  cache: NotifiedCache | undefined;
  storeId: string;
  trackerOrigins: readonly string[];
}): MiddlewareHandler<AppEnv> {
  const { cache, storeId, trackerOrigins } = options;
  return async (c, next) => {
    if (!cache) return next();
    const method = c.req.method;
    if (writesCatalogue(method, c.req.path)) {
      try {
        await next();
      } finally {
        cache.invalidate();
      }
      return;
    }
    if (method !== "GET" || !cache.serving) return next();
    const key = catalogueResponseKey(new URL(c.req.url), storeId);
    if (key === null) return next();

    let ownResponse: Response | undefined;
    const entry = await cache.read(
      key,
      async () => {
        await next();
        const rendered = c.res;
        const built = await toEntry(rendered.clone(), c.get("nonce"), trackerOrigins);
        if (!built) ownResponse = rendered;
        return built;
      },
      (value) => value !== null,
    );
    if (entry) {
      // Hono's setter would lay the rendered response's headers over the entry's: forget it first.
      c.res = undefined as unknown as Response;
      c.res = serve(entry, c.req.raw);
      return;
    }
    // This request rendered a response not to keep: it goes out as it is.
    if (ownResponse) return;
    // It waited on another request's rendering, which was not kept: its own turn.
    await next();
  };
}
