import { cancelEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/checkout-cancel";

/**
 * Where the payment page sends a buyer who gave up: with the order's token (`?token=`),
 * the order is cancelled and its stock released; without it, 403 and nothing changes.
 */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return cancelEndpoint(getServices(context), params.storeId, params.orderId, new URL(request.url));
}
