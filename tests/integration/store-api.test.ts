import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { shopOrderItems, shopOrders, shopProducts, shopVariants } from "#app/db/schema/shop.ts";
import { seedShop } from "#app/features/shop/seed.server.ts";
import { seedProducts } from "#app/features/shop/seed-catalogue.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import { action as checkoutAction, loader as checkoutGet } from "#app/routes/api/store/checkout.ts";
import { loader as productLoader } from "#app/routes/api/store/product.ts";
import { loader as productsLoader } from "#app/routes/api/store/products.ts";
import { loader as variantsLoader } from "#app/routes/api/store/variants.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext, testEnv, testServices } from "#tests/helpers/services.ts";
import { checkoutBody, postCheckout, STORE_ID, storeApi } from "#tests/helpers/shop.ts";

// The store API contract (spec section 7, calls 3-5, plus checkout) against a real
// database with the demo catalogue.

let database: TestDatabase;
let services: ReturnType<typeof testServices>;

type ProductPage = { count: number; offset: number; limit: number; products: Record<string, unknown>[] };
type Product = Record<string, unknown> & {
  id: string;
  variants: (Record<string, unknown> & { id: string; prices: Record<string, unknown>[] })[];
};
type ApiError = { error: { status: number; message: string; issues?: { path: string; message: string }[] } };

beforeAll(async () => {
  database = await createTestDatabase();
  services = testServices(database);
  await seedShop(database.db, "batirade-toulon");
});
afterAll(async () => {
  await database.cleanup();
});

const list = (query = "") => storeApi<ProductPage & ApiError>(services, `/products${query}`);

describe("seed", () => {
  it("holds about 24 products, and seeding again changes nothing (stock sold stays sold)", async () => {
    await database.db
      .update(shopVariants)
      .set({ inventoryQuantity: 11 })
      .where(eq(shopVariants.id, "perforateur-sds-plus--standard"));
    await seedShop(database.db, "batirade-toulon");
    const rows = await database.db.select({ id: shopProducts.id }).from(shopProducts);
    expect(rows).toHaveLength(seedProducts.length);
    expect(seedProducts.length).toBeGreaterThanOrEqual(20);
    const [variant] = await database.db
      .select()
      .from(shopVariants)
      .where(eq(shopVariants.id, "perforateur-sds-plus--standard"));
    expect(variant?.inventoryQuantity).toBe(11);
    await database.db
      .update(shopVariants)
      .set({ inventoryQuantity: 12 })
      .where(eq(shopVariants.id, "perforateur-sds-plus--standard"));
  });

  it("covers the cases the shop must show", () => {
    expect(seedProducts.filter((product) => product.variants.length > 1).length).toBeGreaterThanOrEqual(3);
    expect(seedProducts.some((product) => product.variants.some((variant) => variant.sale))).toBe(true);
    expect(seedProducts.some((product) => product.variants.some((variant) => variant.stock === 0))).toBe(
      true,
    );
    expect(seedProducts.some((product) => product.variants.some((variant) => variant.stock === 2))).toBe(
      true,
    );
    expect(seedProducts.filter((product) => product.purchasable === false)).toHaveLength(1);
    expect(seedProducts.filter((product) => product.images.length === 0)).toHaveLength(1);
  });
});

