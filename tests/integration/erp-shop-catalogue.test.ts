import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { shopOrderItems, shopStockMovements, shopVariants } from "#app/db/schema/shop.ts";
import {
  addProductImage,
  moveProductImage,
  removeProductImage,
  saveImageAlt,
} from "#app/features/shop/admin/catalogue-images.server.ts";
import { listCatalogue } from "#app/features/shop/admin/catalogue-list.server.ts";
import { getCatalogueProduct } from "#app/features/shop/admin/catalogue-product.server.ts";
import {
  CatalogueNotFoundError,
  CatalogueStateError,
} from "#app/features/shop/admin/catalogue-query.server.ts";
import {
  ProductFormSchema,
  StockAdjustmentSchema,
  VariantFormSchema,
} from "#app/features/shop/admin/catalogue-schema.ts";
import { adjustStock, lowStockVariants } from "#app/features/shop/admin/catalogue-stock.server.ts";
import {
  createProduct,
  saveProduct,
  saveVariant,
  setProductStatus,
} from "#app/features/shop/admin/catalogue-write.server.ts";
import { ProductImageError } from "#app/features/shop/admin/images.server.ts";
import { applyOrderAction } from "#app/features/shop/admin/orders.server.ts";
import { getProduct, listProducts } from "#app/features/shop/catalogue.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import * as imageRoute from "#app/routes/shop/product-image.ts";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { pngClaiming } from "#tests/helpers/images.ts";
import { routeOutcome } from "#tests/helpers/route-call.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { placeTestOrder, STORE_ID } from "#tests/helpers/shop.ts";
import { staffTestServices } from "#tests/helpers/staff.ts";

// The catalogue's writes as the Espace Pro makes them (app/features/shop/admin/catalogue-write.server.ts),
// read back through the store API's own functions: a change shows on the storefront at
// once; the stock moves only by logged movements and never below zero; a deleted product
// leaves the store but not the orders. The pages: erp-shop-catalogue-routes.test.ts.

