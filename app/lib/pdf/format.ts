/**
 * The one amount the documents print their own way: a share capital has no « ,00 »
 * when whole (« au capital de 3 000 € »). Every other amount is app/lib/money.ts's
 * `formatCents`, every date app/lib/paris-time.ts's `formatDate`.
 */

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const wholeEuros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

/** A share capital: 300000 → « 3 000 € », 150050 → « 1 500,50 € » (no « ,00 » when whole). */
export function formatCapital(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Montant en centimes invalide : ${cents}`);
  return cents % 100 === 0 ? wholeEuros.format(cents / 100) : euros.format(cents / 100);
}
