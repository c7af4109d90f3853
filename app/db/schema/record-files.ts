import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { clients } from "./clients.ts";
import { createdAtColumn, optionalText, searchTextColumn, uuidPrimaryKey } from "./columns.ts";
import { jobSites } from "./job-sites.ts";
import { suppliers } from "./purchases.ts";
import { staffRef } from "./staff-columns.ts";

// ─── Documents › the files of a client, a job site, a supplier ───────────────────────
// What the staff upload about one record: plans, photos, technical sheets, notices,
// reports. Exactly one of client, job site or supplier owns the file. The documents the
// product makes itself (quotes, invoices, purchase orders, PV) are not copied here: the
// documents tab lists them from their own tables. The bytes are checked on upload and
// stored as sent, with their SHA-256 (docs/decisions/036-record-files.md).

export const RECORD_FILE_KIND_VALUES = [
  "plan",
  "photo",
  "fiche_technique",
  "notice",
  "rapport",
  "autre",
] as const;
export type RecordFileKind = (typeof RECORD_FILE_KIND_VALUES)[number];

export const recordFiles = pgTable(
  "record_files",
  {
    id: uuidPrimaryKey(),
    /** Deleted with the client (its erasure deletes the stored bytes too). */
    clientId: uuid("client_id").references(() => clients.id, { onDelete: "cascade" }),
    jobSiteId: uuid("job_site_id").references(() => jobSites.id, { onDelete: "restrict" }),
    supplierId: uuid("supplier_id").references(() => suppliers.id, { onDelete: "restrict" }),
    kind: text("kind").$type<RecordFileKind>().notNull(),
    /** The file's name as shown and downloaded, cleaned of any path (« plan-rdc.pdf »). */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    sha256: text("sha256").notNull(),
    storageKey: text("storage_key").notNull(),
    notes: optionalText("notes"),
    /** The file's name folded (app/lib/search-text.ts): what the search of Documents › Fichiers reads; the owner's words are searched on the owner. */
    searchText: searchTextColumn(),
    createdBy: staffRef("created_by"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("record_files_client_idx").on(t.clientId, t.createdAt),
    index("record_files_job_site_idx").on(t.jobSiteId, t.createdAt),
    index("record_files_supplier_idx").on(t.supplierId, t.createdAt),
    index("record_files_created_idx").on(t.createdAt),
    check("record_files_owner_check", sql`num_nonnulls(${t.clientId}, ${t.jobSiteId}, ${t.supplierId}) = 1`),
    check(
      "record_files_kind_check",
      sql`${t.kind} in ('plan', 'photo', 'fiche_technique', 'notice', 'rapport', 'autre')`,
    ),
    check("record_files_size_check", sql`${t.sizeBytes} > 0`),
    check("record_files_name_check", sql`length(${t.fileName}) between 1 and 200`),
  ],
);

export type RecordFileRow = typeof recordFiles.$inferSelect;
