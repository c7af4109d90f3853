import { and, asc, eq, inArray, isNull, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  shopOrderItems,
  shopOrders,
  shopProducts,
  shopStockMovements,
  shopVariantPrices,
  shopVariants,
} from "#app/db/schema/shop.ts";
import { orderReference, shippingFor } from "./delivery.ts";
import { currencyFor } from "./money.ts";
import { MAX_QUANTITY } from "./schema.ts";

export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
export type Order = typeof shopOrders.$inferSelect;
export type OrderItem = typeof shopOrderItems.$inferSelect;

/** A refusal the buyer can act on: a 4xx with a French message. */
export class StoreProblem extends Error {
  readonly status: number;
  readonly details: Record<string, unknown>;
  constructor(status: number, message: string, details: Record<string, unknown> = {}) {
    super(message);
    this.name = "StoreProblem";
    this.status = status;
    this.details = details;
  }
}

export type NewOrder = {
  storeId: string;
  provider: "manual" | "stripe";
  items: { variant_id: string; quantity: number }[];
  customer: { name: string; email: string; phone: string };
  fulfilment:
    | { method: "pickup" }
    | { method: "delivery"; address: { line1: string; postalCode: string; city: string } };
  locale: string;
  cancelUrl: string;
  /** SHA-256 of the buyer's cancel secret (cancel-token.server.ts). */
  cancelTokenHash: string;
};

export type PlacedOrder = Order & { items: OrderItem[] };

/** The spec's stock message. */
export function insufficientStockMessage(remaining: number): string {
  return `Stock insuffisant. ${Math.max(0, remaining)} restant(s).`;
}
export const UNAVAILABLE_MESSAGE = "Indisponible pour le moment";

/** Same variant twice in a request: one line with the summed quantity. */
function mergeItems(items: NewOrder["items"]): Map<string, number> {
  const merged = new Map<string, number>();
  for (const item of items) merged.set(item.variant_id, (merged.get(item.variant_id) ?? 0) + item.quantity);
  for (const [variantId, quantity] of merged) {
    if (quantity > MAX_QUANTITY) {
      throw new StoreProblem(400, `Quantité trop élevée (${MAX_QUANTITY} au plus).`, {
        variant_id: variantId,
      });
    }
  }
  return merged;
}

/**
 * Records an order: every price is read from the database, and the stock of
 * managed variants is taken with one conditional UPDATE per line, so buyers
 * racing for the last units can never oversell nor drive the stock below zero.
 * `withinTransaction` runs before the commit (e-mails through the outbox).
 */
export async function placeOrder(
  db: Database,
  input: NewOrder,
  withinTransaction?: (tx: Transaction, order: PlacedOrder) => Promise<void>,
): Promise<PlacedOrder> {
  const quantities = mergeItems(input.items);
  // A fixed lock order (variant id) keeps two multi-line orders from deadlocking.
  const variantIds = [...quantities.keys()].sort();
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        variantId: shopVariants.id,
        variantTitle: shopVariants.title,
        sku: shopVariants.sku,
        manageInventory: shopVariants.manageInventory,
        productId: shopProducts.id,
        productTitle: shopProducts.title,
        purchasable: shopProducts.purchasable,
      })
      .from(shopVariants)
      .innerJoin(shopProducts, eq(shopProducts.id, shopVariants.productId))
      .where(
        and(
          inArray(shopVariants.id, variantIds),
          isNull(shopVariants.deletedAt),
          eq(shopProducts.storeId, input.storeId),
          eq(shopProducts.status, "published"),
          isNull(shopProducts.deletedAt),
        ),
      );
    const prices = await tx
      .select()
      .from(shopVariantPrices)
      .where(inArray(shopVariantPrices.variantId, variantIds))
      .orderBy(asc(shopVariantPrices.sortOrder), asc(shopVariantPrices.id));
    const firstPrice = new Map<string, (typeof prices)[number]>();
    for (const price of prices) if (!firstPrice.has(price.variantId)) firstPrice.set(price.variantId, price);
    const byId = new Map(rows.map((row) => [row.variantId, row]));

    const lines: Omit<OrderItem, "id" | "orderId">[] = [];
    const movements: { variantId: string; delta: number; quantityAfter: number }[] = [];
    let currencyCode: string | null = null;
    for (const variantId of variantIds) {
      const row = byId.get(variantId);
      if (!row) throw new StoreProblem(404, `Article introuvable : ${variantId}.`, { variant_id: variantId });
      if (!row.purchasable) {
        throw new StoreProblem(409, UNAVAILABLE_MESSAGE, {
          variant_id: variantId,
          product_title: row.productTitle,
        });
      }
      const price = firstPrice.get(variantId);
      if (!price) {
        throw new StoreProblem(409, UNAVAILABLE_MESSAGE, {
          variant_id: variantId,
          product_title: row.productTitle,
        });
      }
      const code = currencyFor(price.currencyCode).code;
      if (currencyCode && code !== currencyCode) {
        throw new StoreProblem(409, "Les articles du panier ne sont pas dans la même devise.");
      }
      currencyCode = code;
      const quantity = quantities.get(variantId) as number;
      const unit =
        price.saleAmount != null && price.saleAmount < price.amount ? price.saleAmount : price.amount;
      if (row.manageInventory) {
        const taken = await tx
          .update(shopVariants)
          .set({
            inventoryQuantity: sql`${shopVariants.inventoryQuantity} - ${quantity}`,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(shopVariants.id, variantId),
              eq(shopVariants.manageInventory, true),
              sql`${shopVariants.inventoryQuantity} >= ${quantity}`,
            ),
          )
          .returning({ left: shopVariants.inventoryQuantity });
        const left = taken[0]?.left;
        if (left !== undefined) movements.push({ variantId, delta: -quantity, quantityAfter: left });
        if (taken.length === 0) {
          const [current] = await tx
            .select({ quantity: shopVariants.inventoryQuantity })
            .from(shopVariants)
            .where(eq(shopVariants.id, variantId));
          const remaining = current?.quantity ?? 0;
          throw new StoreProblem(409, insufficientStockMessage(remaining), {
            variant_id: variantId,
            product_title: row.productTitle,
            remaining,
          });
        }
      }
      lines.push({
        productId: row.productId,
        variantId,
        productTitle: row.productTitle,
        variantTitle: row.variantTitle,
        sku: row.sku,
        unitPriceCents: unit,
        quantity,
        lineTotalCents: unit * quantity,
        reservedStock: row.manageInventory,
      });
    }

    const subtotal = lines.reduce((sum, line) => sum + line.lineTotalCents, 0);
    const shipping = shippingFor(input.fulfilment.method);
    const [order] = await tx
      .insert(shopOrders)
      .values({
        storeId: input.storeId,
        provider: input.provider,
        customerName: input.customer.name,
        customerEmail: input.customer.email,
        customerPhone: input.customer.phone,
        fulfilment: input.fulfilment.method,
        shippingAddress: input.fulfilment.method === "delivery" ? input.fulfilment.address : null,
        currencyCode: currencyCode ?? "eur",
        subtotalCents: subtotal,
        shippingCents: shipping,
        totalCents: subtotal + shipping,
        locale: input.locale,
        cancelUrl: input.cancelUrl,
        cancelTokenHash: input.cancelTokenHash,
        termsAcceptedAt: new Date(),
      })
      .returning();
    if (!order) throw new Error("commande non enregistrée");
    if (movements.length > 0) {
      await tx.insert(shopStockMovements).values(
        movements.map((movement) => ({
          ...movement,
          reason: "commande" as const,
          orderId: order.id,
          note: orderReference(order.number),
          actorEmail: "boutique",
        })),
      );
    }
    const items = await tx
      .insert(shopOrderItems)
      .values(lines.map((line) => ({ ...line, orderId: order.id })))
      .returning();
    const placed = { ...order, items };
    if (withinTransaction) await withinTransaction(tx, placed);
    return placed;
  });
}

