import { createHash, randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseSecurityHeaders } from "./security.ts";
import { acceptedEncodings, MAX_IN_MEMORY_BYTES, matchesEtag, StaticFiles } from "./static.ts";

/*
 * A small client build on disk: a prerendered page with an inline script and its
 * precompressed siblings, a hashed asset, a page that an old address redirects from, an
 * HTML file that is not a page, and a file too big to be kept in memory.
 */
let root: string;
let files: StaticFiles;
const INLINE_SCRIPT = "window.__boot = 1;";
const PAGE = `<!doctype html><html lang="fr"><title>Accueil</title><p>${"Bâtir à Toulon. ".repeat(200)}</p><script>${INLINE_SCRIPT}</script><script type="application/ld+json">{"@type":"Organization"}</script><script src="/assets/app-abc123.js"></script></html>`;
const ASSET = `export const answer = ${JSON.stringify("x".repeat(3000))};`;
const BIG = randomBytes(MAX_IN_MEMORY_BYTES + 100_000);

function write(relative: string, content: string | Buffer, precompressed = false) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, content);
  if (precompressed) {
    writeFileSync(`${full}.br`, brotliCompressSync(content));
    writeFileSync(`${full}.gz`, gzipSync(content));
  }
}

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), "batirade-static-"));
  write("index.html", PAGE, true);
  write("services/index.html", PAGE.replace("Accueil", "Services"), true);
  write("ancienne-page/index.html", PAGE.replace("Accueil", "Ancienne"));
  write("__spa-fallback.html", PAGE);
  write("assets/app-abc123.js", ASSET, true);
  write("favicon.svg", '<svg xmlns="http://www.w3.org/2000/svg"/>');
  write("big.bin", BIG);
  files = new StaticFiles(root, { exclude: ["/ancienne-page"] });
});
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return files.respond(new Request(`http://localhost${url}`, { method, headers }));
}

async function bytes(response: Response | undefined): Promise<Buffer> {
  expect(response).toBeDefined();
  return Buffer.from(await (response as Response).arrayBuffer());
}