describe("GET /products (call 3)", () => {
  it("answers {count, offset, limit, products} with the defaults", async () => {
    const answer = await list();
    expect(answer.status).toBe(200);
    expect(Object.keys(answer.body).sort()).toEqual(["count", "limit", "offset", "products"]);
    expect(answer.body).toMatchObject({ count: seedProducts.length, offset: 0, limit: 20 });
    expect(answer.body.products).toHaveLength(20);
    expect(answer.body.products.map((product) => product.id)).toEqual(
      seedProducts.slice(0, 20).map((product) => product.id),
    );
  });

  it("pages with offset and limit, and sorts with sort_by and order", async () => {
    const page = await list("?offset=20&limit=10");
    expect(page.body).toMatchObject({ count: seedProducts.length, offset: 20, limit: 10 });
    expect(page.body.products.map((product) => product.id)).toEqual(
      seedProducts.slice(20).map((product) => product.id),
    );
    const desc = await list("?order=desc&limit=1");
    expect(desc.body.products[0]?.id).toBe(seedProducts.at(-1)?.id);
    const byTitle = await list("?sort_by=title&limit=100");
    const titles = byTitle.body.products.map((product) => String(product.title));
    expect(titles).toEqual([...titles].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const byCreation = await list("?sort_by=created_at&order=desc&limit=2");
    expect(byCreation.body.products.map((product) => product.id)).toEqual(
      seedProducts
        .slice(-2)
        .reverse()
        .map((product) => product.id),
    );
  });

  it("filters by ids[] (and a comma list), is_hidden and to_date", async () => {
    const byIds = await list("?ids[]=truelle-macon&ids[]=casque-chantier&ids[]=inconnu");
    expect(byIds.body.count).toBe(2);
    expect(byIds.body.products.map((product) => product.id).sort()).toEqual([
      "casque-chantier",
      "truelle-macon",
    ]);
    const comma = await list("?ids=truelle-macon,regle-alu");
    expect(comma.body.count).toBe(2);

    await database.db.update(shopProducts).set({ isHidden: true }).where(eq(shopProducts.id, "regle-alu"));
    const visible = await list("?is_hidden=false&limit=100");
    expect(visible.body.count).toBe(seedProducts.length - 1);
    expect(visible.body.products.some((product) => product.id === "regle-alu")).toBe(false);
    const hidden = await list("?is_hidden=true");
    expect(hidden.body.products.map((product) => product.id)).toEqual(["regle-alu"]);
    await database.db.update(shopProducts).set({ isHidden: false }).where(eq(shopProducts.id, "regle-alu"));

    // The demo catalogue went on sale one product a day from 1 September 2025.
    const early = await list("?to_date=2025-09-03&limit=100");
    expect(early.body.products.map((product) => product.id)).toEqual(
      seedProducts.slice(0, 3).map((p) => p.id),
    );
    const instant = await list("?to_date=2025-09-02T08:00:00Z&limit=100");
    expect(instant.body.count).toBe(2);
  });

  it("never lists a deleted or draft product", async () => {
    await database.db
      .update(shopProducts)
      .set({ deletedAt: new Date() })
      .where(eq(shopProducts.id, "cordeau-traceur"));
    await database.db.update(shopProducts).set({ status: "draft" }).where(eq(shopProducts.id, "regle-alu"));
    const all = await list("?limit=100");
    expect(all.body.count).toBe(seedProducts.length - 2);
    expect(all.body.products.map((product) => product.id)).not.toContain("cordeau-traceur");
    expect((await storeApi(services, "/products/cordeau-traceur")).status).toBe(404);
    expect((await storeApi(services, "/products/regle-alu")).status).toBe(404);
    await database.db
      .update(shopProducts)
      .set({ deletedAt: null })
      .where(eq(shopProducts.id, "cordeau-traceur"));
    await database.db
      .update(shopProducts)
      .set({ status: "published" })
      .where(eq(shopProducts.id, "regle-alu"));
  });

  it.each([
    ["?limit=0", "limit"],
    ["?limit=101", "limit"],
    ["?limit=abc", "limit"],
    ["?offset=-1", "offset"],
    ["?offset=1.5", "offset"],
    ["?order=haut", "order"],
    ["?sort_by=price", "sort_by"],
    ["?is_hidden=oui", "is_hidden"],
    ["?to_date=hier", "to_date"],
    ["?ids[]=", "ids.0"],
    // A NUL byte would reach PostgreSQL, which refuses it; so would a date in year 0.
    ["?ids[]=truelle-macon%00", "ids.0"],
    ["?ids=truelle-macon,a%00b", "ids.1"],
    ["?ids[]=a%0Ab", "ids.0"],
    ["?to_date=0000-01-01", "to_date"],
    ["?to_date=2101-01-01", "to_date"],
    ["?to_date=0000-01-01T00:00:00Z", "to_date"],
    ["?to_date=2025-09-03%00", "to_date"],
    ["?to_date=2025-02-30", "to_date"],
  ])("answers 400 with a JSON error in French for %s", async (query, path) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.statusText).toBe("Bad Request");
    expect(answer.body.error.message).toBe("Paramètres invalides.");
    expect(answer.body.error.issues?.map((issue) => issue.path)).toContain(path);
    expect(answer.body.error.issues?.every((issue) => issue.message.length > 0)).toBe(true);
  });

  it("names the broken rule: a control character in an id, a date outside 1900-2100", async () => {
    const nul = await list("?ids[]=a%00b");
    expect(nul.body.error.issues).toEqual([{ path: "ids.0", message: TEXT_RULE_MESSAGES.controlCharacters }]);
    const year0 = await list("?to_date=0000-01-01");
    expect(year0.body.error.issues).toEqual([{ path: "to_date", message: TEXT_RULE_MESSAGES.dateRange }]);
    const edge = await list("?to_date=2100-12-31&limit=1");
    expect(edge.status).toBe(200);
  });

  it("answers 404 for another store id", async () => {
    const response = await productsLoader({
      request: new Request("https://www.example.test/api/store/une-autre-boutique/products"),
      params: { storeId: "une-autre-boutique" },
      context: routerContext(services),
    } as never);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: { status: 404, message: "Boutique inconnue." } });
  });

  it("is served by the resource route api/store/:storeId/products", async () => {
    const response = await productsLoader({
      request: new Request(`https://www.example.test/api/store/${STORE_ID}/products?limit=3`),
      params: { storeId: STORE_ID },
      context: routerContext(services),
    } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("application/json");
    const body = (await response.json()) as ProductPage;
    expect(body.products).toHaveLength(3);
  });
});

