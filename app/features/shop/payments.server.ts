import Stripe from "stripe";
import type { Env } from "#app/config/env.server.ts";
import { FULFILMENT_LABELS, orderReference } from "./delivery.ts";
import type { PlacedOrder } from "./orders.server.ts";

/** Where the buyer goes to pay, and the provider's id for that payment. */
export type PaymentStart = { url: string; sessionId: string | null };

/**
 * A way to get paid. `manual`: the order is recorded and paid later by transfer or
 * at pick-up. `stripe`: a Stripe Checkout session, confirmed by a signed webhook.
 */
export interface PaymentProvider {
  readonly name: "manual" | "stripe";
  start(order: PlacedOrder, urls: { successUrl: string; cancelUrl: string }): Promise<PaymentStart>;
  /** Ends an open payment session; false when it can no longer be ended (already paid). */
  cancel(sessionId: string): Promise<boolean>;
}

/** Adds `commande=<reference>` to the success address, for the buyer's page. */
export function withOrderReference(url: string, order: Pick<PlacedOrder, "number">): string {
  const target = new URL(url);
  target.searchParams.set("commande", orderReference(order.number));
  return target.toString();
}

export const manualProvider: PaymentProvider = {
  name: "manual",
  async start(order, urls) {
    return { url: withOrderReference(urls.successUrl, order), sessionId: null };
  },
  async cancel() {
    return true;
  },
};

/** Stripe sessions stay open 30 minutes (Stripe's minimum) before their stock is released. */
export const STRIPE_SESSION_MINUTES = 30;

const stripeClients = new Map<string, Stripe>();

/** The Stripe client for this configuration (STRIPE_API_URL points it at a stub in tests). */
export function stripeClient(env: Pick<Env, "STRIPE_SECRET_KEY" | "STRIPE_API_URL">): Stripe {
  const secret = env.STRIPE_SECRET_KEY;
  if (!secret) throw new Error("STRIPE_SECRET_KEY manquante");
  const key = `${secret}\0${env.STRIPE_API_URL ?? ""}`;
  let client = stripeClients.get(key);
  if (!client) {
    const api = env.STRIPE_API_URL ? new URL(env.STRIPE_API_URL) : null;
    client = new Stripe(secret, {
      maxNetworkRetries: 2,
      timeout: 15_000,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === "https:" ? 443 : 80),
            protocol: api.protocol === "https:" ? "https" : "http",
          }
        : {}),
    });
    stripeClients.set(key, client);
  }
  return client;
}

export function createStripeProvider(stripe: Stripe): PaymentProvider {
  return {
    name: "stripe",
    async start(order, urls) {
      const lineItems: Stripe.Checkout.SessionCreateParams.LineItem[] = order.items.map((item) => ({
        quantity: item.quantity,
        price_data: {
          currency: order.currencyCode,
          unit_amount: item.unitPriceCents,
          product_data: {
            name: item.variantTitle ? `${item.productTitle} — ${item.variantTitle}` : item.productTitle,
            metadata: { variant_id: item.variantId },
          },
        },
      }));
      if (order.shippingCents > 0) {
        lineItems.push({
          quantity: 1,
          price_data: {
            currency: order.currencyCode,
            unit_amount: order.shippingCents,
            product_data: { name: FULFILMENT_LABELS.delivery },
          },
        });
      }
      const session = await stripe.checkout.sessions.create(
        {
          mode: "payment",
          line_items: lineItems,
          customer_email: order.customerEmail,
          client_reference_id: order.id,
          metadata: { order_id: order.id, store_id: order.storeId, reference: orderReference(order.number) },
          locale: "fr",
          success_url: withOrderReference(urls.successUrl, order),
          cancel_url: urls.cancelUrl,
          expires_at: Math.floor(Date.now() / 1000) + STRIPE_SESSION_MINUTES * 60 + 60,
        },
        { idempotencyKey: `order-${order.id}` },
      );
      if (!session.url) throw new Error("Stripe n'a pas renvoyé d'adresse de paiement");
      return { url: session.url, sessionId: session.id };
    },
    async cancel(sessionId) {
      try {
        await stripe.checkout.sessions.expire(sessionId);
        return true;
      } catch (error) {
        const session = await stripe.checkout.sessions.retrieve(sessionId).catch(() => null);
        if (session && session.status === "expired") return true;
        if (session && session.status === "complete") return false;
        throw error;
      }
    },
  };
}

export function stripeEnabled(env: Env): boolean {
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET);
}

/**
 * How the buyer of the checkout page pays: online with Stripe when our own store holds
 * its two keys; otherwise (no keys, or an outside store) by transfer or at pick-up.
 */
export function checkoutPaymentMode(env: Env): "stripe" | "manual" {
  return stripeEnabled(env) && !env.STORE_API_URL ? "stripe" : "manual";
}

/** `stripe` when its two keys are set, else `manual`. */
export function paymentProviderFor(env: Env): PaymentProvider {
  return stripeEnabled(env) ? createStripeProvider(stripeClient(env)) : manualProvider;
}
