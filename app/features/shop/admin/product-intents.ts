import type { Refusal } from "#app/components/forms/refusal.ts";

/*
 * The forms of a catalogue product's page (/erp/boutique/produits/:id) and what a refusal
 * of one of them carries: the variant or the picture it was about, and what was typed.
 * Browser-safe: the page's forms and the action (product-actions.server.ts) share it.
 */

export const CATALOGUE_LIST_PATH = "/erp/boutique/produits";

export const PRODUCT_INTENTS = {
  fiche: "fiche",
  variante: "variante",
  stock: "stock",
} as const;

export const STATUS_INTENTS = ["publier", "masquer", "brouillon", "supprimer"] as const;
export type StatusIntent = (typeof STATUS_INTENTS)[number];

/** THE refusal, with the variant ("" for a new one) or the picture the refused form was about. */
export type ProductRefusal = Refusal<{ variantId?: string; imageId?: string }>;

/** What was typed in a refused form, to show it again. */
export type Posted = Record<string, string>;

/** The message of a refusal for this form and field, if it is about them. */
export function productFieldError(
  refusal: ProductRefusal | null,
  intent: string,
  field: string,
  variantId?: string,
): string[] | undefined {
  if (!refusal || refusal.intent !== intent || refusal.field !== field) return undefined;
  if (variantId !== undefined && (refusal.variantId ?? "") !== variantId) return undefined;
  return [refusal.message];
}

/** What was typed in the refused form, when the refusal is about it. */
export function refusedValues(
  refusal: ProductRefusal | null,
  intent: string,
  variantId?: string,
): Posted | null {
  if (!refusal?.values || refusal.intent !== intent) return null;
  if (variantId !== undefined && (refusal.variantId ?? "") !== variantId) return null;
  return refusal.values;
}

/** « +5 », « −3 » (a true minus sign). */
export function signed(delta: number): string {
  return delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`;
}

/**
 * What a field of the form posting `intent` shows: what was typed when that form was
 * refused, else `stored`; and its message.
 */
export function refusedFieldProps(refusal: ProductRefusal | null, intent: string, variantId?: string) {
  const typed = refusedValues(refusal, intent, variantId);
  return (field: string, stored: string) => ({
    defaultValue: typed?.[field] ?? stored,
    errors: productFieldError(refusal, intent, field, variantId),
  });
}
