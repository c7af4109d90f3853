import { z } from "./zod.ts";

/*
 * Exact money for quotes and invoices, the same code in the browser (totals shown while
 * typing) and on the server (totals stored and printed). A float cannot hold 0,10 €
 * exactly, and 1,005 € × 1 rounds to 1,00 € in floats where the rule says 1,01 €: so
 * amounts are integer cents, quantities integer thousandths, percentages integer basis
 * points, and every product is computed with BigInt, then rounded once.
 *
 * The rounding rule, the only one of the product:
 *   each amount is rounded to the cent, half away from zero (1,005 → 1,01 and
 *   −1,005 → −1,01), at the line: line total HT = round(quantity × unit price HT);
 *   a line discount = round(line total × percentage), and the line's net HT = total −
 *   discount, so every printed figure follows from the printed figures before it.
 *   VAT and the document discount are rounded by the same rule (see `vat.ts`).
 *
 * A value beyond ±9 999 999 999,99 € (or a quantity beyond ±9 999 999,999) is refused
 * when typed and throws `MoneyError` when computed: every amount the product produces can
 * be printed, typed back and stored in a bigint column.
 */

/** An amount in euro cents: always a safe integer, within ±`MAX_CENTS`. */
export type Cents = number;
/** A quantity in thousandths (12,5 m² is 12500): three decimals, exact. */
export type Milli = number;
/** A percentage in hundredths of a percent (5,5 % is 550, 100 % is 10000). */
export type BasisPoints = number;

/** 9 999 999 999,99 €. */
export const MAX_CENTS: Cents = 999_999_999_999;
/** 9 999 999,999 (of any unit). */
export const MAX_MILLI: Milli = 9_999_999_999;
/** 100 %: the most a discount or a deposit may take. */
export const FULL_PERCENT: BasisPoints = 10_000;

export const MONEY_MESSAGES = {
  format: "Saisissez un montant, par exemple 1\u202f234,56.",
  decimals: "Deux décimales au plus.",
  range:
    "Le montant doit être compris entre -9\u202f999\u202f999\u202f999,99\u00a0€ et 9\u202f999\u202f999\u202f999,99\u00a0€.",
} as const;

export const QUANTITY_MESSAGES = {
  format: "Saisissez une quantité, par exemple 12,5.",
  decimals: "Trois décimales au plus.",
  range: "La quantité doit être comprise entre -9\u202f999\u202f999,999 et 9\u202f999\u202f999,999.",
} as const;

export const PERCENT_MESSAGES = {
  format: "Saisissez un pourcentage, par exemple 5,5.",
  decimals: "Deux décimales au plus.",
  range: "Le pourcentage doit être compris entre 0 et 100.",
} as const;

/** A computation whose input or result leaves what a document may carry. The message is French, for the user. */
export class MoneyError extends RangeError {
  override name = "MoneyError";
}

const MAX_CENTS_BIG = BigInt(MAX_CENTS);

/** Whether `value` is an amount the product can carry: a safe integer within ±9 999 999 999,99 €. */
export function isCents(value: unknown): value is Cents {
  return Number.isSafeInteger(value) && Math.abs(value as number) <= MAX_CENTS;
}

/** Whether `value` is a quantity the product can carry: an integer number of thousandths within ±9 999 999,999. */
export function isMilli(value: unknown): value is Milli {
  return Number.isSafeInteger(value) && Math.abs(value as number) <= MAX_MILLI;
}

function requireCents(value: Cents, what: string): bigint {
  if (!isCents(value)) throw new MoneyError(`${what} : ${MONEY_MESSAGES.range}`);
  return BigInt(value);
}

function requireMilli(value: Milli, what: string): bigint {
  if (!isMilli(value)) throw new MoneyError(`${what} : ${QUANTITY_MESSAGES.range}`);
  return BigInt(value);
}

function requireBasisPoints(value: BasisPoints, what: string): bigint {
  if (!Number.isSafeInteger(value) || value < 0 || value > FULL_PERCENT) {
    throw new MoneyError(`${what} : ${PERCENT_MESSAGES.range}`);
  }
  return BigInt(value);
}

