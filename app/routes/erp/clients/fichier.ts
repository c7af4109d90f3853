import { requirePermission } from "#app/features/auth/session.server.ts";
import { CLIENTS_HANDLE } from "#app/features/erp/navigation.ts";
import { recordFileResponse } from "#app/features/record-files/file.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/fichier";

/** The office (Prospects et clients); the route walk reads it. */
export const handle = CLIENTS_HANDLE;

/** GET /erp/clients/:id/documents/:fileId: one of the client's uploaded files (?telecharger: saved). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  return recordFileResponse(
    getServices(context),
    user,
    { type: "client", id: params.id },
    params.fileId,
    new URL(request.url),
  );
}
