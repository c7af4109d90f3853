import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type QuoteDraftInput, QuoteDraftSchema, toDraftInput } from "#app/features/quotes/content.ts";
import { createQuote, getQuote, saveQuoteDraft } from "#app/features/quotes/quotes.server.ts";
import { sendQuote } from "#app/features/quotes/send.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import { redirects } from "#app/routes/public-paths.ts";
import { seedDemoContent } from "#server/seed.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { filledDraft, insertClient } from "#tests/helpers/quotes.ts";
import { testEnv, testServices } from "#tests/helpers/services.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";
import { createApp } from "./app.ts";
import { baseSecurityHeaders } from "./security.ts";
import { StaticFiles } from "./static.ts";

let database: TestDatabase;
let build: ServerBuild;
let clientDir: string;
let dataDir: string;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-app-"));
}, 180_000);
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

function app(envOverrides: Record<string, string> = {}) {
  return createApp({ services: testServices(database, testEnv(envOverrides)), build, clientDir });
}

function scriptSrc(csp: string | null): string {
  return csp?.split(";").find((directive) => directive.trim().startsWith("script-src")) ?? "";
}

describe("security headers", () => {
  it("a server-rendered page carries a nonce CSP that matches its inline scripts, without unsafe-inline", async () => {
    const response = await app().request("/faq");
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy");
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(csp))?.[1];
    expect(nonce).toBeTruthy();
    expect(scriptSrc(csp)).not.toContain("unsafe-inline");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    const html = await response.text();
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)([^>]*)>/g)];
    expect(inline.length).toBeGreaterThan(0);
    for (const match of inline) expect(match[1]).toContain(`nonce="${nonce}"`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });

  it("a prerendered page is allowed by the hashes of its own inline scripts", async () => {
    const response = await app().request("/");
    expect(response.status).toBe(200);
    const csp = response.headers.get("content-security-policy");
    expect(scriptSrc(csp)).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc(csp)).not.toContain("unsafe-inline");
    const html = await response.text();
    const { createHash } = await import("node:crypto");
    for (const match of html.matchAll(
      /<script(?![^>]*\bsrc=)(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g,
    )) {
      const hash = createHash("sha256")
        .update(match[1] ?? "")
        .digest("base64");
      expect(scriptSrc(csp)).toContain(`'sha256-${hash}'`);
    }
  });

  it("a route's own stricter Referrer-Policy wins: the quote page and its PDF keep no-referrer", async () => {
    const services = staffTestServices(database, { DATA_DIR: dataDir });
    await seedCompliance(services.db, { decennaleUntil: addDays(parisDay(), 200) });
    const staff = await signedInStaff(services, "staff", "referrer@batirade.test");
    const actor = { id: staff.userId, email: staff.email };
    const { id } = await createQuote(services.db, { clientId: await insertClient(services.db) }, actor);
    const view = await getQuote(services.db, id);
    const content = QuoteDraftSchema.parse(filledDraft(toDraftInput(view.quote.content) as QuoteDraftInput));
    await saveQuoteDraft(services.db, id, { revision: view.quote.revision, content }, actor);
    const identity = await documentIdentity(services.db);
    const { link } = await sendQuote(
      services.db,
      { storage: services.storage, identity, siteUrl: "http://localhost" },
      id,
      actor,
    );
    const page = new URL(link).pathname;
    const server = createApp({ services, build, clientDir });
    for (const address of [page, `${page}/pdf`, `${page}.data`]) {
      const response = await server.request(address);
      expect(response.status, address).toBe(200);
      expect(response.headers.get("referrer-policy"), address).toBe("no-referrer");
    }
    // A page that sets none still gets the site's default.
    const faq = await server.request("/faq");
    expect(faq.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
  });

  it("HSTS is sent when served over https", async () => {
    const response = await app().request("https://www.example.test/faq");
    expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("names the tracker origins in the CSP only when they are configured", async () => {
    const plain = await app().request("/");
    expect(plain.headers.get("content-security-policy")).not.toContain("tiktok");
    const configured = await app({
      TIKTOK_PIXEL_ID: "CTEST1234",
      TRACKING_SCRIPT_URL: "https://stats.example.org/script.js",
    }).request("/");
    const csp = configured.headers.get("content-security-policy") ?? "";
    expect(scriptSrc(csp)).toContain("https://analytics.tiktok.com");
    expect(scriptSrc(csp)).toContain("https://stats.example.org");
  });
});

describe("script loading", () => {
  /** The built page's React Router module script, rewritten to start after the first paint. */
  function deferredLoader(html: string) {
    expect(html).not.toContain('<link rel="modulepreload"');
    const code = /<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    expect(code).toContain('addEventListener("load",go,{once:true})');
    expect(code).toMatch(/import\("\/assets\/entry\.client-[\w-]+\.js"\)/);
    // Every module the page hydrates with is still fetched, in parallel, once the page has painted.
    const preloads: string[] = JSON.parse(/for\(const href of (\[[^\]]*\])\)/.exec(code)?.[1] ?? "[]");
    expect(preloads.some((href) => /\/assets\/framework-[\w-]+\.js$/.test(href))).toBe(true);
    return preloads;
  }

  it("a prerendered public page and a page rendered per request load their scripts after the first paint", async () => {
    for (const path of ["/", "/faq"]) {
      const response = await app().request(path);
      expect(response.status).toBe(200);
      const preloads = deferredLoader(await response.text());
      for (const href of preloads) expect((await app().request(href)).status).toBe(200);
    }
  });

  it("the Espace Pro keeps its module preloads: it is an application, not a page to read", async () => {
    const response = await app().request("/erp/login");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<link rel="modulepreload"');
    expect(html).toContain('type="module" async=""');
  });
});

