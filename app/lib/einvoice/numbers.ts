import {
  type BasisPoints,
  type Cents,
  divideHalfAwayFromZero,
  isCents,
  isMilli,
  type Milli,
} from "../money.ts";
import type { SupplierInvoiceProblem } from "./supplier-invoice.ts";

/*
 * The decimals of an e-invoice (« 1234.56 », « -0.5 », « 20 ») into the product's integers,
 * exactly, through BigInt: never a float for money.
 */

const DECIMAL = /^([+-]?)(\d+)(?:\.(\d*))?$/;

/** « 12.345 » scaled by 10^`decimals`, rounded half away from zero; null when it is not a decimal. */
function scaled(text: string, decimals: number): { value: bigint; exact: boolean } | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const [, sign, whole, fraction = ""] = match;
  const digits = BigInt(whole + fraction);
  const exponent = fraction.length - decimals;
  let value: bigint;
  let exact = true;
  if (exponent <= 0) {
    value = digits * 10n ** BigInt(-exponent);
  } else {
    const divisor = 10n ** BigInt(exponent);
    value = divideHalfAwayFromZero(digits, divisor);
    exact = digits % divisor === 0n;
  }
  return { value: sign === "-" ? -value : value, exact };
}

/**
 * An amount in cents. An amount with more than two decimals is rounded (half away from
 * zero) and noted in `issues` (BR-DEC: amounts carry two decimals at most); a value that is
 * not a decimal, or too large for the product, is null and noted too.
 */
export function readCents(
  text: string | undefined,
  what: string,
  issues: SupplierInvoiceProblem[],
): Cents | null {
  if (text === undefined) return null;
  const result = scaled(text, 2);
  const value = result ? Number(result.value) : Number.NaN;
  if (!result || !isCents(value)) {
    issues.push({ rule: "BR-DEC", message: `${what} : « ${text} » n'est pas un montant lisible.` });
    return null;
  }
  if (!result.exact) {
    issues.push({
      rule: "BR-DEC",
      message: `${what} : « ${text} » a plus de deux décimales ; lu arrondi au centime.`,
    });
  }
  return value;
}

/** A percentage in basis points (« 5.5 » is 550); null when absent, unreadable or beyond two decimals. */
export function readRate(text: string | undefined): BasisPoints | null {
  if (text === undefined) return null;
  const result = scaled(text, 2);
  if (!result?.exact) return null;
  const value = Number(result.value);
  return Number.isSafeInteger(value) && value >= 0 && value <= 10_000 ? value : null;
}

/** A quantity in thousandths when it has three decimals at most and fits; else null. */
export function readMilli(text: string | undefined): Milli | null {
  if (text === undefined) return null;
  const result = scaled(text, 3);
  if (!result?.exact) return null;
  const value = Number(result.value);
  return isMilli(value) ? value : null;
}

/** « 20261005 » (format 102) or « 2026-10-05 » into an ISO day; undefined when it is not a real day. */
export function readDay(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d{4})-?(\d{2})-?(\d{2})/.exec(text.trim());
  if (!match) return undefined;
  const [, year, month, day] = match;
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (
    date.getUTCFullYear() !== Number(year) ||
    date.getUTCMonth() !== Number(month) - 1 ||
    date.getUTCDate() !== Number(day)
  ) {
    return undefined;
  }
  return `${year}-${month}-${day}`;
}