/** Back from BigInt (which has no -0, so neither has a result), refusing what a document may not carry. */
function toCents(value: bigint, what: string): Cents {
  if (value > MAX_CENTS_BIG || value < -MAX_CENTS_BIG) {
    throw new MoneyError(`${what} : ${MONEY_MESSAGES.range}`);
  }
  return Number(value);
}

/** `numerator / denominator` rounded to an integer, half away from zero. `denominator` must be positive. */
export function divideHalfAwayFromZero(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError("Le diviseur doit être positif.");
  const quotient = numerator / denominator; // BigInt division truncates toward zero
  const remainder = numerator % denominator; // and the remainder takes the numerator's sign
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice < denominator) return quotient;
  return numerator < 0n ? quotient - 1n : quotient + 1n;
}

/** Line total HT: quantity × unit price, rounded to the cent half away from zero (12,5 × 38,40 € = 480,00 €). */
export function lineTotal(quantity: Milli, unitPrice: Cents): Cents {
  const exact = requireMilli(quantity, "Quantité") * requireCents(unitPrice, "Prix unitaire");
  return toCents(divideHalfAwayFromZero(exact, 1000n), "Total de la ligne");
}

/** `rate` (0 to 100 %) of `amount`, rounded to the cent half away from zero: a VAT, a discount, a deposit. */
export function percentOf(amount: Cents, rate: BasisPoints): Cents {
  const exact = requireCents(amount, "Montant") * requireBasisPoints(rate, "Taux");
  return toCents(divideHalfAwayFromZero(exact, BigInt(FULL_PERCENT)), "Montant");
}

/**
 * The VAT included in an amount TTC at `rate`: round(ttc × rate / (100 % + rate)), half away
 * from zero (120,00 € TTC at 20 % holds 20,00 €; 0,03 € holds 0,01 €). A price TTC's VAT.
 */
export function vatIncludedIn(ttc: Cents, rate: BasisPoints): Cents {
  const exact = requireCents(ttc, "Montant TTC") * requireBasisPoints(rate, "Taux");
  return toCents(divideHalfAwayFromZero(exact, BigInt(FULL_PERCENT) + BigInt(rate)), "Montant");
}

export type LineAmounts = {
  /** round(quantity × unit price). */
  gross: Cents;
  /** round(gross × discount), 0 without a discount. */
  discount: Cents;
  /** gross − discount: what the line adds to the document. */
  net: Cents;
};

/**
 * A line's amounts HT. The discount is taken on the rounded gross, so a reader checks
 * each printed figure from the printed ones; the net stays within a cent of the exact
 * quantity × price × (1 − discount).
 */
export function lineAmounts(quantity: Milli, unitPrice: Cents, discount: BasisPoints = 0): LineAmounts {
  requireBasisPoints(discount, "Remise de la ligne");
  const gross = lineTotal(quantity, unitPrice);
  const discountCents = percentOf(gross, discount);
  return { gross, discount: discountCents, net: gross - discountCents };
}

function floorDivide(numerator: bigint, denominator: bigint): bigint {
  const quotient = numerator / denominator;
  return numerator % denominator !== 0n && numerator < 0n !== denominator < 0n ? quotient - 1n : quotient;
}

/**
 * Splits `total` in proportion to `weights`, exact to the cent, by the largest remainder
 * method: each share starts at the floor of its exact value (total × weight / sum of
 * weights), and the cents still missing go one each to the shares with the largest
 * fractional parts, the earlier share first on a tie. Each share is within a cent of its
 * exact value and the shares add up to `total`. A negative total is split as its opposite
 * then negated, so a credit note mirrors its invoice cent for cent.
 */
