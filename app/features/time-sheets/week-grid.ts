import type { TimeEntryKind } from "#app/db/schema/time-sheets.ts";
import { addDays, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { isoWeek } from "./months.ts";

/*
 * The office's week grid (employees × days), browser-safe: the `?semaine=2026-W48` key
 * read and written, the quick entry's field names, the absences' abbreviations and the
 * grid's French messages. The server side (reads, saves) is in week-grid.server.ts.
 */

export const WEEK_GRID_PATH = "/erp/temps/semaine";

export const WEEK_GRID_MESSAGES = {
  week: "Choisissez une semaine valide, par exemple 2026-W48.",
  site: "Choisissez le chantier de la saisie rapide.",
  siteUnknown: "Ce chantier n'existe pas ou n'est plus ouvert.",
  detailed:
    "Cette journée est détaillée (horaires, plusieurs lignes ou une absence) : modifiez-la depuis sa page.",
  locked: "Cette semaine est validée : modifiez la journée depuis sa page, en indiquant le motif.",
  notInPost: "Ce salarié n'était pas en poste ce jour-là.",
  employee: "Ce salarié n'existe pas.",
  nothingChanged: "Aucune case modifiée : rien à enregistrer.",
  cells: "Des cases sont refusées : corrigez-les, rien n'a été enregistré.",
  nothingToValidate: "Toutes les semaines des salariés en poste sont déjà validées.",
} as const;

const WEEK_KEY = /^(\d{4})-W(\d{2})$/;

/** « 2026-W48 » → its Monday; null for anything else (a week 53 only in the years that have one). */
export function weekKeyMonday(key: string): IsoDay | null {
  const match = WEEK_KEY.exec(key);
  if (!match) return null;
  const year = Number(match[1]);
  const week = Number(match[2]);
  if (week < 1 || week > 53) return null;
  // 4 January is always in week 1 of its ISO year.
  const fourth = `${match[1]}-01-04`;
  if (isoDayProblem(fourth) !== null) return null;
  const monday = addDays(isoWeek(fourth).monday, (week - 1) * 7);
  return isoWeek(monday).year === year ? monday : null;
}

/** The key of the week that holds a day (today by default). */
export const weekKeyOf = (day: IsoDay = parisDay()): string => isoWeek(day).key;

/** The quick entry's hours field of an employee's day: `heures.<employee id>.<day>`. */
export const cellField = (employeeId: string, day: IsoDay) => `heures.${employeeId}.${day}`;

const CELL_FIELD = /^heures\.([0-9a-f-]{36})\.(\d{4}-\d{2}-\d{2})$/;

/** A posted field name → the employee and the day it is for; null for any other field. */
export function readCellField(name: string): { employeeId: string; day: IsoDay } | null {
  const match = CELL_FIELD.exec(name);
  return match ? { employeeId: match[1] ?? "", day: match[2] ?? "" } : null;
}

/** Minutes as the hours field shows them: 450 → « 7,5 ». */
export function hoursText(minutes: number): string {
  return String(minutes / 60).replace(".", ",");
}

/** The absences' short forms in a cell (the day's page says them in full). */
export const ABSENCE_ABBREVIATIONS: Record<Exclude<TimeEntryKind, "travail">, string> = {
  conges_payes: "CP",
  rtt: "RTT",
  maladie: "MAL",
  accident_travail: "AT",
  intemperies: "INT",
  formation: "FOR",
  jour_ferie: "JF",
  absence_injustifiee: "ABS",
};