export async function findOrder(db: Database | Transaction, orderId: string): Promise<PlacedOrder | null> {
  const [order] = await db.select().from(shopOrders).where(eq(shopOrders.id, orderId));
  if (!order) return null;
  const items = await db
    .select()
    .from(shopOrderItems)
    .where(eq(shopOrderItems.orderId, orderId))
    .orderBy(asc(shopOrderItems.id));
  return { ...order, items };
}

export async function attachPaymentSession(db: Database, orderId: string, sessionId: string): Promise<void> {
  await db
    .update(shopOrders)
    .set({ providerSessionId: sessionId, updatedAt: sql`now()` })
    .where(eq(shopOrders.id, orderId));
}

/**
 * Closes an unpaid order (`cancelled` or `expired`) and gives its reserved units
 * back. Only an order still awaiting payment moves: calling it twice, or after
 * the payment, changes nothing. Returns whether this call closed it.
 */
export async function closeUnpaidOrder(
  tx: Transaction,
  orderId: string,
  status: "cancelled" | "expired",
): Promise<boolean> {
  const closed = await tx
    .update(shopOrders)
    .set({ status, closedAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shopOrders.id, orderId), eq(shopOrders.status, "awaiting_payment")))
    .returning({ id: shopOrders.id });
  if (closed.length === 0) return false;
  await releaseReservedStock(tx, orderId);
  return true;
}

/**
 * Gives back the units an order's lines still hold on managed stock, and clears their
 * `reserved_stock` flag in the same statement: a second call, or a concurrent one (it
 * waits on the lines' row locks, then finds no flag left), returns nothing. Returns the
 * number of units given back.
 */
export async function releaseReservedStock(tx: Transaction, orderId: string): Promise<number> {
  const released = await tx
    .update(shopOrderItems)
    .set({ reservedStock: false })
    .where(and(eq(shopOrderItems.orderId, orderId), eq(shopOrderItems.reservedStock, true)))
    .returning({ variantId: shopOrderItems.variantId, quantity: shopOrderItems.quantity });
  // A fixed lock order (variant id), as when the stock was taken.
  released.sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  for (const item of released) {
    const [back] = await tx
      .update(shopVariants)
      .set({
        inventoryQuantity: sql`${shopVariants.inventoryQuantity} + ${item.quantity}`,
        updatedAt: sql`now()`,
      })
      .where(eq(shopVariants.id, item.variantId))
      .returning({ quantity: shopVariants.inventoryQuantity });
    if (back) {
      await tx.insert(shopStockMovements).values({
        variantId: item.variantId,
        delta: item.quantity,
        quantityAfter: back.quantity,
        reason: "annulation",
        orderId,
        actorEmail: "boutique",
      });
    }
  }
  return released.reduce((sum, item) => sum + item.quantity, 0);
}

/** Marks an order awaiting payment as paid. Returns the order when this call changed it. */
export async function markOrderPaid(tx: Transaction, orderId: string): Promise<Order | null> {
  const [order] = await tx
    .update(shopOrders)
    .set({ status: "paid", paidAt: sql`now()`, updatedAt: sql`now()` })
    .where(and(eq(shopOrders.id, orderId), eq(shopOrders.status, "awaiting_payment")))
    .returning();
  return order ?? null;
}
