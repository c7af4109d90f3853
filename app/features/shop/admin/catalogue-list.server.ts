import { and, asc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { shopProducts, shopVariantPrices, shopVariants } from "#app/db/schema/shop.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { escapeLike } from "#app/lib/search-text.ts";
import { type CatalogueStatus, catalogueStatusOf } from "./catalogue-labels.ts";
import { live } from "./catalogue-query.server.ts";
import { CATALOGUE_PAGE_SIZE, type CatalogueFilters } from "./schema.ts";

/*
 * The shop's catalogue in the Espace Pro (/erp/boutique/produits): the products as the
 * staff manage them, published, hidden or draft, with their price range and stock.
 */

export type CatalogueListItem = {
  id: string;
  title: string;
  thumbnail: string | null;
  status: CatalogueStatus;
  minPriceCents: number | null;
  maxPriceCents: number | null;
  /** Units in managed stock over the variants; null when no variant's stock is managed. */
  stock: number | null;
  /** Variants at or below their threshold (managed stock only). */
  lowStock: number;
  variantCount: number;
};

/** What a customer pays for a variant: its sale price when lower. */
const paidPrice = sql<number>`case when ${shopVariantPrices.saleAmount} is not null and ${shopVariantPrices.saleAmount} < ${shopVariantPrices.amount} then ${shopVariantPrices.saleAmount} else ${shopVariantPrices.amount} end`;

export async function listCatalogue(db: DbExecutor, storeId: string, filters: CatalogueFilters) {
  const where: SQL[] = [live(storeId)];
  if (filters.statut === "brouillon") where.push(eq(shopProducts.status, "draft"));
  if (filters.statut === "masque")
    where.push(and(eq(shopProducts.status, "published"), eq(shopProducts.isHidden, true)) as SQL);
  if (filters.statut === "publie")
    where.push(and(eq(shopProducts.status, "published"), eq(shopProducts.isHidden, false)) as SQL);
  const query = (filters.q ?? "").trim();
  for (const word of query.split(/\s+/).filter(Boolean)) {
    const pattern = `%${escapeLike(word)}%`;
    where.push(
      or(
        ilike(shopProducts.title, pattern),
        ilike(shopProducts.subtitle, pattern),
        sql`exists (select 1 from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null and (v.sku ilike ${pattern} or v.title ilike ${pattern}))`,
      ) as SQL,
    );
  }
  if (filters.stock === "bas") {
    where.push(
      sql`exists (select 1 from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null and v.manage_inventory and v.inventory_quantity <= v.low_stock_threshold)`,
    );
  }
  if (filters.stock === "rupture") {
    where.push(
      sql`exists (select 1 from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null and v.manage_inventory and v.inventory_quantity = 0)`,
    );
  }
  const condition = and(...where);
  const [count] = await db.select({ n: sql<number>`count(*)::int` }).from(shopProducts).where(condition);
  const total = Number(count?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, CATALOGUE_PAGE_SIZE);
  const products = await db
    .select({
      id: shopProducts.id,
      title: shopProducts.title,
      thumbnail: shopProducts.thumbnail,
      status: shopProducts.status,
      isHidden: shopProducts.isHidden,
    })
    .from(shopProducts)
    .where(condition)
    .orderBy(asc(shopProducts.sortOrder), asc(shopProducts.title))
    .limit(limit)
    .offset(offset);
  const ids = products.map((product) => product.id);
  const figures =
    ids.length === 0
      ? []
      : await db
          .select({
            productId: shopVariants.productId,
            minPrice: sql<number | null>`min(${paidPrice})`,
            maxPrice: sql<number | null>`max(${paidPrice})`,
            stock: sql<
              number | null
            >`sum(${shopVariants.inventoryQuantity}) filter (where ${shopVariants.manageInventory})`,
            low: sql<number>`count(*) filter (where ${shopVariants.manageInventory} and ${shopVariants.inventoryQuantity} <= ${shopVariants.lowStockThreshold})`,
            variants: sql<number>`count(distinct ${shopVariants.id})`,
          })
          .from(shopVariants)
          .leftJoin(
            shopVariantPrices,
            and(eq(shopVariantPrices.variantId, shopVariants.id), eq(shopVariantPrices.sortOrder, 0)),
          )
          .where(and(inArray(shopVariants.productId, ids), isNull(shopVariants.deletedAt)))
          .groupBy(shopVariants.productId);
  const byProduct = new Map(figures.map((row) => [row.productId, row]));
  const items: CatalogueListItem[] = products.map((product) => {
    const row = byProduct.get(product.id);
    return {
      id: product.id,
      title: product.title,
      thumbnail: product.thumbnail,
      status: catalogueStatusOf(product),
      minPriceCents: row?.minPrice == null ? null : Number(row.minPrice),
      maxPriceCents: row?.maxPrice == null ? null : Number(row.maxPrice),
      stock: row?.stock == null ? null : Number(row.stock),
      lowStock: Number(row?.low ?? 0),
      variantCount: Number(row?.variants ?? 0),
    };
  });
  return { items, total, page, pageCount };
}
