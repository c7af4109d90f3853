import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { purchaseDeliveryLines, purchaseOrderLines, purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import {
  type MatchDecision,
  type MatchGapKind,
  supplierInvoiceLinePairings,
  supplierInvoiceMatchDecisions,
  supplierInvoiceOrderLinks,
} from "#app/db/schema/supplier-invoice-matching.ts";
import {
  type SupplierInvoiceRow,
  supplierInvoiceLines,
  supplierInvoices,
} from "#app/db/schema/supplier-invoices.ts";
import { recordActivity } from "#app/lib/activity.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { COMMITTED_STATUSES, type PurchaseOrderStatus } from "./order-schema.ts";
import {
  computeMatching,
  MATCHING_MESSAGES,
  type MatchInvoice,
  type MatchInvoiceLine,
  type Matching,
  type MatchingStatus,
  type MatchOrderLine,
  matchingStatus,
  type StoredDecision,
} from "./supplier-invoice-matching.ts";
import {
  type Actor,
  SupplierInvoiceError,
  SupplierInvoiceNotFoundError,
  setSupplierInvoiceStatus,
} from "./supplier-invoices.server.ts";

/*
 * The invoice ↔ order matching on the server: what the invoice's page shows (the linked
 * order, the orders that could be linked, the table and its flags), and the staff's posts:
 * link / unlink an order, pair an invoice line by hand, accept a difference or dispute it
 * (the invoice goes « En litige » through `setSupplierInvoiceStatus`, in the same
 * transaction). `orderInvoicing` gives `orderCommitments` what is invoiced per order.
 */

const SUBJECT = "facture_fournisseur" as const;

export type LinkedInvoice = MatchInvoice & { id: string; netCents: number; linkedAt: Date };

export type OrderInvoicing = {
  orderLines: MatchOrderLine[];
  invoices: LinkedInvoice[];
};

/** Per order: its lines (with what was received) and the invoices linked to it. */
export async function orderInvoicing(
  db: DbExecutor,
  orderIds: readonly string[],
): Promise<Map<string, OrderInvoicing>> {
  const result = new Map<string, OrderInvoicing>();
  if (orderIds.length === 0) return result;
  const ids = [...new Set(orderIds)];
  const lines = await db
    .select()
    .from(purchaseOrderLines)
    .where(inArray(purchaseOrderLines.orderId, ids))
    .orderBy(asc(purchaseOrderLines.position));
  const received = lines.length
    ? await db
        .select({ lineId: purchaseDeliveryLines.lineId, quantityMilli: purchaseDeliveryLines.quantityMilli })
        .from(purchaseDeliveryLines)
        .where(
          inArray(
            purchaseDeliveryLines.lineId,
            lines.map((line) => line.id),
          ),
        )
    : [];
  const links = await db
    .select({
      orderId: supplierInvoiceOrderLinks.orderId,
      invoiceId: supplierInvoices.id,
      isCreditNote: supplierInvoices.isCreditNote,
      netCents: supplierInvoices.netCents,
      linkedAt: supplierInvoiceOrderLinks.createdAt,
    })
    .from(supplierInvoiceOrderLinks)
    .innerJoin(supplierInvoices, eq(supplierInvoices.id, supplierInvoiceOrderLinks.invoiceId))
    .where(inArray(supplierInvoiceOrderLinks.orderId, ids))
    .orderBy(asc(supplierInvoiceOrderLinks.createdAt), asc(supplierInvoiceOrderLinks.invoiceId));
  const invoiceIds = links.map((link) => link.invoiceId);
  const invoiceLines = invoiceIds.length
    ? await db
        .select()
        .from(supplierInvoiceLines)
        .where(inArray(supplierInvoiceLines.invoiceId, invoiceIds))
        .orderBy(asc(supplierInvoiceLines.position))
    : [];
  const pairings = invoiceLines.length
    ? await db
        .select()
        .from(supplierInvoiceLinePairings)
        .where(
          inArray(
            supplierInvoiceLinePairings.invoiceLineId,
            invoiceLines.map((line) => line.id),
          ),
        )
    : [];
  const manual = new Map(pairings.map((row) => [row.invoiceLineId, row.orderLineId]));
  for (const id of ids) {
    const orderLines: MatchOrderLine[] = lines
      .filter((line) => line.orderId === id)
      .map((line) => ({
        id: line.id,
        reference: line.reference,
        designation: line.designation,
        unit: line.unit,
        quantityMilli: line.quantityMilli,
        unitPriceHtCents: line.unitPriceHtCents,
        receivedMilli: received
          .filter((row) => row.lineId === line.id)
          .reduce((sum, row) => sum + row.quantityMilli, 0),
      }));
    const invoices = links
      .filter((link) => link.orderId === id)
      .map((link) => {
        const own = invoiceLines.filter((line) => line.invoiceId === link.invoiceId).map(matchLine);
        return {
          id: link.invoiceId,
          isCreditNote: link.isCreditNote,
          netCents: link.netCents,
          linkedAt: link.linkedAt,
          lines: own,
          manual: new Map(
            own.flatMap((line) => {
              const chosen = manual.get(line.id);
              return chosen ? [[line.id, chosen] as const] : [];
            }),
          ),
        };
      });
    result.set(id, { orderLines, invoices });
  }
  return result;
}

function matchLine(line: typeof supplierInvoiceLines.$inferSelect): MatchInvoiceLine {
  return {
    id: line.id,
    reference: line.reference,
    designation: line.designation,
    quantity: line.quantity,
    quantityMilli: line.quantityMilli,
    unit: line.unit,
    unitPrice: line.unitPrice,
    netCents: line.netCents,
  };
}

// ─── The invoice's page ───────────────────────────────────────────────────────────────

export type OrderChoice = { id: string; number: string; status: PurchaseOrderStatus; totalHtCents: number };

export type InvoiceMatchingView = {
  status: MatchingStatus;
  link: {
    orderId: string;
    number: string;
    orderStatus: PurchaseOrderStatus;
    source: "auto" | "manuel";
    totalHtCents: number;
  } | null;
  /** The supplier's sent or delivered orders, for « Lier à une commande ». */
  choices: OrderChoice[];
  orderLines: { id: string; label: string }[];
  matching: Matching | null;
};

async function decisionsOf(db: DbExecutor, invoiceId: string): Promise<StoredDecision[]> {
  const rows = await db
    .select()
    .from(supplierInvoiceMatchDecisions)
    .where(eq(supplierInvoiceMatchDecisions.invoiceId, invoiceId))
    .orderBy(asc(supplierInvoiceMatchDecisions.decidedAt));
  return rows.map((row) => ({
    kind: row.kind,
    subjectId: row.subjectId,
    decision: row.decision,
    reason: row.reason,
    decidedAt: row.decidedAt.toISOString(),
    decidedByEmail: row.decidedByEmail,
  }));
}

async function matchingOf(db: DbExecutor, invoiceId: string, orderId: string): Promise<Matching | null> {
  const invoicing = (await orderInvoicing(db, [orderId])).get(orderId);
  const position = invoicing?.invoices.findIndex((entry) => entry.id === invoiceId) ?? -1;
  const invoice = invoicing?.invoices[position];
  if (!invoicing || !invoice) return null;
  return computeMatching({
    orderLines: invoicing.orderLines,
    invoice,
    // « Already invoiced »: the invoices linked to the order before this one (a later invoice
    // does not turn an earlier one's quantities into a difference).
    others: invoicing.invoices.slice(0, position),
    decisions: await decisionsOf(db, invoiceId),
  });
}

export async function invoiceMatching(
  db: DbExecutor,
  invoice: Pick<SupplierInvoiceRow, "id" | "supplierId">,
): Promise<InvoiceMatchingView> {
  const [link] = await db
    .select({
      orderId: supplierInvoiceOrderLinks.orderId,
      source: supplierInvoiceOrderLinks.source,
      number: purchaseOrders.number,
      orderStatus: purchaseOrders.status,
      totalHtCents: purchaseOrders.totalHtCents,
    })
    .from(supplierInvoiceOrderLinks)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, supplierInvoiceOrderLinks.orderId))
    .where(eq(supplierInvoiceOrderLinks.invoiceId, invoice.id));
  if (!link) {
    const choices = await db
      .select({
        id: purchaseOrders.id,
        number: purchaseOrders.number,
        status: purchaseOrders.status,
        totalHtCents: purchaseOrders.totalHtCents,
      })
      .from(purchaseOrders)
      .where(
        and(
          eq(purchaseOrders.supplierId, invoice.supplierId),
          inArray(purchaseOrders.status, [...COMMITTED_STATUSES]),
        ),
      )
      .orderBy(desc(purchaseOrders.sentAt))
      .limit(100);
    return {
      status: "sans_commande",
      link: null,
      choices: choices.flatMap((row) => (row.number ? [{ ...row, number: row.number }] : [])),
      orderLines: [],
      matching: null,
    };
  }
  const matching = await matchingOf(db, invoice.id, link.orderId);
  return {
    status: matching ? matching.status : matchingStatus([], true),
    link: { ...link, number: link.number ?? "" },
    choices: [],
    orderLines: (matching?.rows ?? []).map((row) => ({
      id: row.orderLine.id,
      label: `${row.orderLine.designation}${row.orderLine.reference ? ` (réf. ${row.orderLine.reference})` : ""}`,
    })),
    matching,
  };
}

