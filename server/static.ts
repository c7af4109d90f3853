import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import path from "node:path";
import { Readable } from "node:stream";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import {
  baseSecurityHeaders,
  contentSecurityPolicy,
  inlineScriptHashes,
  subresourceSecurityHeaders,
} from "./security.ts";

const MIME: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".data": "text/x-script; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".woff": "font/woff",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".webmanifest": "application/manifest+json",
};

/**
 * Files a browser only ever uses as a subresource of a page: scripts, stylesheets, fonts
 * and raster images. The document-level headers (CSP, Permissions-Policy,
 * X-Frame-Options, Cross-Origin-Opener-Policy, Referrer-Policy) take effect only on a
 * document or a worker, so these files carry only `nosniff` (and HSTS over HTTPS): about
 * 700 bytes less on each of the twenty-odd requests of a page (decision 021). SVG, HTML,
 * XML and everything else can be opened as a document and keep every header.
 */
export const SUBRESOURCE_EXTENSIONS: ReadonlySet<string> = new Set([
  ".js",
  ".mjs",
  ".css",
  ".woff2",
  ".woff",
  ".png",
  ".jpg",
  ".jpeg",
  ".webp",
  ".avif",
  ".ico",
]);

/**
 * Each encoding of a file up to this size is kept in memory (the whole client build
 * is about 5 MB); a bigger one is streamed from disk at every request.
 */
export const MAX_IN_MEMORY_BYTES = 512 * 1024;

/** Response headers as a plain object: @hono/node-server hands it to `writeHead` as it is. */
type HeaderRecord = Readonly<Record<string, string>>;
/** The same headers without, then with HTTPS (HSTS is only sent over HTTPS). */
type ByScheme = readonly [http: HeaderRecord, https: HeaderRecord];

export type Encoding = "br" | "gzip" | "identity";

/** One encoding of a file, and the complete headers of its 200 responses. */
export type StaticVariant = {
  encoding: Encoding;
  absolutePath: string;
  size: number;
  /** The bytes, when small enough to be kept in memory; otherwise streamed from `absolutePath`. */
  body?: Uint8Array<ArrayBuffer>;
  headers: ByScheme;
};

export type StaticFile = {
  /** The address it answers at: a prerendered page at its directory (/services/index.html -> /services). */
  url: string;
  etag: string;
  contentType: string;
  immutable: boolean;
  /** For prerendered HTML: the CSP hashes of its inline scripts. */
  scriptHashes?: string[];
  identity: StaticVariant;
  /** Precompressed siblings written at build time (scripts/precompress.ts). */
  br?: StaticVariant;
  gzip?: StaticVariant;
  /** The headers of a 304: those of a 200 without the body's length and encoding. */
  notModified: ByScheme;
};

export type StaticFilesOptions = {
  /** Origins of the configured trackers, named in every CSP. */
  trackerOrigins?: readonly string[];
  /** The CSP of a file that is not a prerendered page follows the development rules. */
  development?: boolean;
  /** Whether X-Forwarded-Proto is believed (TRUST_PROXY) when deciding on HSTS. */
  trustProxy?: boolean;
  /** Addresses never answered from here, whatever the build holds (the redirect sources). */
  exclude?: Iterable<string>;
  maxInMemoryBytes?: number;
};

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

function readVariant(
  encoding: Encoding,
  absolutePath: string,
  maxInMemoryBytes: number,
  content?: Buffer,
): Omit<StaticVariant, "headers"> {
  const size = content?.byteLength ?? statSync(absolutePath).size;
  if (size > maxInMemoryBytes) return { encoding, absolutePath, size };
  const bytes = content ?? readFileSync(absolutePath);
  // A copy of its own, so that the bytes never share a pooled buffer with anything else.
  return { encoding, absolutePath, size, body: new Uint8Array(bytes) };
}

/**
 * The files of build/client, indexed, read and given their headers once at start-up.
 * Only files in this map are ever served, so no request path can reach outside the folder.
 */
export class StaticFiles {
  private readonly byUrl = new Map<string, StaticFile>();
  readonly root: string;
  private readonly trustProxy: boolean;

