import { productsEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/products";

/** Store API, call 3: GET /api/store/{storeId}/products. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return productsEndpoint(getServices(context), params.storeId, new URL(request.url));
}
