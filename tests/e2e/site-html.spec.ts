/**
 * The public site as a search engine (or a visitor without JavaScript) gets it:
 * plain HTTP requests, no browser. Each page's HTML must hold its heading, its
 * meta tags and its structured data; the sitemap must list exactly the pages
 * to index; every internal link must answer 2xx.
 */
import { type APIRequestContext, expect, test } from "@playwright/test";
import { about } from "#app/content/about.ts";
import { contactPage } from "#app/content/contact.ts";
import { home, servicesPage } from "#app/content/home.ts";
import { cgu } from "#app/content/legal/cgu.ts";
import { cgv } from "#app/content/legal/cgv.ts";
import { mentionsLegales } from "#app/content/legal/mentions-legales.ts";
import { politiqueDeConfidentialite } from "#app/content/legal/politique-de-confidentialite.ts";
import { pages } from "#app/content/pages.ts";
import { realisationsPage } from "#app/content/projects.ts";
import { services } from "#app/content/services.ts";

/** `hero`: the page's first picture is its main one, fetched first (not lazily). */
type PageCase = { path: string; h1: string; types: string[]; noindex?: boolean; hero?: boolean };

const pageCases: PageCase[] = [
  { path: "/", h1: home.h1, types: ["GeneralContractor", "WebSite"], hero: true },
  { path: "/services", h1: servicesPage.h1, types: ["CollectionPage"], hero: true },
  ...services.map((service) => ({
    path: service.path,
    h1: service.h1,
    types: ["Service", "BreadcrumbList", "FAQPage"],
    hero: true,
  })),
  { path: "/realisations", h1: realisationsPage.h1, types: ["CollectionPage"], hero: true },
  { path: "/a-propos", h1: about.h1, types: ["AboutPage"] },
  { path: "/contact", h1: contactPage.h1, types: ["ContactPage"] },
  ...[mentionsLegales, politiqueDeConfidentialite, cgv, cgu].map((page) => ({
    path: page.path,
    h1: page.h1,
    types: ["WebPage"],
  })),
  { path: "/merci", h1: pages.merci.h1, types: [], noindex: true },
  { path: "/success", h1: pages.success.h1, types: [], noindex: true },
];

/** The pages the spec wants in the sitemap, written out here on purpose (not read from the app). */
const expectedSitemapPaths = [
  "/",
  "/services",
  "/services/construction-toulon",
  "/services/renovation-toulon",
  "/services/ravalement-facade-toulon",
  "/services/isolation-thermique-var",
  "/services/innovation-3d-ia",
  "/realisations",
  "/devis",
  "/a-propos",
  "/contact",
  "/faq",
  "/store",
  "/mentions-legales",
  "/politique-de-confidentialite",
  "/cgv",
  "/cgu",
];

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code.startsWith("#x") || code.startsWith("#X"))
      return String.fromCodePoint(Number.parseInt(code.slice(2), 16));
    if (code.startsWith("#")) return String.fromCodePoint(Number(code.slice(1)));
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/** Visible text of an HTML fragment, whitespace collapsed. */
function textOf(html: string): string {
  return decode(html.replace(/<[^>]+>/g, ""))
    .replace(/\s+/g, " ")
    .trim();
}

function attribute(tag: string, name: string): string | undefined {
  const match = tag.match(new RegExp(`\\s${name}="([^"]*)"`, "i"));
  return match ? decode(match[1] ?? "") : undefined;
}

function metaContent(html: string, key: "name" | "property", value: string): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (attribute(tag, key) === value) return attribute(tag, "content");
  }
  return undefined;
}

function jsonLdTypes(html: string): string[] {
  const types: string[] = [];
  for (const match of html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)) {
    const data = JSON.parse(match[1] ?? "") as { "@type"?: string; "@context"?: string };
    expect(data["@context"]).toBe("https://schema.org");
    if (data["@type"]) types.push(data["@type"]);
  }
  return types;
}

function siteOrigin(baseURL: string | undefined): string {
  return (process.env.SITE_URL ?? baseURL ?? "").replace(/\/+$/, "");
}

async function getHtml(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), `${path} répond 200`).toBe(200);
  expect(response.headers()["content-type"]).toContain("text/html");
  return response.text();
}

