import type { z } from "zod";
import type { AppServices } from "#app/lib/app-context.ts";
import { type RateLimit, recordHit } from "#app/lib/rate-limit.server.ts";
import { newCancelToken } from "./cancel-token.server.ts";
import { orderEmails } from "./order-mail.server.ts";
import { attachPaymentSession, closeUnpaidOrder, placeOrder, StoreProblem } from "./orders.server.ts";
import type { PaymentProvider } from "./payments.server.ts";
import { checkoutRequestSchema } from "./schema.ts";

/** Orders accepted per client address and 10 minutes: enough for a buyer, not for a bot emptying the stock. */
export const CHECKOUT_RATE_LIMIT = 10;
const CHECKOUT_WINDOW_MS = 10 * 60_000;

export function checkoutRateLimit(clientIp: string): RateLimit {
  return { key: `checkout:${clientIp}`, limit: CHECKOUT_RATE_LIMIT, windowMs: CHECKOUT_WINDOW_MS };
}

/** Records one order attempt of this address; a StoreProblem 429 beyond the limit. */
export async function enforceCheckoutRateLimit(services: AppServices, clientIp: string): Promise<void> {
  const allowed = await services.db.transaction((tx) => recordHit(tx, checkoutRateLimit(clientIp)));
  if (!allowed) {
    throw new StoreProblem(429, "Trop de commandes depuis cette adresse. Réessayez dans quelques minutes.");
  }
}

export type CheckoutResult = { ok: true; url: string; orderId: string } | { ok: false; error: z.ZodError };

/**
 * POST /checkout of the built-in store: validates the request, records the order
 * (server-side prices, atomic stock reservation), then hands the buyer to the
 * payment provider. Manual orders send their e-mails at once; Stripe orders when
 * the webhook confirms the payment.
 */
export async function checkout(
  services: AppServices,
  storeId: string,
  body: unknown,
  provider: PaymentProvider,
  { clientIp }: { clientIp?: string } = {},
): Promise<CheckoutResult> {
  // The buyer is only ever sent back to this site (SITE_URL's origin).
  const parsed = checkoutRequestSchema(services.env.SITE_URL).safeParse(body);
  if (!parsed.success) return { ok: false, error: parsed.error };
  if (clientIp) await enforceCheckoutRateLimit(services, clientIp);
  const request = parsed.data;
  const { db, env, logger } = services;
  // Only the payment page gets the secret (in the cancel address); the order keeps its hash.
  const cancel = newCancelToken();

  const order = await placeOrder(
    db,
    {
      storeId,
      provider: provider.name,
      items: request.items,
      customer: request.customer,
      fulfilment: request.fulfilment,
      locale: request.locale,
      cancelUrl: request.cancelUrl,
      cancelTokenHash: cancel.hash,
    },
    provider.name === "manual" ? (tx, placed) => orderEmails.enqueuePlaced(tx, services, placed) : undefined,
  );

  if (provider.name === "manual") {
    services.outbox.wake();
    logger.info(
      { orderId: order.id, number: order.number },
      "boutique : commande enregistrée (paiement manuel)",
    );
    const start = await provider.start(order, request);
    return { ok: true, url: start.url, orderId: order.id };
  }

  // The payment provider is called outside the transaction: no lock is held while
  // waiting for it. If it fails, the order is cancelled and its stock given back.
  const cancelUrl = `${env.SITE_URL}/api/store/${encodeURIComponent(storeId)}/checkout/${order.id}/cancel?token=${cancel.token}`;
  try {
    const start = await provider.start(order, { successUrl: request.successUrl, cancelUrl });
    if (start.sessionId) await attachPaymentSession(db, order.id, start.sessionId);
    logger.info({ orderId: order.id, provider: provider.name }, "boutique : session de paiement ouverte");
    return { ok: true, url: start.url, orderId: order.id };
  } catch (error) {
    logger.warn({ err: error, orderId: order.id }, "boutique : ouverture du paiement impossible");
    await db.transaction((tx) => closeUnpaidOrder(tx, order.id, "cancelled"));
    throw new StoreProblem(502, "Le paiement en ligne est momentanément indisponible. Veuillez réessayer.");
  }
}
