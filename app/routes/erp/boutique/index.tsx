import { redirect } from "react-router";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { BOUTIQUE_HANDLE } from "#app/features/erp/navigation.ts";
import type { Route } from "./+types/index";

/* /erp/boutique — the shop's first screen is its orders. */

export const handle = BOUTIQUE_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return redirect("/erp/boutique/commandes");
}
