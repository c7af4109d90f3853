import { placeOrder } from "#app/features/shop/orders.server.ts";
import { inProcessStoreFetch } from "#app/features/shop/store-api.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";

/** The demo store (STORE_ID's default), seeded by seedDemoContent. */
export const STORE_ID = "batirade-toulon";
export const STORE_BASE = `https://www.example.test/api/store/${STORE_ID}`;

export type ApiAnswer<T = Record<string, unknown>> = { status: number; statusText: string; body: T };

/** Calls the built-in store API (in-process, the same handlers as over HTTP) and reads its JSON. */
export async function storeApi<T = Record<string, unknown>>(
  services: AppServices,
  path: string,
  init?: RequestInit,
): Promise<ApiAnswer<T>> {
  const response = await inProcessStoreFetch(services)(`${STORE_BASE}${path}`, init);
  const text = await response.text();
  return {
    status: response.status,
    statusText: response.statusText,
    body: (text ? JSON.parse(text) : null) as T,
  };
}

export type CheckoutItem = { variant_id: string; quantity: number };

/** A valid checkout request for these items; `overrides` replaces any part of it. */
export function checkoutBody(items: CheckoutItem[], overrides: Record<string, unknown> = {}) {
  return {
    items,
    successUrl: "https://www.example.test/success",
    cancelUrl: "https://www.example.test/commande",
    locale: "fr",
    customer: { name: "Camille Martin", email: "camille.martin@example.fr", phone: "06 12 34 56 78" },
    fulfilment: { method: "pickup" },
    termsAccepted: true,
    ...overrides,
  };
}

export function postCheckout(services: AppServices, body: unknown) {
  return storeApi<{ url?: string; error?: { message: string; [key: string]: unknown } }>(
    services,
    "/checkout",
    {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
  );
}

/** Records an order as the checkout would (stock reserved), without going through the API. */
export function placeTestOrder(
  db: AppServices["db"],
  {
    provider = "manual",
    fulfilment = "pickup",
    items = [{ variant_id: "perforateur-sds-plus--standard", quantity: 1 }],
    name = "Camille Martin",
    email = "camille.martin@example.fr",
  }: {
    provider?: "manual" | "stripe";
    fulfilment?: "pickup" | "delivery";
    items?: CheckoutItem[];
    name?: string;
    email?: string;
  } = {},
) {
  return placeOrder(db, {
    storeId: STORE_ID,
    provider,
    items,
    customer: { name, email, phone: "06 12 34 56 78" },
    fulfilment:
      fulfilment === "delivery"
        ? { method: "delivery", address: { line1: "12 rue Picot", postalCode: "83000", city: "Toulon" } }
        : { method: "pickup" },
    locale: "fr",
    cancelUrl: "https://www.example.test/commande",
    cancelTokenHash: "0".repeat(64),
  });
}
