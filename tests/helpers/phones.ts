/** Every way of writing 06 12 34 56 78 that the quote form has always accepted. */
export const MOBILE_WRITINGS = [
  "0612345678",
  "06 12 34 56 78",
  "06.12.34.56.78",
  "06-12-34-56-78",
  "+33612345678",
  "+33 6 12 34 56 78",
  "+33 612345678",
];

/** French numbers the phone rule accepts: the mobile's writings, a landline, a 09. */
export const ACCEPTED_PHONES = [...MOBILE_WRITINGS, "04 94 00 12 34", "0912345678"];
