import type { Refusal } from "#app/components/forms/refusal.ts";
import { bareIntent, formText } from "#app/lib/form-intent.ts";
import {
  type BasisPoints,
  type Cents,
  divideHalfAwayFromZero,
  type Milli,
  MoneyError,
  MoneySchema,
  parseMoney,
  parseQuantity,
  QUANTITY_MESSAGES,
} from "#app/lib/money.ts";
import { multiLineText, singleLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";
import {
  DESIGNATION_MAX,
  LINE_VAT_CODES,
  type LineVatCode,
  LONG_TEXT_MAX,
  QUOTE_UNITS,
  type QuoteUnit,
} from "./content.ts";
import { labourCost } from "./totals.ts";

/*
 * The price library's rules (« Bibliothèque de prix »), shared by the browser and the
 * server: the item form and what it posts (the list's query string is in schema.ts). Every message is
 * the one the form shows under its field. Amounts are cents, labour hours thousandths
 * of an hour (« 1,5 » h is 1500), as app/lib/money.ts reads them.
 */

/** Most items the quote editor's « insérer depuis la bibliothèque » search returns. */
export const LIBRARY_SEARCH_LIMIT = 20;
/** Longest query the editor's search accepts. */
export const LIBRARY_SEARCH_MAX = 100;
/** 9 999,999 h: the database's bound on an item's labour per unit. */
export const MAX_LABOUR_MILLI: Milli = 9_999_999;

/** How a unit reads in a select (the stored value is the symbol, as quotes print it). */
export const LIBRARY_UNIT_LABELS: Record<QuoteUnit, string> = {
  u: "u (unité)",
  h: "h (heure)",
  m: "m (mètre)",
  ml: "ml (mètre linéaire)",
  "m²": "m² (mètre carré)",
  "m³": "m³ (mètre cube)",
  kg: "kg (kilogramme)",
  l: "l (litre)",
  forfait: "forfait",
};

export const LIBRARY_MESSAGES = {
  designation: "Indiquez la désignation de l'article.",
  designationTooLong: `La désignation ne doit pas dépasser ${DESIGNATION_MAX} caractères.`,
  descriptionTooLong: `La description ne doit pas dépasser ${LONG_TEXT_MAX.toLocaleString("fr-FR")} caractères.`,
  unit: "Choisissez une unité.",
  vat: "Choisissez un taux de TVA : 20 %, 10 % ou 5,5 %.",
  unitPrice: "Indiquez le prix unitaire HT, par exemple 45,00.",
  negative: "Le montant ne peut pas être négatif.",
  labourFormat: "Saisissez un nombre d'heures, par exemple 1,5.",
  labourRange: "Le temps de main-d'œuvre doit être compris entre 0 et 9\u202f999,999\u00a0h par unité.",
  revision: "Le formulaire est incomplet : rechargez la page, puis enregistrez à nouveau.",
} as const;

// ─── The form ─────────────────────────────────────────────────────────────────────────

const nonNegative = (schema: typeof MoneySchema) =>
  schema.refine((cents) => cents >= 0, LIBRARY_MESSAGES.negative);

/** An amount that may stay empty (0 then). */
const optionalAmount = z
  .string()
  .trim()
  .transform((value) => value || "0")
  .pipe(nonNegative(MoneySchema));

/**
 * Labour hours per unit, three decimals (« 1,5 », « 0,25 »); empty is none. Read by
 * `parseQuantity`, with messages that speak of hours rather than of a quantity.
 */
const labourHours = z
  .string()
  .trim()
  .transform((value, ctx) => {
    const parsed = parseQuantity(value || "0");
    const problem = parsed.ok
      ? parsed.milli < 0 || parsed.milli > MAX_LABOUR_MILLI
        ? LIBRARY_MESSAGES.labourRange
        : null
      : parsed.message === QUANTITY_MESSAGES.decimals
        ? parsed.message
        : parsed.message === QUANTITY_MESSAGES.range
          ? LIBRARY_MESSAGES.labourRange
          : LIBRARY_MESSAGES.labourFormat;
    if (problem || !parsed.ok) {
      ctx.issues.push({ code: "custom", message: problem ?? LIBRARY_MESSAGES.labourFormat, input: value });
      return z.NEVER;
    }
    return parsed.milli;
  });

/** The item's fields; a field missing from a post reads as empty, as the form would send it. */
export const LibraryItemSchema = z.object({
  designation: formText(
    singleLineText(LIBRARY_MESSAGES.designation)
      .pipe(z.string().min(1, LIBRARY_MESSAGES.designation))
      .pipe(z.string().max(DESIGNATION_MAX, LIBRARY_MESSAGES.designationTooLong)),
  ),
  description: formText(
    multiLineText().pipe(z.string().max(LONG_TEXT_MAX, LIBRARY_MESSAGES.descriptionTooLong)),
  ),
  unit: z.enum(QUOTE_UNITS, { error: LIBRARY_MESSAGES.unit }),
  unitPriceHt: formText(
    z
      .string({ error: LIBRARY_MESSAGES.unitPrice })
      .trim()
      .min(1, LIBRARY_MESSAGES.unitPrice)
      .pipe(nonNegative(MoneySchema)),
  ),
  vatCode: z.enum(LINE_VAT_CODES, { error: LIBRARY_MESSAGES.vat }),
  labourHours: formText(labourHours),
  materials: formText(optionalAmount),
});
export type LibraryItemInput = z.input<typeof LibraryItemSchema>;
export type LibraryItemData = z.output<typeof LibraryItemSchema>;

/** The names of the form's fields. */
export const LIBRARY_FIELDS = [
  "designation",
  "description",
  "unit",
  "unitPriceHt",
  "vatCode",
  "labourHours",
  "materials",
] as const;
export type LibraryField = (typeof LIBRARY_FIELDS)[number];

/** How the history names a changed field (« Article modifié : prix unitaire HT 45,00 € → 48,00 € »). */
export const libraryFieldNames: Record<LibraryField, string> = {
  designation: "désignation",
  description: "description",
  unit: "unité",
  unitPriceHt: "prix unitaire HT",
  vatCode: "TVA",
  labourHours: "main-d'œuvre",
  materials: "fournitures",
};

/** The hidden field that carries the revision the edit form was loaded from. */
export const REVISION_FIELD = "revision";

/** What the form posts, as strings: the raw values to show again after a refusal. */
export type LibraryItemFormValues = Record<LibraryField, string>;

/** Where the library lives in the Espace Pro. */
export const LIBRARY_PATH = "/erp/devis/bibliotheque";

/** The intents of an item's page: save the edit form, archive, restore. */
export const LIBRARY_INTENTS = { save: "enregistrer", archive: "archiver", restore: "restaurer" } as const;

/** The revision posted back by the edit form: refused, about the whole form, when it is not one. */
const RevisionSchema = formText(
  z
    .string()
    .regex(/^[1-9]\d{0,8}$/, LIBRARY_MESSAGES.revision)
    .transform(Number),
);

/** A post of an item's page: the edit form with its revision, or archive / restore. */
export const LibraryItemPostSchema = z.discriminatedUnion("intent", [
  LibraryItemSchema.extend({ intent: z.literal(LIBRARY_INTENTS.save), [REVISION_FIELD]: RevisionSchema }),
  bareIntent(LIBRARY_INTENTS.archive),
  bareIntent(LIBRARY_INTENTS.restore),
]);
export type LibraryItemPost = z.output<typeof LibraryItemPostSchema>;

/**
 * THE refusal of the create and edit forms: every field's message (`fieldErrors`), what
 * was typed (`values`; none when nothing readable was posted, then the page shows
 * `message` on top), a message about the whole form (`formError`: no revision, or a
 * colleague saved first) and, after a conflict, the revision to post next.
 */
export type LibraryItemRefusal = Refusal<{ revision?: number }>;

/** The form's posted fields (missing ones are empty). */
export function libraryItemFormValues(form: FormData): LibraryItemFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(LIBRARY_FIELDS.map((name) => [name, text(name)])) as LibraryItemFormValues;
}