  constructor(root: string, options: StaticFilesOptions = {}) {
    this.root = root;
    this.trustProxy = options.trustProxy ?? false;
    if (!existsSync(root)) return;
    const max = options.maxInMemoryBytes ?? MAX_IN_MEMORY_BYTES;
    const excluded = new Set(options.exclude ?? []);
    const trackerOrigins = options.trackerOrigins ?? [];
    // Every other file that may be opened as a document (an SVG, a .data file) gets the
    // CSP of a page without inline scripts: a nonce fixed at start-up would be no nonce.
    const plainCsp = contentSecurityPolicy({ development: options.development, trackerOrigins });
    const security = [baseSecurityHeaders(false), baseSecurityHeaders(true)] as const;
    const subresourceSecurity = [
      subresourceSecurityHeaders(false),
      subresourceSecurityHeaders(true),
    ] as const;

    for (const file of walk(root)) {
      if (file.endsWith(".br") || file.endsWith(".gz")) continue;
      let url = `/${path.relative(root, file).split(path.sep).join("/")}`;
      const ext = path.extname(file).toLowerCase();
      const content = readFileSync(file);
      let scriptHashes: string[] | undefined;
      if (ext === ".html") {
        // A prerendered page answers at its directory URL only; other HTML files are not served.
        if (!url.endsWith("/index.html")) continue;
        url = url.slice(0, -"/index.html".length) || "/";
        scriptHashes = inlineScriptHashes(content.toString("utf8"));
      }
      // Lookups decode the request path: a name no decoded path may hold is never indexed.
      if (excluded.has(url) || hasControlCharacters(url)) continue;

      const immutable = url.startsWith("/assets/");
      const etag = `"${createHash("sha1").update(content).digest("base64url").slice(0, 27)}"`;
      const contentType = MIME[ext] ?? "application/octet-stream";
      const csp = scriptHashes ? contentSecurityPolicy({ scriptHashes, trackerOrigins }) : plainCsp;
      const common = {
        "Content-Type": contentType,
        ETag: etag,
        "Cache-Control": immutable
          ? "public, max-age=31536000, immutable"
          : "public, max-age=0, must-revalidate",
        Vary: "Accept-Encoding",
      };
      const withSecurity = (extra: Record<string, string>): ByScheme =>
        SUBRESOURCE_EXTENSIONS.has(ext)
          ? [
              { ...common, ...extra, ...subresourceSecurity[0] },
              { ...common, ...extra, ...subresourceSecurity[1] },
            ]
          : [
              { ...common, ...extra, ...security[0], "Content-Security-Policy": csp },
              { ...common, ...extra, ...security[1], "Content-Security-Policy": csp },
            ];
      const variant = (encoding: Encoding, variantPath: string, bytes?: Buffer): StaticVariant => {
        const read = readVariant(encoding, variantPath, max, bytes);
        const length = { "Content-Length": String(read.size) };
        const headers = withSecurity(
          encoding === "identity" ? length : { "Content-Encoding": encoding, ...length },
        );
        return { ...read, headers };
      };
      this.byUrl.set(url, {
        url,
        etag,
        contentType,
        immutable,
        scriptHashes,
        identity: variant("identity", file, content),
        br: existsSync(`${file}.br`) ? variant("br", `${file}.br`) : undefined,
        gzip: existsSync(`${file}.gz`) ? variant("gzip", `${file}.gz`) : undefined,
        notModified: withSecurity({}),
      });
    }
  }

  get size(): number {
    return this.byUrl.size;
  }

  lookup(urlPath: string): StaticFile | undefined {
    let decoded = urlPath;
    if (urlPath.includes("%")) {
      try {
        decoded = decodeURIComponent(urlPath);
      } catch {
        return undefined;
      }
    }
    const normalised = decoded.length > 1 && decoded.endsWith("/") ? decoded.slice(0, -1) : decoded;
    return this.byUrl.get(normalised);
  }

