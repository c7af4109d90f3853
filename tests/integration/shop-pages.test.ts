import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopOrders, shopProducts, shopVariants } from "#app/db/schema/shop.ts";
import { inProcessStoreFetch } from "#app/features/shop/store-api.server.ts";
import { createStoreClient, StoreHttpError } from "#app/features/shop/store-client.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { loader as sitemapLoader } from "#app/routes/seo/sitemap.ts";
import { action as checkoutAction } from "#app/routes/shop/checkout.tsx";
import { loader as productLoader, meta as productMeta } from "#app/routes/shop/product.tsx";
import { loader as storeLoader } from "#app/routes/shop/store.tsx";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext, testEnv, testServices } from "#tests/helpers/services.ts";
import { STORE_ID } from "#tests/helpers/shop.ts";
import { type StoreServer, startStoreServer } from "#tests/stubs/store-server.ts";

// The shop pages' loaders and actions, reaching the store through the client
// module: the built-in store in-process, or a store over HTTP (STORE_API_URL).

let database: TestDatabase;
let services: AppServices;
let hosted: StoreServer;
/** How the "hosted" store answers the next requests. */
let hostedMode: "proxy" | "empty" | "broken" | "stale-stock" = "proxy";

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  await seedDemoContent(database.db);
  const builtIn = inProcessStoreFetch(services);
  hosted = await startStoreServer(async (request) => {
    const url = new URL(request.url);
    if (hostedMode === "broken") return new Response("panne", { status: 500 });
    if (hostedMode === "empty" && url.pathname.endsWith("/products")) {
      return Response.json({ count: 0, offset: 0, limit: 100, products: [] });
    }
    if (hostedMode === "stale-stock" && url.pathname.endsWith("/variants")) {
      return Response.json({ variants: [{ id: "niveau-laser-croix--standard", inventory_quantity: 1 }] });
    }
    return builtIn(new Request(url.toString().replace(url.origin, "https://boutique.example.test"), request));
  });
});
afterAll(async () => {
  await Promise.all([database.cleanup(), hosted.close()]);
});

type Loaded<T> = { data: T; init: { status?: number } | null };
const unwrap = <T>(value: unknown) => value as Loaded<T>;

function hostedServices() {
  return testServices(database, testEnv({ STORE_API_URL: hosted.url }));
}

async function loadStore(withServices: AppServices = services) {
  const result = unwrap<{
    status: "loaded" | "error";
    message: string | null;
    products: {
      id: string;
      image: string | null;
      hasChoices: boolean;
      ribbon: string | null;
      price: { cents: number; originalCents: number | null } | null;
    }[];
  }>(
    await storeLoader({
      request: new Request("https://www.example.test/store"),
      params: {},
      context: routerContext(withServices),
    } as never),
  );
  return result;
}

async function loadProduct(id: string, withServices: AppServices = services) {
  return unwrap<
    | {
        status: "loaded";
        product: {
          title: string;
          descriptionHtml: string;
          gallery: string[];
          variants: { id: string; inventoryQuantity: number | null; imageIndex: number | null }[];
        };
        metaDescription: string;
        descriptionText: string;
      }
    | { status: "error"; message: string | null }
  >(
    await productLoader({
      request: new Request(`https://www.example.test/product/${id}`),
      params: { id },
      context: routerContext(withServices),
    } as never),
  );
}

