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
const parisDay = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "Europe/Paris",
});
const utcDay = new Intl.DateTimeFormat("fr-FR", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
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

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * « 23 novembre 2026 ». A `Date` is an instant, shown as the day it is in Paris; a
 * string is a calendar day (AAAA-MM-JJ, as the database stores dates) and is shown as
 * is, whatever the server's time zone.
 */
export function formatDateFr(date: Date | string): string {
  if (typeof date !== "string") {
    if (Number.isNaN(date.getTime())) throw new Error("Date invalide");
    return parisDay.format(date);
  }
  const match = DAY_PATTERN.exec(date);
  const day = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!day || day.toISOString().slice(0, 10) !== date) throw new Error(`Date invalide : ${date}`);
  return utcDay.format(day);
}
