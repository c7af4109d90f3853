import { postOnly } from "#app/features/shop/api-response.server.ts";
import { checkoutEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import type { Route } from "./+types/checkout";

/** Store API: POST /api/store/{storeId}/checkout answers {url} to send the buyer to. */
export function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return postOnly();
  // Orders over HTTP are limited per client address. The shop pages limit their buyers
  // themselves: when they reach this API over loopback, the address is the server's own.
  // That holds only without a proxy: with TRUST_PROXY the address comes from
  // X-Forwarded-For, which a client can make say 127.0.0.1, so loopback counts like any other.
  const services = getServices(context);
  const { clientIp } = context.get(requestContext);
  const loopback = !services.env.TRUST_PROXY && /^(127\.|::1$|::ffff:127\.)/.test(clientIp);
  return checkoutEndpoint(services, params.storeId, request, {
    clientIp: loopback ? undefined : clientIp,
  });
}

export function loader() {
  return postOnly();
}
