import { and, asc, desc, eq, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  shopProductAdditionalInfo,
  shopProductCollections,
  shopProductCustomFields,
  shopProductImages,
  shopProductOptions,
  shopProductOptionValues,
  shopProducts,
  shopRelatedProducts,
  shopVariantOptionValues,
  shopVariantPrices,
  shopVariants,
} from "#app/db/schema.ts";
import { currencyFor } from "./money.ts";
import type { ProductListQuery, VARIANT_FIELDS } from "./schema.ts";

/** A product as the store API answers it (spec section 3). */
export type ApiProduct = {
  id: string;
  title: string;
  subtitle: string | null;
  ribbon_text: string | null;
  description: string;
  thumbnail: string | null;
  status: string;
  purchasable: boolean;
  order: number;
  site_product_selection: string | null;
  is_hidden: boolean;
  images: { id: number; url: string; order: number; type: string }[];
  options: { id: string; title: string; values: { id: string; value: string }[] }[];
  variants: ApiVariant[];
  collections: { product_id: string; collection_id: string; order: number }[];
  additional_info: { id: string; order: number; title: string; description: string }[];
  type: { value: string };
  custom_fields: { id: string; title: string; is_required: boolean }[];
  related_products: {
    id: string;
    section_title: string;
    related_type: string;
    related_id: string;
    position: number;
  }[];
  updated_at: string;
  created_at: string;
  deleted_at: string | null;
  metadata: Record<string, unknown>;
};

export type ApiVariant = {
  id: string;
  title: string;
  image_url: string | null;
  sku: string | null;
  prices: {
    amount: number;
    sale_amount: number | null;
    currency_code: string;
    currency: { code: string; symbol: string; template: string };
  }[];
  manage_inventory: boolean;
  weight: number | null;
  options: { id: string; option_id: string; value: string }[];
  inventory_quantity: number;
};

/** Products a storefront may show: of this store, published, not deleted. */
function visibleProducts(storeId: string): SQL {
  return and(
    eq(shopProducts.storeId, storeId),
    eq(shopProducts.status, "published"),
    isNull(shopProducts.deletedAt),
  ) as SQL;
}

const sortColumns = {
  order: shopProducts.sortOrder,
  created_at: shopProducts.createdAt,
  updated_at: shopProducts.updatedAt,
  title: shopProducts.title,
} as const;

export type ProductPage = { count: number; offset: number; limit: number; products: ApiProduct[] };

/** Call 3: a page of products, with the total count of those matching. */
export async function listProducts(
  db: Database,
  storeId: string,
  query: ProductListQuery,
): Promise<ProductPage> {
  const conditions: SQL[] = [visibleProducts(storeId)];
  if (query.ids) conditions.push(inArray(shopProducts.id, query.ids.length > 0 ? query.ids : [""]));
  if (query.is_hidden !== undefined) conditions.push(eq(shopProducts.isHidden, query.is_hidden));
  if (query.to_date) conditions.push(lte(shopProducts.createdAt, query.to_date));
  const where = and(...conditions);
  const direction = query.order === "desc" ? desc : asc;
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(shopProducts)
      .where(where)
      .orderBy(direction(sortColumns[query.sort_by]), direction(shopProducts.id))
      .limit(query.limit)
      .offset(query.offset),
    db.select({ count: sql<number>`count(*)::int` }).from(shopProducts).where(where),
  ]);
  return {
    count: total?.count ?? 0,
    offset: query.offset,
    limit: query.limit,
    products: await assembleProducts(db, rows),
  };
}

/** Call 4: one product, or null when this store has no such (live) product. */
export async function getProduct(db: Database, storeId: string, id: string): Promise<ApiProduct | null> {
  const rows = await db
    .select()
    .from(shopProducts)
    .where(and(visibleProducts(storeId), eq(shopProducts.id, id)));
  const [product] = await assembleProducts(db, rows);
  return product ?? null;
}

export type VariantField = (typeof VARIANT_FIELDS)[number];

/** Call 5: the current stock (and other asked-for fields) of the variants of some products. */
export async function listVariants(
  db: Database,
  storeId: string,
  productIds: string[],
  fields: readonly VariantField[],
): Promise<Record<string, unknown>[]> {
  const rows = await db
    .select({
      id: shopVariants.id,
      inventory_quantity: shopVariants.inventoryQuantity,
      manage_inventory: shopVariants.manageInventory,
      sku: shopVariants.sku,
      title: shopVariants.title,
    })
    .from(shopVariants)
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(
      and(
        visibleProducts(storeId),
        inArray(shopVariants.productId, productIds),
        isNull(shopVariants.deletedAt),
      ),
    )
    .orderBy(asc(shopVariants.productId), asc(shopVariants.sortOrder), asc(shopVariants.id));
  const wanted = new Set<VariantField>(["id", ...fields]);
  return rows.map((row) =>
    Object.fromEntries(Object.entries(row).filter(([key]) => wanted.has(key as VariantField))),
  );
}

type ProductRow = typeof shopProducts.$inferSelect;

function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