let database: TestDatabase;
let dataDir: string;
let services: AppServices;
const actor = { id: null, email: "gerant@batirade.test" };
const MANAGED = "perforateur-sds-plus--standard";
const PRODUCT = "perforateur-sds-plus";

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-shop-catalogue-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  await seedDemoContent(database.db);
});
afterAll(async () => {
  services.mailer.close();
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const variantForm = (overrides: Record<string, unknown> = {}) =>
  VariantFormSchema.parse({
    title: "Standard",
    sku: "PERF-SDS",
    price: "149,90",
    salePrice: "",
    weight: "2800",
    manageInventory: true,
    lowStockThreshold: "3",
    ...overrides,
  });

async function stockOf(variantId: string) {
  const [row] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  return row?.inventoryQuantity ?? Number.NaN;
}

describe("products", () => {
  it("creates a draft the store does not show, publishes it once priced, and the store shows it at once", async () => {
    const { id } = await createProduct(database.db, STORE_ID, "Niveau laser 3D", actor);
    expect(id).toBe("niveau-laser-3d");
    // A second one of the same title gets its own address.
    expect((await createProduct(database.db, STORE_ID, "Niveau laser 3D", actor)).id).toBe(
      "niveau-laser-3d-2",
    );
    expect(await getProduct(database.db, STORE_ID, id)).toBeNull();

    await expect(setProductStatus(database.db, STORE_ID, id, "publier", actor)).rejects.toThrow(
      "Donnez un prix à au moins une variante avant de publier le produit.",
    );
    const [variant] = (await getCatalogueProduct(database.db, STORE_ID, id)).variants;
    await saveVariant(
      database.db,
      STORE_ID,
      id,
      variant?.id ?? "",
      variantForm({ title: "Vert", price: "289" }),
      actor,
    );
    await setProductStatus(database.db, STORE_ID, id, "publier", actor);
    const published = await getProduct(database.db, STORE_ID, id);
    expect(published?.variants.map((entry) => [entry.title, entry.prices[0]?.amount])).toEqual([
      ["Vert", 28_900],
    ]);
    expect(published?.options[0]?.values.map((value) => value.value)).toEqual(["Vert"]);

    await expect(setProductStatus(database.db, STORE_ID, id, "publier", actor)).rejects.toThrow(
      "Ce produit est déjà « Publié ».",
    );
    // Hidden: out of the listing's `is_hidden=false`, still reachable by its address.
    await setProductStatus(database.db, STORE_ID, id, "masquer", actor);
    const listing = await listProducts(database.db, STORE_ID, {
      limit: 100,
      offset: 0,
      sort_by: "order",
      order: "asc",
      is_hidden: false,
    } as never);
    expect(listing.products.map((product) => product.id)).not.toContain(id);
    expect((await getProduct(database.db, STORE_ID, id))?.is_hidden).toBe(true);

    const history = (await getCatalogueProduct(database.db, STORE_ID, id)).events.map(
      (event) => event.summary,
    );
    expect(history).toEqual(
      expect.arrayContaining([
        "Produit créé (brouillon)",
        `Variante « Vert » modifiée : prix ${formatCents(0)} → ${formatCents(28_900)}, nom « Standard » → « Vert »`,
        "Publié sur la boutique",
        "Masqué de la boutique",
      ]),
    );
  });

  it("stores the description sanitized with the store API's rules, and lists what changed", async () => {
    const { id } = await createProduct(database.db, STORE_ID, "Gants de chantier", actor);
    const changed = await saveProduct(
      database.db,
      STORE_ID,
      id,
      ProductFormSchema.parse({
        title: "Gants de chantier renforcés",
        subtitle: "Taille 9",
        ribbonText: "Nouveau",
        description:
          '<p onclick="alert(1)">Cuir <strong>pleine fleur</strong><script>alert(1)</script><img src=x onerror=alert(2)></p>',
      }),
      actor,
    );
    expect(changed).toEqual(["title", "subtitle", "ribbonText", "description"]);
    const { product } = await getCatalogueProduct(database.db, STORE_ID, id);
    expect(product.description).toBe("<p>Cuir <strong>pleine fleur</strong></p>");
    // The same form again changes nothing.
    expect(
      await saveProduct(
        database.db,
        STORE_ID,
        id,
        ProductFormSchema.parse({
          title: "Gants de chantier renforcés",
          subtitle: "Taille 9",
          ribbonText: "Nouveau",
          description: product.description,
        }),
        actor,
      ),
    ).toEqual([]);
    expect(
      ProductFormSchema.safeParse({ title: " ", subtitle: "", ribbonText: "", description: "" }).success,
    ).toBe(false);
  });

  it("refuses bad variant input in French", () => {
    const problems = (input: Record<string, unknown>) =>
      VariantFormSchema.safeParse({
        title: "Standard",
        sku: "",
        price: "10",
        salePrice: "",
        weight: "",
        manageInventory: false,
        lowStockThreshold: "3",
        ...input,
      }).error?.issues.map((issue) => [issue.path[0], issue.message]);
    expect(problems({ salePrice: "12" })).toEqual([
      ["salePrice", "Le prix soldé doit être inférieur au prix."],
    ]);
    expect(problems({ price: "" })).toEqual([["price", "Indiquez le prix TTC."]]);
    expect(problems({ lowStockThreshold: "-1" })?.[0]?.[0]).toBe("lowStockThreshold");
    expect(problems({ weight: "2,5" })?.[0]?.[0]).toBe("weight");
  });

  it("deletes softly: the store forgets it, the orders keep their lines", async () => {
    const order = await placeTestOrder(services.db, {
      email: "supprime@example.fr",
      items: [{ variant_id: MANAGED, quantity: 1 }],
    });
    await setProductStatus(database.db, STORE_ID, PRODUCT, "supprimer", actor);
    expect(await getProduct(database.db, STORE_ID, PRODUCT)).toBeNull();
    await expect(getCatalogueProduct(database.db, STORE_ID, PRODUCT)).rejects.toThrow(CatalogueNotFoundError);
    const lines = await database.db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, order.id));
    expect(lines.map((item) => item.productTitle)).toEqual(["Perforateur burineur SDS-Plus 800 W"]);
    expect(
      (await listCatalogue(database.db, STORE_ID, { q: undefined, page: 1 })).items.map((item) => item.id),
    ).not.toContain(PRODUCT);
  });
});

