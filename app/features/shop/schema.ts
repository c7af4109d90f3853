import { FRENCH_PHONE, PHONE_MESSAGE } from "#app/lib/phone.ts";
import {
  hasControlCharacters,
  isoDayProblem,
  isWithinDateRange,
  singleLineText,
  TEXT_RULE_MESSAGES,
} from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * The store API contract (spec section 7, calls 3-5, plus checkout), as zod
 * schemas: the built-in store service validates what it receives with them, and
 * the client validates what any store (built-in or hosted) answers.
 */

// ─── Catalogue, as the store answers it ──────────────────────────────────────────

export const StoreCurrencySchema = z.object({
  code: z.string(),
  symbol: z.string(),
  template: z.string(),
});

export const StorePriceSchema = z.object({
  amount: z.number().int(),
  sale_amount: z.number().int().nullable().optional(),
  currency_code: z.string().nullable().optional(),
  currency: StoreCurrencySchema.nullable().optional(),
});

export const StoreVariantSchema = z.object({
  id: z.string(),
  title: z.string(),
  image_url: z.string().nullable().optional(),
  sku: z.string().nullable().optional(),
  prices: z.array(StorePriceSchema),
  manage_inventory: z.boolean(),
  weight: z.number().nullable().optional(),
  options: z
    .array(z.object({ id: z.string(), option_id: z.string(), value: z.string() }))
    .optional()
    .default([]),
  inventory_quantity: z.number().int().nullable().optional(),
});

export const StoreImageSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  url: z.string(),
  order: z.number().int().optional().default(0),
  type: z.string().optional().default("image"),
  /** What the picture shows (this store's addition to the shape; absent elsewhere). */
  alt: z.string().optional().default(""),
});

export const StoreProductSchema = z.object({
  id: z.string(),
  title: z.string(),
  subtitle: z.string().nullable().optional(),
  ribbon_text: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  thumbnail: z.string().nullable().optional(),
  status: z.string().optional(),
  purchasable: z.boolean().optional().default(true),
  order: z.number().int().optional(),
  site_product_selection: z.string().nullable().optional(),
  images: z.array(StoreImageSchema).optional().default([]),
  options: z
    .array(
      z.object({
        id: z.string(),
        title: z.string(),
        values: z.array(z.object({ id: z.string(), value: z.string() })),
      }),
    )
    .optional()
    .default([]),
  variants: z.array(StoreVariantSchema).optional().default([]),
  collections: z
    .array(z.object({ product_id: z.string(), collection_id: z.string(), order: z.number().int() }))
    .optional()
    .default([]),
  additional_info: z
    .array(z.object({ id: z.string(), order: z.number().int(), title: z.string(), description: z.string() }))
    .optional()
    .default([]),
  type: z.object({ value: z.string() }).nullable().optional(),
  custom_fields: z
    .array(z.object({ id: z.string(), title: z.string(), is_required: z.boolean() }))
    .optional()
    .default([]),
  related_products: z
    .array(
      z.object({
        id: z.string(),
        section_title: z.string(),
        related_type: z.string(),
        related_id: z.string(),
        position: z.number().int(),
      }),
    )
    .optional()
    .default([]),
  updated_at: z.string().nullable().optional(),
  created_at: z.string().nullable().optional(),
  deleted_at: z.string().nullable().optional(),
  metadata: z.record(z.string(), z.unknown()).nullable().optional(),
});

export type StoreProduct = z.output<typeof StoreProductSchema>;
export type StoreVariant = z.output<typeof StoreVariantSchema>;

export const ProductListResponseSchema = z.object({
  count: z.number().int(),
  offset: z.number().int(),
  limit: z.number().int(),
  products: z.array(StoreProductSchema),
});
export type ProductListResponse = z.output<typeof ProductListResponseSchema>;

export const ProductResponseSchema = z.object({ product: StoreProductSchema });

export const VariantStockResponseSchema = z.object({
  variants: z.array(z.object({ id: z.string(), inventory_quantity: z.number().int().nullable().optional() })),
});
export type VariantStockResponse = z.output<typeof VariantStockResponseSchema>;

export const CheckoutResponseSchema = z.object({ url: z.string() });

// ─── Query parameters of the store API ───────────────────────────────────────────

export const PRODUCT_LIST_MAX_LIMIT = 100;
export const PRODUCT_LIST_DEFAULT_LIMIT = 20;
export const PRODUCT_SORT_FIELDS = ["order", "created_at", "updated_at", "title"] as const;

const nonNegativeInt = (label: string) =>
  z
    .string()
    .regex(/^\d{1,9}$/, `${label} doit être un entier positif ou nul.`)
    .transform(Number);

/**
 * A product id read from a query string: trimmed, not empty, no control character. A
 * NUL byte would otherwise reach PostgreSQL, which refuses it (a 500).
 */
const productId = singleLineText().min(1, "Un identifiant de produit est vide.").max(200);

