import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, type SQL, sql } from "drizzle-orm";
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
} from "#app/db/schema/shop.ts";
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
  /** `alt`: what the picture shows, typed by the staff (an addition to the spec's shape). */
  images: { id: number; url: string; order: number; type: string; alt: string }[];
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
  const rows = await db
    .select(productColumns)
    .from(shopProducts)
    .where(where)
    .orderBy(direction(sortColumns[query.sort_by]), direction(shopProducts.id))
    .limit(query.limit)
    .offset(query.offset);
  // The window count rides along with the rows; a page past the end needs its own count.
  let count = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [total] = await db.select({ count: sql<number>`count(*)::int` }).from(shopProducts).where(where);
    count = total?.count ?? 0;
  }
  return { count, offset: query.offset, limit: query.limit, products: rows.map(toApiProduct) };
}

/** Call 4: one product, or null when this store has no such (live) product. */
export async function getProduct(db: Database, storeId: string, id: string): Promise<ApiProduct | null> {
  const [row] = await db
    .select(productColumns)
    .from(shopProducts)
    .where(and(visibleProducts(storeId), eq(shopProducts.id, id)));
  return row ? toApiProduct(row) : null;
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

type JsonPrice = { amount: number; sale_amount: number | null; currency_code: string };
type JsonVariant = Omit<ApiVariant, "prices"> & { prices: JsonPrice[] };

const jsonList = (select: SQL) => sql`coalesce((${select}), '[]'::json)`;

/*
 * Everything hanging off a product comes back in the same query, as JSON built by
 * the database: one round trip per page whatever its size (the listing's cost is
 * mostly round trips on PGlite).
 */
const productColumns = {
  ...getTableColumns(shopProducts),
  total: sql<number>`count(*) over ()`.mapWith(Number),
  images: sql<ApiProduct["images"]>`${jsonList(sql`
    select json_agg(json_build_object('id', i.id, 'url', i.url, 'order', i.sort_order, 'type', i.type, 'alt', i.alt)
      order by i.sort_order, i.id)
    from ${shopProductImages} i where i.product_id = ${shopProducts.id}`)}`,
  options: sql<ApiProduct["options"]>`${jsonList(sql`
    select json_agg(json_build_object('id', o.id, 'title', o.title, 'values', ${jsonList(sql`
        select json_agg(json_build_object('id', ov.id, 'value', ov.value) order by ov.sort_order, ov.id)
        from ${shopProductOptionValues} ov where ov.option_id = o.id`)}) order by o.sort_order, o.id)
    from ${shopProductOptions} o where o.product_id = ${shopProducts.id}`)}`,
  variants: sql<JsonVariant[]>`${jsonList(sql`
    select json_agg(json_build_object(
        'id', v.id, 'title', v.title, 'image_url', v.image_url, 'sku', v.sku,
        'prices', ${jsonList(sql`
          select json_agg(json_build_object('amount', pr.amount, 'sale_amount', pr.sale_amount,
            'currency_code', pr.currency_code) order by pr.sort_order, pr.id)
          from ${shopVariantPrices} pr where pr.variant_id = v.id`)},
        'manage_inventory', v.manage_inventory, 'weight', v.weight_grams,
        'options', ${jsonList(sql`
          select json_agg(json_build_object('id', ov.id, 'option_id', ov.option_id, 'value', ov.value)
            order by ov.sort_order, ov.id)
          from ${shopVariantOptionValues} vo join ${shopProductOptionValues} ov on ov.id = vo.option_value_id
          where vo.variant_id = v.id`)},
        'inventory_quantity', v.inventory_quantity) order by v.sort_order, v.id)
    from ${shopVariants} v where v.product_id = ${shopProducts.id} and v.deleted_at is null`)}`,
  collections: sql<ApiProduct["collections"]>`${jsonList(sql`
    select json_agg(json_build_object('product_id', c.product_id, 'collection_id', c.collection_id,
      'order', c.sort_order) order by c.sort_order, c.collection_id)
    from ${shopProductCollections} c where c.product_id = ${shopProducts.id}`)}`,
  additionalInfo: sql<ApiProduct["additional_info"]>`${jsonList(sql`
    select json_agg(json_build_object('id', a.id, 'order', a.sort_order, 'title', a.title,
      'description', a.description) order by a.sort_order, a.id)
    from ${shopProductAdditionalInfo} a where a.product_id = ${shopProducts.id}`)}`,
  customFields: sql<ApiProduct["custom_fields"]>`${jsonList(sql`
    select json_agg(json_build_object('id', f.id, 'title', f.title, 'is_required', f.is_required) order by f.id)
    from ${shopProductCustomFields} f where f.product_id = ${shopProducts.id}`)}`,
  related: sql<ApiProduct["related_products"]>`${jsonList(sql`
    select json_agg(json_build_object('id', r.id, 'section_title', r.section_title,
      'related_type', r.related_type, 'related_id', r.related_id, 'position', r.position)
      order by r.position, r.id)
    from ${shopRelatedProducts} r where r.product_id = ${shopProducts.id}`)}`,
};

type ProductRow = typeof shopProducts.$inferSelect & {
  images: ApiProduct["images"];
  options: ApiProduct["options"];
  variants: JsonVariant[];
  collections: ApiProduct["collections"];
  additionalInfo: ApiProduct["additional_info"];
  customFields: ApiProduct["custom_fields"];
  related: ApiProduct["related_products"];
};

function toApiProduct(row: ProductRow): ApiProduct {
  return {
    id: row.id,
    title: row.title,
    subtitle: row.subtitle,
    ribbon_text: row.ribbonText,
    description: row.description,
    thumbnail: row.thumbnail ?? row.images[0]?.url ?? null,
    status: row.status,
    purchasable: row.purchasable,
    order: row.sortOrder,
    site_product_selection: row.siteProductSelection,
    is_hidden: row.isHidden,
    images: row.images,
    options: row.options,
    variants: row.variants.map((variant) => ({
      ...variant,
      prices: variant.prices.map((price) => ({ ...price, currency: currencyFor(price.currency_code) })),
    })),
    collections: row.collections,
    additional_info: row.additionalInfo,
    type: { value: row.typeValue },
    custom_fields: row.customFields,
    related_products: row.related,
    updated_at: row.updatedAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    deleted_at: row.deletedAt ? row.deletedAt.toISOString() : null,
    metadata: row.metadata,
  };
}
