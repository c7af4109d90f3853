import { postOnly } from "#app/features/shop/api-response.server.ts";
import { stripeWebhookEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's signed notifications (checkout.session.completed, .expired, ...). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  return stripeWebhookEndpoint(getServices(context), params.storeId, request);
}

export function loader() {
  return postOnly();
}
