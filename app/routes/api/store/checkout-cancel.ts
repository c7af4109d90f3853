import { cancelEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/checkout-cancel";

/** Where the payment page sends a buyer who gave up: the order is cancelled, its stock released. */
export function loader({ params, context }: Route.LoaderArgs) {
  return cancelEndpoint(getServices(context), params.storeId, params.orderId);
}
