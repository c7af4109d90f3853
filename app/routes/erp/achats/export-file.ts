import { requirePermission } from "#app/features/auth/session.server.ts";
import {
  PurchaseArchiveError,
  purchaseArchive,
  purchaseArchiveFileName,
  purchaseExport,
  purchaseJournalCsv,
  purchaseJournalFileName,
} from "#app/features/purchases/purchase-export.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { fileDownload } from "#app/lib/download.ts";
import { parseExportPeriod } from "#app/lib/export-period.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/export-file";

/*
 * GET /erp/achats/export.csv?du=AAAA-MM-JJ&au=AAAA-MM-JJ: the purchases journal of the period;
 * GET /erp/achats/export.zip?…: the period's supplier invoices as received, and the journal, in a ZIP.
 * One module registered twice in app/routes.ts; the extension of the path chooses.
 */

export const handle = { permission: "achats" } satisfies RouteHandle;

const NO_STORE = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  const url = new URL(request.url);
  const parsed = parseExportPeriod(url.searchParams, parisDay());
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: 400, headers: NO_STORE });
  const exported = await purchaseExport(db, parsed.period);
  if (exported.summary.errors.length > 0) {
    logger.warn(
      { period: parsed.period, errors: exported.summary.errors.map((error) => error.id) },
      "journal des achats : factures non écrites",
    );
  }
  if (!url.pathname.endsWith(".zip")) {
    return fileDownload(
      purchaseJournalCsv(exported.lines),
      "text/csv; charset=utf-8",
      purchaseJournalFileName(parsed.period),
    );
  }
  try {
    const archive = await purchaseArchive(storage, exported);
    return fileDownload(archive, "application/zip", purchaseArchiveFileName(parsed.period));
  } catch (error) {
    if (error instanceof PurchaseArchiveError) {
      logger.warn({ period: parsed.period, reason: error.message }, "export des achats : archive refusée");
      return Response.json({ message: error.message }, { status: error.status, headers: NO_STORE });
    }
    throw error;
  }
}
