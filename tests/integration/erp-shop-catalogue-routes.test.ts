import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, count, eq, isNull } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { shopProducts, shopVariants } from "#app/db/schema/shop.ts";
import { getProduct } from "#app/features/shop/catalogue.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { FLASH_COOKIE } from "#app/lib/flash.server.ts";
import { formatCents } from "#app/lib/money.ts";
import * as productRoute from "#app/routes/erp/boutique/produits/detail.tsx";
import * as listRoute from "#app/routes/erp/boutique/produits/index.tsx";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routeArgs, routeCaller, routeOutcome } from "#tests/helpers/route-call.ts";
import { STORE_ID, storeApi } from "#tests/helpers/shop.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The catalogue's pages in the Espace Pro (/erp/boutique/produits and /:id) as the server
// calls them: the list and its filters, a new product, the product's forms and their
// refusals (400 with the field, 404, 409, never a 500), the stock adjustments and their
// log, the catalogue permission, and the store showing a change at once. The writes
// themselves: erp-shop-catalogue.test.ts; 401 for every route: erp-route-guard.test.ts.

const LIST = "/erp/boutique/produits";
const SEEDED = "niveau-laser-croix";

let database: TestDatabase;
let dataDir: string;
let services: AppServices;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-shop-catalogue-routes-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  await seedDemoContent(database.db);
  owner = await signedInStaff(services, "owner", "gerante-catalogue@batirade.test");
  staff = await signedInStaff(services, "staff", "vendeur-catalogue@batirade.test");
});
afterAll(async () => {
  services.mailer.close();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
type PageData = Awaited<ReturnType<typeof productRoute.loader>>;
type Refusal = {
  ok: false;
  intent: string;
  message: string;
  field?: string;
  values?: Record<string, string>;
};

const call = routeCaller(() => ({ services, cookie: owner.cookie }));

const list = (query = "") => call(listRoute.loader, `${LIST}${query}`);

async function listed(query = "") {
  const outcome = await list(query);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as ListData;
}

const create = (title: string) => call(listRoute.action, LIST, { form: { intent: "creer", title } });

async function page(id: string) {
  const outcome = await call(productRoute.loader, `${LIST}/${id}`, { params: { id } });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as PageData;
}

/** An action of the product page, as its forms post it. */
function act(id: string, intent: string, fields: Record<string, string> = {}) {
  return call(productRoute.action, `${LIST}/${id}`, { params: { id }, form: { intent, ...fields } });
}

/** The variant form as the page posts it (the checkbox is absent when unticked). */
function variantFields(overrides: Record<string, string | null> = {}): Record<string, string> {
  const fields: Record<string, string | null> = {
    variantId: "",
    title: "Standard",
    sku: "",
    price: "0",
    salePrice: "",
    weight: "",
    lowStockThreshold: "3",
    manageInventory: null,
    ...overrides,
  };
  return Object.fromEntries(
    Object.entries(fields).filter((entry): entry is [string, string] => entry[1] !== null),
  );
}

function flashOf(headers: Headers): { tone: string; message: string } | null {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${FLASH_COOKIE}=`));
  if (!cookie) return null;
  return JSON.parse(decodeURIComponent(cookie.slice(FLASH_COOKIE.length + 1).split(";")[0] ?? ""));
}

const refusalOf = (data: unknown) => data as Refusal;

async function historyCount(id: string) {
  const [row] = await database.db
    .select({ n: count() })
    .from(activityEvents)
    .where(and(eq(activityEvents.subjectType, "produit"), eq(activityEvents.subjectId, id)));
  return row?.n ?? 0;
}

/** A fresh draft, created through the list page's form. */
async function newDraft(title: string): Promise<string> {
  const outcome = await create(title);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
  const location = outcome.headers.get("location") ?? "";
  expect(location.startsWith(`${LIST}/`)).toBe(true);
  return location.slice(LIST.length + 1);
}

describe("the catalogue list", () => {
  it("lists every live product with its price range, stock and status, in the store's order", async () => {
    const [live] = await database.db
      .select({ n: count() })
      .from(shopProducts)
      .where(and(eq(shopProducts.storeId, STORE_ID), isNull(shopProducts.deletedAt)));
    const all = await listed();
    expect(all.total).toBe(live?.n);
    expect(all.crumb).toBe("Catalogue");
    const laser = all.items.find((item) => item.id === SEEDED);
    // 2 in stock at a threshold of 3: one variant to reorder.
    expect(laser).toMatchObject({
      title: "Niveau laser croix vert autonivelant",
      status: "publie",
      minPriceCents: 24_900,
      maxPriceCents: 24_900,
      stock: 2,
      lowStock: 1,
      variantCount: 1,
    });
    // Several variants: a range; stock not followed: null.
    expect(all.items.find((item) => item.id === "cheville-frapper")).toMatchObject({
      minPriceCents: 890,
      maxPriceCents: 1790,
      stock: null,
      lowStock: 0,
      variantCount: 3,
    });
  });

  it("filters by words, status and stock in the URL, and answers 400 to a filter that does not exist", async () => {
    const laser = await listed("?q=laser");
    expect(laser.items.map((item) => item.id)).toContain(SEEDED);
    expect(laser.items.every((item) => /laser/i.test(item.title))).toBe(true);
    // A variant's reference finds its product.
    expect((await listed("?q=FIX-CHF-860")).items.map((item) => item.id)).toEqual(["cheville-frapper"]);
    expect((await listed("?q=introuvable-xyz")).total).toBe(0);

    const low = await listed("?stock=bas");
    expect(low.items.map((item) => item.id)).toContain(SEEDED);
    expect(low.items.every((item) => item.lowStock > 0)).toBe(true);
    expect((await listed("?statut=publie")).items.every((item) => item.status === "publie")).toBe(true);

    const badStatus = await list("?statut=inconnu");
    expect(badStatus.status).toBe(400);
    expect(badStatus.data).toEqual({ message: "Ce statut n'existe pas." });
    const badStock = await list("?stock=beaucoup");
    expect(badStock.status).toBe(400);
    expect(badStock.data).toEqual({ message: "Ce filtre de stock n'existe pas." });
  });

  it("creates a product as a draft and opens its page, with a flash", async () => {
    const outcome = await create("Cisaille à tôle 250 mm");
    expect(outcome.status).toBe(303);
    expect(outcome.headers.get("location")).toBe(`${LIST}/cisaille-a-tole-250-mm`);
    expect(flashOf(outcome.headers)?.tone).toBe("success");

    const view = await page("cisaille-a-tole-250-mm");
    expect(view.product).toMatchObject({ title: "Cisaille à tôle 250 mm", status: "brouillon" });
    expect(view.crumb).toBe("Cisaille à tôle 250 mm");
    expect(view.variants.map((variant) => [variant.title, variant.priceCents])).toEqual([["Standard", 0]]);
    expect(view.events.map((event) => [event.summary, event.actorEmail])).toEqual([
      ["Produit créé (brouillon)", owner.email],
    ]);
    const drafts = await listed("?statut=brouillon");
    expect(drafts.items.map((item) => item.id)).toContain("cisaille-a-tole-250-mm");
    // A draft is not in the store.
    expect(await getProduct(database.db, STORE_ID, "cisaille-a-tole-250-mm")).toBeNull();
  });

  it("refuses a product without a title (400 on the title field), and an unknown intent", async () => {
    const before = await listed();
    const blank = await create("   ");
    expect(blank.status).toBe(400);
    expect(refusalOf(blank.data)).toMatchObject({
      ok: false,
      intent: "creer",
      field: "title",
      message: "Indiquez le titre du produit.",
    });
    const tooLong = await create("x".repeat(121));
    expect(tooLong.status).toBe(400);
    expect(refusalOf(tooLong.data)).toMatchObject({ field: "title", values: { title: "x".repeat(121) } });

    const unknown = await call(listRoute.action, LIST, { form: { intent: "effacer-tout" } });
    expect(unknown.status).toBe(400);
    expect(refusalOf(unknown.data).message).toBe("Action inconnue.");
    expect((await listed()).total).toBe(before.total);
  });
});

describe("the product page", () => {
  it("saves the texts, the description sanitized as the store API sanitizes it", async () => {
    const id = await newDraft("Pince multiprise");
    const saved = await act(id, "fiche", {
      title: "Pince multiprise 250 mm",
      subtitle: "Réglage rapide",
      ribbonText: "Nouveau",
      description: '<p onclick="alert(1)">Solide <strong>et</strong> précise</p><script>alert("x")</script>',
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    expect(saved.headers.get("location")).toBe(`${LIST}/${id}`);
    expect(flashOf(saved.headers)).toEqual({ tone: "success", message: "Fiche enregistrée." });

    const view = await page(id);
    expect(view.product).toMatchObject({
      title: "Pince multiprise 250 mm",
      subtitle: "Réglage rapide",
      ribbonText: "Nouveau",
      description: "<p>Solide <strong>et</strong> précise</p>",
    });
    expect(view.events[0]?.summary).toBe("Fiche modifiée : titre, sous-titre, bandeau, description");

    // The same texts again: nothing to save, nothing in the history.
    const events = await historyCount(id);
    const again = await act(id, "fiche", {
      title: "Pince multiprise 250 mm",
      subtitle: "Réglage rapide",
      ribbonText: "Nouveau",
      description: "<p>Solide <strong>et</strong> précise</p>",
    });
    expect(again.status).toBe(303);
    expect(flashOf(again.headers)).toEqual({ tone: "info", message: "Aucun changement." });
    expect(await historyCount(id)).toBe(events);
  });

  it("refuses bad texts with 400 on the right field, keeps what was typed, and changes nothing", async () => {
    const id = await newDraft("Marteau de coffreur");
    const typed = {
      title: "",
      subtitle: "Manche en frêne",
      ribbonText: "Promo",
      description: "<p>Texte tapé</p>",
    };
    const blank = await act(id, "fiche", typed);
    expect(blank.status).toBe(400);
    expect(refusalOf(blank.data)).toEqual({
      ok: false,
      intent: "fiche",
      field: "title",
      message: "Indiquez le titre du produit.",
      values: typed,
    });
    const ribbon = await act(id, "fiche", { ...typed, title: "Marteau", ribbonText: "x".repeat(31) });
    expect(ribbon.status).toBe(400);
    expect(refusalOf(ribbon.data)).toMatchObject({
      field: "ribbonText",
      message: "Bandeau : 30 caractères au plus.",
    });
    // A field missing from the post altogether is a 400 too, never a 500.
    const missing = await call(productRoute.action, `${LIST}/${id}`, {
      params: { id },
      form: { intent: "fiche" },
    });
    expect(missing.status).toBe(400);
    expect((await page(id)).product).toMatchObject({ title: "Marteau de coffreur", subtitle: null });
  });

  it("refuses to publish while no variant has a price, publishes after one, and the store shows a new price at once", async () => {
    const id = await newDraft("Truelle carrée inox");
    const refused = await act(id, "publier");
    expect(refused.status).toBe(409);
    expect(refusalOf(refused.data)).toMatchObject({
      ok: false,
      intent: "publier",
      message: "Donnez un prix à au moins une variante avant de publier le produit.",
    });
    expect((await page(id)).product.status).toBe("brouillon");

    const [variant] = (await page(id)).variants;
    const variantId = variant?.id ?? "";
    const priced = await act(id, "variante", variantFields({ variantId, price: "49,90" }));
    expect(priced.status, JSON.stringify(priced.data)).toBe(303);
    expect(flashOf(priced.headers)?.message).toBe("Variante « Standard » enregistrée.");

    const published = await act(id, "publier");
    expect(published.status).toBe(303);
    expect((await page(id)).product.status).toBe("publie");
    expect((await getProduct(database.db, STORE_ID, id))?.variants[0]?.prices[0]?.amount).toBe(4990);
    // Publishing twice makes no sense.
    const twice = await act(id, "publier");
    expect(twice.status).toBe(409);
    expect(refusalOf(twice.data).message).toBe("Ce produit est déjà « Publié ».");

    // A new price, read back through the store API as the storefront reads it.
    expect((await act(id, "variante", variantFields({ variantId, price: "59,90" }))).status).toBe(303);
    const api = await storeApi<{ product: { variants: { prices: { amount: number }[] }[] } }>(
      services,
      `/products/${id}`,
    );
    expect(api.status).toBe(200);
    expect(api.body.product.variants[0]?.prices[0]?.amount).toBe(5990);
    expect((await listed("?q=truelle")).items.find((item) => item.id === id)).toMatchObject({
      minPriceCents: 5990,
      status: "publie",
    });

    // Hidden, then back to draft: the store loses it.
    expect((await act(id, "masquer")).status).toBe(303);
    expect((await page(id)).product.status).toBe("masque");
    expect((await act(id, "brouillon")).status).toBe(303);
    expect((await page(id)).product.status).toBe("brouillon");
    expect(await getProduct(database.db, STORE_ID, id)).toBeNull();
    const history = (await page(id)).events.map((event) => event.summary);
    expect(history.slice(0, 3)).toEqual([
      "Repassé en brouillon",
      "Masqué de la boutique",
      `Variante « Standard » modifiée : prix ${formatCents(4990)} → ${formatCents(5990)}`,
    ]);
  });

  it("refuses a bad price or a sale price not under the price (400 on its field), changing nothing", async () => {
    const id = await newDraft("Niveau à bulle 60 cm");
    const variantId = (await page(id)).variants[0]?.id ?? "";
    expect((await act(id, "variante", variantFields({ variantId, price: "19,90" }))).status).toBe(303);
    const events = await historyCount(id);

    const bad = await act(id, "variante", variantFields({ variantId, title: "Bleu", price: "abc" }));
    expect(bad.status).toBe(400);
    const refusal = refusalOf(bad.data);
    expect(refusal).toMatchObject({ ok: false, intent: "variante", field: "price", variantId });
    expect(refusal.message).not.toBe("");
    expect(refusal.values).toMatchObject({ title: "Bleu", price: "abc" });

    const sale = await act(id, "variante", variantFields({ variantId, price: "19,90", salePrice: "19,90" }));
    expect(sale.status).toBe(400);
    expect(refusalOf(sale.data)).toMatchObject({
      field: "salePrice",
      message: "Le prix soldé doit être inférieur au prix.",
    });
    const weight = await act(id, "variante", variantFields({ variantId, price: "19,90", weight: "lourd" }));
    expect(weight.status).toBe(400);
    expect(refusalOf(weight.data).field).toBe("weight");

    const [after] = (await page(id)).variants;
    expect(after).toMatchObject({ title: "Standard", priceCents: 1990, salePriceCents: null });
    expect(await historyCount(id)).toBe(events);

    // A sale price under the price is kept; the store sells at it.
    const onSale = await act(
      id,
      "variante",
      variantFields({ variantId, price: "19,90", salePrice: "14,90" }),
    );
    expect(onSale.status).toBe(303);
    expect((await page(id)).variants[0]).toMatchObject({ priceCents: 1990, salePriceCents: 1490 });
  });

  it("adds a variant, and answers 404 for a variant of another product", async () => {
    const id = await newDraft("Rouleau à peinture");
    const added = await act(
      id,
      "variante",
      variantFields({ title: "180 mm", sku: "PEI-ROU-180", price: "12" }),
    );
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    expect(flashOf(added.headers)?.message).toBe("Variante « 180 mm » ajoutée.");
    expect(
      (await page(id)).variants.map((variant) => [variant.title, variant.sku, variant.priceCents]),
    ).toEqual([
      ["Standard", null, 0],
      ["180 mm", "PEI-ROU-180", 1200],
    ]);
    const foreign = await act(
      id,
      "variante",
      variantFields({ variantId: "perforateur-sds-plus--standard", price: "1" }),
    );
    expect(foreign.status).toBe(404);
    expect(refusalOf(foreign.data).message).toBe("Cette variante n'existe pas.");
  });

  it("adjusts the stock: reception +5, breakage of 10 refused (409), count to 2; the page lists the movements", async () => {
    const id = await newDraft("Disque diamant 230 mm");
    const variantId = (await page(id)).variants[0]?.id ?? "";
    // Stock not followed yet: nothing to adjust.
    const unmanaged = await act(id, "stock", { variantId, reason: "reception", quantity: "5", note: "" });
    expect(unmanaged.status).toBe(409);
    expect(refusalOf(unmanaged.data).message).toContain("n'est pas suivi");

    const managed = await act(
      id,
      "variante",
      variantFields({ variantId, price: "39,90", manageInventory: "on", lowStockThreshold: "3" }),
    );
    expect(managed.status).toBe(303);
    expect((await page(id)).variants[0]).toMatchObject({ manageInventory: true, inventoryQuantity: 0 });

    const received = await act(id, "stock", {
      variantId,
      reason: "reception",
      quantity: "5",
      note: "BL 4521",
    });
    expect(received.status, JSON.stringify(received.data)).toBe(303);
    expect(flashOf(received.headers)?.message).toBe("Stock ajusté (+5) : 5 en stock.");

    const broken = await act(id, "stock", { variantId, reason: "casse", quantity: "10", note: "" });
    expect(broken.status).toBe(409);
    expect(refusalOf(broken.data)).toMatchObject({
      intent: "stock",
      field: "quantity",
      variantId,
      message: "Il ne reste que 5 en stock : impossible d'en retirer 10.",
      values: { reason: "casse", quantity: "10", note: "" },
    });
    const [row] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
    expect(row?.inventoryQuantity).toBe(5);

    const bad = await act(id, "stock", { variantId, reason: "vol", quantity: "1", note: "" });
    expect(bad.status).toBe(400);
    expect(refusalOf(bad.data).field).toBe("reason");
    const zero = await act(id, "stock", { variantId, reason: "reception", quantity: "0", note: "" });
    expect(zero.status).toBe(400);
    expect(refusalOf(zero.data)).toMatchObject({
      field: "quantity",
      message: "Indiquez une quantité d'au moins 1.",
    });

    const counted = await act(id, "stock", { variantId, reason: "inventaire", quantity: "2", note: "" });
    expect(counted.status).toBe(303);
    expect(flashOf(counted.headers)?.message).toBe("Stock ajusté (−3) : 2 en stock.");

    const [variant] = (await page(id)).variants;
    expect(variant?.inventoryQuantity).toBe(2);
    expect(
      variant?.movements.map((movement) => [
        movement.reason,
        movement.delta,
        movement.quantityAfter,
        movement.note,
        movement.actorEmail,
      ]),
    ).toEqual([
      ["inventaire", -3, 2, null, owner.email],
      ["reception", 5, 5, "BL 4521", owner.email],
    ]);
    // At 2 with a threshold of 3: listed as low stock.
    expect((await listed("?stock=bas")).items.map((item) => item.id)).toContain(id);
  });

  it("deletes a product (after the dialog) and goes back to the list; the product is gone", async () => {
    const id = await newDraft("Produit à supprimer");
    const deleted = await act(id, "supprimer");
    expect(deleted.status).toBe(303);
    expect(deleted.headers.get("location")).toBe(LIST);
    expect(flashOf(deleted.headers)?.message).toContain("supprimé du catalogue");
    expect((await listed()).items.map((item) => item.id)).not.toContain(id);
    expect((await call(productRoute.loader, `${LIST}/${id}`, { params: { id } })).status).toBe(404);
    // Gone: its actions answer 404 as well.
    expect((await act(id, "publier")).status).toBe(404);
  });

  it("answers 404 for an unknown product, and 400 for an unknown intent", async () => {
    const missing = await call(productRoute.loader, `${LIST}/nexiste-pas`, { params: { id: "nexiste-pas" } });
    expect(missing.status).toBe(404);
    expect(missing.data).toEqual({ message: "Ce produit n'existe pas." });
    const write = await act("nexiste-pas", "fiche", {
      title: "X",
      subtitle: "",
      ribbonText: "",
      description: "",
    });
    expect(write.status).toBe(404);
    const unknown = await act(SEEDED, "dupliquer");
    expect(unknown.status).toBe(400);
    expect(refusalOf(unknown.data)).toMatchObject({
      ok: false,
      intent: "dupliquer",
      message: "Action inconnue.",
    });
  });
});

describe("the catalogue permission", () => {
  it("answers 403 to a staff member in every loader and action, and changes nothing", async () => {
    const before = await historyCount(SEEDED);
    const asStaff = { cookie: staff.cookie };
    expect((await call(listRoute.loader, LIST, asStaff)).status).toBe(403);
    expect(
      (await call(listRoute.action, LIST, { ...asStaff, form: { intent: "creer", title: "Intrus" } })).status,
    ).toBe(403);
    expect(
      (await call(productRoute.loader, `${LIST}/${SEEDED}`, { ...asStaff, params: { id: SEEDED } })).status,
    ).toBe(403);
    const write = await call(productRoute.action, `${LIST}/${SEEDED}`, {
      ...asStaff,
      params: { id: SEEDED },
      form: { intent: "masquer" },
    });
    expect(write.status).toBe(403);
    expect((await page(SEEDED)).product.status).toBe("publie");
    expect(await historyCount(SEEDED)).toBe(before);
    expect((await listed("?q=intrus")).total).toBe(0);
  });
});

describe("the images panel", () => {
  /** The upload form as the browser posts it: multipart, the file and its text. */
  function upload(id: string, file: Blob | null, alt = "") {
    const form = new FormData();
    form.set("intent", "image-ajouter");
    form.set("alt", alt);
    if (file) form.set("image", file, "photo.jpg");
    return call(productRoute.action, `${LIST}/${id}`, { params: { id }, method: "POST", body: form });
  }

  it("uploads a picture the store shows at once, moves, describes and removes it; refuses what is not one", async () => {
    const jpeg = await sharp({ create: { width: 900, height: 900, channels: 3, background: "#4a7" } })
      .jpeg()
      .toBuffer();
    const added = await upload(
      SEEDED,
      new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }),
      "Niveau sur trépied",
    );
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    expect(flashOf(added.headers)?.message).toBe("Image ajoutée : la boutique la montre déjà.");
    let view = await page(SEEDED);
    const uploaded = view.images.at(-1);
    expect(uploaded).toMatchObject({ alt: "Niveau sur trépied" });
    expect(uploaded?.url).toMatch(/^\/images\/produits\/\d{4}\/\d{2}\/[0-9a-f]{32}-page\.webp$/);
    expect((await getProduct(database.db, STORE_ID, SEEDED))?.images.map((image) => image.url)).toContain(
      uploaded?.url,
    );

    // First place: it becomes the store's thumbnail.
    for (let moves = view.images.length - 1; moves > 0; moves--) {
      expect((await act(SEEDED, "image-avant", { imageId: String(uploaded?.id) })).status).toBe(303);
    }
    const refusedMove = await act(SEEDED, "image-avant", { imageId: String(uploaded?.id) });
    expect(refusedMove.status).toBe(409);
    expect(refusalOf(refusedMove.data).message).toBe("Cette image est déjà la première.");
    expect((await getProduct(database.db, STORE_ID, SEEDED))?.thumbnail).toBe(
      uploaded?.url?.replace("-page.webp", "-card.webp"),
    );

    const badAlt = await act(SEEDED, "image-texte", { imageId: String(uploaded?.id), alt: "ligne\nbrisée" });
    expect(badAlt.status).toBe(400);
    expect(refusalOf(badAlt.data).field).toBe("alt");
    expect(
      (await act(SEEDED, "image-texte", { imageId: String(uploaded?.id), alt: "Niveau laser allumé" }))
        .status,
    ).toBe(303);
    view = await page(SEEDED);
    expect(view.images[0]?.alt).toBe("Niveau laser allumé");

    // Not a picture, no file, an unknown picture: refused in French, nothing stored.
    const text = await upload(SEEDED, new Blob(["bonjour"], { type: "image/jpeg" }));
    expect(text.status).toBe(400);
    expect(refusalOf(text.data)).toMatchObject({
      field: "image",
      message: "Ce fichier n'est pas une image (JPEG, PNG ou WebP).",
    });
    const none = await upload(SEEDED, null);
    expect(none.status).toBe(400);
    expect(refusalOf(none.data).message).toBe("Choisissez une image (JPEG, PNG ou WebP).");
    expect((await act(SEEDED, "image-retirer", { imageId: "999999" })).status).toBe(404);
    expect((await page(SEEDED)).images).toHaveLength(view.images.length);

    expect((await act(SEEDED, "image-retirer", { imageId: String(uploaded?.id) })).status).toBe(303);
    expect((await getProduct(database.db, STORE_ID, SEEDED))?.images.map((image) => image.url)).not.toContain(
      uploaded?.url,
    );
    // Staff cannot touch them.
    const forbidden = await routeOutcome(() =>
      productRoute.action(
        routeArgs(services, `${LIST}/${SEEDED}`, {
          cookie: staff.cookie,
          params: { id: SEEDED },
          form: { intent: "image-retirer", imageId: "1" },
        }) as never,
      ),
    );
    expect(forbidden.status).toBe(403);
  });
});
