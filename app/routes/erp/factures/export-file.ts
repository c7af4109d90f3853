import { requirePermission } from "#app/features/auth/session.server.ts";
import {
  ArchiveDocumentError,
  archiveFileName,
  journalCsv,
  journalFileName,
  salesArchive,
  salesExport,
} from "#app/features/invoices/export.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { journalDownload } from "#app/lib/journal-download.server.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/export-file";

/*
 * GET /erp/factures/export.csv?du=AAAA-MM-JJ&au=AAAA-MM-JJ: the sales journal of the period;
 * GET /erp/factures/export.zip?…: the period's Factur-X PDFs and the journal, in a ZIP.
 * One module registered twice in app/routes.ts; the extension of the path chooses.
 */

export const handle = { permission: "devis" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  return journalDownload(request, logger, {
    label: "export comptable",
    read: (period) => salesExport(db, period),
    csv: (exported, period) => ({ content: journalCsv(exported.lines), fileName: journalFileName(period) }),
    zip: async (exported, period) => ({
      content: await salesArchive(storage, exported),
      fileName: archiveFileName(period),
    }),
    archiveRefusal: (error) => (error instanceof ArchiveDocumentError ? error : null),
  });
}
