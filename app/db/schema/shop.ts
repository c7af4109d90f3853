import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import {
  createdAtColumn,
  optionalText,
  sortOrderColumn,
  textParent,
  timestampTz,
  updatedAtColumn,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { invoices } from "./invoices.ts";

// ─── Shop: the built-in store service (spec sections 3 and 7, calls 3-5) ─────────────
// Amounts are integers in cents. Rows are soft-deleted (deleted_at) so past orders
// keep pointing at them.

const shopTimestamps = {
  createdAt: createdAtColumn(),
  updatedAt: updatedAtColumn(),
  deletedAt: timestampTz("deleted_at"),
};

/** A product of the catalogue of one store (`store_id`). */
export const shopProducts = pgTable(
  "shop_products",
  {
    id: text("id").primaryKey(),
    storeId: text("store_id").notNull(),
    title: text("title").notNull(),
    subtitle: text("subtitle"),
    ribbonText: text("ribbon_text"),
    /** HTML; sanitized again by the pages before it is shown. */
    description: optionalText("description"),
    thumbnail: text("thumbnail"),
    status: text("status").notNull().default("published"),
    purchasable: boolean("purchasable").notNull().default(true),
    isHidden: boolean("is_hidden").notNull().default(false),
    sortOrder: sortOrderColumn(),
    /** Which variant price a listing shows: `lowest_price_first` (or null) or `first_variant`. */
    siteProductSelection: text("site_product_selection"),
    typeValue: text("type_value").notNull().default("physical"),
    metadata: jsonb("metadata").$type<Record<string, unknown>>().notNull().default({}),
    ...shopTimestamps,
  },
  (t) => [
    index("shop_products_store_order_idx").on(t.storeId, t.sortOrder),
    check("shop_products_status_check", sql`${t.status} in ('published', 'draft')`),
  ],
);

export const shopProductImages = pgTable(
  "shop_product_images",
  {
    id: serial("id").primaryKey(),
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    url: text("url").notNull(),
    sortOrder: sortOrderColumn(),
    type: text("type").notNull().default("image"),
    /** What the image shows, for screen readers (empty: decorative). */
    alt: optionalText("alt"),
    /** An uploaded image: the storage key of its full variant (the others sit beside it). */
    storageKey: text("storage_key"),
  },
  (t) => [index("shop_product_images_product_idx").on(t.productId, t.sortOrder)],
);

/** A product option such as « Style », and its values. */
export const shopProductOptions = pgTable(
  "shop_product_options",
  {
    id: text("id").primaryKey(),
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    title: text("title").notNull(),
    sortOrder: sortOrderColumn(),
  },
  (t) => [index("shop_product_options_product_idx").on(t.productId)],
);

export const shopProductOptionValues = pgTable(
  "shop_product_option_values",
  {
    id: text("id").primaryKey(),
    optionId: textParent("option_id", () => shopProductOptions.id, "cascade"),
    value: text("value").notNull(),
    sortOrder: sortOrderColumn(),
  },
  (t) => [index("shop_product_option_values_option_idx").on(t.optionId)],
);

/** What is actually sold: stock is held here, and never goes below zero. */
export const shopVariants = pgTable(
  "shop_variants",
  {
    id: text("id").primaryKey(),
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    title: text("title").notNull(),
    imageUrl: text("image_url"),
    sku: text("sku"),
    weightGrams: integer("weight_grams"),
    manageInventory: boolean("manage_inventory").notNull().default(false),
    inventoryQuantity: integer("inventory_quantity").notNull().default(0),
    /** A managed stock at or below this is listed « à réapprovisionner » on the dashboard. */
    lowStockThreshold: integer("low_stock_threshold").notNull().default(3),
    sortOrder: sortOrderColumn(),
    ...shopTimestamps,
  },
  (t) => [
    index("shop_variants_product_idx").on(t.productId, t.sortOrder),
    check("shop_variants_inventory_check", sql`${t.inventoryQuantity} >= 0`),
    check("shop_variants_low_stock_check", sql`${t.lowStockThreshold} between 0 and 100000`),
  ],
);

export const STOCK_MOVEMENT_REASONS = ["reception", "inventaire", "casse", "commande", "annulation"] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];