describe("GET /products/{id} (call 4)", () => {
  it("answers {product} with every field of the spec's Product and Variant", async () => {
    const answer = await storeApi<{ product: Product }>(services, "/products/casque-chantier");
    expect(answer.status).toBe(200);
    const { product } = answer.body;
    for (const field of [
      "id",
      "title",
      "subtitle",
      "ribbon_text",
      "description",
      "thumbnail",
      "status",
      "purchasable",
      "order",
      "site_product_selection",
      "images",
      "options",
      "variants",
      "collections",
      "additional_info",
      "type",
      "custom_fields",
      "related_products",
      "updated_at",
      "created_at",
      "deleted_at",
      "metadata",
    ]) {
      expect(product, field).toHaveProperty(field);
    }
    // The spec's image fields, and `alt` (what the picture shows, typed in the Espace Pro):
    // an addition clients that do not know it ignore.
    expect(product.images).toEqual([
      { id: expect.any(Number), url: "/products/casque-blanc.svg", order: 0, type: "image", alt: "" },
      { id: expect.any(Number), url: "/products/casque-jaune.svg", order: 1, type: "image", alt: "" },
      { id: expect.any(Number), url: "/products/casque-bleu.svg", order: 2, type: "image", alt: "" },
    ]);
    expect(product.options).toEqual([
      {
        id: "casque-chantier--style",
        title: "Style",
        values: [
          { id: "casque-chantier--style-blanc", value: "Blanc" },
          { id: "casque-chantier--style-jaune", value: "Jaune" },
          { id: "casque-chantier--style-bleu", value: "Bleu" },
        ],
      },
    ]);
    expect(product.variants[1]).toEqual({
      id: "casque-chantier--jaune",
      title: "Jaune",
      image_url: "/products/casque-jaune.svg",
      sku: "EPI-CAS-JA",
      prices: [
        {
          amount: 1990,
          sale_amount: null,
          currency_code: "eur",
          currency: { code: "eur", symbol: "€", template: "{{amount}}\u00a0€" },
        },
      ],
      manage_inventory: true,
      weight: 380,
      options: [{ id: "casque-chantier--style-jaune", option_id: "casque-chantier--style", value: "Jaune" }],
      inventory_quantity: 25,
    });
    expect(product.collections).toEqual([
      { product_id: "casque-chantier", collection_id: "collection-protection", order: 0 },
    ]);
    expect(product.type).toEqual({ value: "physical" });
    expect(product.deleted_at).toBeNull();
  });

  it("carries additional info, custom fields and related products", async () => {
    const perforateur = await storeApi<{ product: Product }>(services, "/products/perforateur-sds-plus");
    expect(perforateur.body.product.additional_info).toHaveLength(2);
    expect(perforateur.body.product.related_products).toEqual([
      expect.objectContaining({ related_type: "product", related_id: "meuleuse-125", position: 0 }),
      expect.objectContaining({ related_type: "product", related_id: "cheville-frapper", position: 1 }),
    ]);
    const chevilles = await storeApi<{ product: Product }>(services, "/products/cheville-frapper");
    expect(chevilles.body.product.custom_fields).toEqual([
      { id: "cheville-frapper--field-1", title: "Référence chantier (facultatif)", is_required: false },
    ]);
  });

  it("keeps only the asked-for fields, and refuses an unknown one", async () => {
    const some = await storeApi<{ product: Record<string, unknown> }>(
      services,
      "/products/truelle-macon?fields=title,purchasable",
    );
    expect(some.body.product).toEqual({
      id: "truelle-macon",
      title: "Truelle de maçon 20 cm, lame inox",
      purchasable: true,
    });
    const bad = await storeApi<ApiError>(services, "/products/truelle-macon?fields=title,prix");
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe("Champ(s) inconnu(s) : prix.");
  });

  it("answers 404 for an id holding a control character, without asking the database", async () => {
    for (const id of ["a%00b", "truelle-macon%00", "%00", "truelle-macon%0A"]) {
      const answer = await storeApi<ApiError>(services, `/products/${id}`);
      expect(answer, id).toEqual({
        status: 404,
        statusText: "Not Found",
        body: { error: { status: 404, message: "Produit introuvable." } },
      });
    }
  });

  it("answers 404 with a JSON error for an unknown id", async () => {
    const answer = await storeApi<ApiError>(services, "/products/n-existe-pas");
    expect(answer).toEqual({
      status: 404,
      statusText: "Not Found",
      body: { error: { status: 404, message: "Produit introuvable." } },
    });
    const response = await productLoader({
      request: new Request(`https://www.example.test/api/store/${STORE_ID}/products/n-existe-pas`),
      params: { storeId: STORE_ID, id: "n-existe-pas" },
      context: routerContext(services),
    } as never);
    expect(response.status).toBe(404);
  });
});

