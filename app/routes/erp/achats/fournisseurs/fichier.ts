import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE } from "#app/features/erp/navigation.ts";
import { recordFileResponse } from "#app/features/record-files/file.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import type { Route } from "./+types/fichier";

/** The office (Achats); the route walk reads it. */
export const handle = ACHATS_HANDLE;

/** GET /erp/achats/fournisseurs/:id/fichiers/:fileId: one of the supplier's uploaded files (?telecharger: saved). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  return recordFileResponse(
    getServices(context),
    user,
    { type: "fournisseur", id: params.id },
    params.fileId,
    new URL(request.url),
  );
}
