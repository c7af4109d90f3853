import { createHash } from "node:crypto";
import type { IncomingHttpHeaders } from "node:http";
import zlib from "node:zlib";
import type { MiddlewareHandler } from "hono";
import type { NotifiedCache } from "#app/lib/notified-cache.server.ts";
import type { AppEnv } from "./app-env.ts";
import { baseSecurityHeaders, contentSecurityPolicy, inlineScriptHashes } from "./security.ts";
import { acceptedEncodings, matchesEtag, queryIsClean, readHeader } from "./static.ts";

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

/** Response headers as a plain object, without then with HTTPS (HSTS only over HTTPS). */
type HeaderRecord = Readonly<Record<string, string>>;
type ByScheme = readonly [http: HeaderRecord, https: HeaderRecord];
type Variant = { body: Uint8Array<ArrayBuffer>; headers: ByScheme };

/** A kept answer: its bytes in each encoding and every header of each response, computed once. */
type CachedResponse = {
  etag: string;
  identity: Variant;
  br: Variant | null;
  gzip: Variant | null;
  /** The headers of a 304 (no length nor encoding). */
  notModified: ByScheme;
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
  // /commande is the shop's checkout page: its action places the order in-process.
  return path.startsWith("/erp/boutique") || path === "/commande" || path === "/commande.data";
}

const BROTLI = 1;
const GZIP = 2;

/** The answer for an entry, as this request asks it (encoding, ETag, HEAD, HTTPS). */
function serve(
  entry: CachedResponse,
  request: Request,
  incoming: IncomingHttpHeaders | undefined,
  https: boolean,
): Response {
  const scheme = https ? 1 : 0;
  const ifNoneMatch = readHeader(request, incoming, "if-none-match");
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, entry.etag)) {
    return new Response(null, { status: 304, headers: entry.notModified[scheme] });
  }
  const accepted = acceptedEncodings(readHeader(request, incoming, "accept-encoding"));
  let variant = entry.identity;
  if (accepted & BROTLI && entry.br) variant = entry.br;
  else if (accepted & GZIP && entry.gzip) variant = entry.gzip;
  if (request.method === "HEAD") return new Response(null, { status: 200, headers: variant.headers[scheme] });
  return new Response(variant.body, { status: 200, headers: variant.headers[scheme] });
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
  const kept: Record<string, string> = {};
  for (const [name, value] of response.headers) {
    if (!DROPPED_HEADERS.has(name.toLowerCase())) kept[name] = value;
  }
  const etag = `"${createHash("sha1").update(bytes).digest("base64url").slice(0, 27)}"`;
  const common = (https: boolean): Record<string, string> => ({
    ...kept,
    ...baseSecurityHeaders(https),
    "Content-Security-Policy": csp,
    ETag: etag,
    Vary: "Accept-Encoding",
  });
  const variant = (body: Uint8Array<ArrayBuffer>, encoding: string | null): Variant => {
    const extra: Record<string, string> = { "Content-Length": String(body.byteLength) };
    if (encoding) extra["Content-Encoding"] = encoding;
    return {
      body,
      headers: [
        { ...common(false), ...extra },
        { ...common(true), ...extra },
      ],
    };
  };
  const compress = bytes.byteLength >= MIN_COMPRESSED_BYTES;
  const br = compress
    ? zlib.brotliCompressSync(bytes, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 6,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
        },
      })
    : null;
  const gzip = compress ? zlib.gzipSync(bytes, { level: 6 }) : null;
  return {
    etag,
    identity: variant(bytes, null),
    br: br ? variant(new Uint8Array(br), "br") : null,
    gzip: gzip ? variant(new Uint8Array(gzip), "gzip") : null,
    notModified: [common(false), common(true)],
  };
}

function isHttps(request: Request, incoming: IncomingHttpHeaders | undefined, trustProxy: boolean): boolean {
  return (
    request.url.startsWith("https:") ||
    (trustProxy && readHeader(request, incoming, "x-forwarded-proto") === "https")
  );
}

/**
 * The answer kept for a GET or HEAD, straight from memory, ahead of Hono (as the static
 * files, server/app.ts): undefined on a miss, for anything doubtful (a query holding a
 * control character) and while the cache does not serve; the full pipeline then answers.
 */
export function catalogueHit(options: {
  cache: NotifiedCache | undefined;
  storeId: string;
  trustProxy: boolean;
}): (request: Request, incoming?: IncomingHttpHeaders) => Response | undefined {
  const { cache, storeId, trustProxy } = options;
  return (request, incoming) => {
    if (!cache?.serving) return undefined;
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    const url = new URL(request.url);
    if (url.search && !queryIsClean(url.search.slice(1))) return undefined;
    const key = catalogueResponseKey(url, storeId);
    if (key === null) return undefined;
    const entry = cache.peek<CachedResponse>(key);
    if (!entry) return undefined;
    return serve(entry, request, incoming, isHttps(request, incoming, trustProxy));
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
  trustProxy: boolean;
}): MiddlewareHandler<AppEnv> {
  const { cache, storeId, trackerOrigins, trustProxy } = options;
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
      c.res = serve(entry, c.req.raw, undefined, isHttps(c.req.raw, undefined, trustProxy));
      return;
    }
    // This request rendered a response not to keep: it goes out as it is.
    if (ownResponse) return;
    // It waited on another request's rendering, which was not kept: its own turn.
    await next();
  };
}
