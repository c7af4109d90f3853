import { requirePermission } from "#app/features/auth/session.server.ts";
import { exportLeadData } from "#app/features/leads/gdpr.server.ts";
import { LeadNotFoundError } from "#app/features/leads/query.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import { personalDataFile } from "#app/routes/api/erp/personal-data.server.ts";
import type { Route } from "./+types/lead-export";

/** Prospects and clients (app/lib/permissions.ts); the route walk reads it. */
export const handle = { permission: "prospects" } satisfies RouteHandle;

/** GET /api/erp/leads/:id/export.json: everything kept about the person (right of access). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  return personalDataFile(
    "prospect",
    params.id,
    async () => {
      const content = await exportLeadData(
        db,
        storage,
        { id: session.user.id, email: session.user.email },
        params.id,
      );
      logger.info({ leadId: params.id, by: session.user.id }, "données d'un prospect exportées");
      return content;
    },
    LeadNotFoundError,
  );
}