describe("/store", () => {
  it("lists the visible products with the listing price, sale and ribbon, placeholder when no image", async () => {
    await database.db.update(shopProducts).set({ isHidden: true }).where(eq(shopProducts.id, "regle-alu"));
    const { data, init } = await loadStore();
    await database.db.update(shopProducts).set({ isHidden: false }).where(eq(shopProducts.id, "regle-alu"));
    expect(init?.status ?? 200).toBe(200);
    expect(data.status).toBe("loaded");
    expect(data.products).toHaveLength(23);
    const byId = new Map(data.products.map((product) => [product.id, product]));
    expect(byId.has("regle-alu")).toBe(false);
    // Several variants, no selection: the lowest price, and a trip to the product page.
    expect(byId.get("visseuse-chocs-18v")).toMatchObject({ hasChoices: true, price: { cents: 12900 } });
    // Selection `first_variant`: the first variant's price, although another is dearer.
    expect(byId.get("enduit-facade")?.price?.cents).toBe(2490);
    expect(byId.get("perforateur-sds-plus")).toMatchObject({
      hasChoices: false,
      ribbon: "Promo",
      price: { cents: 15900, originalCents: 18900 },
    });
    expect(byId.get("bouchons-oreilles")?.image).toBeNull();
    expect(byId.get("truelle-macon")?.image).toBe("/products/truelle.svg");
  });

  it("reports 'HTTP {status}: {statusText}' when the store answers an error", async () => {
    hostedMode = "broken";
    const { data, init } = await loadStore(hostedServices());
    hostedMode = "proxy";
    expect(init?.status).toBe(503);
    expect(data).toEqual({ status: "error", products: [], message: "HTTP 500: Internal Server Error" });
  });

  it("reports the network error when the store cannot be reached", async () => {
    const { data } = await loadStore(
      testServices(database, testEnv({ STORE_API_URL: "http://127.0.0.1:9/api" })),
    );
    expect(data.status).toBe("error");
    expect(data.message).toBe("fetch failed");
  });

  it("shows the empty state when the store has no product", async () => {
    hostedMode = "empty";
    const { data } = await loadStore(hostedServices());
    hostedMode = "proxy";
    expect(data).toEqual({ status: "loaded", products: [], message: null });
  });

  it("reads a store over HTTP exactly as the built-in one (STORE_API_URL)", async () => {
    const before = hosted.requests.length;
    const [local, remote] = await Promise.all([loadStore(), loadStore(hostedServices())]);
    expect(remote.data).toEqual(local.data);
    const request = hosted.requests[before];
    expect(request?.pathname).toBe(`/api/store/${STORE_ID}/products`);
    expect(Object.fromEntries(request?.searchParams ?? [])).toEqual({
      limit: "100",
      is_hidden: "false",
      sort_by: "order",
      order: "asc",
    });
  });
});

describe("the store client", () => {
  it("turns a non-OK answer into 'HTTP {status}: {statusText}', with the store's own message", async () => {
    const client = createStoreClient({ baseUrl: hosted.url, storeId: STORE_ID });
    const error = await client.getProduct("inconnu").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(StoreHttpError);
    expect((error as StoreHttpError).message).toBe("HTTP 404: Not Found");
    expect((error as StoreHttpError).detail).toBe("Produit introuvable.");
    const otherStore = createStoreClient({ baseUrl: hosted.url, storeId: "autre" });
    await expect(otherStore.listProducts()).rejects.toThrow("HTTP 404: Not Found");
    const badParams = await client.listProducts({ limit: 500 }).catch((caught: unknown) => caught);
    expect((badParams as Error).message).toBe("HTTP 400: Bad Request");
  });

  it("refuses an answer that does not follow the contract", async () => {
    const odd = await startStoreServer(() => Response.json({ produits: [] }));
    try {
      const client = createStoreClient({ baseUrl: odd.url, storeId: STORE_ID });
      await expect(client.listProducts()).rejects.toThrow("Réponse inattendue du service boutique");
    } finally {
      await odd.close();
    }
  });
});

