import { index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAtColumn, timestampTz, uuidParent, uuidPrimaryKey } from "./columns.ts";

// ─── Quote requests from the public site ──────────────────────────────────────────────
// A quote request is one `erp_submissions` row (spec sections 3 and 7, call 1) plus its
// photos; its e-mails go through the outbox in the same transaction, so a request is
// never stored without its messages, nor the reverse.

/** `erp_submissions.data` of a quote request (`module` = 'devis'), as the spec shows it. */
export type DevisSubmissionData = {
  nom: string;
  email: string;
  telephone: string;
  type_projet: string;
  budget: string;
  message: string;
  /** 'Site Web - Modal Devis' or 'Site Web - Page Devis'. */
  source: string;
};

/** Requests sent from the public site; followed in Espace Pro › Prospects. */
export const erpSubmissions = pgTable(
  "erp_submissions",
  {
    id: uuidPrimaryKey(),
    module: text("module").notNull(),
    data: jsonb("data").$type<DevisSubmissionData>().notNull(),
    createdAt: createdAtColumn(),
    /** When the visitor ticked the privacy consent box. */
    consentAt: timestampTz("consent_at"),
    /** Last exchange with the prospect: the retention job measures from here. */
    lastActivityAt: timestampTz("last_activity_at").notNull().defaultNow(),
  },
  (t) => [
    index("erp_submissions_module_created_idx").on(t.module, t.createdAt),
    index("erp_submissions_last_activity_idx").on(t.lastActivityAt),
  ],
);

/** Photos of a request: re-encoded copies kept through the storage interface (never public). */
export const erpSubmissionPhotos = pgTable(
  "erp_submission_photos",
  {
    id: uuidPrimaryKey(),
    submissionId: uuidParent("submission_id", () => erpSubmissions.id, "cascade"),
    /** Key in the storage (app/lib/storage.server.ts); deleting the row does not delete the file. */
    storageKey: text("storage_key").notNull().unique(),
    /** The visitor's file name, for display only. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [index("erp_submission_photos_submission_idx").on(t.submissionId, t.position)],
);
