import { requirePermission } from "#app/features/auth/session.server.ts";
import { registerCsv, registerCsvFileName } from "#app/features/integrity-register/register.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileDownload } from "#app/lib/download.ts";
import { registerEntries } from "#app/lib/integrity/register.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/registre-csv";

/* GET /erp/parametres/registre.csv: the whole integrity register with its chain. Owners only. */

export const handle = { permission: "parametres" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const entries = await registerEntries(getServices(context).db);
  return fileDownload(registerCsv(entries), "text/csv; charset=utf-8", registerCsvFileName(parisDay()));
}
