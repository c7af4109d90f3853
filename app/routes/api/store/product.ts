import { productEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/product";

/** Store API, call 4: GET /api/store/{storeId}/products/{id}. */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return productEndpoint(getServices(context), params.storeId, params.id, new URL(request.url));
}
