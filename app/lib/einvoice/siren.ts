/*
 * The SIREN of a French company, read from what a supplier's invoice carries. The check
 * is kept here, small, so that this folder depends on no feature (decision 030).
 */

const SIREN = /^\d{9}$/;

/** Whether `siren` is nine digits whose Luhn key is right (La Poste's 356 000 000 excepted, as INSEE does). */
export function isValidSirenKey(siren: string): boolean {
  if (!SIREN.test(siren)) return false;
  if (siren === "356000000") return true;
  let sum = 0;
  for (let index = 0; index < 9; index += 1) {
    let digit = Number(siren[8 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The French VAT key of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97, on two digits. */
export function frenchVatKey(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/**
 * The SIREN inside a French VAT number (« FR » + two-digit key + SIREN), when its key matches;
 * undefined for any other number. Spaces and dots are ignored.
 */
export function sirenFromVatNumber(vatNumber: string | undefined): string | undefined {
  if (!vatNumber) return undefined;
  const match = /^FR(\d{2})(\d{9})$/.exec(vatNumber.replace(/[\s.]/g, "").toUpperCase());
  if (!match) return undefined;
  const [, key, siren = ""] = match;
  return frenchVatKey(siren) === key ? siren : undefined;
}