const TO_DATE_FORMAT = "to_date doit être une date ISO 8601 (AAAA-MM-JJ).";
const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** What is wrong with a `to_date`: a day (AAAA-MM-JJ) or an instant, between 1900 and 2100. */
function toDateProblem(value: string): string | null {
  if (hasControlCharacters(value)) return TEXT_RULE_MESSAGES.controlCharacters;
  if (BARE_DAY.test(value)) return isoDayProblem(value);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(value) || Number.isNaN(Date.parse(value))) return TO_DATE_FORMAT;
  return isWithinDateRange(new Date(value)) ? null : TEXT_RULE_MESSAGES.dateRange;
}

export const ProductListQuerySchema = z.object({
  ids: z
    .array(productId)
    .max(PRODUCT_LIST_MAX_LIMIT, `Au plus ${PRODUCT_LIST_MAX_LIMIT} identifiants.`)
    .optional(),
  offset: nonNegativeInt("offset").optional().default(0),
  limit: nonNegativeInt("limit")
    .pipe(
      z
        .number()
        .min(1, "limit doit valoir au moins 1.")
        .max(PRODUCT_LIST_MAX_LIMIT, `limit vaut au plus ${PRODUCT_LIST_MAX_LIMIT}.`),
    )
    .optional()
    .default(PRODUCT_LIST_DEFAULT_LIMIT),
  order: z.enum(["asc", "desc"], { error: "order doit valoir asc ou desc." }).optional().default("asc"),
  sort_by: z
    .enum(PRODUCT_SORT_FIELDS, { error: `sort_by doit valoir ${PRODUCT_SORT_FIELDS.join(", ")}.` })
    .optional()
    .default("order"),
  is_hidden: z
    .enum(["true", "false"], { error: "is_hidden doit valoir true ou false." })
    .transform((value) => value === "true")
    .optional(),
  to_date: z
    .string()
    .superRefine((value, ctx) => {
      const problem = toDateProblem(value);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    // A bare date includes the whole day.
    .transform((value) => (BARE_DAY.test(value) ? new Date(Date.parse(value) + 86_399_999) : new Date(value)))
    .optional(),
});
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;
export type ProductListParams = {
  ids?: string[];
  offset?: number;
  limit?: number;
  order?: "asc" | "desc";
  sort_by?: (typeof PRODUCT_SORT_FIELDS)[number];
  is_hidden?: boolean;
  to_date?: string;
};

export const VARIANT_FIELDS = ["id", "inventory_quantity", "manage_inventory", "sku", "title"] as const;

export const VariantQuerySchema = z.object({
  fields: z
    .string()
    .transform((value) => value.split(",").map((field) => field.trim()))
    .pipe(z.array(z.enum(VARIANT_FIELDS, { error: `fields accepte : ${VARIANT_FIELDS.join(", ")}.` })))
    .optional()
    .default(["id", "inventory_quantity"]),
  product_ids: z
    .array(productId)
    .min(1, "product_ids[] est requis.")
    .max(PRODUCT_LIST_MAX_LIMIT, `Au plus ${PRODUCT_LIST_MAX_LIMIT} produits.`),
});

// ─── Checkout ────────────────────────────────────────────────────────────────────

import { MAX_CART_LINES, MAX_QUANTITY } from "./limits.ts";

export { MAX_CART_LINES, MAX_QUANTITY };

export const FRENCH_POSTAL_CODE = /^\d{5}$/;
/** Deliveries stay within the Var, the company's area; elsewhere the buyer picks up in Toulon. */
export const DELIVERY_POSTAL_PREFIX = "83";

export const FulfilmentSchema = z.discriminatedUnion(
  "method",
  [
    z.object({ method: z.literal("pickup") }),
    z.object({
      method: z.literal("delivery"),
      address: z.object({
        line1: singleLineText("Indiquez l'adresse de livraison (numéro et rue).")
          .min(5, "Indiquez l'adresse de livraison (numéro et rue).")
          .max(200, "200 caractères au plus."),
        postalCode: singleLineText("Le code postal doit comporter 5 chiffres.")
          .regex(FRENCH_POSTAL_CODE, "Le code postal doit comporter 5 chiffres.")
          .refine((value) => value.startsWith(DELIVERY_POSTAL_PREFIX), {
            message:
              "Nous livrons uniquement dans le Var (codes postaux 83…). Choisissez le retrait à Toulon.",
          }),
        city: singleLineText("Indiquez la ville.")
          .min(2, "Indiquez la ville.")
          .max(100, "100 caractères au plus."),
      }),
    }),
  ],
  { error: "Choisissez la livraison ou le retrait." },
);

// Every text of an order is stored: none may hold a control character (PostgreSQL
// refuses a NUL byte, and a line break has no place in a name or an address).
export const CheckoutCustomerSchema = z.object({
  name: singleLineText("Le nom/prénom est requis.")
    .min(2, "Le nom/prénom est requis.")
    .max(120, "120 caractères au plus."),
  email: singleLineText("L'adresse email n'est pas valide.").pipe(
    z.email("L'adresse email n'est pas valide.").max(200, "200 caractères au plus."),
  ),
  phone: singleLineText(PHONE_MESSAGE).regex(FRENCH_PHONE, PHONE_MESSAGE),
});

export const CheckoutItemSchema = z.object({
  variant_id: singleLineText("variant_id est requis.")
    .min(1, "variant_id est requis.")
    .max(200, "variant_id compte au plus 200 caractères."),
  quantity: z
    .number({ error: "quantity doit être un entier." })
    .int("quantity doit être un entier.")
    .min(1, "quantity vaut au moins 1.")
    .max(MAX_QUANTITY, `quantity vaut au plus ${MAX_QUANTITY}.`),
});

/**
 * Where the buyer is sent after paying or giving up: an absolute http(s) address on
 * the site's own origin (never off the site), with no control character.
 */
function siteAddress(label: string, origin: string) {
  const absolute = `${label} doit être une adresse http(s) absolue.`;
  return singleLineText(absolute).pipe(
    z
      .url({ protocol: /^https?$/, error: absolute, abort: true })
      .refine(
        (value) => new URL(value).origin === origin,
        `${label} doit être une adresse de ce site (${origin}).`,
      ),
  );
}

function buildCheckoutRequestSchema(origin: string) {
  return z.object({
    items: z
      .array(CheckoutItemSchema)
      .min(1, "Le panier est vide.")
      .max(MAX_CART_LINES, `Au plus ${MAX_CART_LINES} lignes par commande.`),
    successUrl: siteAddress("successUrl", origin),
    cancelUrl: siteAddress("cancelUrl", origin),
    locale: singleLineText("locale doit compter de 2 à 10 caractères.")
      .min(2, "locale doit compter de 2 à 10 caractères.")
      .max(10, "locale doit compter de 2 à 10 caractères.")
      .optional()
      .default("fr"),
    // Extensions of the contract for the built-in store: who buys, and how they get it.
    customer: CheckoutCustomerSchema,
    fulfilment: FulfilmentSchema,
    termsAccepted: z.literal(true, { error: "Vous devez accepter les conditions générales de vente." }),
  });
}

const checkoutSchemas = new Map<string, ReturnType<typeof buildCheckoutRequestSchema>>();

/** POST /checkout of the store whose site is `siteUrl` (SITE_URL): the addresses must be on its origin. */
export function checkoutRequestSchema(siteUrl: string) {
  const origin = new URL(siteUrl).origin;
  let schema = checkoutSchemas.get(origin);
  if (!schema) {
    schema = buildCheckoutRequestSchema(origin);
    checkoutSchemas.set(origin, schema);
  }
  return schema;
}
export type CheckoutRequest = z.input<ReturnType<typeof checkoutRequestSchema>>;

// ─── The checkout form (browser and page action) ─────────────────────────────────

export const CheckoutFormSchema = z
  .object({
    name: CheckoutCustomerSchema.shape.name,
    email: z.string().trim().pipe(CheckoutCustomerSchema.shape.email),
    phone: CheckoutCustomerSchema.shape.phone,
    fulfilment: z.enum(["delivery", "pickup"], { error: "Choisissez la livraison ou le retrait." }),
    line1: singleLineText().max(200, "200 caractères au plus.").optional().default(""),
    postalCode: singleLineText().max(10, "Le code postal doit comporter 5 chiffres.").optional().default(""),
    city: singleLineText().max(100, "100 caractères au plus.").optional().default(""),
    terms: z.literal(true, { error: "Vous devez accepter les conditions générales de vente." }),
  })
  .superRefine(
    (value, ctx) => {
      if (value.fulfilment !== "delivery") return;
      const parsed = FulfilmentSchema.safeParse({
        method: "delivery",
        address: { line1: value.line1, postalCode: value.postalCode, city: value.city },
      });
      if (parsed.success) return;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: "custom", message: issue.message, path: [issue.path.at(-1) ?? "line1"] });
      }
    },
    {
      // The address is checked even while other fields are wrong: every message at once.
      when: (payload) =>
        !payload.issues.some((issue) =>
          ["fulfilment", "line1", "postalCode", "city"].includes(String(issue.path?.[0])),
        ),
    },
  );
export type CheckoutFormInput = z.input<typeof CheckoutFormSchema>;
export type CheckoutFormValues = z.output<typeof CheckoutFormSchema>;

/** A cart line as the browser keeps it (localStorage `e-commerce-cart`). */
const cartId = z
  .string()
  .min(1)
  .max(200)
  .refine((value) => !hasControlCharacters(value), TEXT_RULE_MESSAGES.controlCharacters);
export const CartLineSchema = z.object({
  productId: cartId,
  variantId: cartId,
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
});
export const CartLinesSchema = z.array(CartLineSchema).min(1, "Le panier est vide.").max(MAX_CART_LINES);
export type CartLineInput = z.output<typeof CartLineSchema>;
