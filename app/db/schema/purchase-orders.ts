import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
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

// ─── Espace Pro › Achats: purchase orders (« bons de commande ») and their deliveries ──
// A draft has no number; « Envoyer au fournisseur » gives it BC-YYYY-NNNN (the legal
// numbering of app/lib/numbering.server.ts), freezes the delivery address, stores the PDF
// and e-mails it. Deliveries record what came, line by line; the order's status follows.

export const PURCHASE_ORDER_STATUS_VALUES = [
  "brouillon",
  "envoye",
  "livre_partiellement",
  "livre",
  "annule",
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUS_VALUES)[number];

export const PURCHASE_DELIVERY_PLACE_VALUES = ["chantier", "depot"] as const;
export type PurchaseDeliveryPlace = (typeof PURCHASE_DELIVERY_PLACE_VALUES)[number];

export const purchaseOrders = pgTable(
  "purchase_orders",
  {
    id: uuidPrimaryKey(),
    /** « BC-2026-0001 », given when sent; null for a draft. */
    number: text("number").unique("purchase_orders_number_unique"),
    supplierId: uuid("supplier_id")
      .notNull()
      .references(() => suppliers.id, { onDelete: "restrict" }),
    jobSiteId: uuid("job_site_id").references(() => jobSites.id, { onDelete: "restrict" }),
    lotId: uuid("lot_id").references(() => jobSiteLots.id, { onDelete: "set null" }),
    /** Delivered on the site (its address) or at the company's depot. */
    deliveryPlace: text("delivery_place").$type<PurchaseDeliveryPlace>().notNull().default("chantier"),
    /** The address as printed on the sent order (copied when sent); empty for a draft. */
    deliveryAddress: optionalText("delivery_address"),
    wantedOn: isoDate("wanted_on"),
    status: text("status").$type<PurchaseOrderStatus>().notNull().default("brouillon"),
    notes: optionalText("notes"),
    totalHtCents: bigNumber("total_ht_cents").notNull().default(0),
    totalVatCents: bigNumber("total_vat_cents").notNull().default(0),
    totalTtcCents: bigNumber("total_ttc_cents").notNull().default(0),
    sentAt: timestampTz("sent_at"),
    /** The stored PDF of the sent order (documents/bon_commande/…). */
    pdfStorageKey: text("pdf_storage_key"),
    pdfSha256: text("pdf_sha256"),
    cancelledAt: timestampTz("cancelled_at"),
    revision: revisionColumn(),
    ...authoredColumns(),
  },
  (t) => [
    index("purchase_orders_supplier_idx").on(t.supplierId, t.createdAt),
    index("purchase_orders_site_idx").on(t.jobSiteId, t.status),
    index("purchase_orders_status_idx").on(t.status, t.createdAt),
    check(
      "purchase_orders_status_check",
      sql`${t.status} in ('brouillon', 'envoye', 'livre_partiellement', 'livre', 'annule')`,
    ),
    check("purchase_orders_place_check", sql`${t.deliveryPlace} in ('chantier', 'depot')`),
    check(
      "purchase_orders_number_check",
      sql`(${t.status} = 'brouillon') = (${t.number} is null) or (${t.status} = 'annule')`,
    ),
    check(
      "purchase_orders_site_place_check",
      sql`${t.deliveryPlace} = 'depot' or ${t.jobSiteId} is not null`,
    ),
  ],
);

export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;

export const purchaseOrderLines = pgTable(
  "purchase_order_lines",
  {
    id: uuidPrimaryKey(),
    orderId: uuidParent("order_id", () => purchaseOrders.id, "cascade"),
    /** From 0, in the order typed. */
    position: integer("position").notNull(),
    /** The supplier's reference of the article, if any. */
    reference: optionalText("reference"),
    designation: text("designation").notNull(),
    /** « u », « m² », « sac »… */
    unit: optionalText("unit"),
    /** Thousandths (app/lib/money.ts Milli). */
    quantityMilli: bigNumber("quantity_milli").notNull(),
    unitPriceHtCents: bigNumber("unit_price_ht_cents").notNull(),
    vatCode: text("vat_code").notNull(),
    totalHtCents: bigNumber("total_ht_cents").notNull(),
  },
  (t) => [
    index("purchase_order_lines_order_idx").on(t.orderId, t.position),
    check("purchase_order_lines_designation_check", sql`${t.designation} <> ''`),
    check("purchase_order_lines_quantity_check", sql`${t.quantityMilli} > 0`),
    check("purchase_order_lines_price_check", sql`${t.unitPriceHtCents} >= 0`),
    check("purchase_order_lines_vat_code_check", sql`${t.vatCode} in ('20', '10', '5.5', 'autoliquidation')`),
  ],
);

export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;

/** A delivery received against an order: its day, the delivery note's photo, a note. */
export const purchaseDeliveries = pgTable(
  "purchase_deliveries",
  {
    id: uuidPrimaryKey(),
    orderId: uuidParent("order_id", () => purchaseOrders.id, "cascade"),
    receivedOn: isoDate("received_on").notNull(),
    /** The delivery note (« bon de livraison ») photographed or scanned, checked by its bytes. */
    photoStorageKey: text("photo_storage_key"),
    photoContentType: text("photo_content_type"),
    note: optionalText("note"),
    createdAt: createdAtColumn(),
    createdBy: staffRef("created_by"),
  },
  (t) => [index("purchase_deliveries_order_idx").on(t.orderId, t.receivedOn)],
);

export type PurchaseDeliveryRow = typeof purchaseDeliveries.$inferSelect;

export const purchaseDeliveryLines = pgTable(
  "purchase_delivery_lines",
  {
    id: uuidPrimaryKey(),
    deliveryId: uuidParent("delivery_id", () => purchaseDeliveries.id, "cascade"),
    lineId: uuidParent("line_id", () => purchaseOrderLines.id, "cascade"),
    quantityMilli: bigNumber("quantity_milli").notNull(),
  },
  (t) => [
    index("purchase_delivery_lines_line_idx").on(t.lineId),
    check("purchase_delivery_lines_quantity_check", sql`${t.quantityMilli} > 0`),
  ],
);
