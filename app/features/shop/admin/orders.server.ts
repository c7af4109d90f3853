import { and, asc, eq, inArray, lt, sql } from "drizzle-orm";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { shopOrderItems, shopOrders, shopPaymentEvents } from "#app/db/schema/shop.ts";
import { releaseReservedStock, type Transaction } from "#app/features/shop/orders.server.ts";
import { stripeClient, stripeEnabled } from "#app/features/shop/payments.server.ts";
import {
  type ActivityActor,
  type ActivityEvent,
  listActivity,
  recordActivity,
} from "#app/lib/activity.server.ts";
import { namedError } from "#app/lib/named-error.ts";
import { type DbExecutor, enqueueMail } from "#app/lib/outbox.server.ts";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  isSaleProblem,
  MANUAL_PAYMENT_METHODS,
  type OrderBilling,
  type SaleDocument,
  type SalePaymentMethod,
  saleRequestOf,
} from "./billing-port.ts";
import {
  CANCELLABLE_STATUSES,
  ORDER_ACTIONS,
  ORDER_STATUS_LABELS,
  type OrderAction,
  type OrderStatus,
  orderReference,
  REASON_MAX,
  TRACKING_MAX,
} from "./labels.ts";
import { orderInvoiceMail, orderStatusMail } from "./mail.server.ts";

/*
 * The shop's orders in the Espace Pro: an order with everything that happened to it (the
 * list is in ./orders-list.server.ts), and the staff's actions, each in a transaction
 * that locks the order's row, writes its history and e-mails the buyer through the outbox.
 */

export type ShopOrder = typeof shopOrders.$inferSelect;
export type ShopOrderItem = typeof shopOrderItems.$inferSelect;

export class OrderNotFoundError extends namedError("OrderNotFoundError", "Cette commande n'existe pas.") {}

/** An action that makes no sense for the order as it is now (409), or that Stripe refused. */
export class OrderStateError extends namedError("OrderStateError") {}

export function isOrderId(value: string): boolean {
  return isUuid(value);
}

export type SentOrderMail = {
  id: string;
  kind: string;
  subject: string;
  status: string;
  createdAt: Date;
  sentAt: Date | null;
};

/** The order's invoice or credit note, as its page links to them. */
export type OrderDocument = { id: string; number: string | null; totalTtcCents: number; status: string };

export type OrderView = {
  order: ShopOrder;
  invoice: OrderDocument | null;
  creditNote: OrderDocument | null;
  items: ShopOrderItem[];
  payments: { id: string; type: string; receivedAt: Date }[];
  events: ActivityEvent[];
  mails: SentOrderMail[];
};

/** An order, its lines as bought, its payment events, its history and the e-mails sent to the buyer. */
export async function getOrder(db: DbExecutor, id: string): Promise<OrderView> {
  if (!isOrderId(id)) throw new OrderNotFoundError();
  const [order] = await db.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!order) throw new OrderNotFoundError();
  const reference = orderReference(order.number);
  const documentIds = [order.invoiceId, order.creditNoteId].filter((id): id is string => Boolean(id));
  const [documents, items, payments, events, mails] = await Promise.all([
    documentIds.length > 0
      ? db
          .select({
            id: invoices.id,
            number: invoices.number,
            totalTtcCents: invoices.totalTtcCents,
            status: invoices.status,
          })
          .from(invoices)
          .where(inArray(invoices.id, documentIds))
      : Promise.resolve([] as OrderDocument[]),
    db.select().from(shopOrderItems).where(eq(shopOrderItems.orderId, id)).orderBy(asc(shopOrderItems.id)),
    db
      .select({
        id: shopPaymentEvents.id,
        type: shopPaymentEvents.type,
        receivedAt: shopPaymentEvents.receivedAt,
      })
      .from(shopPaymentEvents)
      .where(eq(shopPaymentEvents.orderId, id))
      .orderBy(asc(shopPaymentEvents.receivedAt)),
    listActivity(db, "commande", id),
    db
      .select({
        id: outboxMessages.id,
        kind: outboxMessages.kind,
        subject: sql<string>`${outboxMessages.payload}->>'subject'`,
        status: outboxMessages.status,
        createdAt: outboxMessages.createdAt,
        sentAt: outboxMessages.sentAt,
      })
      .from(outboxMessages)
      .where(
        and(
          sql`${outboxMessages.kind} like 'order.%'`,
          sql`${outboxMessages.payload}->>'to' = ${order.customerEmail}`,
          sql`strpos(${outboxMessages.payload}->>'subject', ${reference}) > 0`,
        ),
      )
      .orderBy(asc(outboxMessages.createdAt)),
  ]);
  const documentOf = (id: string | null) => documents.find((document) => document.id === id) ?? null;
  return {
    order,
    invoice: documentOf(order.invoiceId),
    creditNote: documentOf(order.creditNoteId),
    items,
    payments,
    events,
    mails,
  };
}

