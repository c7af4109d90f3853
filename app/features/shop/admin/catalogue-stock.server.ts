import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { shopProducts, shopStockMovements, shopVariants } from "#app/db/schema/shop.ts";
import { type ActivityActor, recordActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { ADJUSTMENT_REASON_LABELS, type AdjustmentReason } from "./catalogue-labels.ts";
import { CatalogueStateError, live, productRow, variantRow } from "./catalogue-query.server.ts";

/*
 * The catalogue's stock: adjustments by the staff (a delivery, breakage, a count), and the
 * variants running low, for the dashboard.
 */

/**
 * A stock adjustment: a delivery received (+n), breakage (−n), or a count (the stock
 * becomes n). The variant's row is locked, so an order taking units at the same moment
 * is counted before or after, never lost; the stock never goes below zero.
 */
export async function adjustStock(
  db: Database,
  storeId: string,
  productId: string,
  variantId: string,
  input: { reason: AdjustmentReason; quantity: number; note: string },
  actor: ActivityActor,
): Promise<{ delta: number; quantityAfter: number }> {
  return db.transaction(async (tx) => {
    await productRow(tx, storeId, productId);
    const row = await variantRow(tx, productId, variantId);
    if (!row.manageInventory) {
      throw new CatalogueStateError(
        "Le stock de cette variante n'est pas suivi : cochez « Suivre le stock » avant de l'ajuster.",
      );
    }
    const delta =
      input.reason === "reception"
        ? input.quantity
        : input.reason === "casse"
          ? -input.quantity
          : input.quantity - row.inventoryQuantity;
    const quantityAfter = row.inventoryQuantity + delta;
    if (quantityAfter < 0) {
      throw new CatalogueStateError(
        `Il ne reste que ${row.inventoryQuantity} en stock : impossible d'en retirer ${input.quantity}.`,
      );
    }
    if (delta === 0) {
      throw new CatalogueStateError(`Le stock est déjà de ${row.inventoryQuantity} : rien à changer.`);
    }
    await tx
      .update(shopVariants)
      .set({ inventoryQuantity: quantityAfter, updatedAt: sql`now()` })
      .where(eq(shopVariants.id, variantId));
    await tx.insert(shopStockMovements).values({
      variantId,
      delta,
      quantityAfter,
      reason: input.reason,
      note: input.note || null,
      actorEmail: actor.email,
    });
    await recordActivity(tx, {
      subjectType: "produit",
      subjectId: productId,
      kind: "stock",
      summary: `Stock de « ${row.title} » : ${delta > 0 ? "+" : ""}${delta} (${ADJUSTMENT_REASON_LABELS[input.reason].toLowerCase()}), ${quantityAfter} en stock${input.note ? ` — ${input.note}` : ""}`,
      data: { variantId, delta, quantityAfter, reason: input.reason },
      actor,
    });
    return { delta, quantityAfter };
  });
}

export type LowStockVariant = {
  productId: string;
  productTitle: string;
  variantTitle: string;
  quantity: number;
  threshold: number;
};

/** For the dashboard: the managed variants at or below their threshold, emptiest first. */
export async function lowStockVariants(
  db: DbExecutor,
  storeId: string,
  limit = 10,
): Promise<LowStockVariant[]> {
  return db
    .select({
      productId: shopProducts.id,
      productTitle: shopProducts.title,
      variantTitle: shopVariants.title,
      quantity: shopVariants.inventoryQuantity,
      threshold: shopVariants.lowStockThreshold,
    })
    .from(shopVariants)
    .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
    .where(
      and(
        live(storeId),
        isNull(shopVariants.deletedAt),
        eq(shopVariants.manageInventory, true),
        sql`${shopVariants.inventoryQuantity} <= ${shopVariants.lowStockThreshold}`,
      ),
    )
    .orderBy(asc(shopVariants.inventoryQuantity), asc(shopProducts.title))
    .limit(limit);
}
