import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { clients, issuedDocuments } from "./clients.ts";
import {
  bigNumber,
  createdAtColumn,
  isoDate,
  revisionColumn,
  searchTextColumn,
  timestampTz,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { quotes } from "./quotes.ts";
import { authoredColumns, staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Devis › Factures ───────────────────────────────────────────────────
// Invoices and credit notes: deposit (acompte), progress (situation), final (solde)
// drawn from an accepted quote, standalone invoices, and credit notes (avoir) of any of
// them. A draft has no number; « Émettre » gives FAC-YYYY-NNNN (AV-YYYY-NNNN for a
// credit note), renders the Factur-X PDF once and freezes the invoice: a trigger of the
// migration refuses any later change to an issued invoice's content, figures, number,
// dates or PDF, and its deletion. What still moves after issue: the status, the sum paid
// and the reminders. The computed document (lines, amounts per VAT rate, deposits
// deducted, retention) is one JSON value written by app/features/invoices; the figures
// lists and the accounting export need are columns.

export const INVOICE_KIND_VALUES = ["acompte", "situation", "solde", "facture", "avoir"] as const;
export type InvoiceKindValue = (typeof INVOICE_KIND_VALUES)[number];

export const INVOICE_STATUS_VALUES = [
  "brouillon",
  "emise",
  "partiellement_payee",
  "payee",
  "en_retard",
  "annulee",
] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];

export const PAYMENT_METHOD_VALUES = ["virement", "cheque", "carte", "especes"] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_VALUES)[number];

export const invoices = pgTable(
  "invoices",
  {
    id: uuidPrimaryKey(),
    kind: text("kind").$type<InvoiceKindValue>().notNull(),
    status: text("status").$type<InvoiceStatus>().notNull().default("brouillon"),
    /** « FAC-2026-0042 » / « AV-2026-0003 » once issued; null for a draft. */
    number: text("number").unique("invoices_number_unique"),
    clientId: uuidParent("client_id", () => clients.id, "cascade"),
    /** The accepted quote (version) it is drawn from; null for a standalone invoice. */
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "restrict" }),
    /** A credit note: the invoice it corrects. */
    creditedInvoiceId: uuid("credited_invoice_id").references((): AnyPgColumn => invoices.id, {
      onDelete: "restrict",
    }),
    /** N of « Facture de situation n° N » (1 for other kinds). */
    sequence: integer("sequence").notNull().default(1),
    /** The computed document (app/features/invoices): title, lines, amounts per rate, mentions. */
    content: jsonb("content").$type<Record<string, unknown>>().notNull(),
    /** Issue day and due day (Europe/Paris), set when issued. */
    issuedOn: isoDate("issued_on"),
    dueOn: isoDate("due_on"),
    totalHtCents: bigNumber("total_ht_cents").notNull().default(0),
    totalVatCents: bigNumber("total_vat_cents").notNull().default(0),
    totalTtcCents: bigNumber("total_ttc_cents").notNull().default(0),
    /** Deposits deducted (EN 16931 prepaid amount), TTC. */
    prepaidCents: bigNumber("prepaid_cents").notNull().default(0),
    /** Retention withheld (« retenue de garantie »). */
    retentionCents: bigNumber("retention_cents").notNull().default(0),
    /** What the client owes for this document: TTC − retention. */
    netToPayCents: bigNumber("net_to_pay_cents").notNull().default(0),
    /** Sum of the payments recorded (kept by app/features/invoices with each payment). */
    paidCents: bigNumber("paid_cents").notNull().default(0),
    /**
     * What the credit notes issued on this invoice take off what the client owes (the sum
     * of their net to pay, as a positive amount; kept with each credit note issued). What
     * is left to pay: netToPay − credited − paid.
     */
    creditedCents: bigNumber("credited_cents").notNull().default(0),
    searchText: searchTextColumn(),
    issuedDocumentId: uuid("issued_document_id").references(() => issuedDocuments.id, {
      onDelete: "restrict",
    }),
    pdfSha256: text("pdf_sha256"),
    pdfStorageKey: text("pdf_storage_key"),
    /** SHA-256 of the embedded factur-x.xml. */
    facturxSha256: text("facturx_sha256"),
    remindersSuspended: boolean("reminders_suspended").notNull().default(false),
    /** Reminders sent so far (0 to 3: due + 1, + 15, + 30 days). */
    remindersSent: integer("reminders_sent").notNull().default(0),
    lastReminderAt: timestampTz("last_reminder_at"),
    revision: revisionColumn(),
    issuedAt: timestampTz("issued_at"),
    ...authoredColumns(),
  },
  (t) => [
    index("invoices_created_idx").on(t.createdAt, t.id),
    index("invoices_client_idx").on(t.clientId),
    index("invoices_quote_idx").on(t.quoteId),
    index("invoices_status_due_idx").on(t.status, t.dueOn),
    check("invoices_kind_check", sql`${t.kind} in ('acompte', 'situation', 'solde', 'facture', 'avoir')`),
    check(
      "invoices_status_check",
      sql`${t.status} in ('brouillon', 'emise', 'partiellement_payee', 'payee', 'en_retard', 'annulee')`,
    ),
    check("invoices_credit_check", sql`(${t.kind} = 'avoir') = (${t.creditedInvoiceId} is not null)`),
    check(
      "invoices_issued_check",
      sql`${t.status} = 'brouillon' or (${t.number} is not null and ${t.issuedOn} is not null and ${t.issuedAt} is not null and ${t.pdfSha256} ~ '^[0-9a-f]{64}$')`,
    ),
    check("invoices_draft_check", sql`${t.status} <> 'brouillon' or ${t.number} is null`),
    check("invoices_sequence_check", sql`${t.sequence} >= 1`),
    check("invoices_reminders_check", sql`${t.remindersSent} between 0 and 3`),
    check("invoices_paid_check", sql`${t.paidCents} >= 0`),
    check("invoices_credited_check", sql`${t.creditedCents} >= 0`),
  ],
);