/** What the staff typed with an action: checked before anything is read. */
export type ActionInput = {
  trackingReference?: string | null;
  reason?: string | null;
  /** « Marquer comme payée »: how the buyer paid (transfer by default). */
  paymentMethod?: SalePaymentMethod | null;
};

/** A French message for a bad tracking reference or reason; null when they are fine. */
export function actionInputProblem(input: ActionInput): { field: string; message: string } | null {
  const tracking = input.trackingReference ?? "";
  if (tracking.length > TRACKING_MAX || hasControlCharacters(tracking)) {
    return {
      field: "trackingReference",
      message: `La référence de suivi est invalide (${TRACKING_MAX} caractères au plus, sur une ligne).`,
    };
  }
  if (input.paymentMethod && !(MANUAL_PAYMENT_METHODS as readonly string[]).includes(input.paymentMethod)) {
    return {
      field: "paymentMethod",
      message: "Choisissez le mode de paiement : virement, chèque ou espèces.",
    };
  }
  const reason = input.reason ?? "";
  if (reason.length > REASON_MAX || hasControlCharacters(reason)) {
    return {
      field: "reason",
      message: `Le motif d'annulation est invalide (${REASON_MAX} caractères au plus, sur une ligne).`,
    };
  }
  return null;
}

const FINAL_STATUSES: readonly string[] = ["delivered", "picked_up", "cancelled", "expired"];

/** Where an action takes an order, or the French reason it cannot. */
function nextStatus(order: ShopOrder, action: OrderAction): { to: OrderStatus } | { refused: string } {
  const status = order.status as OrderStatus;
  const label = ORDER_STATUS_LABELS[status] ?? status;
  if (FINAL_STATUSES.includes(status)) {
    return { refused: `Cette commande est « ${label} » : elle ne peut plus changer.` };
  }
  const from = (expected: OrderStatus, to: OrderStatus, what: string) =>
    status === expected
      ? { to }
      : {
          refused: `${what} : la commande doit être « ${ORDER_STATUS_LABELS[expected]} » (elle est « ${label} »).`,
        };
  switch (action) {
    case ORDER_ACTIONS.pay:
      if (order.provider !== "manual") {
        return {
          refused:
            "Une commande payée par carte est confirmée par Stripe : elle ne se marque pas payée à la main.",
        };
      }
      return from("awaiting_payment", "paid", "Impossible de la marquer comme payée");
    case ORDER_ACTIONS.prepare:
      return from("paid", "preparing", "Impossible de la préparer");
    case ORDER_ACTIONS.ship:
      if (order.fulfilment !== "delivery") {
        return { refused: "Cette commande est à retirer à Toulon : elle ne s'expédie pas." };
      }
      return from("preparing", "shipped", "Impossible de l'expédier");
    case ORDER_ACTIONS.ready:
      if (order.fulfilment !== "pickup") {
        return { refused: "Cette commande est à livrer : elle ne se retire pas à l'atelier." };
      }
      return from("preparing", "ready_for_pickup", "Impossible de la marquer prête à retirer");
    case ORDER_ACTIONS.deliver:
      if (order.fulfilment !== "delivery") {
        return { refused: "Cette commande est à retirer à Toulon : elle ne se livre pas." };
      }
      return from("shipped", "delivered", "Impossible de la marquer livrée");
    case ORDER_ACTIONS.pickUp:
      if (order.fulfilment !== "pickup") {
        return { refused: "Cette commande est à livrer : elle ne se retire pas à l'atelier." };
      }
      return from("ready_for_pickup", "picked_up", "Impossible de la marquer retirée");
    case ORDER_ACTIONS.cancel:
      return CANCELLABLE_STATUSES.includes(status)
        ? { to: "cancelled" }
        : { refused: `Cette commande est « ${label} » : elle ne peut plus être annulée.` };
    default:
      return { refused: "Action inconnue." };
  }
}

/** Whether the buyer has paid (card or by hand): set when the order became « Payée ». */
function wasPaid(order: ShopOrder): boolean {
  return order.paidAt !== null;
}

/**
 * Refunds a paid card order in full through Stripe. The payment's id is read from its
 * Checkout session. Any refusal becomes an OrderStateError: the caller's transaction is
 * rolled back, the order stays as it was.
 */