  /**
   * The response to a GET or HEAD of a known file, from what start-up prepared; undefined
   * for any other request, and for anything doubtful (a query holding a control
   * character), which the full pipeline then handles, and refuses.
   *
   * `incoming` is Node's parsed request headers when the request comes from
   * @hono/node-server: reading them is cheaper than building the Request's Headers.
   */
  respond(request: Request, incoming?: IncomingHttpHeaders): Response | undefined {
    const method = request.method;
    if (method !== "GET" && method !== "HEAD") return undefined;
    const url = request.url;
    const pathStart = url.indexOf("/", url.indexOf("//") + 2);
    if (pathStart === -1) return undefined;
    const queryStart = url.indexOf("?", pathStart);
    const file = this.lookup(queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart));
    if (!file) return undefined;
    if (queryStart !== -1 && !queryIsClean(url.slice(queryStart + 1))) return undefined;

    const https =
      url.startsWith("https:") ||
      (this.trustProxy && readHeader(request, incoming, "x-forwarded-proto") === "https");
    const scheme = https ? 1 : 0;
    const ifNoneMatch = readHeader(request, incoming, "if-none-match");
    if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, file.etag)) {
      return new Response(null, { status: 304, headers: file.notModified[scheme] });
    }
    const accepted = acceptedEncodings(readHeader(request, incoming, "accept-encoding"));
    let variant = file.identity;
    if (accepted & BROTLI && file.br) variant = file.br;
    else if (accepted & GZIP && file.gzip) variant = file.gzip;
    const headers = variant.headers[scheme];
    if (method === "HEAD") return new Response(null, { status: 200, headers });
    const body =
      variant.body ?? (Readable.toWeb(createReadStream(variant.absolutePath)) as ReadableStream<Uint8Array>);
    return new Response(body, { status: 200, headers });
  }
}

export function readHeader(
  request: Request,
  incoming: IncomingHttpHeaders | undefined,
  name: string,
): string | undefined {
  if (!incoming) return request.headers.get(name) ?? undefined;
  const value = incoming[name];
  return typeof value === "string" ? value : undefined;
}

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point
const RAW_CONTROL = /[\u0000-\u001F\u007F]/;

/** The same rule as the request guard: no control character in any decoded name or value. */
export function queryIsClean(query: string): boolean {
  if (!query.includes("%") && !RAW_CONTROL.test(query)) return true;
  for (const [name, value] of new URLSearchParams(query)) {
    if (hasControlCharacters(name) || hasControlCharacters(value)) return false;
  }
  return true;
}

/** If-None-Match: `*` or a list of tags, weak (W/) ones compared weakly, as RFC 9110 says. */
export function matchesEtag(header: string, etag: string): boolean {
  if (header === etag) return true;
  for (const part of header.split(",")) {
    const tag = part.trim();
    if (tag === "*" || tag === etag || (tag.startsWith("W/") && tag.slice(2) === etag)) return true;
  }
  return false;
}

const BROTLI = 1;
const GZIP = 2;
/** Browsers send a handful of distinct Accept-Encoding values: each is parsed once. */
const acceptedMemo = new Map<string, number>();
const ACCEPTED_MEMO_LIMIT = 256;

/** The encodings an Accept-Encoding allows, as BROTLI | GZIP bits; `q=0` refuses one, `*` stands for the others. */
export function acceptedEncodings(header: string | undefined): number {
  if (!header) return 0;
  const known = acceptedMemo.get(header);
  if (known !== undefined) return known;
  let br: boolean | undefined;
  let gzip: boolean | undefined;
  let star: boolean | undefined;
  for (const part of header.split(",")) {
    const [rawName = "", ...parameters] = part.split(";");
    const name = rawName.trim().toLowerCase();
    let accepted = true;
    for (const parameter of parameters) {
      const [key = "", value = ""] = parameter.split("=");
      if (key.trim().toLowerCase() === "q") accepted = !(Number(value.trim()) <= 0);
    }
    if (name === "br") br = accepted;
    else if (name === "gzip" || name === "x-gzip") gzip = gzip === true || accepted;
    else if (name === "*") star = accepted;
  }
  const bits = ((br ?? star) ? BROTLI : 0) | ((gzip ?? star) ? GZIP : 0);
  if (acceptedMemo.size >= ACCEPTED_MEMO_LIMIT) acceptedMemo.clear();
  acceptedMemo.set(header, bits);
  return bits;
}
