import { requirePermission } from "#app/features/auth/session.server.ts";
import { csvFileName, leadsCsv } from "#app/features/leads/csv.ts";
import { allLeads } from "#app/features/leads/export.server.ts";
import { parseLeadFilters } from "#app/features/leads/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileDownload } from "#app/lib/download.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/leads-export";

/** Prospects and clients (app/lib/permissions.ts); the route walk reads it. */
export const handle = { permission: "prospects" } satisfies RouteHandle;

/** GET /api/erp/leads/export.csv?<the list's filters>: the filtered leads as a CSV file. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const parsed = parseLeadFilters(new URL(request.url).searchParams);
  if (!parsed.ok) {
    return Response.json(
      { message: parsed.message },
      { status: 400, headers: { "Cache-Control": "no-store" } },
    );
  }
  const items = await allLeads(getServices(context).db, parsed.filters, session.user.id);
  return fileDownload(leadsCsv(items), "text/csv; charset=utf-8", csvFileName(parisDay()));
}
