import type { Database } from "#app/db/client.server.ts";
import {
  shopCollections,
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
import { seedCollections, seedProducts } from "./seed-catalogue.ts";

/** The demo catalogue went on sale on this day; each product one day after the previous. */
const CATALOGUE_START = Date.UTC(2025, 8, 1, 8, 0, 0);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Seeds the demo catalogue into `storeId`. Idempotent: products are keyed by fixed
 * ids, and a product that already exists is left as it is (with its stock), so
 * running it at every start keeps what was sold and what the staff changed.
 */
export async function seedShop(db: Database, storeId: string): Promise<void> {
  // Ids are global; another store id gets the same catalogue under its own prefix.
  const prefix = storeId === "batirade-toulon" ? "" : `${storeId}--`;
  const id = (value: string) => `${prefix}${value}`;
  await db.transaction(async (tx) => {
    await tx
      .insert(shopCollections)
      .values(
        Object.entries(seedCollections).map(([key, title]) => ({
          id: id(`collection-${key}`),
          storeId,
          title,
        })),
      )
      .onConflictDoNothing({ target: shopCollections.id });

    const inserted = await tx
      .insert(shopProducts)
      .values(
        seedProducts.map((product, index) => {
          const created = new Date(CATALOGUE_START + index * DAY_MS);
          return {
            id: id(product.id),
            storeId,
            title: product.title,
            subtitle: product.subtitle,
            ribbonText: product.ribbon ?? null,
            description: product.description,
            thumbnail: product.images[0] ?? null,
            purchasable: product.purchasable ?? true,
            sortOrder: (index + 1) * 10,
            siteProductSelection: product.selection ?? null,
            metadata: { seed: "demo" },
            createdAt: created,
            updatedAt: created,
          };
        }),
      )
      .onConflictDoNothing({ target: shopProducts.id })
      .returning({ id: shopProducts.id });
    const fresh = new Set(inserted.map((row) => row.id));
    const products = seedProducts.filter((product) => fresh.has(id(product.id)));
    if (products.length === 0) return;

    const images = products.flatMap((product) =>
      product.images.map((url, order) => ({
        productId: id(product.id),
        url,
        sortOrder: order,
        type: "image",
      })),
    );
    if (images.length > 0) await tx.insert(shopProductImages).values(images);

    await tx.insert(shopProductCollections).values(
      products.map((product) => ({
        productId: id(product.id),
        collectionId: id(`collection-${product.collection}`),
        sortOrder: 0,
      })),
    );

    const info = products.flatMap((product) =>
      (product.info ?? []).map(([title, description], order) => ({
        id: id(`${product.id}--info-${order + 1}`),
        productId: id(product.id),
        sortOrder: order,
        title,
        description,
      })),
    );
    if (info.length > 0) await tx.insert(shopProductAdditionalInfo).values(info);

    const fields = products.flatMap((product) =>
      (product.customFields ?? []).map(([title, isRequired], order) => ({
        id: id(`${product.id}--field-${order + 1}`),
        productId: id(product.id),
        title,
        isRequired,
      })),
    );
    if (fields.length > 0) await tx.insert(shopProductCustomFields).values(fields);

    const related = products.flatMap((product) =>
      (product.related ?? []).map((relatedId, position) => ({
        id: id(`${product.id}--related-${position + 1}`),
        productId: id(product.id),
        sectionTitle: "Souvent achetés ensemble",
        relatedType: "product",
        relatedId: id(relatedId),
        position,
      })),
    );
    if (related.length > 0) await tx.insert(shopRelatedProducts).values(related);

    const variantId = (productId: string, key: string) => id(`${productId}--${key}`);
    await tx.insert(shopVariants).values(
      products.flatMap((product) =>
        product.variants.map((variant, order) => ({
          id: variantId(product.id, variant.key),
          productId: id(product.id),
          title: variant.title,
          imageUrl: variant.image ?? null,
          sku: variant.sku,
          weightGrams: variant.weightGrams,
          manageInventory: variant.stock !== undefined,
          inventoryQuantity: variant.stock ?? 0,
          sortOrder: order,
        })),
      ),
    );
    await tx.insert(shopVariantPrices).values(
      products.flatMap((product) =>
        product.variants.map((variant) => ({
          variantId: variantId(product.id, variant.key),
          currencyCode: "eur",
          amount: variant.price,
          saleAmount: variant.sale ?? null,
          sortOrder: 0,
        })),
      ),
    );

    // Products with several variants offer them under a « Style » option.
    const styled = products.filter((product) => product.variants.length > 1);
    if (styled.length === 0) return;
    await tx.insert(shopProductOptions).values(
      styled.map((product) => ({
        id: id(`${product.id}--style`),
        productId: id(product.id),
        title: "Style",
      })),
    );
    await tx.insert(shopProductOptionValues).values(
      styled.flatMap((product) =>
        product.variants.map((variant, order) => ({
          id: id(`${product.id}--style-${variant.key}`),
          optionId: id(`${product.id}--style`),
          value: variant.title,
          sortOrder: order,
        })),
      ),
    );
    await tx.insert(shopVariantOptionValues).values(
      styled.flatMap((product) =>
        product.variants.map((variant) => ({
          variantId: variantId(product.id, variant.key),
          optionValueId: id(`${product.id}--style-${variant.key}`),
        })),
      ),
    );
  });
}
