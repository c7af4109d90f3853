import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/** Questions shown on /faq, ordered by id. */
export const faq = pgTable("faq", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
});

// ─── Shop: the built-in store service (spec sections 3 and 7, calls 3-5) ─────────────
// Amounts are integers in cents. Rows are soft-deleted (deleted_at) so past orders
// keep pointing at them.

const shopTimestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  deletedAt: timestamp("deleted_at", { withTimezone: true }),
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
    description: text("description").notNull().default(""),
    thumbnail: text("thumbnail"),
    status: text("status").notNull().default("published"),
    purchasable: boolean("purchasable").notNull().default(true),
    isHidden: boolean("is_hidden").notNull().default(false),
    sortOrder: integer("sort_order").notNull().default(0),
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
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    type: text("type").notNull().default("image"),
  },
  (t) => [index("shop_product_images_product_idx").on(t.productId, t.sortOrder)],
);

/** A product option such as « Style », and its values. */
export const shopProductOptions = pgTable(
  "shop_product_options",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("shop_product_options_product_idx").on(t.productId)],
);

export const shopProductOptionValues = pgTable(
  "shop_product_option_values",
  {
    id: text("id").primaryKey(),
    optionId: text("option_id")
      .notNull()
      .references(() => shopProductOptions.id, { onDelete: "cascade" }),
    value: text("value").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("shop_product_option_values_option_idx").on(t.optionId)],
);

/** What is actually sold: stock is held here, and never goes below zero. */
export const shopVariants = pgTable(
  "shop_variants",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    imageUrl: text("image_url"),
    sku: text("sku"),
    weightGrams: integer("weight_grams"),
    manageInventory: boolean("manage_inventory").notNull().default(false),
    inventoryQuantity: integer("inventory_quantity").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    ...shopTimestamps,
  },
  (t) => [
    index("shop_variants_product_idx").on(t.productId, t.sortOrder),
    check("shop_variants_inventory_check", sql`${t.inventoryQuantity} >= 0`),
  ],
);

/** Price entries of a variant; the first one (sort_order) is the default price. */
export const shopVariantPrices = pgTable(
  "shop_variant_prices",
  {
    id: serial("id").primaryKey(),
    variantId: text("variant_id")
      .notNull()
      .references(() => shopVariants.id, { onDelete: "cascade" }),
    currencyCode: text("currency_code").notNull().default("eur"),
    amount: integer("amount").notNull(),
    saleAmount: integer("sale_amount"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("shop_variant_prices_variant_idx").on(t.variantId, t.sortOrder),
    check("shop_variant_prices_amount_check", sql`${t.amount} >= 0 and coalesce(${t.saleAmount}, 0) >= 0`),
  ],
);

export const shopVariantOptionValues = pgTable(
  "shop_variant_option_values",
  {
    variantId: text("variant_id")
      .notNull()
      .references(() => shopVariants.id, { onDelete: "cascade" }),
    optionValueId: text("option_value_id")
      .notNull()
      .references(() => shopProductOptionValues.id, { onDelete: "cascade" }),
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
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    collectionId: text("collection_id")
      .notNull()
      .references(() => shopCollections.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.collectionId] })],
);

export const shopProductAdditionalInfo = pgTable(
  "shop_product_additional_info",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
    title: text("title").notNull(),
    description: text("description").notNull(),
  },
  (t) => [index("shop_product_additional_info_product_idx").on(t.productId)],
);

export const shopProductCustomFields = pgTable(
  "shop_product_custom_fields",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
    title: text("title").notNull(),
    isRequired: boolean("is_required").notNull().default(false),
  },
  (t) => [index("shop_product_custom_fields_product_idx").on(t.productId)],
);

export const shopRelatedProducts = pgTable(
  "shop_related_products",
  {
    id: text("id").primaryKey(),
    productId: text("product_id")
      .notNull()
      .references(() => shopProducts.id, { onDelete: "cascade" }),
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
    id: uuid("id").primaryKey().defaultRandom(),
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
    termsAcceptedAt: timestamp("terms_accepted_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    closedAt: timestamp("closed_at", { withTimezone: true }),
  },
  (t) => [
    index("shop_orders_store_created_idx").on(t.storeId, t.createdAt),
    check(
      "shop_orders_status_check",
      sql`${t.status} in ('awaiting_payment', 'paid', 'cancelled', 'expired')`,
    ),
    check("shop_orders_provider_check", sql`${t.provider} in ('manual', 'stripe')`),
    check("shop_orders_fulfilment_check", sql`${t.fulfilment} in ('delivery', 'pickup')`),
  ],
);

export const shopOrderItems = pgTable(
  "shop_order_items",
  {
    id: serial("id").primaryKey(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => shopOrders.id, { onDelete: "cascade" }),
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
  receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
});

// ─── Auth: staff accounts of the Espace Pro (better-auth, Drizzle adapter) ───────────
// Property names are better-auth's field names; the adapter addresses the tables by the
// keys of `authSchema` in app/features/auth/auth.server.ts. No public sign-up: rows are
// created by `npm run user:create` and by owners in the Espace Pro.

/** A staff member. `role`: 'owner' (everything, accounts included) or 'staff'. */
export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  role: text("role").notNull().default("staff"),
  /** A disabled account cannot sign in and has no session left. */
  disabled: boolean("disabled").notNull().default(false),
});

