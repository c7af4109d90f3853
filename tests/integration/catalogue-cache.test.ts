import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import pino from "pino";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { shopProducts, shopVariants } from "#app/db/schema/shop.ts";
import { createNotifiedCache, keepCacheInStep, type NotifiedCache } from "#app/lib/notified-cache.server.ts";
import { createApp } from "#server/app.ts";
import { inlineScriptHashes } from "#server/security.ts";
import { seedDemoContent } from "#server/seed.ts";
import { CATALOGUE_CHANNEL } from "#server/services.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { testEnv, testServices } from "#tests/helpers/services.ts";
import { checkoutBody, STORE_ID } from "#tests/helpers/shop.ts";

// The shop's answers from memory (issue 16): the store API, /store and /product/{id}
// behind the real Hono server and the production build, with the catalogue cache kept
// in step by the tables' notifications (drizzle/0022), on PGlite and on PostgreSQL.

const API = `/api/store/${STORE_ID}`;
const PRODUCT = "casque-chantier";
const silent = pino({ level: "silent" });

let database: TestDatabase;
let build: ServerBuild;
let clientDir: string;
let dataDir: string;
let cache: NotifiedCache;
let stopListening: () => Promise<void>;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-catalogue-cache-"));
  cache = createNotifiedCache();
  stopListening = await keepCacheInStep(database, CATALOGUE_CHANNEL, cache, silent);
  const env = testEnv({ DATA_DIR: dataDir, SITE_URL: "https://www.example.test" });
  app = createApp({ services: { ...testServices(database, env), catalogueCache: cache }, build, clientDir });
}, 180_000);
afterAll(async () => {
  await stopListening();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(rateLimitHits);
});

const get = (url: string, headers: Record<string, string> = {}) => app.request(url, { headers });

/** A change the triggers do not see (replication mode): only a cache that is bypassed shows it. */
async function unnotifiedTitle(title: string) {
  await database.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.update(shopProducts).set({ title }).where(eq(shopProducts.id, PRODUCT));
  });
}

/**
 * A notified write, then the wait for its notification to reach this cache (at once on
 * PGlite, on the listening connection on PostgreSQL), so the next step starts after it.
 */
async function notified(write: () => Promise<unknown>) {
  const before = cache.generation;
  await write();
  if (!(await eventually(async () => cache.generation > before)))
    throw new Error("notification jamais reçue");
}

async function notifiedTitle(title: string) {
  await notified(() => database.db.update(shopProducts).set({ title }).where(eq(shopProducts.id, PRODUCT)));
}

