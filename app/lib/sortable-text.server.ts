import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/*
 * How a list sorts a name: folded (lower case, no accents, ligatures spelled out), so
 * « Élodie » sorts with the e and « Œuvres » with the o, whatever the database's
 * collation. Clients, quotes and invoices sort their client names by it.
 */

const ACCENTED = "àâäáãåçéèêëíìîïñóòôöõúùûüýÿ";
const PLAIN = "aaaaaaceeeeiiiinooooouuuuyy";

/** The SQL expression a list orders `name` by. */
export function sortableText(name: SQLWrapper): SQL {
  return sql`replace(replace(translate(lower(${name}), ${ACCENTED}, ${PLAIN}), 'œ', 'oe'), 'æ', 'ae')`;
}
