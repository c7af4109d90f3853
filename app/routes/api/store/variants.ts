import { variantsEndpoint } from "#app/features/shop/store-api.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/variants";

/** Store API, call 5: GET /api/store/{storeId}/variants?fields=inventory_quantity&product_ids[]=... */
export function loader({ request, params, context }: Route.LoaderArgs) {
  return variantsEndpoint(getServices(context), params.storeId, new URL(request.url));
}
