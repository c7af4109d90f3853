/*
 * French plurals, by Intl.PluralRules("fr"): 0 and 1 take the singular, 2 and more the
 * plural (« 0 facture », « 1,5 heure », « 2 factures »). One helper for every count shown.
 *
 *   plural(3, "facture")                 → « 3 factures »
 *   plural(2, "travail", "travaux")      → « 2 travaux »
 *   pluralWord(1, "relance")             → « relance » (the word alone)
 */

const rules = new Intl.PluralRules("fr-FR");

/** The word alone for `count`: `one` for 0 and 1, `many` (default: `one` + « s ») from 2. */
export function pluralWord(count: number, one: string, many = `${one}s`): string {
  return rules.select(count) === "one" ? one : many;
}

/** « 3 factures »: the count, written the French way, and its word. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count.toLocaleString("fr-FR")} ${pluralWord(count, one, many)}`;
}
