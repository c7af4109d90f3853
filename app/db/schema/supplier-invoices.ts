import { sql } from "drizzle-orm";
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import {
  bigNumber,
  createdAtColumn,
  isoDate,
  revisionColumn,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { jobSiteLots, jobSites } from "./job-sites.ts";
import { suppliers } from "./purchases.ts";
import { authoredColumns } from "./staff-columns.ts";

// ─── Espace Pro › Achats: the invoices suppliers send ─────────────────────────────────
// Read from their e-invoice (Factur-X, CII, UBL) or typed from a plain PDF or a photo;
// the original file is kept unchanged with its SHA-256 (one import per file). Allocated to
// job sites and lots, the invoice becomes the sites' « spent » (source « achat »).

export const SUPPLIER_INVOICE_STATUS_VALUES = ["a_payer", "payee", "en_litige"] as const;
export type SupplierInvoiceStatus = (typeof SUPPLIER_INVOICE_STATUS_VALUES)[number];

export const PAYMENT_METHOD_VALUES = ["virement", "cheque", "carte", "especes", "prelevement"] as const;
export type PaymentMethod = (typeof PAYMENT_METHOD_VALUES)[number];

export type SupplierInvoiceSource = "einvoice" | "manual";
export type SupplierInvoiceFormat = "facturx" | "cii" | "ubl";

/** An EN 16931 rule the invoice breaks, as the reader found it (app/lib/einvoice). */
export type StoredInvoiceProblem = { rule: string; message: string };

export const supplierInvoices = pgTable(
  "supplier_invoices",
  {
    id: uuidPrimaryKey(),
    supplierId: uuidParent("supplier_id", () => suppliers.id, "restrict"),
    /** The supplier's own number (BT-1): flagged, not refused, when it comes twice. */
    number: text("number").notNull(),
    isCreditNote: boolean("is_credit_note").notNull().default(false),
    issueDate: isoDate("issue_date").notNull(),
    dueDate: isoDate("due_date"),
    currency: text("currency").notNull().default("EUR"),
    /** BT-13, the purchase order the supplier names. */
    orderReference: text("order_reference"),
    /** Positive amounts, as the file writes them: `isCreditNote` says it is a credit. */
    netCents: bigNumber("net_cents").notNull(),
    vatCents: bigNumber("vat_cents").notNull(),
    grossCents: bigNumber("gross_cents").notNull(),
    dueCents: bigNumber("due_cents").notNull(),
    reverseCharge: boolean("reverse_charge").notNull().default(false),
    status: text("status").$type<SupplierInvoiceStatus>().notNull().default("a_payer"),
    paidOn: isoDate("paid_on"),
    paymentMethod: text("payment_method").$type<PaymentMethod>(),
    paymentReference: text("payment_reference"),
    disputeReason: text("dispute_reason"),
    source: text("source").$type<SupplierInvoiceSource>().notNull(),
    format: text("format").$type<SupplierInvoiceFormat>(),
    problems: jsonb("problems").$type<StoredInvoiceProblem[]>().notNull().default([]),
    /** VAT per rate as typed or read: [{ rateBp, baseCents, vatCents }]. */
    vatBreakdown: jsonb("vat_breakdown")
      .$type<{ category: string; rateBp: number; baseCents: number; vatCents: number }[]>()
      .notNull()
      .default([]),
    originalStorageKey: text("original_storage_key").notNull(),
    originalContentType: text("original_content_type").notNull(),
    originalFileName: text("original_file_name").notNull(),
    /** The same file twice is refused. */
    originalSha256: text("original_sha256").notNull().unique("supplier_invoices_sha256_unique"),
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("supplier_invoices_supplier_idx").on(t.supplierId, t.number),
    index("supplier_invoices_due_idx").on(t.status, t.dueDate),
    index("supplier_invoices_issue_idx").on(t.issueDate),
    check("supplier_invoices_status_check", sql`${t.status} in ('a_payer', 'payee', 'en_litige')`),
    check(
      "supplier_invoices_payment_method_check",
      sql`${t.paymentMethod} in ('virement', 'cheque', 'carte', 'especes', 'prelevement')`,
    ),
    check("supplier_invoices_source_check", sql`${t.source} in ('einvoice', 'manual')`),
    check("supplier_invoices_format_check", sql`${t.format} in ('facturx', 'cii', 'ubl')`),
    check("supplier_invoices_currency_check", sql`${t.currency} = 'EUR'`),
    check("supplier_invoices_number_check", sql`${t.number} <> ''`),
    check("supplier_invoices_sha256_check", sql`${t.originalSha256} ~ '^[0-9a-f]{64}$'`),
    check(
      "supplier_invoices_paid_check",
      sql`(${t.status} = 'payee') = (${t.paidOn} is not null and ${t.paymentMethod} is not null)`,
    ),
  ],
);

export type SupplierInvoiceRow = typeof supplierInvoices.$inferSelect;

export const supplierInvoiceLines = pgTable(
  "supplier_invoice_lines",
  {
    id: uuidPrimaryKey(),
    invoiceId: uuidParent("invoice_id", () => supplierInvoices.id, "cascade"),
    position: integer("position").notNull(),
    reference: text("reference"),
    designation: text("designation").notNull(),
    /** As written in the file (« 12.5 »); `quantityMilli` when it fits thousandths. */
    quantity: text("quantity").notNull(),
    quantityMilli: bigNumber("quantity_milli"),
    unit: text("unit"),
    unitPrice: text("unit_price"),
    netCents: bigNumber("net_cents").notNull(),
    vatRateBp: integer("vat_rate_bp"),
    vatCategory: text("vat_category"),
  },
  (t) => [index("supplier_invoice_lines_invoice_idx").on(t.invoiceId, t.position)],
);

export type SupplierInvoiceLineRow = typeof supplierInvoiceLines.$inferSelect;

/** Where the invoice's HT goes: a job site (and a lot), for a line or the whole invoice. */
export const supplierInvoiceAllocations = pgTable(
  "supplier_invoice_allocations",
  {
    id: uuidPrimaryKey(),
    invoiceId: uuidParent("invoice_id", () => supplierInvoices.id, "cascade"),
    /** Null: the whole invoice. */
    lineId: uuid("line_id").references(() => supplierInvoiceLines.id, { onDelete: "cascade" }),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "restrict"),
    lotId: uuid("lot_id").references(() => jobSiteLots.id, { onDelete: "set null" }),
    /** Positive; a credit note's allocation counts negative on the site. */
    amountHtCents: bigNumber("amount_ht_cents").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("supplier_invoice_allocations_invoice_idx").on(t.invoiceId),
    index("supplier_invoice_allocations_site_idx").on(t.jobSiteId),
    check("supplier_invoice_allocations_amount_check", sql`${t.amountHtCents} > 0`),
  ],
);

export type SupplierInvoiceAllocationRow = typeof supplierInvoiceAllocations.$inferSelect;
