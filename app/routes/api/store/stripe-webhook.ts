import { jsonError } from "#app/features/shop/api-response.server.ts";
import { stripeWebhookEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's signed notifications (checkout.session.completed, .expired, ...). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Méthode non autorisée : utilisez POST.");
  return stripeWebhookEndpoint(getServices(context), params.storeId, request);
}

export function loader() {
  return jsonError(405, "Méthode non autorisée : utilisez POST.");
}
