import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import { createdAtColumn, searchTextColumn, timestampTz, uuidParent, uuidPrimaryKey } from "./columns.ts";
import type { DocumentKind } from "./documents.ts";
import { erpSubmissions } from "./quote-requests.ts";
import { authoredColumns } from "./staff-columns.ts";

// ─── Espace Pro › Clients: the client register ────────────────────────────────────────
// A client is a person or a company the company works for: created by hand, or from a
// lead (« Convertir en client »), whose request and photos stay linked through
// `lead_submission_id`. The quotes and invoices of a client are registered in
// `issued_documents` once issued: from then on the client cannot be deleted (the law
// keeps those documents 10 years), only anonymised.

export const CLIENT_KIND_VALUES = ["particulier", "entreprise"] as const;
export type ClientKind = (typeof CLIENT_KIND_VALUES)[number];

export const clients = pgTable(
  "clients",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").$type<ClientKind>().notNull(),
    /** A person: their name. A company: the name the staff use day to day. */
    name: text("name").notNull(),
    /** Company only: the registered name (raison sociale). */
    legalName: text("legal_name"),
    /** Company only: 9 digits, Luhn key checked by app/features/clients/schema.ts. */
    siren: text("siren"),
    /** Company only: FR + 2-digit key + SIREN. */
    vatNumber: text("vat_number"),
    /**
     * Company only: a main contractor who subcontracts work to the company; its quotes
     * and invoices are in reverse charge (no VAT, CGI 283-2 nonies) by default.
     */
    mainContractor: boolean("main_contractor").notNull().default(false),
    /** Lower case. */
    email: text("email"),
    /** As typed (one of the forms app/lib/phone.ts accepts). */
    phone: text("phone"),
    billingStreet: text("billing_street"),
    billingPostalCode: text("billing_postal_code"),
    billingCity: text("billing_city"),
    notes: text("notes"),
    /**
     * The lead this client came from. Unique: converting a lead twice, even at the same
     * instant from two screens, cannot make two clients (the second insert meets this
     * constraint and the code returns the first client).
     */
    leadSubmissionId: uuid("lead_submission_id")
      .unique("clients_lead_submission_id_unique")
      .references(() => erpSubmissions.id, { onDelete: "set null" }),
    /**
     * What the list's search compares: names, e-mail, SIREN, VAT number, towns, folded
     * (lower case, no accents), and the phone as digits with +33 written 0. Written by
     * every write of the client and its sites (app/features/clients/search.ts).
     */
    searchText: searchTextColumn(),
    ...authoredColumns(),
    /** Set when the person's data was replaced by neutral values (GDPR); the record stays for its documents. */
    anonymisedAt: timestampTz("anonymised_at"),
  },
  (t) => [
    index("clients_created_idx").on(t.createdAt, t.id),
    index("clients_email_idx").on(sql`lower(${t.email})`),
    check("clients_kind_check", sql`${t.kind} in ('particulier', 'entreprise')`),
    check("clients_name_check", sql`${t.name} <> ''`),
    check("clients_siren_check", sql`${t.siren} ~ '^[0-9]{9}$'`),
    check("clients_vat_number_check", sql`${t.vatNumber} ~ '^FR[0-9]{11}$'`),
    check("clients_billing_postal_code_check", sql`${t.billingPostalCode} ~ '^[0-9]{5}$'`),
  ],
);

/** The job-site addresses of a client (one or more). */
export const clientSites = pgTable(
  "client_sites",
  {
    id: uuidPrimaryKey(),
    clientId: uuidParent("client_id", () => clients.id, "cascade"),
    /** « Maison de Six-Fours », « Appartement rue Paul-Lendrin »… */
    label: text("label"),
    /** Null when unknown: the site of a converted lead has only its town (the public form asks no street). */
    street: text("street"),
    postalCode: text("postal_code"),
    city: text("city").notNull(),
    /** The order the staff gave them (the form's rows), from 0. */
    position: integer("position").notNull().default(0),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("client_sites_client_idx").on(t.clientId, t.position),
    check("client_sites_postal_code_check", sql`${t.postalCode} ~ '^[0-9]{5}$'`),
    check("client_sites_city_check", sql`${t.city} <> ''`),
  ],
);

/**
 * The register of legal documents once issued (app/lib/documents.server.ts): its
 * number, its client, the SHA-256 of its PDF. A row is frozen: a trigger of the
 * migration refuses any UPDATE or DELETE (a correction is a credit note), and the
 * client cannot be deleted while a row points to it (ON DELETE RESTRICT). The account
 * that issued it cannot be deleted either (accounts are disabled, never deleted):
 * ON DELETE SET NULL would be an UPDATE the trigger refuses.
 */
export const issuedDocuments = pgTable(
  "issued_documents",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").$type<DocumentKind>().notNull(),
    /** « DEV-2026-0001 » (app/lib/numbering.server.ts). */
    number: text("number").notNull().unique("issued_documents_number_unique"),
    clientId: uuidParent("client_id", () => clients.id, "restrict"),
    issuedAt: timestampTz("issued_at").notNull(),
    pdfStorageKey: text("pdf_storage_key").notNull().unique("issued_documents_pdf_storage_key_unique"),
    /** Lower-case hex SHA-256 of the stored PDF's bytes. */
    pdfSha256: text("pdf_sha256").notNull(),
    createdBy: text("created_by").references(() => authUsers.id, { onDelete: "restrict" }),
  },
  (t) => [
    index("issued_documents_client_idx").on(t.clientId, t.issuedAt),
    check("issued_documents_kind_check", sql`${t.kind} in ('devis', 'facture', 'avoir', 'bon_commande')`),
    check("issued_documents_pdf_sha256_check", sql`${t.pdfSha256} ~ '^[0-9a-f]{64}$'`),
  ],
);