/** Waits (up to 2 s) for `check`; PostgreSQL delivers notifications on their own connection. */
async function eventually(check: () => Promise<boolean>): Promise<boolean> {
  const deadline = Date.now() + 2000;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/** The stored row of the test's product, to copy under another id. */
async function productRow() {
  const [row] = await database.db.select().from(shopProducts).where(eq(shopProducts.id, PRODUCT));
  if (!row) throw new Error("produit de démonstration absent");
  return row;
}

const pageShows = async (url: string, text: string) => (await (await get(url)).text()).includes(text);

describe("the shop's answers from memory", () => {
  it("serves /store, a product page and the API from memory until the catalogue changes", async () => {
    await notifiedTitle("Casque de chantier ventilé");
    expect(await eventually(() => pageShows("/store", "Casque de chantier ventilé"))).toBe(true);
    const urls = ["/store", `/product/${PRODUCT}`, `${API}/products?limit=24`, `${API}/products/${PRODUCT}`];
    for (const url of urls) expect(await pageShows(url, "Casque de chantier ventilé"), url).toBe(true);
    // Served from memory: a change nobody announced is not seen...
    await unnotifiedTitle("Titre glissé en douce");
    for (const url of urls) expect(await pageShows(url, "Titre glissé en douce"), url).toBe(false);
    // ...and the next announced one empties the cache: every answer shows it.
    await notifiedTitle("Casque homologué EN 397");
    for (const url of [
      "/store",
      `/product/${PRODUCT}`,
      `${API}/products?limit=24`,
      `${API}/products/${PRODUCT}`,
    ]) {
      expect(await eventually(() => pageShows(url, "Casque homologué EN 397")), url).toBe(true);
    }
  });

  it("shows the stock an order took at once", async () => {
    const variantId = `${PRODUCT}--blanc`;
    const [before] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
    expect(before?.manageInventory).toBe(true);
    const stockOnApi = async () => {
      const body = (await (await get(`${API}/products/${PRODUCT}`)).json()) as {
        product: { variants: { id: string; inventory_quantity: number }[] };
      };
      return body.product.variants.find((variant) => variant.id === variantId)?.inventory_quantity;
    };
    expect(await stockOnApi()).toBe(before?.inventoryQuantity);
    const order = await app.request(`${API}/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(checkoutBody([{ variant_id: variantId, quantity: 2 }])),
    });
    expect(order.status).toBe(200);
    // No waiting: this instance drops its cache after its own checkout.
    expect(await stockOnApi()).toBe((before?.inventoryQuantity ?? 0) - 2);
  });

  it("shows at once the stock an order placed through the checkout page took", async () => {
    const variantId = `${PRODUCT}--jaune`;
    const stockOnApi = async () => {
      const body = (await (await get(`${API}/products/${PRODUCT}`)).json()) as {
        product: { variants: { id: string; inventory_quantity: number }[] };
      };
      return body.product.variants.find((variant) => variant.id === variantId)?.inventory_quantity ?? -1;
    };
    const before = await stockOnApi();
    const order = await app.request("/commande", {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "https://www.example.test",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({
        intent: "order",
        cart: JSON.stringify([{ productId: PRODUCT, variantId, quantity: 3 }]),
        name: "Camille Martin",
        email: "camille.martin@example.fr",
        phone: "0612345678",
        fulfilment: "pickup",
        terms: "on",
      }),
    });
    expect(order.status).toBeLessThan(400);
    expect(await stockOnApi()).toBe(before - 3);
  });

  it("gives every cached page its scripts' hashes, never a nonce, an ETag and its compressed forms", async () => {
    const first = await get("/store", { "accept-encoding": "br, gzip" });
    const second = await get("/store", { "accept-encoding": "gzip" });
    const plain = await get("/store");
    expect(first.status).toBe(200);
    expect(first.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("content-encoding")).toBe("gzip");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const html = await plain.text();
    expect(html).toContain("<h1");
    expect(html).not.toMatch(/\snonce="/);
    const csp = plain.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("'nonce-");
    const hashes = inlineScriptHashes(html);
    expect(hashes.length).toBeGreaterThan(0);
    for (const hash of hashes) expect(csp).toContain(hash);
    expect(first.headers.get("etag")).toBe(plain.headers.get("etag"));
    const revalidated = await get("/store", { "if-none-match": plain.headers.get("etag") ?? "" });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
    // The security headers every page carries are there too.
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("cache-control")).toBe("no-cache");
  });

  it("keeps no error nor unknown product, and serves a campaign's address from the page's entry", async () => {
    await notifiedTitle("Casque de chantier");
    const missing = await get("/product/produit-inconnu");
    expect(missing.status).toBe(404);
    const row = await productRow();
    await notified(() =>
      database.db.insert(shopProducts).values({ ...row, id: "produit-inconnu", title: "Apparu ensuite" }),
    );
    expect(await eventually(() => pageShows("/product/produit-inconnu", "Apparu ensuite"))).toBe(true);
    // The pages read no query: an ad's tracking parameters share the page's entry...
    const plain = await (await get("/store")).text();
    await unnotifiedTitle("Titre avec une requête");
    const tracked = await get("/store?utm_source=tiktok&ttclid=E.C.P.abc");
    expect(await tracked.text()).toBe(plain);
    // ...which is the page as it renders: the same HTML as a rendering with the query.
    cache.setServing(false);
    const rendered = await Promise.all([get("/store?utm_source=tiktok"), get("/store")]);
    const [withQuery, without] = await Promise.all(rendered.map((response) => response.text()));
    const strip = (html: string) => html.replace(/ nonce="[^"]+"/g, "");
    expect(strip(withQuery ?? "")).toBe(strip(without ?? ""));
    cache.setServing(true);
    await notifiedTitle("Casque de chantier");
  });

  it("never answers from memory an address the guards refuse (a NUL byte in the query or path)", async () => {
    expect((await get("/store")).status).toBe(200);
    expect((await get(`${API}/products?limit=24`)).status).toBe(200);
    for (const url of ["/store?x=%00", `${API}/products?limit=24&x=%00`, "/product/a%00b"]) {
      const response = await get(url);
      expect(response.status, url).toBeGreaterThanOrEqual(400);
      expect(response.status, url).toBeLessThan(500);
    }
  });

  it("reads the database while it cannot hear the changes, and caches again once it can", async () => {
    await get("/store");
    cache.setServing(false);
    await unnotifiedTitle("Lu directement en base");
    expect(await pageShows("/store", "Lu directement en base")).toBe(true);
    cache.setServing(true);
    await get("/store");
    await unnotifiedTitle("Pas encore annoncé");
    expect(await pageShows("/store", "Pas encore annoncé")).toBe(false);
    await notifiedTitle("Casque de chantier");
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)("on PostgreSQL, between instances", () => {
  it("hears a change made through another connection within a second", async () => {
    const url = (database.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const other = await openDatabase({ url, poolSize: 1 });
    try {
      await get("/store");
      await other.db
        .update(shopProducts)
        .set({ title: "Changé ailleurs" })
        .where(eq(shopProducts.id, PRODUCT));
      const started = Date.now();
      expect(await eventually(() => pageShows("/store", "Changé ailleurs"))).toBe(true);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await other.close();
    }
  });

  it("stops serving from memory when its listening connection is killed, and listens again", async () => {
    await get("/store");
    await unnotifiedTitle("Avant la coupure");
    await database.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and query ilike 'listen %'`);
    // Deaf, it must not serve what it kept: the unannounced title shows.
    expect(await eventually(async () => !cache.serving)).toBe(true);
    expect(await pageShows("/store", "Avant la coupure")).toBe(true);
    // It reconnects by itself and caches again.
    expect(await eventually(async () => cache.serving)).toBe(true);
    await get("/store");
    await unnotifiedTitle("Après la reprise");
    expect(await pageShows("/store", "Après la reprise")).toBe(false);
    await notifiedTitle("Casque de chantier");
  });
});