describe("caching and compression", () => {
  it("hashed assets are immutable for a year, HTML revalidates", async () => {
    const page = await app().request("/");
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    const html = await page.text();
    const asset = /\/assets\/[^"']+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const response = await app().request(asset as string);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    const etag = response.headers.get("etag");
    const again = await app().request(asset as string, { headers: { "if-none-match": etag ?? "" } });
    expect(again.status).toBe(304);
  });

  it("answers brotli or gzip as the client accepts, for static and rendered pages", async () => {
    const brotli = await app().request("/", { headers: { "accept-encoding": "gzip, br" } });
    expect(brotli.headers.get("content-encoding")).toBe("br");
    const gzip = await app().request("/faq", { headers: { "accept-encoding": "gzip" } });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    const { gunzipSync } = await import("node:zlib");
    const body = gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString("utf8");
    expect(body).toContain("Questions fréquentes");
    const identity = await app().request("/faq");
    expect(identity.headers.get("content-encoding")).toBeNull();
  });
});

describe("health, redirects, errors", () => {
  it("/healthz answers 200 while the database answers, 503 when it does not", async () => {
    expect((await app().request("/healthz")).status).toBe(200);
    const closed = await createTestDatabase();
    await closed.cleanup();
    const broken = createApp({ services: testServices(closed), build, clientDir });
    const response = await broken.request("/healthz");
    expect(response.status).toBe(503);
  });

  it("redirects old addresses with a 301 before rendering, keeping the query string", async () => {
    const response = await app().request("/services/facades?utm_source=flyer");
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/services/ravalement-facade-toulon?utm_source=flyer");
  });

  it("an unknown path is a 404 page marked noindex", async () => {
    const response = await app().request("/nulle-part");
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain("Erreur 404");
    expect(html).toMatch(/<meta name="robots" content="noindex/);
  });

  it("a request id is echoed, and a malformed one replaced", async () => {
    const kept = await app().request("/healthz", { headers: { "x-request-id": "abcdef12-3456" } });
    expect(kept.headers.get("x-request-id")).toBe("abcdef12-3456");
    const replaced = await app().request("/healthz", { headers: { "x-request-id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe("static files, answered before the pipeline", () => {
  /** What every static response carries; before the fast path they also carried X-Request-Id. */
  const HEADER_NAMES = [
    "cache-control",
    "content-encoding",
    "content-length",
    "content-security-policy",
    "content-type",
    "cross-origin-opener-policy",
    "etag",
    "permissions-policy",
    "referrer-policy",
    "vary",
    "x-content-type-options",
    "x-frame-options",
  ];

  const SUBRESOURCE_HEADER_NAMES = [
    "cache-control",
    "content-encoding",
    "content-length",
    "content-type",
    "etag",
    "vary",
    "x-content-type-options",
  ];

  function expectSecurityHeaders(response: Response) {
    for (const [name, value] of Object.entries(baseSecurityHeaders(false))) {
      expect(response.headers.get(name), name).toBe(value);
    }
  }

  it("a prerendered page and a hashed asset carry the headers computed for them at start-up", async () => {
    const server = app();
    const page = await server.request("/", { headers: { "accept-encoding": "gzip" } });
    expect(page.status).toBe(200);
    expect([...page.headers.keys()].sort()).toEqual(HEADER_NAMES);
    expect(page.headers.get("content-type")).toBe("text/html; charset=utf-8");
    expect(page.headers.get("content-encoding")).toBe("gzip");
    expect(page.headers.get("cache-control")).toBe("public, max-age=0, must-revalidate");
    expect(page.headers.get("vary")).toBe("Accept-Encoding");
    expect(page.headers.get("etag")).toMatch(/^"[\w-]{27}"$/);
    expect(scriptSrc(page.headers.get("content-security-policy")).trim()).toMatch(
      /^script-src 'self'( 'sha256-[^']+')+$/,
    );
    expectSecurityHeaders(page);
    const gzipped = Buffer.from(await page.arrayBuffer());
    expect(page.headers.get("content-length")).toBe(String(gzipped.byteLength));
    const { gunzipSync } = await import("node:zlib");
    const html = gunzipSync(gzipped).toString("utf8");
    expect(html).toContain("<!DOCTYPE html>");

    const assetPath = /\/assets\/[^"']+\.js/.exec(html)?.[0] ?? "";
    const asset = await server.request(assetPath, { headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(asset.status).toBe(200);
    // A script is never a document: none of the document-level headers, only nosniff.
    expect([...asset.headers.keys()].sort()).toEqual(SUBRESOURCE_HEADER_NAMES);
    expect(asset.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(asset.headers.get("content-encoding")).toBe("br");
    expect(asset.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(asset.headers.get("x-content-type-options")).toBe("nosniff");
    expect(asset.headers.get("content-length")).toBe(String((await asset.arrayBuffer()).byteLength));

    // An SVG can be opened as a document, and may hold a script: it keeps every header.
    const svgPath = /\/assets\/[^"']+\.svg/.exec(html)?.[0] ?? "";
    expect(svgPath).not.toBe("");
    const svg = await server.request(svgPath);
    expect(svg.status).toBe(200);
    expect(scriptSrc(svg.headers.get("content-security-policy")).trim()).toBe("script-src 'self'");
    expect(svg.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expectSecurityHeaders(svg);
  });

  it("skips the request id and the access log, while an unknown path goes through the whole pipeline", async () => {
    const server = app();
    const page = await server.request("/", { headers: { "x-request-id": "abcdef12-3456" } });
    expect(page.status).toBe(200);
    expect(page.headers.get("x-request-id")).toBeNull();
    const unknown = await server.request("/nulle-part.js");
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(scriptSrc(unknown.headers.get("content-security-policy"))).toMatch(/'nonce-[^']+'/);
  });

  it("HEAD answers the headers of GET without a body", async () => {
    const server = app();
    const head = await server.request("/services", { method: "HEAD", headers: { "accept-encoding": "br" } });
    const full = await server.request("/services", { headers: { "accept-encoding": "br" } });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(full.headers.get("content-length"));
    expect(head.headers.get("content-encoding")).toBe("br");
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it("answers If-None-Match with 304, the tag alone, weak or in a list", async () => {
    const server = app();
    const etag = (await server.request("/contact")).headers.get("etag") ?? "";
    for (const ifNoneMatch of [etag, `W/${etag}`, `"ancien", ${etag}`]) {
      const response = await server.request("/contact", { headers: { "if-none-match": ifNoneMatch } });
      expect(response.status, ifNoneMatch).toBe(304);
      expect(response.headers.get("etag")).toBe(etag);
      expect(response.headers.get("content-security-policy")).toContain("'sha256-");
    }
    expect((await server.request("/contact", { headers: { "if-none-match": '"ancien"' } })).status).toBe(200);
  });

  it("an address with a control character is still refused, on a static path too", async () => {
    const server = app();
    for (const url of ["/?utm_source=a%00b", "/%00", "/favicon.svg?v=%1F", "/services%0A"]) {
      const response = await server.request(url);
      expect(response.status, url).toBe(400);
      expect(response.headers.get("x-request-id"), url).toBeTruthy();
    }
    expect((await server.request("/?utm_source=flyer%20juin&fbclid=IwAR0")).status).toBe(200);
  });

  it("HSTS is sent on static files over https, and behind a trusted proxy that says so", async () => {
    const https = await app().request("https://www.example.test/");
    expect(https.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    const forwarded = { headers: { "x-forwarded-proto": "https" } };
    expect((await app().request("/", forwarded)).headers.get("strict-transport-security")).toBeNull();
    const proxied = await app({ TRUST_PROXY: "true" }).request("/", forwarded);
    expect(proxied.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });

  it("no redirect source is a file of the build, so the redirects keep winning", async () => {
    const files = new StaticFiles(clientDir);
    expect(files.size).toBeGreaterThan(10);
    for (const source of Object.keys(redirects)) expect(files.lookup(source), source).toBeUndefined();
  });
});
