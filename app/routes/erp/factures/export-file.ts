import { requirePermission } from "#app/features/auth/session.server.ts";
import {
  ArchiveDocumentError,
  archiveFileName,
  journalCsv,
  journalFileName,
  parseExportPeriod,
  salesArchive,
  salesExport,
} from "#app/features/invoices/export.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileDownload } from "#app/lib/download.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/export-file";

/*
 * GET /erp/factures/export.csv?du=AAAA-MM-JJ&au=AAAA-MM-JJ: the sales journal of the period;
 * GET /erp/factures/export.zip?…: the period's Factur-X PDFs and the journal, in a ZIP.
 * One module registered twice in app/routes.ts; the extension of the path chooses.
 */

export const handle = { permission: "devis" } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const url = new URL(request.url);
  const parsed = parseExportPeriod(url.searchParams, parisDay());
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: 400, headers: NO_STORE });
  const exported = await salesExport(db, parsed.period);
  if (!url.pathname.endsWith(".zip")) {
    return fileDownload(
      journalCsv(exported.lines),
      "text/csv; charset=utf-8",
      journalFileName(parsed.period),
    );
  }
  try {
    const archive = await salesArchive(storage, exported);
    return fileDownload(archive, "application/zip", archiveFileName(parsed.period));
  } catch (error) {
    if (error instanceof ArchiveDocumentError) {
      logger.warn({ period: parsed.period, reason: error.message }, "export comptable : archive refusée");
      return Response.json({ message: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}
