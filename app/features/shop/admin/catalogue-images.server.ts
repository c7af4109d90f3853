import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { shopProductImages, shopProducts } from "#app/db/schema/shop.ts";
import { type ActivityActor, recordActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import { PRODUCT_IMAGES_MAX } from "./catalogue-labels.ts";
import { CatalogueNotFoundError, CatalogueStateError } from "./catalogue-query.server.ts";
import { deleteProductImage, processProductImage, type StoredProductImage } from "./images.server.ts";

/*
 * A product's pictures in the Espace Pro: uploaded (checked by their bytes, re-encoded,
 * stripped of their metadata, in three sizes: ./images.server.ts), described (alt text),
 * reordered and removed. The store shows the page-sized picture in the gallery and the
 * card-sized one as the listing's thumbnail, both served by /images/produits/…
 * (app/routes/shop/product-image.ts), so a change shows on /store at once.
 */

export { PRODUCT_IMAGES_MAX };
export const ALT_MAX = 200;

/** Where the store finds an uploaded picture's size: /images/produits/2026/11/ab…-page.webp. */
export function productImageUrl(fullKey: string, size: "card" | "page" | "full"): string {
  const key = size === "full" ? fullKey : fullKey.replace(/\.webp$/, `-${size}.webp`);
  return `/images/${key}`;
}

/** The keys of the three sizes of an uploaded picture, from its full size's key. */
function storedOf(fullKey: string): StoredProductImage {
  const size = (name: "card" | "page") => ({
    key: fullKey.replace(/\.webp$/, `-${name}.webp`),
    width: 0,
    height: 0,
  });
  return {
    key: fullKey,
    width: 0,
    height: 0,
    variants: { full: { key: fullKey, width: 0, height: 0 }, card: size("card"), page: size("page") },
  };
}

export function altProblem(alt: string): string | null {
  if (alt.length > ALT_MAX || hasControlCharacters(alt)) {
    return `Le texte de remplacement tient sur une ligne, ${ALT_MAX} caractères au plus.`;
  }
  return null;
}

async function liveProduct(tx: DbExecutor, storeId: string, productId: string) {
  const [row] = await tx
    .select({ id: shopProducts.id, title: shopProducts.title })
    .from(shopProducts)
    .where(
      and(eq(shopProducts.id, productId), eq(shopProducts.storeId, storeId), isNull(shopProducts.deletedAt)),
    )
    .for("update");
  if (!row) throw new CatalogueNotFoundError();
  return row;
}

async function imagesOf(tx: DbExecutor, productId: string) {
  return tx
    .select()
    .from(shopProductImages)
    .where(eq(shopProductImages.productId, productId))
    .orderBy(asc(shopProductImages.sortOrder), asc(shopProductImages.id));
}

/** The listing's thumbnail follows the first picture (its card size when uploaded). */
async function refreshThumbnail(tx: DbExecutor, productId: string): Promise<void> {
  const [first] = await imagesOf(tx, productId);
  const thumbnail = first ? (first.storageKey ? productImageUrl(first.storageKey, "card") : first.url) : null;
  await tx
    .update(shopProducts)
    .set({ thumbnail, updatedAt: sql`now()` })
    .where(eq(shopProducts.id, productId));
}

/** Adds a picture at the end of the gallery. Throws ProductImageError for bad bytes. */
export async function addProductImage(
  db: Database,
  storage: FileStorage,
  storeId: string,
  productId: string,
  bytes: Uint8Array,
  alt: string,
  actor: ActivityActor,
): Promise<{ id: number }> {
  const problem = altProblem(alt);
  if (problem) throw new CatalogueStateError(problem);
  // Checked before the bytes are decoded: no work for a product that is not there.
  await liveProduct(db, storeId, productId);
  const stored = await processProductImage(bytes, storage);
  try {
    return await db.transaction(async (tx) => {
      const product = await liveProduct(tx, storeId, productId);
      const images = await imagesOf(tx, productId);
      if (images.length >= PRODUCT_IMAGES_MAX) {
        throw new CatalogueStateError(
          `Un produit a ${PRODUCT_IMAGES_MAX} images au plus : retirez-en une d'abord.`,
        );
      }
      const [row] = await tx
        .insert(shopProductImages)
        .values({
          productId,
          url: productImageUrl(stored.key, "page"),
          storageKey: stored.key,
          alt: alt.trim(),
          sortOrder: (images.at(-1)?.sortOrder ?? -1) + 1,
        })
        .returning({ id: shopProductImages.id });
      if (!row) throw new Error("Image non enregistrée.");
      await refreshThumbnail(tx, productId);
      await recordActivity(tx, {
        subjectType: "produit",
        subjectId: productId,
        kind: "image_added",
        summary: `Image ajoutée${alt.trim() ? ` (« ${alt.trim()} »)` : ""} à « ${product.title} »`,
        data: { imageId: row.id },
        actor,
      });
      return { id: row.id };
    });
  } catch (error) {
    await deleteProductImage(storage, stored);
    throw error;
  }
}

async function imageRow(tx: DbExecutor, productId: string, imageId: number) {
  const [row] = await tx
    .select()
    .from(shopProductImages)
    .where(and(eq(shopProductImages.id, imageId), eq(shopProductImages.productId, productId)));
  if (!row) throw new CatalogueNotFoundError("Cette image n'existe pas.");
  return row;
}

export async function saveImageAlt(
  db: Database,
  storeId: string,
  productId: string,
  imageId: number,
  alt: string,
  actor: ActivityActor,
): Promise<void> {
  const problem = altProblem(alt);
  if (problem) throw new CatalogueStateError(problem);
  await db.transaction(async (tx) => {
    await liveProduct(tx, storeId, productId);
    const row = await imageRow(tx, productId, imageId);
    if (row.alt === alt.trim()) return;
    await tx.update(shopProductImages).set({ alt: alt.trim() }).where(eq(shopProductImages.id, imageId));
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: productId,
      kind: "image_alt",
      summary: `Texte de l'image ${imageId} : « ${alt.trim() || "(décorative)"} »`,
      actor,
    });
  });
}

