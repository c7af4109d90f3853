import {
  PURCHASE_DELIVERY_PLACE_VALUES,
  PURCHASE_ORDER_STATUS_VALUES,
  type PurchaseDeliveryPlace,
  type PurchaseOrderStatus,
} from "#app/db/schema/purchase-orders.ts";
import { formText } from "#app/lib/form-intent.ts";
import { enumFilter, listFiltersSchema, listSort } from "#app/lib/list-filters.ts";
import { type Cents, type Milli, MoneySchema, QuantitySchema } from "#app/lib/money.ts";
import { IsoDaySchema, multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { VAT_CODES, VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import { z } from "#app/lib/zod.ts";

/*
 * Purchase orders (« bons de commande »): the words, paths and form rules shared by the
 * server and the screens. A form's lines are posted as `lines.N.reference`, `lines.N.designation`,
 * `lines.N.unit`, `lines.N.quantity`, `lines.N.unitPrice`, `lines.N.vatCode`; an entirely
 * empty row is no line, so the form works without JavaScript (blank rows are sent).
 */

export const PURCHASE_ORDER_STATUSES = PURCHASE_ORDER_STATUS_VALUES;
export const PURCHASE_DELIVERY_PLACES = PURCHASE_DELIVERY_PLACE_VALUES;
export type { PurchaseDeliveryPlace, PurchaseOrderStatus };

export const ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  brouillon: "Brouillon",
  envoye: "Envoyé",
  livre_partiellement: "Livré partiellement",
  livre: "Livré",
  annule: "Annulé",
};

export const ORDER_PLACE_LABELS: Record<PurchaseDeliveryPlace, string> = {
  chantier: "Sur le chantier",
  depot: "Au dépôt de l'entreprise",
};

/** The statuses whose amount is committed to the site (sent, not cancelled). */
export const COMMITTED_STATUSES: readonly PurchaseOrderStatus[] = ["envoye", "livre_partiellement", "livre"];

export const ORDERS_PATH = "/erp/achats/commandes";
export const NEW_ORDER_PATH = `${ORDERS_PATH}/nouvelle`;
export const orderPath = (id: string) => `${ORDERS_PATH}/${id}`;

export const ORDERS_PAGE_SIZE = 25;
export const MAX_ORDER_LINES = 50;
/** Blank rows a form shows after the typed ones. */
export const BLANK_ORDER_ROWS = 3;
export const ORDER_NOTES_MAX = 2000;

export const ORDER_INTENTS = {
  create: "creer",
  edit: "modifier",
  moreRows: "lignes",
  send: "envoyer",
  cancel: "annuler",
  receive: "receptionner",
} as const;

export const ORDER_MESSAGES = {
  supplier: "Choisissez un fournisseur actif.",
  site: "Choisissez un chantier en cours ou à venir.",
  siteForPlace: "Une livraison sur le chantier demande de choisir le chantier.",
  lot: "Ce lot n'appartient pas au chantier choisi.",
  place: "Choisissez le lieu de livraison : le chantier ou le dépôt.",
  wantedOn: "Saisissez une date au format JJ/MM/AAAA.",
  designation: "Saisissez la désignation de l'article.",
  quantity: "La quantité doit être supérieure à zéro.",
  price: "Le prix unitaire HT ne peut pas être négatif.",
  noLine: "Ajoutez au moins une ligne à la commande.",
  tooManyLines: `Une commande compte au plus ${MAX_ORDER_LINES} lignes.`,
  tooLong: (max: number) => `${max} caractères au plus.`,
  status: "Ce statut de commande n'existe pas.",
  uuid: "Ce filtre ne désigne rien de connu.",
  noEmail: "Ce fournisseur n'a pas d'adresse e-mail : ajoutez-la sur sa fiche avant d'envoyer la commande.",
  notDraft: "Cette commande a déjà été envoyée : elle ne peut plus être modifiée.",
  notOpen: "Cette commande n'attend plus de livraison.",
  alreadyCancelled: "Cette commande est déjà annulée.",
  delivered: "Cette commande est livrée : elle ne peut plus être annulée.",
  receivedOn: "Saisissez la date de livraison au format JJ/MM/AAAA.",
  nothingReceived: "Saisissez la quantité reçue d'au moins une ligne.",
  overReceipt: (designation: string, remaining: string) =>
    `« ${designation} » : il ne reste que ${remaining} à livrer. Une livraison ne peut pas dépasser la quantité commandée.`,
  negativeReceipt: "La quantité reçue ne peut pas être négative.",
  stale: "La commande a été modifiée entre-temps : rechargez la page.",
  notFound: "Cette commande n'existe pas ou a été supprimée.",
} as const;

// ─── The list ────────────────────────────────────────────────────────────────────────

export const ORDER_SORTS = ["cree", "date"] as const;

const uuidFilter = z
  .preprocess(
    (value) => (value === "" ? undefined : value),
    z.uuid({ error: ORDER_MESSAGES.uuid }).optional(),
  )
  .optional();

/** /erp/achats/commandes?q=&statut=&fournisseur=&chantier=&tri=&ordre=&page= */
export const OrderFiltersSchema = listFiltersSchema(ORDER_SORTS, {
  statut: enumFilter(PURCHASE_ORDER_STATUS_VALUES, ORDER_MESSAGES.status),
  fournisseur: uuidFilter,
  chantier: uuidFilter,
});
export type OrderFilters = z.output<typeof OrderFiltersSchema>;

/** The newest first by default; by wanted date on demand. */
export function orderSort(filters: OrderFilters) {
  return listSort(filters, "cree", []);
}

// ─── The form ────────────────────────────────────────────────────────────────────────

export const ORDER_LINE_FIELDS = [
  "reference",
  "designation",
  "unit",
  "quantity",
  "unitPrice",
  "vatCode",
] as const;
export type OrderLineField = (typeof ORDER_LINE_FIELDS)[number];
export const lineKey = (index: number, field: OrderLineField) => `lines.${index}.${field}`;

const text = (max: number) =>
  formText(singleLineText().pipe(z.string().max(max, ORDER_MESSAGES.tooLong(max))));

const OrderLineSchema = z.object({
  reference: text(60),
  designation: formText(singleLineText().pipe(z.string().min(1, ORDER_MESSAGES.designation))).pipe(
    z.string().max(300, ORDER_MESSAGES.tooLong(300)),
  ),
  unit: text(20),
  quantity: QuantitySchema.refine((milli) => milli > 0, ORDER_MESSAGES.quantity),
  unitPrice: MoneySchema.refine((cents) => cents >= 0, ORDER_MESSAGES.price),
  vatCode: z.enum(VAT_CODES, { error: "Choisissez un taux de TVA." }),
});

export type OrderLineData = {
  reference: string;
  designation: string;
  unit: string;
  quantity: Milli;
  unitPrice: Cents;
  vatCode: VatCode;
};

export const OrderSchema = z
  .object({
    supplierId: z.uuid({ error: ORDER_MESSAGES.supplier }),
    jobSiteId: z.preprocess(
      (value) => (value === "" ? null : value),
      z.uuid({ error: ORDER_MESSAGES.site }).nullable(),
    ),
    lotId: z.preprocess(
      (value) => (value === "" ? null : value),
      z.uuid({ error: ORDER_MESSAGES.lot }).nullable(),
    ),
    deliveryPlace: z.enum(PURCHASE_DELIVERY_PLACE_VALUES, { error: ORDER_MESSAGES.place }),
    wantedOn: z.preprocess(
      (value) => (value === "" || value === undefined ? null : value),
      IsoDaySchema.nullable(),
    ),
    notes: formText(
      multiLineText().pipe(z.string().max(ORDER_NOTES_MAX, ORDER_MESSAGES.tooLong(ORDER_NOTES_MAX))),
    ),
    lines: z
      .array(OrderLineSchema)
      .min(1, ORDER_MESSAGES.noLine)
      .max(MAX_ORDER_LINES, ORDER_MESSAGES.tooManyLines),
  })
  .refine((order) => order.deliveryPlace === "depot" || order.jobSiteId !== null, {
    message: ORDER_MESSAGES.siteForPlace,
    path: ["jobSiteId"],
  })
  .refine((order) => order.lotId === null || order.jobSiteId !== null, {
    message: ORDER_MESSAGES.lot,
    path: ["lotId"],
  });

export type OrderData = z.output<typeof OrderSchema>;

/** The row numbers posted (`lines.N.*`), in order. */
export function lineIndexes(values: Record<string, string>): number[] {
  const found = new Set<number>();
  for (const key of Object.keys(values)) {
    const match = /^lines\.(\d{1,3})\./.exec(key);
    if (match) found.add(Number(match[1]));
  }
  return [...found].sort((a, b) => a - b);
}

const rowIsBlank = (values: Record<string, string>, index: number) =>
  ORDER_LINE_FIELDS.filter((field) => field !== "vatCode").every(
    (field) => (values[lineKey(index, field)] ?? "").trim() === "",
  );

/**
 * The posted values → what `OrderSchema` reads, the blank rows left out. The filled rows
 * are renumbered from 0 (the refusal's `lines.N.field` then names the row as shown again).
 */
export function orderInput(values: Record<string, string>) {
  const filled = lineIndexes(values).filter((index) => !rowIsBlank(values, index));
  return {
    supplierId: values.supplierId ?? "",
    jobSiteId: values.jobSiteId ?? "",
    lotId: values.lotId ?? "",
    deliveryPlace: values.deliveryPlace ?? "",
    wantedOn: values.wantedOn ?? "",
    notes: values.notes ?? "",
    lines: filled.map((index) =>
      Object.fromEntries(ORDER_LINE_FIELDS.map((field) => [field, values[lineKey(index, field)] ?? ""])),
    ),
  };
}

/** The posted values with the blank rows left out and the filled ones renumbered from 0: what a refused form shows again. */
export function compactOrderValues(values: Record<string, string>): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const [key, value] of Object.entries(values)) if (!key.startsWith("lines.")) kept[key] = value;
  const filled = lineIndexes(values).filter((index) => !rowIsBlank(values, index));
  filled.forEach((index, row) => {
    for (const field of ORDER_LINE_FIELDS) kept[lineKey(row, field)] = values[lineKey(index, field)] ?? "";
  });
  return kept;
}

export const VAT_CHOICES = VAT_CODES.map((code) => ({ value: code, label: VAT_RATES[code].label }));

// ─── Deliveries ──────────────────────────────────────────────────────────────────────

/** `received.<lineId>` → the quantity received on that line. */
export const receivedKey = (lineId: string) => `received.${lineId}`;

export const DeliverySchema = z.object({
  receivedOn: z.preprocess((value) => value ?? "", IsoDaySchema),
  note: formText(multiLineText().pipe(z.string().max(1000, ORDER_MESSAGES.tooLong(1000)))),
});
