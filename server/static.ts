import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { inlineScriptHashes } from "./security.ts";

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

export type StaticFile = {
  absolutePath: string;
  size: number;
  etag: string;
  contentType: string;
  immutable: boolean;
  /** Precompressed siblings written at build time (scripts/precompress.ts). */
  encodings: { br?: string; gzip?: string };
  /** For prerendered HTML: the CSP hashes of its inline scripts. */
  scriptHashes?: string[];
};

function walk(dir: string, base = dir, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, base, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

/**
 * The files of build/client, indexed once at start-up. Only files in this map
 * are ever served, so no request path can reach outside the folder.
 */
export class StaticFiles {
  private readonly byUrl = new Map<string, StaticFile>();
  readonly root: string;

  constructor(root: string) {
    this.root = root;
    if (!existsSync(root)) return;
    for (const file of walk(root)) {
      if (file.endsWith(".br") || file.endsWith(".gz")) continue;
      const relative = `/${path.relative(root, file).split(path.sep).join("/")}`;
      const stat = statSync(file);
      const ext = path.extname(file).toLowerCase();
      const content = readFileSync(file);
      const entry: StaticFile = {
        absolutePath: file,
        size: stat.size,
        etag: `"${createHash("sha1").update(content).digest("base64url").slice(0, 27)}"`,
        contentType: MIME[ext] ?? "application/octet-stream",
        immutable: relative.startsWith("/assets/"),
        encodings: {
          br: existsSync(`${file}.br`) ? `${file}.br` : undefined,
          gzip: existsSync(`${file}.gz`) ? `${file}.gz` : undefined,
        },
      };
      if (ext === ".html") {
        entry.scriptHashes = inlineScriptHashes(content.toString("utf8"));
        // A prerendered page answers at its directory URL: /services/index.html -> /services.
        if (relative.endsWith("/index.html")) {
          const pageUrl = relative.slice(0, -"/index.html".length) || "/";
          this.byUrl.set(pageUrl, entry);
        }
        continue;
      }
      this.byUrl.set(relative, entry);
    }
  }

  get size(): number {
    return this.byUrl.size;
  }

  lookup(urlPath: string): StaticFile | undefined {
    let decoded: string;
    try {
      decoded = decodeURIComponent(urlPath);
    } catch {
      return undefined;
    }
    const normalised = decoded.length > 1 && decoded.endsWith("/") ? decoded.slice(0, -1) : decoded;
    return this.byUrl.get(normalised);
  }
}

export function staticResponse(file: StaticFile, request: Request): Response {
  const headers = new Headers({
    "Content-Type": file.contentType,
    ETag: file.etag,
    "Cache-Control": file.immutable
      ? "public, max-age=31536000, immutable"
      : "public, max-age=0, must-revalidate",
    Vary: "Accept-Encoding",
  });
  if (request.headers.get("if-none-match") === file.etag) {
    return new Response(null, { status: 304, headers });
  }
  const accept = request.headers.get("accept-encoding") ?? "";
  let filePath = file.absolutePath;
  let size = file.size;
  if (file.encodings.br && /\bbr\b/.test(accept)) {
    filePath = file.encodings.br;
    headers.set("Content-Encoding", "br");
    size = statSync(filePath).size;
  } else if (file.encodings.gzip && /\bgzip\b/.test(accept)) {
    filePath = file.encodings.gzip;
    headers.set("Content-Encoding", "gzip");
    size = statSync(filePath).size;
  }
  headers.set("Content-Length", String(size));
  if (request.method === "HEAD") return new Response(null, { status: 200, headers });
  const body = Readable.toWeb(createReadStream(filePath)) as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
}
