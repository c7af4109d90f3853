import { requirePermission } from "#app/features/auth/session.server.ts";
import { SITE_LOG_HANDLE } from "#app/features/erp/navigation.ts";
import { recordFileResponse } from "#app/features/record-files/file.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/fichier";

/** The office, and a site worker on the sites they are put on; the route walk reads it. */
export const handle = SITE_LOG_HANDLE;

/** GET /erp/chantiers/:id/documents/:fileId: one of the site's uploaded files (?telecharger: saved). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  return recordFileResponse(
    getServices(context),
    user,
    { type: "chantier", id: params.id },
    params.fileId,
    new URL(request.url),
  );
}