export function allocate(total: Cents, weights: readonly Cents[]): Cents[] {
  const totalBig = requireCents(total, "Montant à répartir");
  let weightsBig = weights.map((weight) => requireCents(weight, "Base de répartition"));
  if (totalBig === 0n) return weights.map(() => 0);
  let sum = weightsBig.reduce((a, b) => a + b, 0n);
  if (sum === 0n) throw new MoneyError("Impossible de répartir un montant sur une base nulle.");
  if (sum < 0n) {
    weightsBig = weightsBig.map((weight) => -weight);
    sum = -sum;
  }
  const magnitude = totalBig < 0n ? -totalBig : totalBig;
  const shares = weightsBig.map((weight) => {
    const exact = magnitude * weight;
    const floor = floorDivide(exact, sum);
    return { floor, fraction: exact - floor * sum };
  });
  let missing = magnitude - shares.reduce((a, share) => a + share.floor, 0n);
  const byFraction = shares
    .map((share, index) => ({ index, fraction: share.fraction }))
    .sort((a, b) => (a.fraction === b.fraction ? a.index - b.index : a.fraction > b.fraction ? -1 : 1));
  const result = shares.map((share) => share.floor);
  for (const { index } of byFraction) {
    if (missing === 0n) break;
    result[index] = (result[index] as bigint) + 1n;
    missing -= 1n;
  }
  return result.map((share) => toCents(totalBig < 0n ? -share : share, "Part répartie"));
}

// Formatting --------------------------------------------------------------------------

const NARROW_NO_BREAK_SPACE = "\u202f";
const NO_BREAK_SPACE = "\u00a0";

/** `value` counted in 10^-decimals units → « 1 234,56 » (grouped as Intl's fr-FR does), trailing zeros kept or not. */
function formatScaled(value: number, decimals: number, keepTrailingZeros: boolean): string {
  if (!Number.isSafeInteger(value)) throw new MoneyError("Valeur à afficher invalide.");
  const digits = Math.abs(value)
    .toString()
    .padStart(decimals + 1, "0");
  const whole = digits
    .slice(0, digits.length - decimals)
    .replace(/\B(?=(\d{3})+(?!\d))/g, NARROW_NO_BREAK_SPACE);
  let fraction = digits.slice(digits.length - decimals);
  if (!keepTrailingZeros) fraction = fraction.replace(/0+$/, "");
  // -0 and 0 print alike, as any amount that rounds to nothing should.
  const sign = value < 0 ? "-" : "";
  return fraction ? `${sign}${whole},${fraction}` : `${sign}${whole}`;
}

/** 123456 → « 1 234,56 € », byte for byte what `Intl.NumberFormat("fr-FR", { style: "currency", currency: "EUR" })` prints. */
export function formatCents(cents: Cents): string {
  return `${formatScaled(cents, 2, true)}${NO_BREAK_SPACE}€`;
}

/** 123456 → « 1 234,56 »: the value of an amount field, which `parseMoney` reads back. */
export function formatCentsForInput(cents: Cents): string {
  return formatScaled(cents, 2, true);
}

/** 12500 → « 12,5 », 3000 → « 3 »: up to three decimals, as Intl's fr-FR with `maximumFractionDigits: 3`. */
export function formatQuantity(quantity: Milli): string {
  return formatScaled(quantity, 3, false);
}

/** 550 → « 5,5 % », 2000 → « 20 % », as Intl's fr-FR percent with `maximumFractionDigits: 2`. */
export function formatPercent(rate: BasisPoints): string {
  return `${formatScaled(rate, 2, false)}${NO_BREAK_SPACE}%`;
}

// Parsing -----------------------------------------------------------------------------

type Messages = { format: string; decimals: string; range: string };
type Scaled = { ok: true; value: bigint } | { ok: false; message: string };

const SEPARATORS = " \u00a0\u202f";
// Groups of three after the first, or no grouping at all; a comma or a point before the decimals.
const NUMBER = new RegExp(`^([-\u2212]?)(\\d{1,3}(?:[${SEPARATORS}]\\d{3})+|\\d+)(?:[.,](\\d+))?$`);

/**
 * `text` without a trailing « € » or « % » and the spaces before it. A loop, not
 * /[ ]*€$/: an unanchored regex retries from every space, and 50 000 spaces then took
 * two seconds.
 */