describe("/product/:id", () => {
  it("shows the description as sanitized HTML and cuts the meta description at 160 characters", async () => {
    const hostile =
      '<p onclick="voler()">Un <strong>excellent</strong> outil &amp; durable.</p><script>alert("x")</script>' +
      '<img src="x" onerror="alert(1)"><iframe src="https://evil.example"></iframe>' +
      '<a href="javascript:alert(1)">piège</a> <a href="https://fabricant.example/notice">notice</a>' +
      `<p style="color:red">${"Très résistant. ".repeat(20)}</p>`;
    await database.db
      .update(shopProducts)
      .set({ description: hostile })
      .where(eq(shopProducts.id, "regle-alu"));
    const { data } = await loadProduct("regle-alu");
    if (data.status !== "loaded") throw new Error("produit non chargé");
    const html = data.product.descriptionHtml;
    expect(html).toContain("<p>Un <strong>excellent</strong> outil &amp; durable.</p>");
    expect(html).toContain(
      '<a href="https://fabricant.example/notice" rel="noopener noreferrer nofollow">notice</a>',
    );
    for (const banned of ["<script", "onclick", "onerror", "<img", "<iframe", "javascript:", "style="]) {
      expect(html).not.toContain(banned);
    }
    expect(data.metaDescription).toHaveLength(160);
    expect(
      data.metaDescription.startsWith("Un excellent outil & durable. piège notice Très résistant."),
    ).toBe(true);
  });

  it("has the product title with the shop suffix, its description, and Product/Offer structured data", async () => {
    const { data } = await loadProduct("perforateur-sds-plus");
    const tags = productMeta({
      data: data as never,
      loaderData: data as never,
      params: { id: "perforateur-sds-plus" },
      location: { pathname: "/product/perforateur-sds-plus" } as never,
      matches: [{ id: "root", loaderData: { siteUrl: "https://www.example.test" } }] as never,
    } as never) as Record<string, unknown>[];
    expect(tags).toContainEqual({ title: "Perforateur burineur SDS-Plus 800 W | Boutique Bâti Rade Toulon" });
    const description = tags.find((tag) => tag.name === "description")?.content as string;
    expect(description.startsWith("Le perforateur du quotidien pour le béton")).toBe(true);
    const structured = tags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"] as Record<
      string,
      unknown
    >;
    expect(structured).toMatchObject({
      "@type": "Product",
      name: "Perforateur burineur SDS-Plus 800 W",
      sku: "OUT-PERF-800",
      url: "https://www.example.test/product/perforateur-sds-plus",
      image: [
        "https://www.example.test/products/perforateur.svg",
        "https://www.example.test/products/perforateur-coffret.svg",
        "https://www.example.test/products/perforateur-foret.svg",
      ],
      offers: {
        "@type": "Offer",
        price: "159.00",
        priceCurrency: "EUR",
        availability: "https://schema.org/InStock",
      },
    });
    const harness = await loadProduct("harnais-antichute");
    const harnessTags = productMeta({
      loaderData: harness.data as never,
      params: { id: "harnais-antichute" },
      matches: [{ id: "root", loaderData: { siteUrl: "https://www.example.test" } }] as never,
    } as never) as Record<string, unknown>[];
    const harnessData = harnessTags.find((tag) => "script:ld+json" in tag)?.["script:ld+json"] as
      | { offers: unknown }
      | undefined;
    expect(harnessData?.offers).toMatchObject({ availability: "https://schema.org/OutOfStock" });
  });

  it("lays the fresh stock of the variants endpoint over the product's", async () => {
    await database.db
      .update(shopVariants)
      .set({ inventoryQuantity: 2 })
      .where(eq(shopVariants.id, "niveau-laser-croix--standard"));
    hostedMode = "stale-stock";
    const { data } = await loadProduct("niveau-laser-croix", hostedServices());
    hostedMode = "proxy";
    if (data.status !== "loaded") throw new Error("produit non chargé");
    expect(data.product.variants[0]?.inventoryQuantity).toBe(1);
  });

  it("answers 404 with the error view for an unknown product", async () => {
    const { data, init } = await loadProduct("n-existe-pas");
    expect(init?.status).toBe(404);
    expect(data).toEqual({ status: "error", message: "HTTP 404: Not Found" });
  });

  it("answers its not-found view (404) for an id holding a control character, built-in store or hosted", async () => {
    for (const withServices of [services, hostedServices()]) {
      const before = hosted.requests.length;
      for (const id of ["a\u0000b", "truelle-macon\u0000", "truelle-macon\n"]) {
        const { data, init } = await loadProduct(id, withServices);
        expect(init?.status, JSON.stringify(id)).toBe(404);
        expect(data).toEqual({ status: "error", message: "HTTP 404: Not Found" });
      }
      // The store is not even asked.
      expect(hosted.requests.length).toBe(before);
    }
  });
});