// ─── The staff's posts ────────────────────────────────────────────────────────────────

async function lockInvoice(tx: DbExecutor, id: string): Promise<SupplierInvoiceRow> {
  if (!isUuid(id)) throw new SupplierInvoiceNotFoundError();
  const [row] = await tx.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)).for("update");
  if (!row) throw new SupplierInvoiceNotFoundError();
  return row;
}

async function linkOf(tx: DbExecutor, invoiceId: string) {
  const [link] = await tx
    .select({ orderId: supplierInvoiceOrderLinks.orderId, number: purchaseOrders.number })
    .from(supplierInvoiceOrderLinks)
    .innerJoin(purchaseOrders, eq(purchaseOrders.id, supplierInvoiceOrderLinks.orderId))
    .where(eq(supplierInvoiceOrderLinks.invoiceId, invoiceId));
  return link ?? null;
}

/** « Lier à la commande »: an order of the same supplier, sent or delivered. */
export async function linkInvoiceToOrder(
  db: Database,
  actor: Actor,
  invoiceId: string,
  orderId: string,
): Promise<{ number: string }> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    if (await linkOf(tx, invoice.id))
      throw new SupplierInvoiceError(MATCHING_MESSAGES.alreadyLinked, undefined, 409);
    const [order] = isUuid(orderId)
      ? await tx
          .select({
            id: purchaseOrders.id,
            number: purchaseOrders.number,
            supplierId: purchaseOrders.supplierId,
            status: purchaseOrders.status,
          })
          .from(purchaseOrders)
          .where(eq(purchaseOrders.id, orderId))
      : [];
    if (!order) throw new SupplierInvoiceError(MATCHING_MESSAGES.orderNotFound, "orderId");
    if (order.supplierId !== invoice.supplierId) {
      throw new SupplierInvoiceError(MATCHING_MESSAGES.otherSupplier, "orderId");
    }
    if (!COMMITTED_STATUSES.includes(order.status) || !order.number) {
      throw new SupplierInvoiceError(MATCHING_MESSAGES.orderNotLinkable, "orderId");
    }
    await tx
      .insert(supplierInvoiceOrderLinks)
      .values({ invoiceId: invoice.id, orderId: order.id, source: "manuel", createdBy: actor.id });
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: invoice.id,
      kind: "order_linked",
      summary: `Liée à la commande ${order.number}`,
      data: { orderId: order.id },
      actor,
    });
    return { number: order.number };
  });
}

