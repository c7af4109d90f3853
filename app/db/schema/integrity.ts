import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { bigNumber, timestampTz } from "./columns.ts";

// ─── The integrity register ──────────────────────────────────────────────────────────
// Every issuing event (a quote version sent, a client's answer, an invoice or credit note
// issued, a payment recorded, a retention released, a PV de réception or de levée des réserves signed) appends one entry, inside the
// transaction that does it (app/lib/integrity/register.server.ts). Each entry holds the
// fingerprint of the record as issued, of its stored file, and the hash of the entry
// before it: a chain. A trigger of the migration refuses UPDATE, DELETE and TRUNCATE; an
// administrator who disables it still cannot change a row, a file or the chain without
// `npm run audit:verify` naming the entry (decision 024).

export const INTEGRITY_EVENT_VALUES = [
  "devis_envoye",
  "devis_accepte",
  "devis_refuse",
  "facture_emise",
  "avoir_emis",
  "paiement",
  "retenue_liberee",
  "pv_signe",
] as const;
export type IntegrityEvent = (typeof INTEGRITY_EVENT_VALUES)[number];

export const integrityEntries = pgTable(
  "integrity_entries",
  {
    /** 1, 2, 3…: a gap is a deleted entry. */
    seq: bigNumber("seq").primaryKey(),
    recordedAt: timestampTz("recorded_at").notNull(),
    event: text("event").$type<IntegrityEvent>().notNull(),
    /** The record the event is about (quote, quote decision, invoice, payment, release). */
    subjectId: uuid("subject_id").notNull(),
    /** The document's number as printed (« DEV-2026-0007-V2 », « FAC-2026-0042 »). */
    number: text("number").notNull(),
    /** The staff account, or null for the client (online answer) and the system. */
    authorId: text("author_id"),
    authorLabel: text("author_label").notNull(),
    /** SHA-256 of the record's frozen facts, in canonical JSON (app/lib/integrity/records.server.ts). */
    recordSha256: text("record_sha256").notNull(),
    /** The stored file the event issued (PDF, signed copy), when there is one. */
    fileKey: text("file_key"),
    fileSha256: text("file_sha256"),
    /** SHA-256 of the Factur-X XML embedded in an invoice's PDF. */
    xmlSha256: text("xml_sha256"),
    /** The hash of the entry before (64 zeros for the first). */
    previousHash: text("previous_hash").notNull(),
    /** SHA-256 of this entry's fields and `previousHash`. */
    hash: text("hash").notNull(),
  },
  (t) => [
    index("integrity_entries_subject_idx").on(t.subjectId),
    check("integrity_entries_seq_check", sql`${t.seq} >= 1`),
    check(
      "integrity_entries_event_check",
      sql`${t.event} in ('devis_envoye', 'devis_accepte', 'devis_refuse', 'facture_emise', 'avoir_emis', 'paiement', 'retenue_liberee', 'pv_signe')`,
    ),
    check(
      "integrity_entries_hashes_check",
      sql`${t.hash} ~ '^[0-9a-f]{64}$' and ${t.previousHash} ~ '^[0-9a-f]{64}$' and ${t.recordSha256} ~ '^[0-9a-f]{64}$'`,
    ),
    check("integrity_entries_file_check", sql`(${t.fileKey} is null) = (${t.fileSha256} is null)`),
  ],
);

export type IntegrityEntryRow = typeof integrityEntries.$inferSelect;
