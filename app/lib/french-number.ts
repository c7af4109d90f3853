/**
 * French number formatting for what the public pages show while they hydrate. The
 * browser's `Intl` would give the same text, but its first use loads the locale's
 * data: about 20 ms of main thread on a phone, in the middle of hydration.
 */

/** 3000 → « 3 000 » (thousands grouped by a narrow no-break space, as `Intl` does for fr-FR). */
export function formatInteger(value: number): string {
  const digits = Math.abs(Math.trunc(value))
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, "\u202f");
  return value < 0 ? `-${digits}` : digits;
}

/** 4.5 → « 4,5 », 5 → « 5 »: one decimal at most, French comma. */
export function formatOneDecimal(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  const whole = Math.trunc(rounded);
  const tenth = Math.round(Math.abs(rounded - whole) * 10);
  const sign = rounded < 0 && whole === 0 ? "-" : "";
  return tenth === 0 ? `${sign}${formatInteger(whole)}` : `${sign}${formatInteger(whole)},${tenth}`;
}
