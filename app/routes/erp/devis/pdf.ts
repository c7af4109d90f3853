import { requirePermission } from "#app/features/auth/session.server.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/pdf";

// Work in progress: replaced in this session.
export const handle = { permission: "devis" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return Response.json({ message: "Bientôt disponible." }, { status: 404 });
}