describe("/commande", () => {
  /** The action's answer: a redirect as it is, else its data with the status it was given. */
  async function submit(fields: Record<string, string>, clientIp = "198.51.100.7") {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    const result: unknown = await checkoutAction({
      request: new Request("https://www.example.test/commande", { method: "POST", body }),
      params: {},
      context: routerContext(services, clientIp),
    } as never);
    if (result instanceof Response) return result as unknown as Record<string, unknown>;
    const { data, init } = unwrap<Record<string, unknown>>(result);
    return init && data ? { ...data, status: init.status ?? 200 } : { ...(result as object), status: 200 };
  }
  const cart = (lines: { productId: string; variantId: string; quantity: number }[]) => JSON.stringify(lines);

  it("prices the cart from the store, whatever the browser thinks, and flags what cannot be ordered", async () => {
    const answer = await submit({
      intent: "price",
      cart: cart([
        { productId: "perforateur-sds-plus", variantId: "perforateur-sds-plus--standard", quantity: 1 },
        { productId: "harnais-antichute", variantId: "harnais-antichute--standard", quantity: 1 },
        { productId: "visseuse-chocs-18v", variantId: "visseuse-chocs-18v--pack", quantity: 2 },
      ]),
    });
    expect(answer).toMatchObject({
      intent: "price",
      ok: true,
      cart: {
        subtotalCents: 15900 + 6490 + 2 * 22900,
        shippingCents: { delivery: 1990, pickup: 0 },
        orderable: false,
        lines: [
          {
            variantId: "perforateur-sds-plus--standard",
            unitCents: 15900,
            problem: null,
            variantTitle: null,
          },
          { variantId: "harnais-antichute--standard", problem: "Stock insuffisant. 0 restant(s)." },
          {
            variantId: "visseuse-chocs-18v--pack",
            variantTitle: "Pack 2 batteries 4 Ah + chargeur",
            lineCents: 45800,
            problem: null,
          },
        ],
      },
    });
  });

  it("checks the buyer's details with French messages", async () => {
    const answer = await submit({
      intent: "order",
      cart: cart([{ productId: "truelle-macon", variantId: "truelle-macon--standard", quantity: 1 }]),
      name: "A",
      email: "pas-un-email",
      phone: "123",
      fulfilment: "delivery",
      line1: "",
      postalCode: "13001",
      city: "Marseille",
    });
    expect(answer).toMatchObject({
      status: 400,
      intent: "order",
      ok: false,
      fieldErrors: {
        name: ["Le nom/prénom est requis."],
        email: ["L'adresse email n'est pas valide."],
        phone: ["Le numéro de téléphone est invalide."],
        terms: ["Vous devez accepter les conditions générales de vente."],
        line1: ["Indiquez l'adresse de livraison (numéro et rue)."],
        postalCode: [
          "Nous livrons uniquement dans le Var (codes postaux 83…). Choisissez le retrait à Toulon.",
        ],
      },
    });
  });

  it("refuses a control character in any field of the buyer, on the field, and records nothing", async () => {
    const before = (await database.db.select({ id: shopOrders.id }).from(shopOrders)).length;
    const answer = await submit({
      intent: "order",
      cart: cart([{ productId: "truelle-macon", variantId: "truelle-macon--standard", quantity: 1 }]),
      name: "Camille\u0000Martin",
      email: "camille\u0000@example.fr",
      phone: "0612345678\u0000",
      fulfilment: "delivery",
      line1: "12 rue\u0000 des Maçons",
      postalCode: "83\u0000200",
      city: "Toulon\u0000",
      terms: "on",
    });
    const message = "Ce texte contient des caractères non autorisés.";
    expect(answer).toMatchObject({
      status: 400,
      intent: "order",
      ok: false,
      message: "Vérifiez les champs signalés.",
    });
    const fieldErrors = (answer as { fieldErrors: Record<string, string[]> }).fieldErrors;
    for (const field of ["name", "email", "phone", "line1", "postalCode", "city"]) {
      expect(fieldErrors[field], field).toContain(message);
    }
    expect((await database.db.select({ id: shopOrders.id }).from(shopOrders)).length).toBe(before);
  });

  it("places the order and answers where to send the buyer; a refusal comes back in the store's words", async () => {
    const details = {
      intent: "order",
      name: "Lucas Bernard",
      email: "lucas.bernard@example.fr",
      phone: "+33 6 11 22 33 44",
      fulfilment: "pickup",
      terms: "on",
    };
    const placed = await submit({
      ...details,
      cart: cart([{ productId: "gants-nitrile", variantId: "gants-nitrile--standard", quantity: 2 }]),
    });
    // A recorded order redirects the buyer: with manual payment nothing is paid yet, so
    // to the order's confirmation page, not to /success.
    expect(placed).toBeInstanceOf(Response);
    const redirect = placed as unknown as Response;
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toMatch(
      /^https:\/\/www\.example\.test\/commande\/confirmation\?commande=CMD-\d{6}$/,
    );
    const refused = await submit({
      ...details,
      cart: cart([
        { productId: "niveau-laser-croix", variantId: "niveau-laser-croix--standard", quantity: 9 },
      ]),
    });
    expect(refused).toMatchObject({
      ok: false,
      message:
        "Commande non validée : Niveau laser croix vert autonivelant : Stock insuffisant. 2 restant(s).",
    });
  });
});

describe("sitemap", () => {
  it("lists every visible product page", async () => {
    const response = (await sitemapLoader({
      request: new Request("https://www.example.test/sitemap.xml"),
      params: {},
      context: routerContext(services),
    } as never)) as Response;
    const xml = await response.text();
    expect(xml).toContain("<loc>https://www.example.test/product/perforateur-sds-plus</loc>");
    expect(xml).toContain("<loc>https://www.example.test/store</loc>");
    expect(xml.match(/\/product\//g)).toHaveLength(24);
  });
});
