import { data } from "react-router";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { chosenExportPeriod, type ExportPeriod } from "#app/lib/export-period.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteAccess } from "#app/lib/permissions.ts";

type LoaderArgs = { request: Request; context: Parameters<typeof getServices>[0] };

/**
 * The loader of an « Export comptable » page: the permission, then the period of the URL
 * (the previous month by default; a refused one answers 400 with its field and message),
 * and what `read` gives of that period beside the picker's presets and values.
 */
export function exportPeriodLoader<T extends object>(
  access: RouteAccess,
  crumb: string,
  read: (db: ReturnType<typeof getServices>["db"], period: ExportPeriod, query: string) => Promise<T>,
) {
  return async ({ request, context }: LoaderArgs) => {
    await requirePermission(request, context, access);
    const { db } = getServices(context);
    const chosen = chosenExportPeriod(request.url, parisDay());
    if (!chosen.ok) return data({ ...chosen, crumb }, { status: 400 });
    return { ...chosen, crumb, ...(await read(db, chosen.period, chosen.query)) };
  };
}