test.describe("pages publiques sans JavaScript", () => {
  for (const page of pageCases) {
    test(`${page.path} : titre, métadonnées et données structurées dans le HTML`, async ({
      request,
      baseURL,
    }) => {
      const html = await getHtml(request, page.path);
      const origin = siteOrigin(baseURL);

      const h1s = [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((match) => textOf(match[1] ?? ""));
      expect(h1s).toEqual([page.h1]);

      const title = textOf(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? "");
      expect(title.length).toBeGreaterThan(10);
      const description = metaContent(html, "name", "description") ?? "";
      expect(description.length).toBeGreaterThan(50);
      expect(description.length).toBeLessThanOrEqual(160);

      const canonical = html.match(/<link\b[^>]*rel="canonical"[^>]*>/)?.[0] ?? "";
      expect(attribute(canonical, "href")).toBe(`${origin}${page.path}`);
      expect(metaContent(html, "property", "og:url")).toBe(`${origin}${page.path}`);
      expect(metaContent(html, "property", "og:title")).toBe(title);
      expect(metaContent(html, "property", "og:description")).toBe(description);
      expect(metaContent(html, "property", "og:image")).toMatch(/^https?:\/\//);
      expect(metaContent(html, "name", "twitter:card")).toBe("summary_large_image");

      const robots = metaContent(html, "name", "robots");
      if (page.noindex) expect(robots).toContain("noindex");
      else expect(robots ?? "").not.toContain("noindex");

      const types = jsonLdTypes(html);
      for (const type of page.types) expect(types, `@type ${type} sur ${page.path}`).toContain(type);
    });
  }

  test("chaque page a un titre et une description qui lui sont propres", async ({ request }) => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const page of pageCases) {
      const html = await getHtml(request, page.path);
      titles.add(textOf(html.match(/<title>([\s\S]*?)<\/title>/)?.[1] ?? ""));
      descriptions.add(metaContent(html, "name", "description") ?? "");
    }
    expect(titles.size).toBe(pageCases.length);
    expect(descriptions.size).toBe(pageCases.length);
  });

  test("les images ont leur taille ; l'illustration principale passe en premier, les autres attendent", async ({
    request,
  }) => {
    for (const page of pageCases) {
      const html = await getHtml(request, page.path);
      const images = html.match(/<img\b[^>]*>/g) ?? [];
      images.forEach((tag, index) => {
        const where = `${page.path}, image ${index + 1}`;
        expect(Number(attribute(tag, "width")), where).toBeGreaterThan(0);
        expect(Number(attribute(tag, "height")), where).toBeGreaterThan(0);
        expect(attribute(tag, "alt"), where).toBeDefined();
        if (page.hero && index === 0) {
          expect(attribute(tag, "fetchpriority"), where).toBe("high");
          expect(attribute(tag, "loading"), where).not.toBe("lazy");
        } else {
          expect(attribute(tag, "loading"), where).toBe("lazy");
        }
      });
    }
  });

  test("les réponses des FAQ des pages de service sont dans le HTML", async ({ request }) => {
    for (const service of services) {
      const text = textOf(await getHtml(request, service.path));
      for (const item of service.faq) {
        expect(text).toContain(item.question);
        expect(text).toContain(item.answer);
      }
    }
  });
});

test.describe("référencement", () => {
  test("le sitemap liste exactement les pages à indexer, chacune indexable", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("xml");
    const xml = await response.text();
    const origin = siteOrigin(baseURL);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => decode(match[1] ?? ""));
    expect(new Set(locs).size, "aucune adresse en double").toBe(locs.length);
    for (const loc of locs) expect(loc.startsWith(`${origin}/`), loc).toBe(true);
    // The fixed pages, exactly; the shop adds one page per product of the catalogue.
    const productPattern = /^\/product\/[^/]+$/;
    const fixed = locs.map((loc) => new URL(loc).pathname).filter((path) => !productPattern.test(path));
    expect([...fixed].sort()).toEqual([...expectedSitemapPaths].sort());
    for (const loc of locs) {
      const html = await getHtml(request, new URL(loc).pathname);
      expect(metaContent(html, "name", "robots") ?? "", loc).not.toContain("noindex");
    }
  });

  test("robots.txt désigne le sitemap et ferme l'Espace Pro", async ({ request, baseURL }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    const body = await response.text();
    expect(body).toMatch(/^Disallow: \/erp$/m);
    expect(body).toContain(`Sitemap: ${siteOrigin(baseURL)}/sitemap.xml`);
  });

  test("l'Espace Pro est en noindex", async ({ request }) => {
    const response = await request.get("/erp/login");
    expect(response.status()).toBe(200);
    expect(metaContent(await response.text(), "name", "robots")).toContain("noindex");
  });

  test("la page 404 est en noindex", async ({ request }) => {
    const response = await request.get("/une-page-qui-n-existe-pas");
    expect(response.status()).toBe(404);
    expect(metaContent(await response.text(), "name", "robots")).toContain("noindex");
  });

  test("chaque lien interne de chaque page publique répond en 2xx", async ({ request, baseURL }) => {
    const origin = new URL(baseURL ?? "http://localhost").origin;
    const queue = [...new Set([...pageCases.map((page) => page.path), ...expectedSitemapPaths])];
    const visited = new Map<string, number>();
    const broken: string[] = [];
    const idsByPage = new Map<string, Set<string>>();
    const anchors: { from: string; page: string; id: string }[] = [];

    while (queue.length > 0) {
      const path = queue.shift() as string;
      if (visited.has(path)) continue;
      const response = await request.get(path, { maxRedirects: 0 });
      visited.set(path, response.status());
      if (response.status() < 200 || response.status() >= 300) continue;
      if (!(response.headers()["content-type"] ?? "").includes("text/html")) continue;
      const html = await response.text();
      idsByPage.set(
        path,
        new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => decode(match[1] ?? ""))),
      );
      for (const tag of html.match(/<a\b[^>]*>/g) ?? []) {
        const href = attribute(tag, "href");
        if (!href || /^(mailto|tel|javascript):/i.test(href)) continue;
        const url = new URL(href, `${origin}${path}`);
        if (url.origin !== origin) continue;
        if (url.hash)
          anchors.push({ from: path, page: url.pathname, id: decodeURIComponent(url.hash.slice(1)) });
        const target = url.pathname + url.search;
        if (!visited.has(target) && !queue.includes(target)) queue.push(target);
      }
      if (visited.size > 200) throw new Error("Trop de pages : le site boucle-t-il sur des liens générés ?");
    }

    for (const [path, status] of visited) {
      if (status < 200 || status >= 300) broken.push(`${path} → ${status}`);
    }
    expect(broken, "liens internes en erreur").toEqual([]);
    for (const anchor of anchors) {
      expect(idsByPage.get(anchor.page)?.has(anchor.id), `#${anchor.id} (lien de ${anchor.from})`).toBe(true);
    }
    // The crawl must have reached well beyond the starting pages.
    expect(visited.size).toBeGreaterThanOrEqual(expectedSitemapPaths.length);
  });
});
