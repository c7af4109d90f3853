import type { AppServices } from "#app/lib/app-context.ts";
import { PRODUCT_LIST_MAX_LIMIT } from "./schema.ts";
import { storeClientFor } from "./store-client.server.ts";

/** Catalogues beyond this many products are cut from the sitemap (a sitemap holds 50 000 URLs). */
const MAX_PAGES = 20;

/** The product pages search engines should find: every visible product of the store. */
export async function productSitemapPaths(services: AppServices): Promise<string[]> {
  const client = storeClientFor(services);
  const paths: string[] = [];
  try {
    for (let page = 0; page < MAX_PAGES; page++) {
      const answer = await client.listProducts({
        is_hidden: false,
        sort_by: "order",
        order: "asc",
        limit: PRODUCT_LIST_MAX_LIMIT,
        offset: page * PRODUCT_LIST_MAX_LIMIT,
      });
      for (const product of answer.products) paths.push(`/product/${encodeURIComponent(product.id)}`);
      if (answer.offset + answer.products.length >= answer.count || answer.products.length === 0) break;
    }
  } catch (error) {
    // The rest of the sitemap stays useful without the shop.
    services.logger.warn({ err: error }, "sitemap : produits de la boutique indisponibles");
  }
  return paths;
}
