import type Stripe from "stripe";
import { shopPaymentEvents } from "#app/db/schema/shop.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { OrderBilling } from "./admin/billing-port.ts";
import { invoiceOrder } from "./admin/orders.server.ts";
import { json, jsonError } from "./api-response.server.ts";
import { orderEmails } from "./order-mail.server.ts";
import { closeUnpaidOrder, findOrder, markOrderPaid, type Transaction } from "./orders.server.ts";
import { stripeClient, stripeEnabled } from "./payments.server.ts";

const MAX_WEBHOOK_BODY = 512 * 1024;

const HANDLED = new Set([
  "checkout.session.completed",
  "checkout.session.async_payment_succeeded",
  "checkout.session.async_payment_failed",
  "checkout.session.expired",
]);

/**
 * Stripe's signed notifications. The signature is checked on the raw body; each
 * event id is recorded in the same transaction as its effect, so a replayed event
 * (Stripe retries, or an attacker resending a captured one) changes nothing.
 */
export async function handleStripeWebhook(
  services: AppServices,
  request: Request,
  billing?: OrderBilling,
): Promise<Response> {
  const { env, db, logger } = services;
  if (!stripeEnabled(env)) return jsonError(404, "Le paiement Stripe n'est pas configuré.");
  const signature = request.headers.get("stripe-signature");
  if (!signature) return jsonError(400, "En-tête Stripe-Signature manquant.");
  const payload = await request.text();
  if (payload.length > MAX_WEBHOOK_BODY) return jsonError(413, "Notification trop volumineuse.");

  let event: Stripe.Event;
  try {
    event = await stripeClient(env).webhooks.constructEventAsync(
      payload,
      signature,
      env.STRIPE_WEBHOOK_SECRET as string,
    );
  } catch {
    logger.warn("boutique : notification Stripe à la signature invalide");
    return jsonError(400, "Signature de la notification invalide.");
  }
  if (!HANDLED.has(event.type)) return json({ received: true, ignored: event.type });

  const session = event.data.object as Stripe.Checkout.Session;
  const orderId = session.metadata?.order_id ?? session.client_reference_id ?? "";
  const order = isUuid(orderId) ? await findOrder(db, orderId) : null;
  if (order?.provider !== "stripe") {
    logger.warn({ eventId: event.id, sessionId: session.id }, "boutique : notification Stripe sans commande");
    return json({ received: true, ignored: "commande inconnue" });
  }
  if (order.providerSessionId && order.providerSessionId !== session.id) {
    logger.warn({ eventId: event.id, orderId }, "boutique : session Stripe étrangère à la commande");
    return json({ received: true, ignored: "session étrangère" });
  }

  const outcome = await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(shopPaymentEvents)
      .values({ id: event.id, provider: "stripe", type: event.type, orderId: order.id })
      .onConflictDoNothing({ target: shopPaymentEvents.id })
      .returning({ id: shopPaymentEvents.id });
    if (fresh.length === 0) return "déjà traitée";
    return applyEvent(tx, services, event.type, session, order.id, billing);
  });
  if (outcome === "payée") services.outbox.wake();
  logger.info(
    { eventId: event.id, type: event.type, orderId: order.id, outcome },
    "boutique : notification Stripe",
  );
  return json({ received: true, outcome });
}

async function applyEvent(
  tx: Transaction,
  services: AppServices,
  type: string,
  session: Stripe.Checkout.Session,
  orderId: string,
  billing: OrderBilling | undefined,
): Promise<string> {
  switch (type) {
    case "checkout.session.completed":
    case "checkout.session.async_payment_succeeded": {
      // A delayed method (SEPA debit...) completes the session before the money arrives.
      if (session.payment_status !== "paid") return "paiement en attente";
      const paid = await markOrderPaid(tx, orderId);
      if (!paid) return "inchangée";
      const order = await findOrder(tx, orderId);
      if (order) {
        // The invoice, issued now, goes with the payment's receipt.
        const invoice = billing
          ? (await invoiceOrder(tx, billing, order, order.items, "carte", { id: null, email: "Stripe" }))
              .invoice
          : null;
        await orderEmails.enqueuePaid(tx, services.env, order, invoice);
      }
      return "payée";
    }
    case "checkout.session.async_payment_failed":
      return (await closeUnpaidOrder(tx, orderId, "cancelled")) ? "annulée" : "inchangée";
    case "checkout.session.expired":
      return (await closeUnpaidOrder(tx, orderId, "expired")) ? "expirée" : "inchangée";
    default:
      return "ignorée";
  }
}