/** Moves a picture one place earlier or later in the gallery (the first is the thumbnail). */
export async function moveProductImage(
  db: Database,
  storeId: string,
  productId: string,
  imageId: number,
  direction: "avant" | "apres",
  actor: ActivityActor,
): Promise<void> {
  await db.transaction(async (tx) => {
    await liveProduct(tx, storeId, productId);
    const images = await imagesOf(tx, productId);
    const index = images.findIndex((image) => image.id === imageId);
    if (index < 0) throw new CatalogueNotFoundError("Cette image n'existe pas.");
    const target = direction === "avant" ? index - 1 : index + 1;
    if (target < 0 || target >= images.length) {
      throw new CatalogueStateError(
        direction === "avant" ? "Cette image est déjà la première." : "Cette image est déjà la dernière.",
      );
    }
    const order = images.map((image) => image.id);
    [order[index], order[target]] = [order[target] as number, order[index] as number];
    for (const [position, id] of order.entries()) {
      await tx.update(shopProductImages).set({ sortOrder: position }).where(eq(shopProductImages.id, id));
    }
    await refreshThumbnail(tx, productId);
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: productId,
      kind: "image_moved",
      summary: `Image ${imageId} déplacée en position ${target + 1}`,
      actor,
    });
  });
}

/** Removes a picture from the gallery, then its files. */
export async function removeProductImage(
  db: Database,
  storage: FileStorage,
  storeId: string,
  productId: string,
  imageId: number,
  actor: ActivityActor,
): Promise<void> {
  const removed = await db.transaction(async (tx) => {
    await liveProduct(tx, storeId, productId);
    const row = await imageRow(tx, productId, imageId);
    await tx.delete(shopProductImages).where(eq(shopProductImages.id, imageId));
    await refreshThumbnail(tx, productId);
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: productId,
      kind: "image_removed",
      summary: `Image retirée${row.alt ? ` (« ${row.alt} »)` : ""}`,
      actor,
    });
    return row;
  });
  // After the commit: a file left behind by a crash here is harmless, a missing one is not.
  if (removed.storageKey) await deleteProductImage(storage, storedOf(removed.storageKey));
}
