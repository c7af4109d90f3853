import { sql } from "drizzle-orm";
import { check, index, pgTable, text, unique, uuid } from "drizzle-orm/pg-core";
import { createdAtColumn, optionalText, timestampTz, uuidParent, uuidPrimaryKey } from "./columns.ts";
import { purchaseOrderLines, purchaseOrders } from "./purchase-orders.ts";
import { staffRef } from "./staff-columns.ts";
import { supplierInvoiceLines, supplierInvoices } from "./supplier-invoices.ts";

// ─── Espace Pro › Achats: a supplier invoice matched against its purchase order ───────
// An invoice is linked to one order of its supplier (by the order reference read at import,
// or chosen by the staff); its lines pair with the order's lines (by reference, designation,
// or the staff's choice stored here); each difference flagged is accepted or disputed, the
// decision kept with its author and time.

export const MATCH_LINK_SOURCE_VALUES = ["auto", "manuel"] as const;
export type MatchLinkSource = (typeof MATCH_LINK_SOURCE_VALUES)[number];

/** quantite: invoiced beyond received; prix: unit price other than the order's; absente: no order line. */
export const MATCH_GAP_KIND_VALUES = ["quantite", "prix", "absente"] as const;
export type MatchGapKind = (typeof MATCH_GAP_KIND_VALUES)[number];

export const MATCH_DECISION_VALUES = ["accepte", "conteste"] as const;
export type MatchDecision = (typeof MATCH_DECISION_VALUES)[number];

/** The order an invoice is matched against: one per invoice, several invoices per order. */
export const supplierInvoiceOrderLinks = pgTable(
  "supplier_invoice_order_links",
  {
    invoiceId: uuid("invoice_id")
      .primaryKey()
      .references(() => supplierInvoices.id, { onDelete: "cascade" }),
    orderId: uuidParent("order_id", () => purchaseOrders.id, "restrict"),
    source: text("source").$type<MatchLinkSource>().notNull(),
    createdAt: createdAtColumn(),
    createdBy: staffRef("created_by"),
  },
  (t) => [
    index("supplier_invoice_order_links_order_idx").on(t.orderId),
    check("supplier_invoice_order_links_source_check", sql`${t.source} in ('auto', 'manuel')`),
  ],
);

export type SupplierInvoiceOrderLinkRow = typeof supplierInvoiceOrderLinks.$inferSelect;

/** An invoice line paired by the staff with an order line (the automatic pairing is not stored). */
export const supplierInvoiceLinePairings = pgTable(
  "supplier_invoice_line_pairings",
  {
    invoiceLineId: uuid("invoice_line_id")
      .primaryKey()
      .references(() => supplierInvoiceLines.id, { onDelete: "cascade" }),
    orderLineId: uuidParent("order_line_id", () => purchaseOrderLines.id, "cascade"),
    createdAt: createdAtColumn(),
    createdBy: staffRef("created_by"),
  },
  (t) => [index("supplier_invoice_line_pairings_order_line_idx").on(t.orderLineId)],
);

/**
 * « Accepter l'écart » or « Contester » for one flagged difference: the order line for a
 * quantity, the invoice line for a price or a line absent from the order.
 */
export const supplierInvoiceMatchDecisions = pgTable(
  "supplier_invoice_match_decisions",
  {
    id: uuidPrimaryKey(),
    invoiceId: uuidParent("invoice_id", () => supplierInvoices.id, "cascade"),
    kind: text("kind").$type<MatchGapKind>().notNull(),
    subjectId: uuid("subject_id").notNull(),
    decision: text("decision").$type<MatchDecision>().notNull(),
    /** The written reason of a dispute; empty for an acceptance. */
    reason: optionalText("reason"),
    decidedAt: timestampTz("decided_at").notNull().defaultNow(),
    decidedBy: staffRef("decided_by"),
    decidedByEmail: optionalText("decided_by_email"),
  },
  (t) => [
    unique("supplier_invoice_match_decisions_subject_unique").on(t.invoiceId, t.kind, t.subjectId),
    check("supplier_invoice_match_decisions_kind_check", sql`${t.kind} in ('quantite', 'prix', 'absente')`),
    check("supplier_invoice_match_decisions_decision_check", sql`${t.decision} in ('accepte', 'conteste')`),
  ],
);

export type SupplierInvoiceMatchDecisionRow = typeof supplierInvoiceMatchDecisions.$inferSelect;
