/*
 * A link that opens an address in the phone's maps app (or the maps site on a computer):
 * a plain URL, no script of a third party on the page.
 */

/** « 12 rue Paul-Lendrin, 83000 Toulon » → the maps search for it. */
export function mapsHref(address: {
  street?: string | null;
  postalCode?: string | null;
  city: string;
}): string {
  const query = [address.street, [address.postalCode, address.city].filter(Boolean).join(" ")]
    .filter((part) => part && part.trim() !== "")
    .join(", ");
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}
