import { and, eq, inArray, sql } from "drizzle-orm";
import { purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import { supplierInvoiceOrderLinks } from "#app/db/schema/supplier-invoice-matching.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { COMMITTED_STATUSES } from "./order-schema.ts";

/*
 * The link made at import: an invoice whose order reference (BT-13) is the BC number of a
 * sent (or delivered) order of the same supplier is linked to it, in the import's
 * transaction. Another supplier's order, a draft or a cancelled one is never linked.
 */

export async function linkByOrderReference(
  tx: DbExecutor,
  actor: { id: string; email: string },
  invoice: { id: string; supplierId: string; orderReference: string | null },
): Promise<{ orderId: string; number: string } | null> {
  const reference = invoice.orderReference?.trim().toUpperCase();
  if (!reference) return null;
  const [order] = await tx
    .select({ id: purchaseOrders.id, number: purchaseOrders.number })
    .from(purchaseOrders)
    .where(
      and(
        sql`upper(${purchaseOrders.number}) = ${reference}`,
        eq(purchaseOrders.supplierId, invoice.supplierId),
        inArray(purchaseOrders.status, [...COMMITTED_STATUSES]),
      ),
    )
    .limit(1);
  if (!order?.number) return null;
  await tx
    .insert(supplierInvoiceOrderLinks)
    .values({ invoiceId: invoice.id, orderId: order.id, source: "auto", createdBy: actor.id })
    .onConflictDoNothing();
  await recordActivity(tx, {
    subjectType: "facture_fournisseur",
    subjectId: invoice.id,
    kind: "order_linked",
    summary: `Liée à la commande ${order.number} (référence lue sur la facture)`,
    data: { orderId: order.id },
    actor,
  });
  return { orderId: order.id, number: order.number };
}
