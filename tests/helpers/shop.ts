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
