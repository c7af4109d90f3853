/*
 * Folded text for the searches of the Espace Pro (clients, quotes, price library): a
 * record's words are folded once when it is written (lower case, no accents, ligatures
 * spelled out) into a `search_text` column, and a search folds its words the same way,
 * so « Plâtre », « platre » and « PLATRE » find the same record. Browser-safe.
 */

/** « Œuvre Élodie » → « oeuvre elodie ». */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/ß/g, "ss")
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

/** Characters a LIKE pattern would read as wildcards, escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** A search → its folded words (8 at most), each of which a record's `search_text` must contain. */
export function foldedWords(query: string): string[] {
  return foldText(query).split(" ").filter(Boolean).slice(0, 8);
}
