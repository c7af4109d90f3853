import { and, asc, eq, inArray } from "drizzle-orm";
import { type RecordFileKind, recordFiles } from "#app/db/schema/record-files.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";

/*
 * The one query other sections read the uploaded files of a job site through (the public
 * share link and the handover file take its « fiche technique » and « notice » files).
 * The uploads themselves are app/features/record-files (docs/decisions/036-record-files.md).
 */

export type SiteFile = {
  id: string;
  kind: RecordFileKind;
  fileName: string;
  contentType: string;
  sizeBytes: number;
  sha256: string;
  storageKey: string;
  createdAt: Date;
};

/** A job site's uploaded files of the given kinds (all kinds when none is given), oldest first. */
export async function siteFiles(
  db: DbExecutor,
  jobSiteId: string,
  kinds: readonly RecordFileKind[] = [],
): Promise<SiteFile[]> {
  return db
    .select({
      id: recordFiles.id,
      kind: recordFiles.kind,
      fileName: recordFiles.fileName,
      contentType: recordFiles.contentType,
      sizeBytes: recordFiles.sizeBytes,
      sha256: recordFiles.sha256,
      storageKey: recordFiles.storageKey,
      createdAt: recordFiles.createdAt,
    })
    .from(recordFiles)
    .where(
      kinds.length > 0
        ? and(eq(recordFiles.jobSiteId, jobSiteId), inArray(recordFiles.kind, [...kinds]))
        : eq(recordFiles.jobSiteId, jobSiteId),
    )
    .orderBy(asc(recordFiles.createdAt), asc(recordFiles.id));
}
