import { phoneSearchDigits } from "#app/lib/phone.ts";
import { escapeLike, foldText } from "#app/lib/search-text.ts";

export { escapeLike, foldText };

/*
 * What the clients search compares. `clients.search_text` holds the client's words
 * folded once when it is written (lower case, no accents, ligatures spelled out) and
 * its phone number as digits with +33 written 0; a search folds its words the same
 * way, so « Élodie », « elodie » and « ELODIE » find the same client, and « +33 6 12 »,
 * « 06.12 » and « 0612 » the same number.
 */

export type SearchableClient = {
  name: string;
  legalName?: string | null;
  siren?: string | null;
  vatNumber?: string | null;
  email?: string | null;
  phone?: string | null;
  billingStreet?: string | null;
  billingPostalCode?: string | null;
  billingCity?: string | null;
  sites?: readonly {
    label?: string | null;
    street?: string | null;
    postalCode?: string | null;
    city: string | null;
  }[];
};

/** The `search_text` of a client: its words folded, then its phone's digits. */
export function clientSearchText(client: SearchableClient): string {
  const words = [
    client.name,
    client.legalName,
    client.siren,
    client.vatNumber,
    client.email,
    client.billingStreet,
    client.billingPostalCode,
    client.billingCity,
    ...(client.sites ?? []).flatMap((site) => [site.label, site.street, site.postalCode, site.city]),
  ];
  const phone = client.phone ? phoneSearchDigits(client.phone) : "";
  return [foldText(words.filter(Boolean).join(" ")), phone].filter(Boolean).join(" ");
}

/**
 * A search → the fragments each client must contain, all of them. A query made only
 * of a phone number's characters (« 06 12 34 », « +33 6 12 ») is one fragment, its
 * digits; otherwise each word is one (a word of digits is folded like a phone number).
 */
export function searchFragments(query: string): string[] {
  const trimmed = query.trim();
  if (trimmed === "") return [];
  if (/^[\d+ .-]+$/.test(trimmed) && /\d/.test(trimmed)) {
    const digits = phoneSearchDigits(trimmed);
    return digits ? [digits] : [];
  }
  return trimmed
    .split(/\s+/)
    .slice(0, 8)
    .map((word) => (/^[\d+.-]+$/.test(word) ? phoneSearchDigits(word) || foldText(word) : foldText(word)))
    .filter(Boolean);
}