/** « Délier »: the link, the pairings chosen and the decisions taken go; the invoice's status stays. */
export async function unlinkInvoice(
  db: Database,
  actor: Actor,
  invoiceId: string,
): Promise<{ number: string }> {
  return db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const link = await linkOf(tx, invoice.id);
    if (!link) throw new SupplierInvoiceError(MATCHING_MESSAGES.notLinked, undefined, 409);
    const lineIds = (
      await tx
        .select({ id: supplierInvoiceLines.id })
        .from(supplierInvoiceLines)
        .where(eq(supplierInvoiceLines.invoiceId, invoice.id))
    ).map((line) => line.id);
    if (lineIds.length) {
      await tx
        .delete(supplierInvoiceLinePairings)
        .where(inArray(supplierInvoiceLinePairings.invoiceLineId, lineIds));
    }
    await tx
      .delete(supplierInvoiceMatchDecisions)
      .where(eq(supplierInvoiceMatchDecisions.invoiceId, invoice.id));
    await tx.delete(supplierInvoiceOrderLinks).where(eq(supplierInvoiceOrderLinks.invoiceId, invoice.id));
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: invoice.id,
      kind: "order_unlinked",
      summary: `Déliée de la commande ${link.number ?? ""}`.trim(),
      data: { orderId: link.orderId },
      actor,
    });
    return { number: link.number ?? "" };
  });
}

