import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAtColumn, isoDate, optionalText, uuidPrimaryKey } from "./columns.ts";
import { staffRef } from "./staff-columns.ts";

// ─── Documents › the company's compliance register ───────────────────────────────────
// The attestations the company must hold and show on request (décennale, RC pro, Kbis,
// URSSAF, tax, RGE, Qualibat, each employee's carte BTP, the vehicles' and equipment's
// checks): one row per version, the file stored as uploaded. A renewal is a new row whose
// `replaces_id` names the previous version, which stays (the history); the current
// document is the one no other replaces (docs/decisions/034-company-documents.md). The current
// décennale, RC pro and RGE are what quotes and invoices print and check
// (app/lib/compliance.server.ts, docs/decisions/035-compliance-source.md).

export const COMPANY_DOCUMENT_KIND_VALUES = [
  "decennale",
  "rc_pro",
  "kbis",
  "urssaf",
  "fiscale",
  "rge",
  "qualibat",
  "carte_btp",
  "verification",
  "autre",
] as const;
export type CompanyDocumentKind = (typeof COMPANY_DOCUMENT_KIND_VALUES)[number];

export const companyDocuments = pgTable(
  "company_documents",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").$type<CompanyDocumentKind>().notNull(),
    /** What it is about within its kind: the employee of a carte BTP, the vehicle checked. */
    label: optionalText("label"),
    issuer: optionalText("issuer"),
    number: optionalText("number"),
    /** The day of issue (or the start of cover). */
    validFrom: isoDate("valid_from").notNull(),
    /** The last valid day: computed for Kbis (+3 months), URSSAF (+6 months), RGE (+4 years); typed otherwise; none for « autre » without an end. */
    validUntil: isoDate("valid_until"),
    /** Décennale: the insurer's postal address, on one line (loi 96-603 art. 22-2, printed on quotes and invoices). */
    issuerAddress: optionalText("issuer_address"),
    /** Décennale: the geographic coverage, « France métropolitaine ». */
    coverage: optionalText("coverage"),
    /**
     * The file: all five or none. None only for a row copied from the former settings
     * (docs/decisions/035-compliance-source.md): « Fichier à joindre » until it is renewed.
     */
    storageKey: text("storage_key"),
    contentType: text("content_type"),
    fileName: text("file_name"),
    sizeBytes: integer("size_bytes"),
    sha256: text("sha256"),
    notes: optionalText("notes"),
    /** The previous version this one renews: it stays, replaced. */
    replacesId: uuid("replaces_id").references((): AnyPgColumn => companyDocuments.id, {
      onDelete: "restrict",
    }),
    /** The reminders already queued (« 60 », « 30 », « 7 »): each is sent once. */
    remindersSent: text("reminders_sent").array().notNull().default(sql`'{}'::text[]`),
    createdBy: staffRef("created_by"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("company_documents_kind_idx").on(t.kind, t.label),
    index("company_documents_valid_until_idx").on(t.validUntil),
    // A version is renewed once: two renewals of the same one cannot both be current.
    uniqueIndex("company_documents_replaces_unique").on(t.replacesId),
    check(
      "company_documents_kind_check",
      sql`${t.kind} in ('decennale', 'rc_pro', 'kbis', 'urssaf', 'fiscale', 'rge', 'qualibat', 'carte_btp', 'verification', 'autre')`,
    ),
    check(
      "company_documents_validity_check",
      sql`${t.validUntil} is null or ${t.validUntil} >= ${t.validFrom}`,
    ),
    check("company_documents_replaces_check", sql`${t.replacesId} is null or ${t.replacesId} <> ${t.id}`),
    check("company_documents_size_check", sql`${t.sizeBytes} > 0`),
    check(
      "company_documents_file_check",
      sql`(${t.storageKey} is null) = (${t.contentType} is null) and (${t.storageKey} is null) = (${t.fileName} is null) and (${t.storageKey} is null) = (${t.sizeBytes} is null) and (${t.storageKey} is null) = (${t.sha256} is null)`,
    ),
  ],
);

export type CompanyDocumentRow = typeof companyDocuments.$inferSelect;
