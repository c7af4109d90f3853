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
import { journalDownload } from "#app/lib/journal-download.server.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/export-file";

/*
 * GET /erp/achats/export.csv?du=AAAA-MM-JJ&au=AAAA-MM-JJ: the purchases journal of the period;
 * GET /erp/achats/export.zip?…: the period's supplier invoices as received, and the journal, in a ZIP.
 * One module registered twice in app/routes.ts; the extension of the path chooses.
 */

export const handle = { permission: "achats" } satisfies RouteHandle;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db, storage, logger } = getServices(context);
  return journalDownload(request, logger, {
    label: "export des achats",
    read: async (period) => {
      const exported = await purchaseExport(db, period);
      if (exported.summary.errors.length > 0) {
        logger.warn(
          { period, errors: exported.summary.errors.map((error) => error.id) },
          "journal des achats : factures non écrites",
        );
      }
      return exported;
    },
    csv: (exported, period) => ({
      content: purchaseJournalCsv(exported.lines),
      fileName: purchaseJournalFileName(period),
    }),
    zip: async (exported, period) => ({
      content: await purchaseArchive(storage, exported),
      fileName: purchaseArchiveFileName(period),
    }),
    archiveRefusal: (error) => (error instanceof PurchaseArchiveError ? error : null),
  });
}
