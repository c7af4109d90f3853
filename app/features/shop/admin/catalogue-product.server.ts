import { and, asc, desc, eq, isNull } from "drizzle-orm";
import {
  shopProductImages,
  shopStockMovements,
  shopVariantPrices,
  shopVariants,
} from "#app/db/schema/shop.ts";
import { type ActivityEvent, listActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { type CatalogueStatus, catalogueStatusOf } from "./catalogue-labels.ts";
import { productRow } from "./catalogue-query.server.ts";

/*
 * One product of the catalogue as its page shows it: its texts, its « Style » variants
 * with price, sale price, SKU, weight and stock, the stock's last movements and its history.
 */

export type StockMovementView = {
  id: number;
  delta: number;
  quantityAfter: number;
  reason: string;
  note: string | null;
  actorEmail: string;
  createdAt: Date;
};

export type CatalogueVariant = {
  id: string;
  title: string;
  sku: string | null;
  priceCents: number;
  salePriceCents: number | null;
  weightGrams: number | null;
  manageInventory: boolean;
  inventoryQuantity: number;
  lowStockThreshold: number;
  /** The latest movements first (at most MOVEMENTS_SHOWN). */
  movements: StockMovementView[];
};

export type CatalogueProduct = {
  product: {
    id: string;
    title: string;
    subtitle: string | null;
    ribbonText: string | null;
    description: string;
    thumbnail: string | null;
    status: CatalogueStatus;
    updatedAt: Date;
  };
  variants: CatalogueVariant[];
  images: { id: number; url: string; alt: string; sortOrder: number; storageKey: string | null }[];
  events: ActivityEvent[];
};

export const MOVEMENTS_SHOWN = 20;

export async function getCatalogueProduct(
  db: DbExecutor,
  storeId: string,
  id: string,
): Promise<CatalogueProduct> {
  const row = await productRow(db, storeId, id);
  const [variants, images, events] = await Promise.all([
    db
      .select({
        id: shopVariants.id,
        title: shopVariants.title,
        sku: shopVariants.sku,
        weightGrams: shopVariants.weightGrams,
        manageInventory: shopVariants.manageInventory,
        inventoryQuantity: shopVariants.inventoryQuantity,
        lowStockThreshold: shopVariants.lowStockThreshold,
        priceCents: shopVariantPrices.amount,
        salePriceCents: shopVariantPrices.saleAmount,
      })
      .from(shopVariants)
      .leftJoin(
        shopVariantPrices,
        and(eq(shopVariantPrices.variantId, shopVariants.id), eq(shopVariantPrices.sortOrder, 0)),
      )
      .where(and(eq(shopVariants.productId, id), isNull(shopVariants.deletedAt)))
      .orderBy(asc(shopVariants.sortOrder), asc(shopVariants.id)),
    db
      .select({
        id: shopProductImages.id,
        url: shopProductImages.url,
        alt: shopProductImages.alt,
        sortOrder: shopProductImages.sortOrder,
        storageKey: shopProductImages.storageKey,
      })
      .from(shopProductImages)
      .where(eq(shopProductImages.productId, id))
      .orderBy(asc(shopProductImages.sortOrder), asc(shopProductImages.id)),
    listActivity(db, "produit", id),
  ]);
  // The latest movements of each variant: a busy one never hides a quiet one's.
  const movements = (
    await Promise.all(
      variants.map((variant) =>
        db
          .select()
          .from(shopStockMovements)
          .where(eq(shopStockMovements.variantId, variant.id))
          .orderBy(desc(shopStockMovements.id))
          .limit(MOVEMENTS_SHOWN),
      ),
    )
  ).flat();
  return {
    product: {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      ribbonText: row.ribbonText,
      description: row.description,
      thumbnail: row.thumbnail,
      status: catalogueStatusOf(row),
      updatedAt: row.updatedAt,
    },
    variants: variants.map((variant) => ({
      ...variant,
      priceCents: variant.priceCents ?? 0,
      salePriceCents: variant.salePriceCents ?? null,
      movements: movements
        .filter((movement) => movement.variantId === variant.id)
        .slice(0, MOVEMENTS_SHOWN)
        .map(({ variantId: _variant, orderId: _order, ...movement }) => movement),
    })),
    images,
    events,
  };
}
