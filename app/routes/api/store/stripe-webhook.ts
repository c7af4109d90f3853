import { postOnly } from "#app/features/shop/api-response.server.ts";
import { stripeWebhookEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { orderBilling } from "#app/routes/erp/boutique/order-billing.server.ts";
import type { Route } from "./+types/stripe-webhook";

/** Stripe's signed notifications (checkout.session.completed, .expired, ...). */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  const services = getServices(context);
  return stripeWebhookEndpoint(services, params.storeId, request, orderBilling(services));
}

export function loader() {
  return postOnly();
}
