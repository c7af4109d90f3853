import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import {
  bigNumber,
  createdAtColumn,
  isoDate,
  optionalText,
  revisionColumn,
  timestampTz,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { jobSiteLots, jobSites } from "./job-sites.ts";
import { suppliers } from "./purchases.ts";
import { authoredColumns, staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Achats: subcontracts and the duty of vigilance ──────────────────────
// A subcontract (contrat de sous-traitance) gives part of a job site's work to a
// « sous_traitant » of the register. From 5 000 € HT the law (Code du travail L8222-1,
// D8222-5) asks for the URSSAF attestation de vigilance, a Kbis and the décennale; they are
// kept as `supplier_documents` (the Documents section will list them), and a stop the owner
// chose to pass is kept with its written reason in `vigilance_overrides`.

export const SUBCONTRACT_STATUS_VALUES = ["brouillon", "signe", "termine", "annule"] as const;
export type SubcontractStatus = (typeof SUBCONTRACT_STATUS_VALUES)[number];

export const subcontracts = pgTable(
  "subcontracts",
  {
    id: uuidPrimaryKey(),
    supplierId: uuidParent("supplier_id", () => suppliers.id, "restrict"),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "restrict"),
    lotId: uuid("lot_id").references(() => jobSiteLots.id, { onDelete: "set null" }),
    /** What the subcontractor does (« Plomberie sanitaire des deux salles de bains »). */
    scope: text("scope").notNull(),
    priceHtCents: bigNumber("price_ht_cents").notNull(),
    startOn: isoDate("start_on").notNull(),
    endOn: isoDate("end_on").notNull(),
    signedOn: isoDate("signed_on"),
    /** Building subcontracting: the subcontractor invoices HT, the company self-assesses (CGI 283-2 nonies). */
    reverseCharge: boolean("reverse_charge").notNull().default(true),
    status: text("status").$type<SubcontractStatus>().notNull().default("brouillon"),
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("subcontracts_supplier_idx").on(t.supplierId, t.startOn),
    index("subcontracts_job_site_idx").on(t.jobSiteId),
    check("subcontracts_scope_check", sql`${t.scope} <> ''`),
    check("subcontracts_price_check", sql`${t.priceHtCents} > 0`),
    check("subcontracts_dates_check", sql`${t.endOn} >= ${t.startOn}`),
    check("subcontracts_status_check", sql`${t.status} in ('brouillon', 'signe', 'termine', 'annule')`),
  ],
);

export type SubcontractRow = typeof subcontracts.$inferSelect;

export const SUPPLIER_DOCUMENT_KIND_VALUES = ["attestation_vigilance", "kbis", "decennale", "autre"] as const;
export type SupplierDocumentKind = (typeof SUPPLIER_DOCUMENT_KIND_VALUES)[number];

/** A supplier's file (attestation, Kbis, insurance…): the original bytes in storage, with their SHA-256. */
export const supplierDocuments = pgTable(
  "supplier_documents",
  {
    id: uuidPrimaryKey(),
    supplierId: uuidParent("supplier_id", () => suppliers.id, "cascade"),
    kind: text("kind").$type<SupplierDocumentKind>().notNull(),
    issuedOn: isoDate("issued_on").notNull(),
    /** Vigilance: issue + 6 months; Kbis: issue + 3 months; décennale: as the attestation says. */
    validUntil: isoDate("valid_until"),
    /** The trades a décennale attestation covers, as typed from it. */
    trades: optionalText("trades"),
    storageKey: text("storage_key").notNull(),
    contentType: text("content_type").notNull(),
    fileName: text("file_name").notNull(),
    sha256: text("sha256").notNull(),
    uploadedAt: createdAtColumn(),
    uploadedBy: staffRef("uploaded_by"),
    /** The reminders already queued (« 30 », « 7 »): each is sent once. */
    remindersSent: text("reminders_sent").array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    index("supplier_documents_supplier_idx").on(t.supplierId, t.kind),
    index("supplier_documents_valid_until_idx").on(t.validUntil),
    check(
      "supplier_documents_kind_check",
      sql`${t.kind} in ('attestation_vigilance', 'kbis', 'decennale', 'autre')`,
    ),
  ],
);

export type SupplierDocumentRow = typeof supplierDocuments.$inferSelect;

export const VIGILANCE_PURPOSE_VALUES = ["order", "payment", "subcontract"] as const;
export type VigilancePurpose = (typeof VIGILANCE_PURPOSE_VALUES)[number];

/** The owner let one order, payment or subcontract through despite the vigilance stop: why, in writing. */
export const vigilanceOverrides = pgTable(
  "vigilance_overrides",
  {
    id: uuidPrimaryKey(),
    supplierId: uuidParent("supplier_id", () => suppliers.id, "cascade"),
    purpose: text("purpose").$type<VigilancePurpose>().notNull(),
    reason: text("reason").notNull(),
    /** The stop it passed, as the screen said it. */
    stopReason: optionalText("stop_reason"),
    ownerId: staffRef("owner_id"),
    /** What it let through (the subcontract's id once created, an order's number…); null until used. */
    reference: text("reference"),
    /** Set when an order, payment or subcontract used it: an override serves once. */
    usedAt: timestampTz("used_at"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("vigilance_overrides_supplier_idx").on(t.supplierId, t.purpose),
    check("vigilance_overrides_reason_check", sql`length(trim(${t.reason})) >= 10`),
    check("vigilance_overrides_purpose_check", sql`${t.purpose} in ('order', 'payment', 'subcontract')`),
  ],
);

export type VigilanceOverrideRow = typeof vigilanceOverrides.$inferSelect;