describe("conditional requests", () => {
  it("answers 304 to a matching If-None-Match, in a list or in its weak form, and 200 otherwise", async () => {
    const first = get("/");
    const etag = first?.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[\w-]+"$/);
    for (const ifNoneMatch of [etag, `"autre", ${etag}`, `W/${etag}`, `"a",W/${etag} , "b"`, "*"]) {
      const response = get("/", { "if-none-match": ifNoneMatch, "accept-encoding": "br" });
      expect(response?.status, ifNoneMatch).toBe(304);
      expect(response?.body).toBeNull();
      expect(response?.headers.get("etag")).toBe(etag);
      expect(response?.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
      expect(response?.headers.get("vary")).toBe("Accept-Encoding");
      expect(response?.headers.get("content-security-policy")).toContain("script-src 'self' 'sha256-");
      expect(response?.headers.get("content-length")).toBeNull();
      expect(response?.headers.get("content-encoding")).toBeNull();
    }
    expect(get("/", { "if-none-match": '"autre"' })?.status).toBe(200);
    expect(get("/", { "if-none-match": `W/"x${etag.slice(1)}` })?.status).toBe(200);
  });

  it("matches entity tags as RFC 9110 says for If-None-Match", () => {
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag(' "b" ,  "a" ', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag("", '"a"')).toBe(false);
  });
});

describe("encodings", () => {
  it("sends brotli when accepted, else gzip, else the file itself, each with its own length", async () => {
    const identity = readFileSync(path.join(root, "index.html"));
    const cases: [string | undefined, string | null, Buffer][] = [
      ["gzip, deflate, br, zstd", "br", readFileSync(path.join(root, "index.html.br"))],
      ["gzip", "gzip", readFileSync(path.join(root, "index.html.gz"))],
      ["br;q=0, gzip;q=0.5", "gzip", readFileSync(path.join(root, "index.html.gz"))],
      ["*", "br", readFileSync(path.join(root, "index.html.br"))],
      ["*, br;q=0", "gzip", readFileSync(path.join(root, "index.html.gz"))],
      ["br;q=0.0, gzip;q=0", null, identity],
      ["deflate", null, identity],
      [undefined, null, identity],
    ];
    for (const [accept, encoding, expected] of cases) {
      const response = get("/", accept === undefined ? {} : { "accept-encoding": accept });
      expect(response?.status, accept).toBe(200);
      expect(response?.headers.get("content-encoding"), accept).toBe(encoding);
      expect(response?.headers.get("content-length"), accept).toBe(String(expected.byteLength));
      expect((await bytes(response)).equals(expected), accept).toBe(true);
    }
  });

  it("parses Accept-Encoding weights, q=0 refusing", () => {
    expect(acceptedEncodings("br")).toBe(1);
    expect(acceptedEncodings("gzip")).toBe(2);
    expect(acceptedEncodings("x-gzip, BR;Q=1")).toBe(3);
    expect(acceptedEncodings("br;q=0.001, gzip;q=0.000")).toBe(1);
    expect(acceptedEncodings("identity")).toBe(0);
    expect(acceptedEncodings(undefined)).toBe(0);
  });

  it("a file without precompressed siblings is sent as it is", async () => {
    const response = get("/favicon.svg", { "accept-encoding": "br, gzip" });
    expect(response?.headers.get("content-encoding")).toBeNull();
    expect((await bytes(response)).toString()).toBe('<svg xmlns="http://www.w3.org/2000/svg"/>');
  });
});

describe("headers", () => {
  it("HEAD answers the headers of GET without a body", async () => {
    const head = get("/", { "accept-encoding": "gzip" }, "HEAD");
    const full = get("/", { "accept-encoding": "gzip" });
    expect(head?.status).toBe(200);
    expect(head?.body).toBeNull();
    expect(Object.fromEntries(head?.headers ?? [])).toEqual(Object.fromEntries(full?.headers ?? []));
  });

  it("a prerendered page's CSP allows its inline script by hash, and nothing by nonce", () => {
    const csp = get("/")?.headers.get("content-security-policy") ?? "";
    const hash = createHash("sha256").update(INLINE_SCRIPT).digest("base64");
    const scriptSrc = csp.split(";").find((directive) => directive.trim().startsWith("script-src"));
    expect(scriptSrc?.trim()).toBe(`script-src 'self' 'sha256-${hash}'`);
    const svg = get("/favicon.svg")?.headers.get("content-security-policy") ?? "";
    expect(svg).toContain("script-src 'self';");
    expect(svg).not.toContain("nonce");
    expect(get("/favicon.svg")?.headers.get("x-frame-options")).toBe("DENY");
    // A script is only ever a subresource: no document-level header, but nosniff.
    const script = get("/assets/app-abc123.js");
    expect(script?.headers.get("content-security-policy")).toBeNull();
    expect(script?.headers.get("permissions-policy")).toBeNull();
    expect(script?.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("hashed assets are immutable for a year, everything else revalidates", () => {
    expect(get("/assets/app-abc123.js")?.headers.get("cache-control")).toBe(
      "public, max-age=31536000, immutable",
    );
    expect(get("/assets/app-abc123.js")?.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(get("/services")?.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(get("/favicon.svg")?.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
  });

  it("carries the security headers, HSTS only over HTTPS or a trusted proxy's word for it", () => {
    const plain = get("/");
    for (const [name, value] of Object.entries(baseSecurityHeaders(false))) {
      expect(plain?.headers.get(name)).toBe(value);
    }
    expect(plain?.headers.get("strict-transport-security")).toBeNull();
    const secure = files.respond(new Request("https://www.example.test/"));
    expect(secure?.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const forwarded = { "x-forwarded-proto": "https" };
    expect(get("/", forwarded)?.headers.get("strict-transport-security")).toBeNull();
    const behindProxy = new StaticFiles(root, { trustProxy: true });
    const proxied = behindProxy.respond(new Request("http://localhost/", { headers: forwarded }));
    expect(proxied?.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("reads Node's parsed headers when it is handed them", () => {
    const request = new Request("http://localhost/");
    const etag = get("/")?.headers.get("etag") ?? "";
    expect(files.respond(request, { "accept-encoding": "gzip" })?.headers.get("content-encoding")).toBe(
      "gzip",
    );
    expect(files.respond(request, { "if-none-match": etag })?.status).toBe(304);
  });
});

describe("what is not answered here", () => {
  it("leaves unknown paths, other methods, other HTML files and excluded addresses to the app", () => {
    expect(get("/nulle-part")).toBeUndefined();
    expect(get("/index.html")).toBeUndefined();
    expect(get("/__spa-fallback.html")).toBeUndefined();
    expect(get("/ancienne-page")).toBeUndefined();
    expect(get("/", {}, "POST")).toBeUndefined();
    expect(get("/", {}, "OPTIONS")).toBeUndefined();
    expect(get("/services/")?.status).toBe(200);
    expect(get("/assets/app%2Dabc123.js")?.status).toBe(200);
  });

  it("leaves a path or a query with a control character to the guard that refuses it", () => {
    expect(get("/%00")).toBeUndefined();
    expect(get("/services%00")).toBeUndefined();
    expect(get("/%E0%A4%A")).toBeUndefined();
    expect(get("/?utm_source=a%00b")).toBeUndefined();
    expect(get("/?x%1F=1")).toBeUndefined();
    expect(get("/?utm_source=flyer%20juin&fbclid=IwAR0")?.status).toBe(200);
  });
});

describe("big files", () => {
  it("streams a file bigger than the memory cap from disk, whole", async () => {
    expect(files.lookup("/big.bin")?.identity.body).toBeUndefined();
    expect(files.lookup("/")?.identity.body).toBeDefined();
    const response = get("/big.bin");
    expect(response?.headers.get("content-length")).toBe(String(BIG.byteLength));
    expect((await bytes(response)).equals(BIG)).toBe(true);
  });
});