async function refundStripeOrder(env: Env, order: ShopOrder): Promise<string> {
  if (!stripeEnabled(env)) {
    throw new OrderStateError(
      "Le paiement Stripe n'est pas configuré : impossible de rembourser cette commande, elle n'a pas été annulée.",
    );
  }
  if (!order.providerSessionId) {
    throw new OrderStateError(
      "Cette commande n'a pas de session de paiement Stripe : remboursement impossible, elle n'a pas été annulée.",
    );
  }
  const stripe = stripeClient(env);
  try {
    const session = await stripe.checkout.sessions.retrieve(order.providerSessionId);
    const intent =
      typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!intent) {
      throw new OrderStateError(
        "Stripe ne connaît pas de paiement pour cette commande : remboursement impossible, elle n'a pas été annulée.",
      );
    }
    const refund = await stripe.refunds.create({ payment_intent: intent, metadata: { order_id: order.id } });
    return refund.id;
  } catch (error) {
    if (error instanceof OrderStateError) throw error;
    const detail = error instanceof Error && error.message ? ` (${error.message})` : "";
    throw new OrderStateError(
      `Stripe a refusé le remboursement${detail} : la commande n'a pas été annulée. Réessayez, ou remboursez depuis le tableau de bord Stripe.`,
    );
  }
}

export type ActionResult = { order: ShopOrder; from: OrderStatus; to: OrderStatus; refundId: string | null };

/**
 * Applies one staff action (or the daily job's cancellation) to an order. The order's
 * row is locked first (`for update`): two people acting at once are served one after
 * the other, and the second is refused if the first made its action meaningless.
 */
export type OrderServices = { db: Database; env: Env; billing?: OrderBilling };

export async function applyOrderAction(
  services: OrderServices,
  orderId: string,
  action: OrderAction,
  input: ActionInput,
  actor: ActivityActor | null,
): Promise<ActionResult> {
  if (!isOrderId(orderId)) throw new OrderNotFoundError();
  const problem = actionInputProblem(input);
  if (problem) throw new OrderStateError(problem.message);
  return services.db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError();
    return applyLocked(tx, services, order, action, input, actor);
  });
}

/** The paid order's invoice, or why it could not be issued: written on the order and in its history. */
export async function invoiceOrder(
  tx: Transaction,
  billing: OrderBilling,
  order: ShopOrder,
  items: ShopOrderItem[],
  method: SalePaymentMethod,
  actor: ActivityActor | null,
): Promise<{ order: ShopOrder; invoice: SaleDocument | null }> {
  const issued = await billing.invoice(tx, saleRequestOf(order, items, method));
  const problem = isSaleProblem(issued) ? issued.problem : null;
  const [updated] = await tx
    .update(shopOrders)
    .set(
      problem
        ? { invoiceProblem: problem }
        : { invoiceId: (issued as SaleDocument).id, invoiceProblem: null },
    )
    .where(eq(shopOrders.id, order.id))
    .returning();
  await recordActivity(tx, {
    subjectType: "commande",
    subjectId: order.id,
    kind: problem ? "invoice_failed" : "invoiced",
    summary: problem
      ? `Facture non émise : ${problem}`
      : `Facture ${(issued as SaleDocument).number} émise et réglée`,
    data: problem ? { problem } : { invoiceId: (issued as SaleDocument).id },
    actor,
  });
  return { order: updated ?? order, invoice: problem ? null : (issued as SaleDocument) };
}

async function applyLocked(
  tx: Transaction,
  services: OrderServices,
  order: ShopOrder,
  action: OrderAction,
  input: ActionInput,
  actor: ActivityActor | null,
): Promise<ActionResult> {
  const next = nextStatus(order, action);
  if ("refused" in next) throw new OrderStateError(next.refused);
  const from = order.status as OrderStatus;
  const { to } = next;
  const tracking = action === ORDER_ACTIONS.ship ? input.trackingReference?.trim() || null : null;
  const reason = action === ORDER_ACTIONS.cancel ? input.reason?.trim() || null : null;
  // A paid order's invoice is cancelled by a credit note before any money moves back: if
  // the credit note cannot be issued, nothing is refunded and the order stands.
  let creditNote: SaleDocument | null = null;
  if (to === "cancelled" && order.invoiceId) {
    if (!services.billing) {
      throw new OrderStateError("Cette commande est facturée : son annulation doit établir un avoir.");
    }
    const credited = await services.billing.credit(tx, order.invoiceId);
    if (isSaleProblem(credited)) {
      throw new OrderStateError(
        `L'avoir de la facture ne peut pas être émis : ${credited.problem} La commande n'a pas été annulée.`,
      );
    }
    creditNote = credited;
  }
  const refundId =
    action === ORDER_ACTIONS.cancel && order.provider === "stripe" && wasPaid(order)
      ? await refundStripeOrder(services.env, order)
      : null;

  const [updated] = await tx
    .update(shopOrders)
    .set({
      status: to,
      updatedAt: sql`now()`,
      ...(to === "paid" ? { paidAt: sql`now()` } : {}),
      ...(to === "cancelled" || to === "delivered" || to === "picked_up" ? { closedAt: sql`now()` } : {}),
      ...(tracking ? { trackingReference: tracking } : {}),
      ...(to === "cancelled" ? { cancelReason: reason, refundId, creditNoteId: creditNote?.id ?? null } : {}),
    })
    .where(eq(shopOrders.id, order.id))
    .returning();
  if (!updated) throw new OrderNotFoundError();
  const released = to === "cancelled" ? await releaseReservedStock(tx, order.id) : 0;

  const details = [
    tracking ? `suivi ${tracking}` : null,
    reason ? `motif : ${reason}` : null,
    refundId ? `remboursement Stripe ${refundId}` : null,
    creditNote ? `avoir ${creditNote.number}` : null,
    released > 0 ? `${released} article${released > 1 ? "s" : ""} remis en stock` : null,
  ].filter(Boolean);
  await recordActivity(tx, {
    subjectType: "commande",
    subjectId: order.id,
    kind: "status",
    summary: `Statut : ${ORDER_STATUS_LABELS[from]} → ${ORDER_STATUS_LABELS[to]}${details.length ? ` (${details.join(", ")})` : ""}`,
    data: { from, to, trackingReference: tracking, reason, refundId, released },
    actor,
  });
  const items = await tx
    .select()
    .from(shopOrderItems)
    .where(eq(shopOrderItems.orderId, order.id))
    .orderBy(asc(shopOrderItems.id));
  let current = updated;
  let document: SaleDocument | null = creditNote;
  if (to === "paid" && services.billing) {
    const invoiced = await invoiceOrder(
      tx,
      services.billing,
      updated,
      items,
      input.paymentMethod ?? "virement",
      actor,
    );
    current = invoiced.order;
    document = invoiced.invoice;
  }
  await enqueueMail(tx, orderStatusMail({ ...current, items }, { wasPaid: wasPaid(order), document }));
  return { order: current, from, to, refundId };
}