/** A signed-in browser: the cookie holds the signed token. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

/** Credentials of a user (provider 'credential': the scrypt password hash). */
export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => authUsers.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

/** One-time values (better-auth's verification table; unused flows stay empty). */
export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters, in the database so several instances agree. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});

// ─── Quote requests (devis), outgoing mail, request rate limits ──────────────────────
// A quote request is one `erp_submissions` row (spec sections 3 and 7, call 1) plus its
// photos; its e-mails go through the outbox in the same transaction, so a request is
// never stored without its messages, nor the reverse.

/** `erp_submissions.data` of a quote request (`module` = 'devis'), as the spec shows it. */
export type DevisSubmissionData = {
  nom: string;
  email: string;
  telephone: string;
  type_projet: string;
  budget: string;
  message: string;
  /** 'Site Web - Modal Devis' or 'Site Web - Page Devis'. */
  source: string;
};

/** Requests sent from the public site; followed in Espace Pro › Prospects. */
export const erpSubmissions = pgTable(
  "erp_submissions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    module: text("module").notNull(),
    data: jsonb("data").$type<DevisSubmissionData>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the visitor ticked the privacy consent box. */
    consentAt: timestamp("consent_at", { withTimezone: true }),
    /** Last exchange with the prospect: the retention job measures from here. */
    lastActivityAt: timestamp("last_activity_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("erp_submissions_module_created_idx").on(t.module, t.createdAt),
    index("erp_submissions_last_activity_idx").on(t.lastActivityAt),
  ],
);

/** Photos of a request: re-encoded copies kept through the storage interface (never public). */
export const erpSubmissionPhotos = pgTable(
  "erp_submission_photos",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => erpSubmissions.id, { onDelete: "cascade" }),
    /** Key in the storage (app/lib/storage.server.ts); deleting the row does not delete the file. */
    storageKey: text("storage_key").notNull().unique(),
    /** The visitor's file name, for display only. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    position: integer("position").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("erp_submission_photos_submission_idx").on(t.submissionId, t.position)],
);

/** An e-mail waiting in the outbox; attachments are storage keys, read at send time. */
export type OutboxMailPayload = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; storageKey: string }[];
};

/** Outgoing e-mails, written in the caller's transaction and sent by the outbox worker. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** What the message is, for logs and the back-office: 'quote.notification', 'order.confirmation', ... */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<OutboxMailPayload>().notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    /** Set while a worker holds the message; another worker skips it until then. */
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
    check("outbox_messages_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);

/** Accepted requests per key (e.g. 'devis:<address>'), counted over a sliding window. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    hitAt: timestamp("hit_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.hitAt)],
);

// ─── Espace Pro › Prospects: the follow-up of every quote request ────────────────────
// A lead is an `erp_submissions` row: a request from the site (module 'devis') or one
// entered by staff after a call or a visit (module 'manuel'). Its pipeline row is
// created on the first action; without one the lead is 'nouveau'. Every action on a
// lead moves its submission's `last_activity_at` (the retention job measures it).

export const LEAD_STATUS_VALUES = ["nouveau", "contacte", "devis_envoye", "gagne", "perdu"] as const;

/** Where a lead stands, who follows it and when to call back. */
export const erpLeads = pgTable(
  "erp_leads",
  {
    submissionId: uuid("submission_id")
      .primaryKey()
      .references(() => erpSubmissions.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("nouveau"),
    /** The person asked not to be contacted again. */
    doNotContact: boolean("do_not_contact").notNull().default(false),
    assigneeId: text("assignee_id").references(() => authUsers.id, { onDelete: "set null" }),
    /** Day of the next call-back (Europe/Paris calendar day). */
    nextFollowUp: date("next_follow_up", { mode: "string" }),
    /** Town of the job, noted by staff (the public form does not ask for it). */
    town: text("town"),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("erp_leads_status_idx").on(t.status),
    index("erp_leads_follow_up_idx").on(t.nextFollowUp),
    check(
      "erp_leads_status_check",
      sql`${t.status} in ('nouveau', 'contacte', 'devis_envoye', 'gagne', 'perdu')`,
    ),
  ],
);

/** The timeline of a lead: notes and changes, with who and when. */
export const erpLeadEvents = pgTable(
  "erp_lead_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    submissionId: uuid("submission_id")
      .notNull()
      .references(() => erpSubmissions.id, { onDelete: "cascade" }),
    /** 'created', 'note', 'status', 'assignee', 'follow_up', 'do_not_contact', 'town', 'export'. */
    kind: text("kind").notNull(),
    note: text("note"),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    actorId: text("actor_id").references(() => authUsers.id, { onDelete: "set null" }),
    /** Kept even if the account is deleted later. */
    actorEmail: text("actor_email").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("erp_lead_events_submission_idx").on(t.submissionId, t.createdAt)],
);

/**
 * What the Prospects search compares, folded once (lower case, no accents; phone as
 * digits with +33 written 0) instead of for every row of every search. Filled lazily
 * by the list for requests it has not seen (app/features/leads/leads.server.ts), so
 * storing a quote request never depends on it; a row is dropped when its lead's town
 * changes and comes back at the next search.
 */
export const erpLeadSearch = pgTable("erp_lead_search", {
  submissionId: uuid("submission_id")
    .primaryKey()
    .references(() => erpSubmissions.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  phone: text("phone").notNull(),
});
