import { singleLineText } from "./text-rules.ts";
import { z } from "./zod.ts";

/*
 * Address completion as the Espace Pro's address fields see it: what they send to
 * /erp/adresse-completion and what it answers. Browser-safe: the fields' combobox and the
 * server (app/lib/geocoding.server.ts, app/routes/erp/adresse-completion.ts) share it.
 */

/** Fewer characters than this: no suggestion is asked for (the service needs a start of address). */
export const ADDRESS_QUERY_MIN = 3;
/** The longest text the route accepts: an address line, a postcode and a town fit in far less. */
export const ADDRESS_QUERY_MAX = 200;
/** Suggestions offered at most under a field. */
export const ADDRESS_SUGGESTIONS_MAX = 5;

/** One address the service suggests, split as the client and site forms store it. */
export type AddressSuggestion = {
  /** The whole address as one line, to show in the list (« 12 rue Picot, 83000 Toulon »). */
  label: string;
  street: string;
  postalCode: string;
  city: string;
  /** WGS84 degrees, when the service gave them. */
  lat?: number;
  lon?: number;
};

/** The `q` of GET /erp/adresse-completion. */
export const AddressQuerySchema = singleLineText().pipe(
  z
    .string()
    .max(ADDRESS_QUERY_MAX, `L'adresse cherchée est trop longue (${ADDRESS_QUERY_MAX} caractères au plus).`),
);

/** What GET /erp/adresse-completion answers: 200 with suggestions, or a French message (400, 503). */
export type AddressCompletionAnswer =
  | { ok: true; suggestions: AddressSuggestion[] }
  | { ok: false; message: string };
