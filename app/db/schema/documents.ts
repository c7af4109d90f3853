import { sql } from "drizzle-orm";
import { check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { isoDate, updatedAtColumn } from "./columns.ts";

// ─── Legal documents: their numbers ──────────────────────────────────────────────────
// A quote, an invoice, a credit note, a purchase order or a job site gets its number when it is
// issued (drafts have none): one counter row per kind and Paris year, incremented by
// app/lib/numbering.server.ts inside the transaction that issues the document. The row
// lock held until commit queues concurrent issuers, and a rollback gives the number
// back: no gap, no duplicate (docs/decisions/013-document-numbering.md).

/** Kinds of numbered legal documents; the prefixes live in app/lib/numbering.server.ts. */
export const DOCUMENT_KIND_VALUES = ["devis", "facture", "avoir", "bon_commande"] as const;
export type DocumentKind = (typeof DOCUMENT_KIND_VALUES)[number];

/**
 * Everything the counters number: the legal documents, and the job sites (CH-2026-0001),
 * which are numbered the same way but are not documents (no PDF in the register).
 */
export const NUMBERED_KIND_VALUES = [...DOCUMENT_KIND_VALUES, "chantier"] as const;
export type NumberedKind = (typeof NUMBERED_KIND_VALUES)[number];

/** The last number given per kind and year; the primary key makes a second counter impossible. */
export const documentCounters = pgTable(
  "document_counters",
  {
    kind: text("kind").$type<NumberedKind>().notNull(),
    /** Europe/Paris year of the issue instant. */
    year: integer("year").notNull(),
    /** The last number given (1 for the first document of the year). */
    lastNumber: integer("last_number").notNull(),
    /** Paris calendar day of the last issue: a later number never carries an earlier day. */
    lastIssuedOn: isoDate("last_issued_on").notNull(),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    primaryKey({ columns: [t.kind, t.year] }),
    check(
      "document_counters_kind_check",
      sql`${t.kind} in ('devis', 'facture', 'avoir', 'bon_commande', 'chantier')`,
    ),
    check("document_counters_year_check", sql`${t.year} between 2000 and 9999`),
    check("document_counters_last_number_check", sql`${t.lastNumber} >= 1`),
    check(
      "document_counters_issued_on_check",
      sql`extract(year from ${t.lastIssuedOn})::integer = ${t.year}`,
    ),
  ],
);