describe("stock", () => {
  it("moves only by logged movements: reception, breakage, count, and the orders themselves", async () => {
    const { id } = await createProduct(database.db, STORE_ID, "Mètre ruban 5 m", actor);
    const [variant] = (await getCatalogueProduct(database.db, STORE_ID, id)).variants;
    const variantId = variant?.id ?? "";
    // Not managed yet: no adjustment.
    await expect(
      adjustStock(
        database.db,
        STORE_ID,
        id,
        variantId,
        { reason: "reception", quantity: 5, note: "" },
        actor,
      ),
    ).rejects.toThrow(CatalogueStateError);
    await saveVariant(
      database.db,
      STORE_ID,
      id,
      variantId,
      variantForm({ price: "12,90", lowStockThreshold: "2" }),
      actor,
    );
    await setProductStatus(database.db, STORE_ID, id, "publier", actor);

    expect(
      await adjustStock(
        database.db,
        STORE_ID,
        id,
        variantId,
        { reason: "reception", quantity: 5, note: "BL 4512" },
        actor,
      ),
    ).toEqual({ delta: 5, quantityAfter: 5 });
    await expect(
      adjustStock(database.db, STORE_ID, id, variantId, { reason: "casse", quantity: 10, note: "" }, actor),
    ).rejects.toThrow("Il ne reste que 5 en stock : impossible d'en retirer 10.");
    expect(
      await adjustStock(
        database.db,
        STORE_ID,
        id,
        variantId,
        { reason: "casse", quantity: 1, note: "" },
        actor,
      ),
    ).toEqual({ delta: -1, quantityAfter: 4 });
    await expect(
      adjustStock(
        database.db,
        STORE_ID,
        id,
        variantId,
        { reason: "inventaire", quantity: 4, note: "" },
        actor,
      ),
    ).rejects.toThrow("Le stock est déjà de 4 : rien à changer.");

    // An order takes 3, its cancellation gives them back: both in the log.
    const order = await placeTestOrder(services.db, {
      email: "stock@example.fr",
      items: [{ variant_id: variantId, quantity: 3 }],
    });
    expect(await stockOf(variantId)).toBe(1);
    expect(
      (await lowStockVariants(database.db, STORE_ID)).map((low) => [low.productId, low.quantity]),
    ).toContainEqual([id, 1]);
    await applyOrderAction(services, order.id, "annuler", {}, actor);
    expect(
      await adjustStock(
        database.db,
        STORE_ID,
        id,
        variantId,
        { reason: "inventaire", quantity: 2, note: "Comptage" },
        actor,
      ),
    ).toEqual({ delta: -2, quantityAfter: 2 });

    const log = await database.db
      .select()
      .from(shopStockMovements)
      .where(eq(shopStockMovements.variantId, variantId))
      .orderBy(asc(shopStockMovements.id));
    expect(log.map((movement) => [movement.reason, movement.delta, movement.quantityAfter])).toEqual([
      ["reception", 5, 5],
      ["casse", -1, 4],
      ["commande", -3, 1],
      ["annulation", 3, 4],
      ["inventaire", -2, 2],
    ]);
    // Each movement follows from the one before: the log is the stock's story.
    for (const [index, movement] of log.entries()) {
      expect(movement.quantityAfter).toBe((log[index - 1]?.quantityAfter ?? 0) + movement.delta);
    }
    expect(log.at(-1)?.quantityAfter).toBe(await stockOf(variantId));
    const view = await getCatalogueProduct(database.db, STORE_ID, id);
    expect(view.variants[0]?.movements.map((movement) => movement.reason)).toEqual([
      "inventaire",
      "annulation",
      "commande",
      "casse",
      "reception",
    ]);
    expect(
      (await listCatalogue(database.db, STORE_ID, { q: undefined, page: 1, stock: "bas" })).items.map(
        (item) => item.id,
      ),
    ).toContain(id);
  });

  it("counts an order and an adjustment made at the same moment, both", async () => {
    const { id } = await createProduct(database.db, STORE_ID, "Cordeau traceur", actor);
    const [variant] = (await getCatalogueProduct(database.db, STORE_ID, id)).variants;
    const variantId = variant?.id ?? "";
    await saveVariant(database.db, STORE_ID, id, variantId, variantForm({ price: "9,90" }), actor);
    await setProductStatus(database.db, STORE_ID, id, "publier", actor);
    await adjustStock(
      database.db,
      STORE_ID,
      id,
      variantId,
      { reason: "reception", quantity: 10, note: "" },
      actor,
    );
    await Promise.all([
      placeTestOrder(services.db, {
        email: "concurrent@example.fr",
        items: [{ variant_id: variantId, quantity: 4 }],
      }),
      adjustStock(
        database.db,
        STORE_ID,
        id,
        variantId,
        { reason: "reception", quantity: 6, note: "" },
        actor,
      ),
    ]);
    expect(await stockOf(variantId)).toBe(12);
    const log = await database.db
      .select()
      .from(shopStockMovements)
      .where(and(eq(shopStockMovements.variantId, variantId)))
      .orderBy(asc(shopStockMovements.id));
    expect(log.reduce((sum, movement) => sum + movement.delta, 0)).toBe(12);
  });

  it("refuses a bad adjustment in French", () => {
    const problem = (input: Record<string, unknown>) =>
      StockAdjustmentSchema.safeParse({ reason: "reception", quantity: "1", note: "", ...input }).error
        ?.issues[0]?.message;
    expect(problem({ reason: "vol" })).toBe("Choisissez le motif : réception, inventaire ou casse.");
    expect(problem({ quantity: "0" })).toBe("Indiquez une quantité d'au moins 1.");
    expect(problem({ quantity: "-3" })).toContain("un nombre entier entre 0 et 100");
    expect(problem({ reason: "inventaire", quantity: "0" })).toBeUndefined();
  });
});

