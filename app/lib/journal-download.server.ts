import type { Logger } from "pino";
import { fileDownload } from "./download.ts";
import { type ExportPeriod, parseExportPeriod } from "./export-period.ts";
import { parisDay } from "./paris-time.ts";

/*
 * The files of an accountant's export (the sales and the purchases journals): `….csv?du=&au=`
 * gives the period's journal, `….zip?…` the period's documents with that journal. A period
 * the form would refuse is a 400 with its French message; an archive that cannot be made from
 * what is stored (a file missing or changed) is the status and message the export gives.
 */

const NO_STORE = { "Cache-Control": "no-store" };

export type JournalDownload<Exported> = {
  /** What the log calls this export when its archive is refused. */
  label: string;
  read: (period: ExportPeriod) => Promise<Exported>;
  csv: (exported: Exported, period: ExportPeriod) => { content: string; fileName: string };
  zip: (exported: Exported, period: ExportPeriod) => Promise<{ content: Uint8Array; fileName: string }>;
  /** The error that refused the archive, as a status and a message; null for any other error. */
  archiveRefusal: (error: unknown) => { status: number; message: string } | null;
};

export async function journalDownload<Exported>(
  request: Request,
  logger: Logger,
  spec: JournalDownload<Exported>,
): Promise<Response> {
  const url = new URL(request.url);
  const parsed = parseExportPeriod(url.searchParams, parisDay());
  if (!parsed.ok) return Response.json({ message: parsed.message }, { status: 400, headers: NO_STORE });
  const { period } = parsed;
  const exported = await spec.read(period);
  if (!url.pathname.endsWith(".zip")) {
    const { content, fileName } = spec.csv(exported, period);
    return fileDownload(content, "text/csv; charset=utf-8", fileName);
  }
  try {
    const { content, fileName } = await spec.zip(exported, period);
    return fileDownload(content, "application/zip", fileName);
  } catch (error) {
    const refusal = spec.archiveRefusal(error);
    if (!refusal) throw error;
    logger.warn({ period, reason: refusal.message }, `${spec.label} : archive refusée`);
    return Response.json({ message: refusal.message }, { status: refusal.status, headers: NO_STORE });
  }
}