/** Loads everything hanging off the products in a fixed number of queries, whatever their count. */
async function assembleProducts(db: Database, rows: ProductRow[]): Promise<ApiProduct[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [images, options, optionValues, variants, collections, additionalInfo, customFields, related] =
    await Promise.all([
      db
        .select()
        .from(shopProductImages)
        .where(inArray(shopProductImages.productId, ids))
        .orderBy(asc(shopProductImages.sortOrder), asc(shopProductImages.id)),
      db
        .select()
        .from(shopProductOptions)
        .where(inArray(shopProductOptions.productId, ids))
        .orderBy(asc(shopProductOptions.sortOrder), asc(shopProductOptions.id)),
      db
        .select({
          id: shopProductOptionValues.id,
          optionId: shopProductOptionValues.optionId,
          value: shopProductOptionValues.value,
        })
        .from(shopProductOptionValues)
        .innerJoin(shopProductOptions, eq(shopProductOptions.id, shopProductOptionValues.optionId))
        .where(inArray(shopProductOptions.productId, ids))
        .orderBy(asc(shopProductOptionValues.sortOrder), asc(shopProductOptionValues.id)),
      db
        .select()
        .from(shopVariants)
        .where(and(inArray(shopVariants.productId, ids), isNull(shopVariants.deletedAt)))
        .orderBy(asc(shopVariants.sortOrder), asc(shopVariants.id)),
      db
        .select()
        .from(shopProductCollections)
        .where(inArray(shopProductCollections.productId, ids))
        .orderBy(asc(shopProductCollections.sortOrder)),
      db
        .select()
        .from(shopProductAdditionalInfo)
        .where(inArray(shopProductAdditionalInfo.productId, ids))
        .orderBy(asc(shopProductAdditionalInfo.sortOrder), asc(shopProductAdditionalInfo.id)),
      db.select().from(shopProductCustomFields).where(inArray(shopProductCustomFields.productId, ids)),
      db
        .select()
        .from(shopRelatedProducts)
        .where(inArray(shopRelatedProducts.productId, ids))
        .orderBy(asc(shopRelatedProducts.position)),
    ]);
  const variantIds = variants.map((variant) => variant.id);
  const [prices, variantOptions] =
    variantIds.length === 0
      ? [[], []]
      : await Promise.all([
          db
            .select()
            .from(shopVariantPrices)
            .where(inArray(shopVariantPrices.variantId, variantIds))
            .orderBy(asc(shopVariantPrices.sortOrder), asc(shopVariantPrices.id)),
          db
            .select({
              variantId: shopVariantOptionValues.variantId,
              id: shopProductOptionValues.id,
              optionId: shopProductOptionValues.optionId,
              value: shopProductOptionValues.value,
            })
            .from(shopVariantOptionValues)
            .innerJoin(
              shopProductOptionValues,
              eq(shopProductOptionValues.id, shopVariantOptionValues.optionValueId),
            )
            .where(inArray(shopVariantOptionValues.variantId, variantIds)),
        ]);

  const imagesBy = groupBy(images, (row) => row.productId);
  const optionsBy = groupBy(options, (row) => row.productId);
  const valuesBy = groupBy(optionValues, (row) => row.optionId);
  const variantsBy = groupBy(variants, (row) => row.productId);
  const pricesBy = groupBy(prices, (row) => row.variantId);
  const variantOptionsBy = groupBy(variantOptions, (row) => row.variantId);
  const collectionsBy = groupBy(collections, (row) => row.productId);
  const infoBy = groupBy(additionalInfo, (row) => row.productId);
  const fieldsBy = groupBy(customFields, (row) => row.productId);
  const relatedBy = groupBy(related, (row) => row.productId);

  return rows.map((row) => {
    const productImages = (imagesBy.get(row.id) ?? []).map((image) => ({
      id: image.id,
      url: image.url,
      order: image.sortOrder,
      type: image.type,
    }));
    return {
      id: row.id,
      title: row.title,
      subtitle: row.subtitle,
      ribbon_text: row.ribbonText,
      description: row.description,
      thumbnail: row.thumbnail ?? productImages[0]?.url ?? null,
      status: row.status,
      purchasable: row.purchasable,
      order: row.sortOrder,
      site_product_selection: row.siteProductSelection,
      is_hidden: row.isHidden,
      images: productImages,
      options: (optionsBy.get(row.id) ?? []).map((option) => ({
        id: option.id,
        title: option.title,
        values: (valuesBy.get(option.id) ?? []).map((value) => ({ id: value.id, value: value.value })),
      })),
      variants: (variantsBy.get(row.id) ?? []).map((variant) => ({
        id: variant.id,
        title: variant.title,
        image_url: variant.imageUrl,
        sku: variant.sku,
        prices: (pricesBy.get(variant.id) ?? []).map((price) => ({
          amount: price.amount,
          sale_amount: price.saleAmount,
          currency_code: price.currencyCode,
          currency: currencyFor(price.currencyCode),
        })),
        manage_inventory: variant.manageInventory,
        weight: variant.weightGrams,
        options: (variantOptionsBy.get(variant.id) ?? []).map((value) => ({
          id: value.id,
          option_id: value.optionId,
          value: value.value,
        })),
        inventory_quantity: variant.inventoryQuantity,
      })),
      collections: (collectionsBy.get(row.id) ?? []).map((link) => ({
        product_id: link.productId,
        collection_id: link.collectionId,
        order: link.sortOrder,
      })),
      additional_info: (infoBy.get(row.id) ?? []).map((info) => ({
        id: info.id,
        order: info.sortOrder,
        title: info.title,
        description: info.description,
      })),
      type: { value: row.typeValue },
      custom_fields: (fieldsBy.get(row.id) ?? []).map((field) => ({
        id: field.id,
        title: field.title,
        is_required: field.isRequired,
      })),
      related_products: (relatedBy.get(row.id) ?? []).map((link) => ({
        id: link.id,
        section_title: link.sectionTitle,
        related_type: link.relatedType,
        related_id: link.relatedId,
        position: link.position,
      })),
      updated_at: row.updatedAt.toISOString(),
      created_at: row.createdAt.toISOString(),
      deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
      metadata: row.metadata,
    };
  });
}