/**
 * Every change of a variant's managed stock: the staff's adjustments (a delivery received,
 * a count, breakage) and the orders (units reserved, units given back). `quantity_after`
 * is the stock once the movement is applied: the log reads as the stock's story.
 */
export const shopStockMovements = pgTable(
  "shop_stock_movements",
  {
    id: serial("id").primaryKey(),
    variantId: textParent("variant_id", () => shopVariants.id, "cascade"),
    delta: integer("delta").notNull(),
    quantityAfter: integer("quantity_after").notNull(),
    reason: text("reason").$type<StockMovementReason>().notNull(),
    note: text("note"),
    orderId: uuid("order_id"),
    createdAt: createdAtColumn(),
    /** Who moved it (a staff member's e-mail), or « boutique » for an order. */
    actorEmail: text("actor_email").notNull(),
  },
  (t) => [
    index("shop_stock_movements_variant_idx").on(t.variantId, t.id),
    check(
      "shop_stock_movements_reason_check",
      sql`${t.reason} in ('reception', 'inventaire', 'casse', 'commande', 'annulation')`,
    ),
    check("shop_stock_movements_after_check", sql`${t.quantityAfter} >= 0`),
  ],
);

/** Price entries of a variant; the first one (sort_order) is the default price. */
export const shopVariantPrices = pgTable(
  "shop_variant_prices",
  {
    id: serial("id").primaryKey(),
    variantId: textParent("variant_id", () => shopVariants.id, "cascade"),
    currencyCode: text("currency_code").notNull().default("eur"),
    amount: integer("amount").notNull(),
    saleAmount: integer("sale_amount"),
    sortOrder: sortOrderColumn(),
  },
  (t) => [
    index("shop_variant_prices_variant_idx").on(t.variantId, t.sortOrder),
    check("shop_variant_prices_amount_check", sql`${t.amount} >= 0 and coalesce(${t.saleAmount}, 0) >= 0`),
  ],
);

export const shopVariantOptionValues = pgTable(
  "shop_variant_option_values",
  {
    variantId: textParent("variant_id", () => shopVariants.id, "cascade"),
    optionValueId: textParent("option_value_id", () => shopProductOptionValues.id, "cascade"),
  },
  (t) => [primaryKey({ columns: [t.variantId, t.optionValueId] })],
);

export const shopCollections = pgTable("shop_collections", {
  id: text("id").primaryKey(),
  storeId: text("store_id").notNull(),
  title: text("title").notNull(),
  ...shopTimestamps,
});

export const shopProductCollections = pgTable(
  "shop_product_collections",
  {
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    collectionId: textParent("collection_id", () => shopCollections.id, "cascade"),
    sortOrder: sortOrderColumn(),
  },
  (t) => [primaryKey({ columns: [t.productId, t.collectionId] })],
);

export const shopProductAdditionalInfo = pgTable(
  "shop_product_additional_info",
  {
    id: text("id").primaryKey(),
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    sortOrder: sortOrderColumn(),
    title: text("title").notNull(),
    description: text("description").notNull(),
  },
  (t) => [index("shop_product_additional_info_product_idx").on(t.productId)],
);

export const shopProductCustomFields = pgTable(
  "shop_product_custom_fields",
  {
    id: text("id").primaryKey(),
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    title: text("title").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
  },
  (t) => [index("shop_product_custom_fields_product_idx").on(t.productId)],
);

export const shopRelatedProducts = pgTable(
  "shop_related_products",
  {
    id: text("id").primaryKey(),
    productId: textParent("product_id", () => shopProducts.id, "cascade"),
    sectionTitle: text("section_title").notNull(),
    /** `product` or `collection`. */
    relatedType: text("related_type").notNull(),
    relatedId: text("related_id").notNull(),
    position: integer("position").notNull().default(0),
  },
  (t) => [index("shop_related_products_product_idx").on(t.productId)],
);

/**
 * An order. Prices and totals are computed by the server from the catalogue, never
 * taken from the browser. Stock is reserved when the order is created and given
 * back when it is cancelled or its payment session expires.
 */