describe("GET /variants (call 5)", () => {
  it("answers {variants: [{id, inventory_quantity}]} for the products asked", async () => {
    const answer = await storeApi<{ variants: Record<string, unknown>[] }>(
      services,
      "/variants?fields=inventory_quantity&product_ids[]=niveau-laser-croix&product_ids[]=visseuse-chocs-18v",
    );
    expect(answer.status).toBe(200);
    expect(answer.body.variants).toEqual([
      { id: "niveau-laser-croix--standard", inventory_quantity: 2 },
      { id: "visseuse-chocs-18v--seule", inventory_quantity: 0 },
      { id: "visseuse-chocs-18v--pack", inventory_quantity: 0 },
    ]);
    const more = await storeApi<{ variants: Record<string, unknown>[] }>(
      services,
      "/variants?fields=inventory_quantity,manage_inventory&product_ids[]=harnais-antichute",
    );
    expect(more.body.variants).toEqual([
      { id: "harnais-antichute--standard", inventory_quantity: 0, manage_inventory: true },
    ]);
  });

  it("answers 400 without product_ids[] or with an unknown field", async () => {
    const missing = await storeApi<ApiError>(services, "/variants?fields=inventory_quantity");
    expect(missing.status).toBe(400);
    expect(missing.body.error.issues?.[0]?.message).toBe("product_ids[] est requis.");
    const field = await storeApi<ApiError>(services, "/variants?fields=prix&product_ids[]=truelle-macon");
    expect(field.status).toBe(400);
    const nul = await storeApi<ApiError>(
      services,
      "/variants?product_ids[]=truelle-macon&product_ids[]=a%00b",
    );
    expect(nul.status).toBe(400);
    expect(nul.body.error.issues).toEqual([
      { path: "product_ids.1", message: TEXT_RULE_MESSAGES.controlCharacters },
    ]);
    const response = await variantsLoader({
      request: new Request(`https://www.example.test/api/store/${STORE_ID}/variants`),
      params: { storeId: STORE_ID },
      context: routerContext(services),
    } as never);
    expect(response.status).toBe(400);
  });
});

