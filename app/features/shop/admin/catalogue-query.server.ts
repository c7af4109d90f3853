import { and, eq, isNull, type SQL } from "drizzle-orm";
import { shopProducts, shopVariants } from "#app/db/schema/shop.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";

/*
 * What the catalogue's server modules share: the errors the screens turn into French
 * messages, which products are live in a store, and the product and variant rows they lock.
 */

export class CatalogueNotFoundError extends namedError(
  "CatalogueNotFoundError",
  "Ce produit n'existe pas.",
) {}

/** A change that makes no sense as the product is now (409). */
export class CatalogueStateError extends namedError("CatalogueStateError") {}

export const live = (storeId: string) =>
  and(eq(shopProducts.storeId, storeId), isNull(shopProducts.deletedAt)) as SQL;

export async function productRow(db: DbExecutor, storeId: string, id: string, lock = false) {
  const query = db
    .select()
    .from(shopProducts)
    .where(and(live(storeId), eq(shopProducts.id, id)));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw new CatalogueNotFoundError();
  return row;
}

export async function variantRow(tx: DbExecutor, productId: string, variantId: string) {
  const [row] = await tx
    .select()
    .from(shopVariants)
    .where(
      and(
        eq(shopVariants.id, variantId),
        eq(shopVariants.productId, productId),
        isNull(shopVariants.deletedAt),
      ),
    )
    .for("update");
  if (!row) throw new CatalogueNotFoundError("Cette variante n'existe pas.");
  return row;
}
