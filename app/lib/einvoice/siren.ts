import { vatKeyOf } from "../company-ids.ts";

/*
 * The SIREN of a French company, read from what a supplier's invoice carries. Its key and
 * the VAT key are checked as the registers check them (app/lib/company-ids.ts, which no
 * feature owns: this folder still depends on no feature, decision 030).
 */

/**
 * The SIREN inside a French VAT number (« FR » + two-digit key + SIREN), when its key matches;
 * undefined for any other number. Spaces and dots are ignored.
 */
export function sirenFromVatNumber(vatNumber: string | undefined): string | undefined {
  if (!vatNumber) return undefined;
  const match = /^FR(\d{2})(\d{9})$/.exec(vatNumber.replace(/[\s.]/g, "").toUpperCase());
  if (!match) return undefined;
  const [, key, siren = ""] = match;
  return vatKeyOf(siren) === key ? siren : undefined;
}
