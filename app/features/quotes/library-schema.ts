import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
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

export const LibraryItemSchema = z.object({
  designation: singleLineText(LIBRARY_MESSAGES.designation)
    .pipe(z.string().min(1, LIBRARY_MESSAGES.designation))
    .pipe(z.string().max(DESIGNATION_MAX, LIBRARY_MESSAGES.designationTooLong)),
  description: multiLineText().pipe(z.string().max(LONG_TEXT_MAX, LIBRARY_MESSAGES.descriptionTooLong)),
  unit: z.enum(QUOTE_UNITS, { error: LIBRARY_MESSAGES.unit }),
  unitPriceHt: z
    .string({ error: LIBRARY_MESSAGES.unitPrice })
    .trim()
    .min(1, LIBRARY_MESSAGES.unitPrice)
    .pipe(nonNegative(MoneySchema)),
  vatCode: z.enum(LINE_VAT_CODES, { error: LIBRARY_MESSAGES.vat }),
  labourHours,
  materials: optionalAmount,
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

/** What a create or edit action answers when it saves nothing (the page shows it). */
export type LibraryItemFormAnswer = {
  /** What was posted; null when nothing readable was (the page shows the stored item). */
  values: LibraryItemFormValues | null;
  /** `zodFieldErrors(...).fieldErrors`. */
  errors: Record<string, string[]>;
  formErrors: string[];
  /** The revision to post next (after a conflict: the one now stored). */
  revision?: number;
};

/** The form's posted fields (missing ones are empty). */
export function libraryItemFormValues(form: FormData): LibraryItemFormValues {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return Object.fromEntries(LIBRARY_FIELDS.map((name) => [name, text(name)])) as LibraryItemFormValues;
}

/** A posted create or edit form, checked: the data to save, or every field's message with what was typed. */
export function parseLibraryItemForm(
  form: FormData,
):
  | { ok: true; data: LibraryItemData; values: LibraryItemFormValues }
  | { ok: false; answer: LibraryItemFormAnswer } {
  const values = libraryItemFormValues(form);
  const parsed = LibraryItemSchema.safeParse(values);
  if (!parsed.success) {
    const { fieldErrors, formErrors } = zodFieldErrors(parsed);
    return { ok: false, answer: { values, errors: fieldErrors, formErrors } };
  }
  return { ok: true, data: parsed.data, values };
}

/** The revision posted with the edit form, or null. */
export function postedRevision(form: FormData): number | null {
  const value = form.get(REVISION_FIELD);
  return typeof value === "string" && /^[1-9]\d{0,8}$/.test(value) ? Number(value) : null;
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
