/*
 * The identifiers of a French company, checked the same way wherever one is typed (the
 * client register, the supplier register): the SIREN (9 digits, a Luhn key) and the
 * intra-community VAT number derived from it. Browser-safe.
 */

/** "123 456 789" → "123456789": spaces, dots and hyphens as people type them go. */
export function compactIdentifier(value: string): string {
  return value.replace(/[\s.-]/g, "").toUpperCase();
}

/**
 * A SIREN is 9 digits whose last one is a Luhn key. La Poste's historic SIREN
 * (356 000 000) is the one registered exception: INSEE gave it before the key existed.
 */
export function isValidSiren(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  if (value === "356000000") return true;
  let sum = 0;
  for (let index = 0; index < 9; index++) {
    let digit = Number(value[8 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** The 2-digit key of the French VAT number of a SIREN: (12 + 3 × (SIREN mod 97)) mod 97. */
export function vatKeyOf(siren: string): string {
  return String((12 + 3 * (Number(siren) % 97)) % 97).padStart(2, "0");
}

/** "FR" + key + SIREN, or null when the SIREN is not valid. */
export function vatNumberOf(siren: string): string | null {
  return isValidSiren(siren) ? `FR${vatKeyOf(siren)}${siren}` : null;
}
