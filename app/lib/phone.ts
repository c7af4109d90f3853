/*
 * French phone numbers: the one rule every form applies, and the forms the product
 * shows or dials. Browser-safe and free of dependencies: the header and footer import
 * it on every page (zod stays with the forms' schemas, which pass FRENCH_PHONE to
 * `.regex`).
 */

export const PHONE_MESSAGE = "Le numéro de téléphone est invalide.";

/**
 * +33 (optionally followed by a space) or a leading 0, then 1-9, then four pairs of
 * digits; a space, a dot or a hyphen may separate the pairs. Only those three: a tab,
 * a line break or an unusual space (non-breaking, thin) is refused, because what is
 * accepted here is stored, searched and printed as it was typed.
 */
export const FRENCH_PHONE = /^(?:\+33 ?|0)[1-9](?:[ .-]?\d{2}){4}$/;

export function isFrenchPhone(value: string): boolean {
  return FRENCH_PHONE.test(value);
}

/** "0612345678" for an accepted number, null otherwise. */
function nationalDigits(phone: string): string | null {
  if (!isFrenchPhone(phone)) return null;
  const digits = phone.replace(/[ .-]/g, "");
  return digits.startsWith("+33") ? `0${digits.slice(3)}` : digits;
}

/**
 * « 06 12 34 56 78 » from any accepted form ("0612345678", "+33 6 12 34 56 78",
 * "06.12.34.56.78"...). A value the rule refuses (typed before the rule, or abroad) is
 * shown as it is rather than hidden.
 */
export function formatPhone(phone: string): string {
  const national = nationalDigits(phone);
  return national ? national.replace(/(\d{2})(?=\d)/g, "$1 ") : phone;
}

/** "+33612345678" (E.164) for an accepted number, null otherwise. */
export function toE164(phone: string): string | null {
  const national = nationalDigits(phone);
  return national ? `+33${national.slice(1)}` : null;
}

/**
 * A `tel:` link: "tel:+33612345678". A value the rule refuses still gets a link with
 * its digits and '+', so that a number stored before the rule can be called.
 */
export function telHref(phone: string): string {
  return `tel:${toE164(phone) ?? phone.replace(/[^\d+]/g, "")}`;
}

/*
 * What a phone search compares: the digits, +33 written 0, so that "+33 6 98",
 * "06.98" and "0698" find the same number. The search index computes the same fold in
 * SQL (regexp_replace) with these two patterns, which mean the same in JavaScript and
 * in PostgreSQL's regular expressions.
 */
export const PHONE_SEARCH_NOISE = "[^0-9+]";
export const PHONE_SEARCH_COUNTRY_CODE = "^\\+33";

/** "+33 6 98 76" -> "069876": the search form of a number or of part of one. */
export function phoneSearchDigits(text: string): string {
  return text
    .replace(new RegExp(PHONE_SEARCH_NOISE, "g"), "")
    .replace(new RegExp(PHONE_SEARCH_COUNTRY_CODE), "0");
}