export const shopOrders = pgTable(
  "shop_orders",
  {
    id: uuidPrimaryKey(),
    /** Human-readable number, shown as CMD-000042. */
    number: serial("number").notNull().unique(),
    storeId: text("store_id").notNull(),
    status: text("status").notNull().default("awaiting_payment"),
    provider: text("provider").notNull(),
    providerSessionId: text("provider_session_id").unique(),
    customerName: text("customer_name").notNull(),
    customerEmail: text("customer_email").notNull(),
    customerPhone: text("customer_phone").notNull(),
    /** `delivery` or `pickup`. */
    fulfilment: text("fulfilment").notNull(),
    shippingAddress: jsonb("shipping_address").$type<{
      line1: string;
      postalCode: string;
      city: string;
    } | null>(),
    currencyCode: text("currency_code").notNull().default("eur"),
    subtotalCents: integer("subtotal_cents").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    totalCents: integer("total_cents").notNull(),
    locale: text("locale").notNull().default("fr"),
    /** Where the buyer goes back to when the payment is cancelled. */
    cancelUrl: text("cancel_url").notNull(),
    /**
     * SHA-256 (hex) of the secret in the cancel address handed to the payment page: only
     * its holder, the buyer, can cancel. The secret itself is never stored. Null for orders
     * placed before it existed (they are released by the payment session's expiry).
     */
    cancelTokenHash: text("cancel_token_hash"),
    termsAcceptedAt: timestampTz("terms_accepted_at").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: updatedAtColumn(),
    paidAt: timestampTz("paid_at"),
    closedAt: timestampTz("closed_at"),
    /** The carrier's tracking reference, given when the order is shipped (optional). */
    trackingReference: text("tracking_reference"),
    /** A paid card order cancelled by the staff: the payment provider's refund id. */
    refundId: text("refund_id"),
    /** Why the staff cancelled it (shown in its history and to the buyer). */
    cancelReason: text("cancel_reason"),
    /** The invoice issued when it was paid (a sale of goods, FAC-YYYY-NNNN). */
    invoiceId: uuid("invoice_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** The credit note that cancelled that invoice when the paid order was cancelled. */
    creditNoteId: uuid("credit_note_id").references((): AnyPgColumn => invoices.id, { onDelete: "restrict" }),
    /** Why its invoice could not be issued yet (missing settings…): shown on its page until it is. */
    invoiceProblem: text("invoice_problem"),
  },
  (t) => [
    index("shop_orders_store_created_idx").on(t.storeId, t.createdAt),
    index("shop_orders_status_created_idx").on(t.status, t.createdAt),
    check(
      "shop_orders_status_check",
      sql`${t.status} in ('awaiting_payment', 'paid', 'preparing', 'shipped', 'ready_for_pickup', 'delivered', 'picked_up', 'cancelled', 'expired')`,
    ),
    check("shop_orders_provider_check", sql`${t.provider} in ('manual', 'stripe')`),
    check("shop_orders_fulfilment_check", sql`${t.fulfilment} in ('delivery', 'pickup')`),
  ],
);

export const shopOrderItems = pgTable(
  "shop_order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuidParent("order_id", () => shopOrders.id, "cascade"),
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id),
    variantId: text("variant_id")
      .notNull()
      .references(() => shopVariants.id),
    productTitle: text("product_title").notNull(),
    variantTitle: text("variant_title").notNull(),
    sku: text("sku"),
    unitPriceCents: integer("unit_price_cents").notNull(),
    quantity: integer("quantity").notNull(),
    lineTotalCents: integer("line_total_cents").notNull(),
    /** Whether this line took units from a managed stock (and must give them back). */
    reservedStock: boolean("reserved_stock").notNull().default(false),
  },
  (t) => [
    index("shop_order_items_order_idx").on(t.orderId),
    check("shop_order_items_quantity_check", sql`${t.quantity} > 0`),
  ],
);

/** Payment-provider events already handled: a replayed webhook changes nothing. */
export const shopPaymentEvents = pgTable("shop_payment_events", {
  id: text("id").primaryKey(),
  provider: text("provider").notNull(),
  type: text("type").notNull(),
  orderId: uuid("order_id").references(() => shopOrders.id, { onDelete: "set null" }),
  receivedAt: timestampTz("received_at").notNull().defaultNow(),
});
