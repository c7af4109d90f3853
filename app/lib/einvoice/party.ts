import { sirenFromVatNumber } from "./siren.ts";

/**
 * A party's SIREN: its legal registration (BT-30, BT-47) under scheme 0002 (SIREN), or the
 * first nine digits of a SIRET (0009); else the one inside a French VAT number.
 */
export function partySiren(
  legalId: { id: string; scheme?: string } | undefined,
  vatNumber: string | undefined,
): string | undefined {
  const digits = legalId?.id.replace(/\s/g, "");
  if (digits && legalId?.scheme === "0002" && /^\d{9}$/.test(digits)) return digits;
  if (digits && legalId?.scheme === "0009" && /^\d{14}$/.test(digits)) return digits.slice(0, 9);
  return sirenFromVatNumber(vatNumber);
}