/** The form's values for a new item: 20 % VAT, by the unit, nothing else typed. */
export function emptyLibraryItemFormValues(): LibraryItemFormValues {
  return {
    designation: "",
    description: "",
    unit: "u",
    unitPriceHt: "",
    vatCode: "20",
    labourHours: "",
    materials: "",
  };
}

// ─── Cost price and margin (the staff's eyes only) ───────────────────────────────────

export type UnitEconomics = {
  /** Labour (hours × hourly cost) + materials, per unit. */
  cost: Cents;
  /** Unit price HT − cost. */
  margin: Cents;
  /** margin ÷ unit price, in basis points; null when the price is 0. */
  marginRate: BasisPoints | null;
};

/** Cost price, margin and margin rate of one unit of an item. */
export function unitEconomics(
  item: { unitPriceHt: Cents; labourHours: Milli; materialsCents: Cents },
  hourlyCostCents: Cents,
): UnitEconomics {
  const cost = labourCost(item.labourHours, hourlyCostCents) + item.materialsCents;
  const margin = item.unitPriceHt - cost;
  return {
    cost,
    margin,
    // Half away from zero like every figure (decision 011): a loss of half a point reads as one.
    marginRate:
      item.unitPriceHt > 0
        ? Number(divideHalfAwayFromZero(BigInt(margin) * 10_000n, BigInt(item.unitPriceHt)))
        : null,
  };
}

/** The same from the form's text as typed; null while a figure cannot be read. */
export function typedUnitEconomics(
  typed: { unitPriceHt: string; labourHours: string; materials: string },
  hourlyCostCents: Cents,
): UnitEconomics | null {
  const price = parseMoney(typed.unitPriceHt);
  const hours = parseQuantity(typed.labourHours.trim() || "0");
  const materials = parseMoney(typed.materials.trim() || "0");
  if (!price.ok || !hours.ok || !materials.ok) return null;
  if (price.cents < 0 || hours.milli < 0 || hours.milli > MAX_LABOUR_MILLI || materials.cents < 0)
    return null;
  try {
    return unitEconomics(
      { unitPriceHt: price.cents, labourHours: hours.milli, materialsCents: materials.cents },
      hourlyCostCents,
    );
  } catch (error) {
    if (error instanceof MoneyError) return null;
    throw error;
  }
}

/** The editor's search (`?q=` of /api/erp/devis/bibliotheque.json): at most 100 characters, one line. */
export const LibrarySearchSchema = singleLineText().pipe(
  z
    .string()
    .max(LIBRARY_SEARCH_MAX, `La recherche est trop longue (${LIBRARY_SEARCH_MAX} caractères au plus).`),
);

export type { LineVatCode, QuoteUnit };