describe("POST /checkout", () => {
  it("records the order with prices read from the database, reserves stock and queues both e-mails", async () => {
    const outboxBefore = await database.db.select().from(outboxMessages);
    const answer = await postCheckout(
      services,
      checkoutBody(
        [
          // A price sent by the browser is not part of the contract and is ignored.
          { variant_id: "perforateur-sds-plus--standard", quantity: 2, price: 1 } as never,
          { variant_id: "vis-bois-torx--5x60", quantity: 3 },
        ],
        {
          fulfilment: {
            method: "delivery",
            address: { line1: "12 rue des Maçons", postalCode: "83200", city: "Toulon" },
          },
        },
      ),
    );
    expect(answer.status).toBe(200);
    expect(answer.body.url).toMatch(/^https:\/\/www\.example\.test\/success\?commande=CMD-\d{6}$/);

    const [order] = await database.db.select().from(shopOrders).orderBy(sql`number desc`).limit(1);
    expect(order).toMatchObject({
      status: "awaiting_payment",
      provider: "manual",
      fulfilment: "delivery",
      subtotalCents: 2 * 15900 + 3 * 1490,
      shippingCents: 1990,
      totalCents: 2 * 15900 + 3 * 1490 + 1990,
      customerEmail: "camille.martin@example.fr",
      shippingAddress: { line1: "12 rue des Maçons", postalCode: "83200", city: "Toulon" },
    });
    const items = await database.db
      .select()
      .from(shopOrderItems)
      .where(eq(shopOrderItems.orderId, order?.id ?? ""));
    expect(
      items.map((item) => [item.variantId, item.unitPriceCents, item.quantity, item.reservedStock]).sort(),
    ).toEqual([
      ["perforateur-sds-plus--standard", 15900, 2, true],
      ["vis-bois-torx--5x60", 1490, 3, false],
    ]);
    const [drill] = await database.db
      .select()
      .from(shopVariants)
      .where(eq(shopVariants.id, "perforateur-sds-plus--standard"));
    expect(drill?.inventoryQuantity).toBe(10);

    const outbox = await database.db.select().from(outboxMessages);
    const added = outbox.filter((row) => !outboxBefore.some((before) => before.id === row.id));
    expect(added.map((row) => row.kind).sort()).toEqual(["order.confirmation", "order.notification"]);
    const confirmation = added.find((row) => row.kind === "order.confirmation");
    expect(confirmation?.payload.to).toBe("camille.martin@example.fr");
    expect(confirmation?.payload.text).toContain("Total TTC : 382,60\u00a0€");
    expect(confirmation?.payload.text).toContain("Paiement par virement");
    const notification = added.find((row) => row.kind === "order.notification");
    expect(notification?.payload.to).toBe(services.env.NOTIFY_EMAIL);
    expect(notification?.payload.replyTo).toBe("camille.martin@example.fr");
  });

  it("refuses more than the managed stock with the spec's message, and a product not for sale", async () => {
    const tooMany = await postCheckout(
      services,
      checkoutBody([{ variant_id: "niveau-laser-croix--standard", quantity: 3 }]),
    );
    expect(tooMany.status).toBe(409);
    expect(tooMany.body.error).toMatchObject({
      message: "Stock insuffisant. 2 restant(s).",
      product_title: "Niveau laser croix vert autonivelant",
      remaining: 2,
    });
    const none = await postCheckout(
      services,
      checkoutBody([{ variant_id: "harnais-antichute--standard", quantity: 1 }]),
    );
    expect(none.body.error?.message).toBe("Stock insuffisant. 0 restant(s).");
    const closed = await postCheckout(
      services,
      checkoutBody([{ variant_id: "panneau-fibre-bois--standard", quantity: 1 }]),
    );
    expect(closed.status).toBe(409);
    expect(closed.body.error?.message).toBe("Indisponible pour le moment");
    // A refused order leaves nothing behind, not even the units of its other lines.
    const mixed = await postCheckout(
      services,
      checkoutBody([
        { variant_id: "brouette-100l--standard", quantity: 1 },
        { variant_id: "niveau-laser-croix--standard", quantity: 5 },
      ]),
    );
    expect(mixed.status).toBe(409);
    const [barrow] = await database.db
      .select()
      .from(shopVariants)
      .where(eq(shopVariants.id, "brouette-100l--standard"));
    expect(barrow?.inventoryQuantity).toBe(6);
  });

  it("answers 404 for an unknown variant", async () => {
    const answer = await postCheckout(
      services,
      checkoutBody([{ variant_id: "variante-fantome", quantity: 1 }]),
    );
    expect(answer.status).toBe(404);
    expect(answer.body.error?.message).toBe("Article introuvable : variante-fantome.");
  });

  it.each([
    ["an empty cart", { items: [] }, "items", "Le panier est vide."],
    [
      "a zero quantity",
      { items: [{ variant_id: "truelle-macon--standard", quantity: 0 }] },
      "items.0.quantity",
      "quantity vaut au moins 1.",
    ],
    [
      "a bad e-mail",
      { customer: { name: "Camille", email: "camille@", phone: "0612345678" } },
      "customer.email",
      "L'adresse email n'est pas valide.",
    ],
    [
      "a bad phone",
      { customer: { name: "Camille", email: "c@example.fr", phone: "12345" } },
      "customer.phone",
      "Le numéro de téléphone est invalide.",
    ],
    [
      "terms not accepted",
      { termsAccepted: false },
      "termsAccepted",
      "Vous devez accepter les conditions générales de vente.",
    ],
    [
      "a delivery outside the Var",
      {
        fulfilment: {
          method: "delivery",
          address: { line1: "1 rue de Paris", postalCode: "75001", city: "Paris" },
        },
      },
      "fulfilment.address.postalCode",
      "Nous livrons uniquement dans le Var (codes postaux 83…). Choisissez le retrait à Toulon.",
    ],
    [
      "a relative success URL",
      { successUrl: "/success" },
      "successUrl",
      "successUrl doit être une adresse http(s) absolue.",
    ],
  ])("answers 400 for %s", async (_label, overrides, path, message) => {
    const answer = await postCheckout(
      services,
      checkoutBody([{ variant_id: "truelle-macon--standard", quantity: 1 }], overrides),
    );
    expect(answer.status).toBe(400);
    const issues = (answer.body.error as ApiError["error"]).issues ?? [];
    expect(issues).toContainEqual({ path, message });
  });

  const orderCount = async () => (await database.db.select({ id: shopOrders.id }).from(shopOrders)).length;
  const customer = { name: "Camille Martin", email: "camille.martin@example.fr", phone: "06 12 34 56 78" };
  const address = { line1: "12 rue des Maçons", postalCode: "83200", city: "Toulon" };
  const delivery = (changes: Partial<typeof address>) => ({
    fulfilment: { method: "delivery", address: { ...address, ...changes } },
  });

  it.each([
    [
      "variant_id",
      { items: [{ variant_id: "truelle-macon--standard\u0000", quantity: 1 }] },
      "items.0.variant_id",
    ],
    ["the name", { customer: { ...customer, name: "Camille\u0000Martin" } }, "customer.name"],
    ["the name (a tab)", { customer: { ...customer, name: "Camille\tMartin" } }, "customer.name"],
    ["the e-mail", { customer: { ...customer, email: "camille@example.fr\u0000" } }, "customer.email"],
    ["the phone", { customer: { ...customer, phone: "0612345678\u0000" } }, "customer.phone"],
    ["the street", delivery({ line1: "12 rue des\u0000 Maçons" }), "fulfilment.address.line1"],
    ["the postal code", delivery({ postalCode: "83\u0000200" }), "fulfilment.address.postalCode"],
    ["the city", delivery({ city: "Toulon\u0000" }), "fulfilment.address.city"],
    ["the locale", { locale: "fr\u0000" }, "locale"],
    ["successUrl", { successUrl: "https://www.example.test/success\u0000" }, "successUrl"],
    ["cancelUrl", { cancelUrl: "https://www.example.test/com\u0000mande" }, "cancelUrl"],
  ])("answers 400 for a control character in %s, and records nothing", async (_label, overrides, path) => {
    const before = await orderCount();
    const answer = await postCheckout(
      services,
      checkoutBody([{ variant_id: "truelle-macon--standard", quantity: 1 }], overrides),
    );
    expect(answer.status).toBe(400);
    const error = answer.body.error as ApiError["error"];
    expect(error.message).toBe("Paramètres invalides.");
    expect(error.issues).toContainEqual({ path, message: TEXT_RULE_MESSAGES.controlCharacters });
    expect(await orderCount()).toBe(before);
  });

  it.each([
    ["successUrl", "https://evil.example/success"],
    ["successUrl", "http://www.example.test/success"],
    ["successUrl", "https://www.example.test.evil.example/success"],
    ["successUrl", "https://www.example.test@evil.example/"],
    ["cancelUrl", "https://evil.example/commande"],
    ["cancelUrl", "https://www.example.test:8443/commande"],
  ])("answers 400 for a %s off the site (%s), and records nothing", async (field, url) => {
    const before = await orderCount();
    const answer = await postCheckout(
      services,
      checkoutBody([{ variant_id: "truelle-macon--standard", quantity: 1 }], { [field]: url }),
    );
    expect(answer.status).toBe(400);
    expect((answer.body.error as ApiError["error"]).issues).toEqual([
      { path: field, message: `${field} doit être une adresse de ce site (https://www.example.test).` },
    ]);
    expect(await orderCount()).toBe(before);
  });

  it("answers 400 for a body that is not JSON, 415 without the JSON content type, 405 on GET", async () => {
    const broken = await storeApi<ApiError>(services, "/checkout", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{pas du json",
    });
    expect(broken.status).toBe(400);
    expect(broken.body.error.message).toBe("Le corps de la requête n'est pas un JSON valide.");
    const form = await storeApi<ApiError>(services, "/checkout", { method: "POST", body: "items=1" });
    expect(form.status).toBe(415);
    const get = await checkoutGet();
    expect(get.status).toBe(405);
    expect(get.headers.get("allow")).toBe("POST");
  });

  it("is served by the resource route, limited per client address", async () => {
    const call = (clientIp: string) =>
      checkoutAction({
        request: new Request(`https://www.example.test/api/store/${STORE_ID}/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(checkoutBody([{ variant_id: "truelle-macon--standard", quantity: 1 }])),
        }),
        params: { storeId: STORE_ID },
        context: routerContext(services, clientIp),
      } as never);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 10; attempt++) statuses.push((await call("203.0.113.9")).status);
    expect(statuses).toEqual(Array(10).fill(200));
    const refused = await call("203.0.113.9");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({
      error: {
        status: 429,
        message: "Trop de commandes depuis cette adresse. Réessayez dans quelques minutes.",
      },
    });
    expect((await call("203.0.113.10")).status).toBe(200);
  });

  it("exempts loopback from the limit only without TRUST_PROXY (with it, the address came from a header)", async () => {
    const call = (withServices: ReturnType<typeof testServices>) =>
      checkoutAction({
        request: new Request(`https://www.example.test/api/store/${STORE_ID}/checkout`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(checkoutBody([{ variant_id: "vis-bois-torx--5x60", quantity: 1 }])),
        }),
        params: { storeId: STORE_ID },
        context: routerContext(withServices, "127.0.0.1"),
      } as never);
    const direct = testServices(database, testEnv({ TRUST_PROXY: "false" }));
    const local: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) local.push((await call(direct)).status);
    expect(local).toEqual(Array(11).fill(200));

    const proxied = testServices(database, testEnv({ TRUST_PROXY: "true" }));
    const forwarded: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) forwarded.push((await call(proxied)).status);
    expect(forwarded).toEqual([...Array(10).fill(200), 429]);
  });
});
