import { singleLineText } from "./text-rules.ts";
import { z } from "./zod.ts";

/*
 * The pieces every list's query string shares (/erp/leads, /erp/clients, /erp/devis…):
 * an empty field means « no filter », a search is one line of 200 characters at most,
 * a page is a number from 1, an order is « asc » or « desc ». Browser-safe.
 */

/** An empty form field means "no filter". */
export const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

/** The search box: one line, 200 characters at most, empty → undefined. */
export const SearchQuerySchema = singleLineText()
  .pipe(z.string().max(200, "La recherche est trop longue (200 caractères au plus)."))
  .optional()
  .transform((value) => value || undefined);

export const PageSchema = z.coerce
  .number({ error: "Le numéro de page est invalide." })
  .int("Le numéro de page est invalide.")
  .min(1, "Le numéro de page est invalide.")
  .max(100_000, "Le numéro de page est invalide.")
  .default(1);

export const OrderSchema = blankAsMissing(
  z.enum(["asc", "desc"], { error: "Cet ordre de tri n'existe pas." }).optional(),
);

/** The query string's `keys` as a plain object, for a schema to parse. */
export function pickParams(searchParams: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}
