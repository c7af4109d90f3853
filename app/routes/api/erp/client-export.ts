import { requireActor } from "#app/features/auth/session.server.ts";
import { exportClientData } from "#app/features/clients/gdpr.server.ts";
import { ClientNotFoundError } from "#app/features/clients/query.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/client-export";

export const handle = { permission: "prospects" } satisfies RouteHandle;

/** GET /api/erp/clients/:id/export.json: everything kept about a client (right of access). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, logger } = getServices(context);
  try {
    const content = await exportClientData(db, actor, params.id);
    logger.info({ clientId: params.id, by: actor.id }, "données d'un client exportées");
    return new Response(`${JSON.stringify(content, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="client-${params.id.slice(0, 8)}-${parisDay()}.json"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  } catch (error) {
    if (error instanceof ClientNotFoundError) {
      return Response.json(
        { message: error.message },
        { status: 404, headers: { "Cache-Control": "no-store" } },
      );
    }
    throw error;
  }
}