/** An invoice line paired by hand with a line of the linked order (its earlier decisions go). */
export async function pairInvoiceLine(
  db: Database,
  actor: Actor,
  invoiceId: string,
  invoiceLineId: string,
  orderLineId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const link = await linkOf(tx, invoice.id);
    if (!link) throw new SupplierInvoiceError(MATCHING_MESSAGES.notLinked, undefined, 409);
    const [line] = await tx
      .select({ id: supplierInvoiceLines.id, designation: supplierInvoiceLines.designation })
      .from(supplierInvoiceLines)
      .where(and(eq(supplierInvoiceLines.id, invoiceLineId), eq(supplierInvoiceLines.invoiceId, invoice.id)));
    if (!line) throw new SupplierInvoiceError(MATCHING_MESSAGES.lineNotFound, "invoiceLineId");
    const [orderLine] = await tx
      .select({ id: purchaseOrderLines.id, designation: purchaseOrderLines.designation })
      .from(purchaseOrderLines)
      .where(and(eq(purchaseOrderLines.id, orderLineId), eq(purchaseOrderLines.orderId, link.orderId)));
    if (!orderLine) {
      throw new SupplierInvoiceError(MATCHING_MESSAGES.orderLineNotFound, `pairing.${invoiceLineId}`);
    }
    await tx
      .insert(supplierInvoiceLinePairings)
      .values({ invoiceLineId: line.id, orderLineId: orderLine.id, createdBy: actor.id })
      .onConflictDoUpdate({
        target: supplierInvoiceLinePairings.invoiceLineId,
        set: { orderLineId: orderLine.id, createdBy: actor.id, createdAt: new Date() },
      });
    // What was decided about this line, or about quantities it now changes, is to look at again.
    await tx
      .delete(supplierInvoiceMatchDecisions)
      .where(
        and(
          eq(supplierInvoiceMatchDecisions.invoiceId, invoice.id),
          inArray(supplierInvoiceMatchDecisions.subjectId, [line.id, orderLine.id]),
        ),
      );
    await recordActivity(tx, {
      subjectType: SUBJECT,
      subjectId: invoice.id,
      kind: "line_paired",
      summary: `Ligne « ${line.designation} » rapprochée de « ${orderLine.designation} » (commande ${link.number ?? ""})`,
      actor,
    });
  });
}

/**
 * « Accepter l'écart » (kept with its author and time) or « Contester » (the reason written;
 * the invoice goes « En litige » with it). Only a difference the table flags, once.
 */
export async function decideGap(
  db: Database,
  actor: Actor,
  invoiceId: string,
  input: { kind: MatchGapKind; subjectId: string; decision: MatchDecision; reason: string },
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const invoice = await lockInvoice(tx, invoiceId);
    const link = await linkOf(tx, invoice.id);
    if (!link) throw new SupplierInvoiceError(MATCHING_MESSAGES.notLinked, undefined, 409);
    const matching = await matchingOf(tx, invoice.id, link.orderId);
    const gap = matching?.gaps.find(
      (entry) => entry.kind === input.kind && entry.subjectId === input.subjectId,
    );
    if (!gap) throw new SupplierInvoiceError(MATCHING_MESSAGES.gapNotFound, undefined, 404);
    if (gap.decision) throw new SupplierInvoiceError(MATCHING_MESSAGES.alreadyDecided, undefined, 409);
    if (input.decision === "conteste" && invoice.status === "payee") {
      throw new SupplierInvoiceError(MATCHING_MESSAGES.paid, undefined, 409);
    }
    await tx.insert(supplierInvoiceMatchDecisions).values({
      invoiceId: invoice.id,
      kind: input.kind,
      subjectId: input.subjectId,
      decision: input.decision,
      reason: input.decision === "conteste" ? input.reason : "",
      decidedAt: now,
      decidedBy: actor.id,
      decidedByEmail: actor.email,
    });
    if (input.decision === "accepte") {
      await recordActivity(tx, {
        subjectType: SUBJECT,
        subjectId: invoice.id,
        kind: "gap_accepted",
        summary: `Écart accepté — ${gap.label} : ${gap.detail}`,
        data: { kind: input.kind, subjectId: input.subjectId },
        actor,
      });
    } else {
      // The existing dispute: « En litige » with the written reason (a savepoint in this transaction).
      await setSupplierInvoiceStatus(
        tx,
        actor,
        invoice.id,
        { to: "en_litige", disputeReason: `${gap.label} (${gap.detail}) : ${input.reason}` },
        now,
      );
    }
  });
}
