/*
 * Bank details as invoices print them (transfer to the company's account): the IBAN
 * (ISO 13616) and the BIC (ISO 9362). Browser-safe: the settings form, the invoices
 * and their Factur-X XML use the same checks.
 *
 * An IBAN is stored as the machine reads it (capitals, no space) and shown grouped by
 * four for a person to read or copy: « FR76 3000 6000 0112 3456 7890 189 ».
 */

/**
 * Length of the IBAN in each country of the SEPA area (EPC list of SEPA countries, lengths
 * of the SWIFT IBAN registry). The company receives euro transfers from its clients:
 * its own account is in one of these countries.
 */
export const SEPA_IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24,
  AT: 20,
  BE: 16,
  BG: 22,
  CH: 21,
  CY: 28,
  CZ: 24,
  DE: 22,
  DK: 18,
  EE: 20,
  ES: 24,
  FI: 18,
  FR: 27,
  GB: 22,
  GI: 23,
  GR: 27,
  HR: 21,
  HU: 28,
  IE: 22,
  IS: 26,
  IT: 27,
  LI: 21,
  LT: 20,
  LU: 20,
  LV: 21,
  MC: 27,
  MT: 31,
  NL: 18,
  NO: 15,
  PL: 28,
  PT: 25,
  RO: 24,
  SE: 24,
  SI: 19,
  SK: 24,
  SM: 27,
  VA: 22,
};

/**
 * Countries whose banks write another country code in their BIC than in their IBANs: the
 * French overseas departments and collectivities use FR IBANs (a bank in Guadeloupe has a
 * BIC « …GPGP… »), the Crown dependencies GB ones, the Åland Islands FI ones.
 */
const BIC_COUNTRIES_OF_IBAN: Readonly<Record<string, readonly string[]>> = {
  FR: ["FR", "GF", "GP", "MQ", "RE", "YT", "PM", "BL", "MF", "NC", "PF", "WF"],
  GB: ["GB", "JE", "GG", "IM"],
  FI: ["FI", "AX"],
};

export const BANK_MESSAGES = {
  ibanFormat:
    "L'IBAN commence par le code du pays puis deux chiffres de contrôle (FR76…), suivis de lettres et de chiffres.",
  ibanCountry:
    "Ce pays n'est pas dans la zone SEPA : indiquez l'IBAN d'un compte pouvant recevoir des virements en euros.",
  ibanLength: (country: string, length: number) =>
    `Un IBAN ${country === "FR" ? "français" : `du pays ${country}`} compte ${length} caractères (espaces non compris).`,
  ibanKey: "La clé de contrôle de l'IBAN est fausse : vérifiez chaque caractère.",
  bicFormat:
    "Le BIC compte 8 ou 11 caractères : 4 lettres (banque), 2 lettres (pays), 2 lettres ou chiffres (ville), puis 3 facultatifs (agence), par exemple BNPAFRPP.",
  bicCountry: (bicCountry: string, ibanCountry: string) =>
    `Ce BIC désigne une banque du pays ${bicCountry}, alors que l'IBAN est celui d'un compte du pays ${ibanCountry} : vérifiez le BIC sur le relevé d'identité bancaire.`,
} as const;

/** What a person typed → the IBAN as stored: capitals, without spaces (nor the hyphens some banks print). */
export function normalizeIban(text: string): string {
  return text.replace(/[\s\u00a0\u202f-]/g, "").toUpperCase();
}

/** What a person typed → the BIC as stored: capitals, without spaces. */
export function normalizeBic(text: string): string {
  return text.replace(/[\s\u00a0\u202f]/g, "").toUpperCase();
}

/**
 * ISO 7064 MOD 97-10 of an IBAN: the first four characters moved to the end, each letter
 * written as two digits (A = 10 … Z = 35), the number divided by 97. Computed piecewise,
 * since the number has up to 60 digits.
 */
export function ibanRemainder(iban: string): number {
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const character of rearranged) {
    const code = character.charCodeAt(0);
    const value = code >= 65 && code <= 90 ? code - 55 : code - 48;
    remainder = value >= 10 ? (remainder * 100 + value) % 97 : (remainder * 10 + value) % 97;
  }
  return remainder;
}

/**
 * What is wrong with an IBAN already normalised (`normalizeIban`), or null. In order: its
 * shape, its country, its length for that country, its key. Check digits 00, 01 and 99
 * pass the remainder test but are never issued (ISO 7064 gives 02 to 98): refused as a
 * wrong key.
 */
export function ibanProblem(iban: string): string | null {
  if (!/^[A-Z]{2}[0-9]{2}[A-Z0-9]+$/.test(iban)) return BANK_MESSAGES.ibanFormat;
  const country = iban.slice(0, 2);
  const length = SEPA_IBAN_LENGTHS[country];
  if (length === undefined) return BANK_MESSAGES.ibanCountry;
  if (iban.length !== length) return BANK_MESSAGES.ibanLength(country, length);
  const checkDigits = Number(iban.slice(2, 4));
  if (checkDigits < 2 || checkDigits > 98 || ibanRemainder(iban) !== 1) return BANK_MESSAGES.ibanKey;
  return null;
}

export function isValidIban(iban: string): boolean {
  return ibanProblem(iban) === null;
}

/** What is wrong with a BIC already normalised (`normalizeBic`), or null: 8 or 11 characters, letters where letters go. */
export function bicProblem(bic: string): string | null {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? null : BANK_MESSAGES.bicFormat;
}

/** The country of a BIC (its 5th and 6th characters). */
export function bicCountry(bic: string): string {
  return bic.slice(4, 6);
}

/**
 * What is wrong between a valid IBAN and a valid BIC, or null: the bank of the BIC must be
 * in the IBAN's country (or a territory that uses that country's IBANs).
 */
export function bicIbanMismatch(bic: string, iban: string): string | null {
  const ibanCountry = iban.slice(0, 2);
  const allowed = BIC_COUNTRIES_OF_IBAN[ibanCountry] ?? [ibanCountry];
  const country = bicCountry(bic);
  return allowed.includes(country) ? null : BANK_MESSAGES.bicCountry(country, ibanCountry);
}

/** « FR7630006000011234567890189 » → « FR76 3000 6000 0112 3456 7890 189 »: how a person reads and copies it. */
export function formatIban(iban: string): string {
  return normalizeIban(iban).replace(/(.{4})(?=.)/g, "$1 ");
}

/**
 * « FR76 •••• •••• 0189 »: the country, the key and the last four characters, for what
 * must not repeat a whole account number (the activity history, the logs).
 */
export function maskIban(iban: string): string {
  const value = normalizeIban(iban);
  if (value.length < 8) return "••••";
  return `${value.slice(0, 4)} •••• •••• ${value.slice(-4)}`;
}