function withoutSuffix(text: string, suffix: string): string {
  if (!text.endsWith(suffix)) return text;
  let end = text.length - suffix.length;
  while (end > 0 && SEPARATORS.includes(text.charAt(end - 1))) end -= 1;
  return text.slice(0, end);
}

/**
 * What a person types, French or not: « 1 234,56 », « 1234.56 », « -12,5 », grouped by
 * spaces, no-break spaces or narrow no-break spaces. « 1.234,56 » and « 12,500 » are
 * refused rather than guessed (a point or a comma always starts the decimals).
 */
function parseScaled(
  text: string,
  decimals: number,
  max: bigint,
  messages: Messages,
  suffix?: string,
): Scaled {
  const trimmed = text.trim();
  const body = suffix ? withoutSuffix(trimmed, suffix) : trimmed;
  const match = NUMBER.exec(body);
  if (!match) return { ok: false, message: messages.format };
  const [, sign, whole = "", fraction = ""] = match;
  if (fraction.length > decimals) return { ok: false, message: messages.decimals };
  const wholeDigits = whole.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  // Past the maximum's length the value is out of range whatever it is; no need to build it.
  if (wholeDigits.length > max.toString().length) return { ok: false, message: messages.range };
  const magnitude = BigInt(wholeDigits + fraction.padEnd(decimals, "0"));
  if (magnitude > max) return { ok: false, message: messages.range };
  return { ok: true, value: sign && magnitude !== 0n ? -magnitude : magnitude };
}

export type MoneyParseResult = { ok: true; cents: Cents } | { ok: false; message: string };
export type QuantityParseResult = { ok: true; milli: Milli } | { ok: false; message: string };
export type PercentParseResult = { ok: true; basisPoints: BasisPoints } | { ok: false; message: string };

/** « 1 234,56 € », « 1234.56 », « -12,5 » → cents; two decimals at most, ±9 999 999 999,99 € at most. */
export function parseMoney(text: string): MoneyParseResult {
  const result = parseScaled(text, 2, MAX_CENTS_BIG, MONEY_MESSAGES, "€");
  return result.ok ? { ok: true, cents: Number(result.value) } : result;
}

/** « 12,5 », « 1 000 », « 0,125 » → thousandths; three decimals at most. */
export function parseQuantity(text: string): QuantityParseResult {
  const result = parseScaled(text, 3, BigInt(MAX_MILLI), QUANTITY_MESSAGES);
  return result.ok ? { ok: true, milli: Number(result.value) } : result;
}

/** « 5,5 % », « 30 » → basis points; two decimals, between 0 and 100 %. */
export function parsePercent(text: string): PercentParseResult {
  const result = parseScaled(text, 2, BigInt(FULL_PERCENT), PERCENT_MESSAGES, "%");
  if (!result.ok) return result;
  if (result.value < 0n) return { ok: false, message: PERCENT_MESSAGES.range };
  return { ok: true, basisPoints: Number(result.value) };
}

// Form schemas ------------------------------------------------------------------------

function fieldSchema<Parsed extends { ok: true }, T>(
  parse: (text: string) => Parsed | { ok: false; message: string },
  pick: (parsed: Parsed) => T,
  missing: string,
) {
  return z.string({ error: missing }).transform((text, ctx) => {
    const result = parse(text);
    if (result.ok) return pick(result);
    ctx.issues.push({ code: "custom", message: result.message, input: text });
    return z.NEVER;
  });
}

/** An amount field of a form (FormData gives a string) → cents, with the French messages of `parseMoney`. */
export const MoneySchema = fieldSchema(parseMoney, (parsed) => parsed.cents, MONEY_MESSAGES.format);

/** A quantity field of a form → thousandths, with the French messages of `parseQuantity`. */
export const QuantitySchema = fieldSchema(parseQuantity, (parsed) => parsed.milli, QUANTITY_MESSAGES.format);

/** A percentage field of a form (discount, deposit) → basis points, between 0 and 100 %. */
export const PercentSchema = fieldSchema(
  parsePercent,
  (parsed) => parsed.basisPoints,
  PERCENT_MESSAGES.format,
);
