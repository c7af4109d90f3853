import { requireActor } from "#app/features/auth/session.server.ts";
import { exportClientData } from "#app/features/clients/gdpr.server.ts";
import { ClientNotFoundError } from "#app/features/clients/query.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import { personalDataFile } from "#app/routes/api/erp/personal-data.server.ts";
import type { Route } from "./+types/client-export";

export const handle = { permission: "prospects" } satisfies RouteHandle;

/** GET /api/erp/clients/:id/export.json: everything kept about a client (right of access). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const { db, logger } = getServices(context);
  return personalDataFile(
    "client",
    params.id,
    async () => {
      const content = await exportClientData(db, actor, params.id);
      logger.info({ clientId: params.id, by: actor.id }, "données d'un client exportées");
      return content;
    },
    ClientNotFoundError,
  );
}
