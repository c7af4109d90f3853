import { formatDate } from "#app/lib/paris-time.ts";

/**
 * French formatting for the PDF documents. Kept here until the shared money module
 * exists (decision 012); the strings are those `Intl` gives for fr-FR, so a screen that
 * uses `Intl` shows the same text as the document.
 */

const euros = new Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" });
const wholeEuros = new Intl.NumberFormat("fr-FR", {
  style: "currency",
  currency: "EUR",
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

function assertCents(cents: number): void {
  if (!Number.isSafeInteger(cents)) throw new Error(`Montant en centimes invalide : ${cents}`);
}

/** 123456 → « 1 234,56 € » (the spaces are those of `Intl`: U+202F and U+00A0). */
export function formatEuros(cents: number): string {
  assertCents(cents);
  return euros.format(cents / 100);
}

/** A share capital: 300000 → « 3 000 € », 150050 → « 1 500,50 € » (no « ,00 » when whole). */
export function formatCapital(cents: number): string {
  assertCents(cents);
  return cents % 100 === 0 ? wholeEuros.format(cents / 100) : euros.format(cents / 100);
}

/**
 * « 23 novembre 2026 »: an instant as its Paris day, a calendar day (AAAA-MM-JJ) as
 * is; Paris time lives in app/lib/paris-time.ts.
 */
export function formatDateFr(date: Date | string): string {
  return formatDate(date, "long");
}
