/*
 * The office's day grid (employees × sites of one day), browser-safe: its address, the
 * quick entry's field names and its French messages. The server side (read, save) is in
 * day-grid.server.ts; the week grid (employees × days) is its sibling, week-grid.ts.
 */

export const DAY_GRID_PATH = "/erp/temps/jour";

/** The column of the hours at the depot (a line of work on no site). */
export const DEPOT_COLUMN = "depot";

export const DAY_GRID_MESSAGES = {
  site: "Ce chantier n'existe pas ou n'est plus ouvert.",
  detailed:
    "Cette journée est détaillée (horaires, lot, note, une absence ou plusieurs lignes sur un chantier) : modifiez-la depuis sa page.",
  locked: "Cette semaine est validée : modifiez la journée depuis sa page, en indiquant le motif.",
  notInPost: "Ce salarié n'était pas en poste ce jour-là.",
  employee: "Ce salarié n'existe pas.",
  nothingChanged: "Aucune case modifiée : rien à enregistrer.",
  cells: "Des cases sont refusées : corrigez-les, rien n'a été enregistré.",
} as const;

/** The quick entry's hours field of an employee on a site (or the depot): `heures.<employee>.<site>`. */
export const dayCellField = (employeeId: string, column: string) => `heures.${employeeId}.${column}`;

const CELL_FIELD = /^heures\.([0-9a-f-]{36})\.([0-9a-f-]{36}|depot)$/;

/** A posted field name → the employee and the column it is for; null for any other field. */
export function readDayCellField(name: string): { employeeId: string; column: string } | null {
  const match = CELL_FIELD.exec(name);
  return match ? { employeeId: match[1] ?? "", column: match[2] ?? "" } : null;
}

/** The day grid's address, with the extra site columns asked for. */
export function dayGridHref(day: string, extraSites: readonly string[] = []): string {
  const query = new URLSearchParams({ jour: day });
  for (const site of extraSites) query.append("ajout", site);
  return `${DAY_GRID_PATH}?${query.toString()}`;
}