/**
 * A paid order whose invoice could not be issued (settings incomplete at the time): the
 * staff issue it once fixed, and the buyer receives it by e-mail.
 */
export async function invoicePaidOrder(
  services: OrderServices & { billing: OrderBilling },
  orderId: string,
  actor: ActivityActor | null,
): Promise<{ order: ShopOrder; invoice: SaleDocument | null; problem: string | null }> {
  if (!isOrderId(orderId)) throw new OrderNotFoundError();
  return services.db.transaction(async (tx) => {
    const [order] = await tx.select().from(shopOrders).where(eq(shopOrders.id, orderId)).for("update");
    if (!order) throw new OrderNotFoundError();
    if (order.invoiceId) throw new OrderStateError("Cette commande a déjà sa facture.");
    if (!order.paidAt || order.status === "cancelled" || order.status === "expired") {
      throw new OrderStateError("Seule une commande payée se facture.");
    }
    const items = await tx
      .select()
      .from(shopOrderItems)
      .where(eq(shopOrderItems.orderId, order.id))
      .orderBy(asc(shopOrderItems.id));
    const method: SalePaymentMethod = order.provider === "stripe" ? "carte" : "virement";
    const done = await invoiceOrder(tx, services.billing, order, items, method, actor);
    if (done.invoice) await enqueueMail(tx, orderInvoiceMail({ ...done.order, items }, done.invoice));
    return { ...done, problem: done.invoice ? null : done.order.invoiceProblem };
  });
}

/**
 * The daily job's work: manual-payment orders still awaiting payment `days` days after
 * they were placed are cancelled (stock returned, buyer told, history written), one
 * transaction each. Returns the numbers of the orders cancelled.
 */
export async function cancelUnpaidOrders(
  services: OrderServices,
  { days, now = new Date() }: { days: number; now?: Date },
): Promise<number[]> {
  const limit = new Date(now.getTime() - days * 86_400_000);
  const stale = await services.db
    .select({ id: shopOrders.id })
    .from(shopOrders)
    .where(
      and(
        eq(shopOrders.provider, "manual"),
        eq(shopOrders.status, "awaiting_payment"),
        lt(shopOrders.createdAt, limit),
      ),
    )
    .orderBy(asc(shopOrders.number));
  const cancelled: number[] = [];
  const reason = `Paiement non reçu sous ${days} jour${days > 1 ? "s" : ""}`;
  for (const { id } of stale) {
    const done = await services.db.transaction(async (tx) => {
      const [order] = await tx
        .select()
        .from(shopOrders)
        .where(and(eq(shopOrders.id, id), inArray(shopOrders.status, ["awaiting_payment"])))
        .for("update");
      // Paid or cancelled meanwhile: nothing to do.
      if (!order) return null;
      return applyLocked(
        tx,
        services,
        order,
        ORDER_ACTIONS.cancel,
        { reason },
        {
          id: null,
          email: "système",
        },
      );
    });
    if (done) cancelled.push(done.order.number);
  }
  return cancelled;
}