export type InvoiceRow = typeof invoices.$inferSelect;

/** A sum received (a payment, a retention released): how much, how, its reference, who recorded it. */
const receiptColumns = () => ({
  amountCents: bigNumber("amount_cents").notNull(),
  method: text("method").$type<PaymentMethod>().notNull(),
  /** A cheque number, a transfer's reference… */
  reference: text("reference"),
  createdAt: createdAtColumn(),
  createdBy: staffRef("created_by"),
});

/** A receipt's amount is positive and fits the bigint range the app uses; its method is one of four. */
const receiptChecks = (table: string, t: { amountCents: AnyPgColumn; method: AnyPgColumn }) => [
  check(`${table}_amount_check`, sql`${t.amountCents} > 0 and ${t.amountCents} <= 999999999999`),
  check(`${table}_method_check`, sql`${t.method} in ('virement', 'cheque', 'carte', 'especes')`),
];

/** Payments received on an invoice; their sum is `invoices.paid_cents`. */
export const invoicePayments = pgTable(
  "invoice_payments",
  {
    id: uuidPrimaryKey(),
    invoiceId: uuidParent("invoice_id", () => invoices.id, "restrict"),
    paidOn: isoDate("paid_on").notNull(),
    ...receiptColumns(),
  },
  (t) => [
    index("invoice_payments_invoice_idx").on(t.invoiceId, t.paidOn),
    ...receiptChecks("invoice_payments", t),
  ],
);

export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;

/**
 * The retention of a quote paid by the client at its release (a year after the handover,
 * loi 71-584): a receipt on the quote, not on one invoice (the retention is withheld over
 * its progress and final invoices). Never more than what is held.
 */
export const retentionReleases = pgTable(
  "retention_releases",
  {
    id: uuidPrimaryKey(),
    quoteId: uuidParent("quote_id", () => quotes.id, "restrict"),
    releasedOn: isoDate("released_on").notNull(),
    ...receiptColumns(),
  },
  (t) => [index("retention_releases_quote_idx").on(t.quoteId), ...receiptChecks("retention_releases", t)],
);
