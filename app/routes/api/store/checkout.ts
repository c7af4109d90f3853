import { jsonError } from "#app/features/shop/api-response.server.ts";
import { checkoutEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import type { Route } from "./+types/checkout";

/** Store API: POST /api/store/{storeId}/checkout answers {url} to send the buyer to. */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return jsonError(405, "Méthode non autorisée : utilisez POST.");
  // Orders over HTTP are limited per client address. The shop pages limit their buyers
  // themselves: when they reach this API over loopback, the address is the server's own.
  const { clientIp } = context.get(requestContext);
  const loopback = /^(127\.|::1$|::ffff:127\.)/.test(clientIp);
  return checkoutEndpoint(getServices(context), params.storeId, request, {
    clientIp: loopback ? undefined : clientIp,
  });
}

export function loader() {
  return jsonError(405, "Méthode non autorisée : utilisez POST.");
}
