import { requirePermission } from "#app/features/auth/session.server.ts";
import { exportLeadData } from "#app/features/leads/gdpr.server.ts";
import { LeadNotFoundError } from "#app/features/leads/query.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/lead-export";

/** Prospects and clients (app/lib/permissions.ts); the route walk reads it. */
export const handle = { permission: "prospects" } satisfies RouteHandle;

/** GET /api/erp/leads/:id/export.json: everything kept about the person (right of access). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  try {
    const content = await exportLeadData(
      db,
      storage,
      { id: session.user.id, email: session.user.email },
      params.id,
    );
    logger.info({ leadId: params.id, by: session.user.id }, "données d'un prospect exportées");
    return new Response(`${JSON.stringify(content, null, 2)}\n`, {
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="prospect-${params.id.slice(0, 8)}-${parisDay()}.json"`,
        "Cache-Control": "private, no-store",
        "X-Robots-Tag": "noindex, nofollow",
      },
    });
  } catch (error) {
    if (error instanceof LeadNotFoundError) {
      return Response.json(
        { message: error.message },
        { status: 404, headers: { "Cache-Control": "no-store" } },
      );
    }
    throw error;
  }
}