describe("images", () => {
  const photo = (color: string) =>
    sharp({ create: { width: 1600, height: 1200, channels: 3, background: color } })
      .jpeg()
      .withMetadata({ exif: { IFD0: { Copyright: "Atelier", Artist: "Gérant" } } })
      .toBuffer();

  async function served(url: string | null | undefined) {
    const key = (url ?? "").replace(/^\/images\//, "");
    return routeOutcome(() =>
      imageRoute.loader({
        request: new Request(`http://localhost${url}`),
        params: { "*": key },
        context: routerContext(services),
      } as never),
    );
  }

  it("adds pictures, re-encoded and stripped, that the store shows at once; reorders, describes and removes them", async () => {
    const { id } = await createProduct(database.db, STORE_ID, "Scie sauteuse", actor);
    const [variant] = (await getCatalogueProduct(database.db, STORE_ID, id)).variants;
    await saveVariant(database.db, STORE_ID, id, variant?.id ?? "", variantForm({ price: "99" }), actor);
    await setProductStatus(database.db, STORE_ID, id, "publier", actor);

    const first = await addProductImage(
      database.db,
      services.storage,
      STORE_ID,
      id,
      await photo("#c0392b"),
      "Scie de face",
      actor,
    );
    const second = await addProductImage(
      database.db,
      services.storage,
      STORE_ID,
      id,
      await photo("#2e86c1"),
      "",
      actor,
    );
    let store = await getProduct(database.db, STORE_ID, id);
    expect(store?.images.map((image) => image.id)).toEqual([first.id, second.id]);
    expect(store?.thumbnail).toMatch(/^\/images\/produits\/\d{4}\/\d{2}\/[0-9a-f]{32}-card\.webp$/);
    const page = await served(store?.images[0]?.url);
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toBe("image/webp");
    expect(page.headers.get("cache-control")).toContain("immutable");
    const meta = await sharp(Buffer.from(await (page.data as Response).arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: "webp", width: 1200, height: 900 });
    expect(meta.exif).toBeUndefined();

    // The second first: it becomes the thumbnail.
    await moveProductImage(database.db, STORE_ID, id, second.id, "avant", actor);
    await expect(moveProductImage(database.db, STORE_ID, id, second.id, "avant", actor)).rejects.toThrow(
      "Cette image est déjà la première.",
    );
    store = await getProduct(database.db, STORE_ID, id);
    expect(store?.images.map((image) => image.id)).toEqual([second.id, first.id]);
    const view = await getCatalogueProduct(database.db, STORE_ID, id);
    expect(store?.thumbnail).toBe(
      view.images[0]?.storageKey
        ? `/images/${view.images[0].storageKey.replace(/\.webp$/, "-card.webp")}`
        : "",
    );

    await saveImageAlt(database.db, STORE_ID, id, second.id, "Scie de profil", actor);
    await expect(saveImageAlt(database.db, STORE_ID, id, second.id, "a\nb", actor)).rejects.toThrow(
      CatalogueStateError,
    );
    expect((await getCatalogueProduct(database.db, STORE_ID, id)).images.map((image) => image.alt)).toEqual([
      "Scie de profil",
      "Scie de face",
    ]);

    const removedUrl = store?.images[0]?.url;
    await removeProductImage(database.db, services.storage, STORE_ID, id, second.id, actor);
    expect((await served(removedUrl)).status).toBe(404);
    store = await getProduct(database.db, STORE_ID, id);
    expect(store?.images.map((image) => image.id)).toEqual([first.id]);
    expect((await served(store?.thumbnail)).status).toBe(200);
    // A made-up or hostile address is a 404, never a file outside the images.
    expect((await served("/images/produits/../../secret.webp")).status).toBe(404);
    expect((await served("/images/devis/2026/11/00000000000000000000000000000000.webp")).status).toBe(404);
  });

  it("refuses a non-image, a 6 MB file and a 20,000 × 20,000 px image, and keeps nothing of them", async () => {
    const { id } = await createProduct(database.db, STORE_ID, "Disque diamant", actor);
    const files = () =>
      readdirSync(dataDir, { recursive: true })
        .map(String)
        .filter((name) => name.endsWith(".webp"));
    const before = files();
    const attempts: [Uint8Array, string][] = [
      [
        Buffer.from("Ceci n'est pas une image, seulement du texte."),
        "Ce fichier n'est pas une image (JPEG, PNG ou WebP).",
      ],
      [Buffer.concat([await photo("#888888"), Buffer.alloc(6 * 1024 * 1024)]), "L'image dépasse 5\u00a0Mo."],
      [pngClaiming(20_000, 20_000), "L'image est trop grande"],
    ];
    for (const [bytes, message] of attempts) {
      const attempt = addProductImage(database.db, services.storage, STORE_ID, id, bytes, "", actor);
      await expect(attempt).rejects.toThrow(ProductImageError);
      await expect(attempt).rejects.toThrow(message);
    }
    expect((await getCatalogueProduct(database.db, STORE_ID, id)).images).toEqual([]);
    expect(files()).toEqual(before);
  });
});
