import type { TimeEntryKind } from "#app/db/schema/time-sheets.ts";
import { TIME_ENTRY_KIND_VALUES } from "#app/db/schema/time-sheets.ts";
import { type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { hasControlCharacters, isoDayProblem } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { parseHours, parseSpan } from "./durations.ts";

/*
 * A day of an employee as its page posts it: up to MAX_DAY_LINES lines, each a kind
 * (work or an absence), a site (work, weather stoppage), a start and an end on a Paris
 * clock with a break, or a number of hours. Fields are named `<field>.<line>` (`debut.0`);
 * a line left blank is no line. Every refusal is a French message at its field.
 */

export const MAX_DAY_LINES = 8;
export const NOTE_MAX = 300;
export const REASON_MAX = 500;

export const TIME_ENTRY_KIND_LABELS: Record<TimeEntryKind, string> = {
  travail: "Travail",
  conges_payes: "Congés payés",
  rtt: "RTT",
  maladie: "Maladie",
  accident_travail: "Accident du travail",
  intemperies: "Intempéries",
  formation: "Formation",
  jour_ferie: "Jour férié",
  absence_injustifiee: "Absence injustifiée",
};

/** The kinds a line may name a site for: work, and a weather stoppage (declared per site). */
export const KINDS_WITH_SITE: ReadonlySet<TimeEntryKind> = new Set(["travail", "intemperies"]);

export const DAY_MESSAGES = {
  day: "Choisissez un jour valide.",
  future: "Vous ne pouvez pas saisir les heures d'un jour à venir.",
  kind: "Choisissez le type de la ligne.",
  site: "Ce chantier n'existe pas.",
  siteRefused: "Vous n'êtes pas affecté à ce chantier : demandez au bureau de vous y ajouter.",
  siteNeeded: "Indiquez le chantier arrêté par les intempéries.",
  reasonNeeded: "Indiquez la cause de l'arrêt (pluie, gel, vent…).",
  lot: "Ce lot n'appartient pas à ce chantier.",
  timesOrHours: "Indiquez l'heure de début et de fin, ou un nombre d'heures.",
  bothTimes: "Indiquez l'heure de début et l'heure de fin.",
  endBeforeStart:
    "L'heure de fin ne suit pas l'heure de début : pour un travail de nuit, cochez « Fin le lendemain ».",
  nextDayLater:
    "Avec « Fin le lendemain », l'heure de fin précède l'heure de début (par exemple 22:00 → 06:00).",
  hoursForAbsence: "Indiquez le nombre d'heures d'absence.",
  note: `La note ne doit pas dépasser ${NOTE_MAX} caractères.`,
  control: "Ce texte contient des caractères non autorisés.",
  tooManyLines: `Une journée compte au plus ${MAX_DAY_LINES} lignes.`,
  notInPost: "Ce salarié n'était pas en poste ce jour-là.",
  locked: "Cette semaine est validée : seul le gérant peut la modifier, en indiquant le motif.",
  reason: "Indiquez le motif de la modification : il est gardé dans l'historique.",
  reasonTooLong: `Le motif ne doit pas dépasser ${REASON_MAX} caractères.`,
  notYours: "Vous ne pouvez saisir que vos propres heures.",
  noEmployee:
    "Votre compte n'est relié à aucun salarié du registre : demandez au bureau de le relier pour saisir vos heures.",
  alreadyValidated: "Cette semaine est déjà validée.",
  employee: "Ce salarié n'existe pas.",
  overlap: "Cette plage chevauche une autre ligne de la journée.",
} as const;

/** A line as posted, after its checks; `minutes` is what it counts. */
export type DayLine = {
  kind: TimeEntryKind;
  jobSiteId: string | null;
  lotId: string | null;
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  startsAt: Date | null;
  endsAt: Date | null;
  minutes: number;
  wentHomeForLunch: boolean;
  note: string;
};

export type DayPost = { day: IsoDay; lines: DayLine[]; reason: string };

export type DayPostResult =
  | { ok: true; post: DayPost }
  | { ok: false; message: string; fieldErrors: Record<string, string[]> };

const get = (values: Record<string, string>, name: string) => (values[name] ?? "").trim();

/** Minutes of a « H:MM » or « HH:MM » clock reading; null for anything else (durations.ts says why). */
function clockMinutes(text: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(text);
  return match ? Number(match[1]) * 60 + Number(match[2]) : null;
}

/** Whether a span's end reads at or before its start (a night); null when a time is unreadable. */
function endsNextDay(start: string, end: string): boolean | null {
  const from = clockMinutes(start);
  const to = clockMinutes(end);
  if (from === null || to === null) return null;
  return to <= from;
}

/** The posted lines' indexes: every `<field>.<n>` seen, in order. */
function lineIndexes(values: Record<string, string>): number[] {
  const seen = new Set<number>();
  for (const name of Object.keys(values)) {
    const match = /^[a-z]+\.(\d{1,2})$/.exec(name);
    if (match) seen.add(Number(match[1]));
  }
  return [...seen].sort((a, b) => a - b);
}

/** Parses a day's post; `today` bounds a worker's days (no day to come). */
export function parseDayPost(
  values: Record<string, string>,
  { today = parisDay(), allowFuture = false }: { today?: IsoDay; allowFuture?: boolean } = {},
): DayPostResult {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [...(errors[field] ?? []), message];
  };
  const day = get(values, "jour");
  if (isoDayProblem(day) !== null) fail("jour", DAY_MESSAGES.day);
  else if (!allowFuture && day > today) fail("jour", DAY_MESSAGES.future);
  const reason = get(values, "motif");
  if (hasControlCharacters(reason)) fail("motif", DAY_MESSAGES.control);
  else if (reason.length > REASON_MAX) fail("motif", DAY_MESSAGES.reasonTooLong);

  const lines: DayLine[] = [];
  /** The posted index of each line kept (blank lines are skipped). */
  const posted: number[] = [];
  const indexes = lineIndexes(values);
  for (const index of indexes) {
    const field = (name: string) => `${name}.${index}`;
    const kind = get(values, field("type")) || "travail";
    // « chantier » names the site, or a lot of it as « site:lot » (the page's one select).
    const [site = "", lotOfSite = ""] = get(values, field("chantier")).split(":", 2);
    const lot = lotOfSite || get(values, field("lot"));
    const start = get(values, field("debut"));
    const end = get(values, field("fin"));
    const pause = get(values, field("pause"));
    const hours = get(values, field("heures"));
    const note = get(values, field("note"));
    // A blank line (as the page offers one to fill) is no line.
    if (!site && !lot && !start && !end && !hours && !note && (!pause || pause === "0")) continue;
    if (!(TIME_ENTRY_KIND_VALUES as readonly string[]).includes(kind)) {
      fail(field("type"), DAY_MESSAGES.kind);
      continue;
    }
    const lineKind = kind as TimeEntryKind;
    for (const [name, text] of [
      ["chantier", site],
      ["lot", lot],
      ["note", note],
    ] as const) {
      if (hasControlCharacters(text)) fail(field(name), DAY_MESSAGES.control);
    }
    if (note.length > NOTE_MAX) fail(field("note"), DAY_MESSAGES.note);
    if (site && !isUuid(site)) fail(field("chantier"), DAY_MESSAGES.site);
    if (lot && (!isUuid(lot) || !site)) fail(field("lot"), DAY_MESSAGES.lot);
    if (!KINDS_WITH_SITE.has(lineKind) && site) fail(field("chantier"), DAY_MESSAGES.site);
    if (lineKind === "intemperies") {
      if (!site) fail(field("chantier"), DAY_MESSAGES.siteNeeded);
      if (!note) fail(field("note"), DAY_MESSAGES.reasonNeeded);
    }

    let minutes = 0;
    let startsAt: Date | null = null;
    let endsAt: Date | null = null;
    let breakMinutes = 0;
    if (lineKind === "travail" && (start || end)) {
      if (!start || !end) {
        fail(field(start ? "fin" : "debut"), DAY_MESSAGES.bothTimes);
      } else if (
        endsNextDay(start, end) !== null &&
        endsNextDay(start, end) !== (get(values, field("lendemain")) === "oui")
      ) {
        // A night says so: an end at or before the start without « Fin le lendemain » is a slip.
        fail(field("fin"), endsNextDay(start, end) ? DAY_MESSAGES.endBeforeStart : DAY_MESSAGES.nextDayLater);
      } else if (isoDayProblem(day) === null) {
        const span = parseSpan({ day, start, end, breakMinutes: pause || "0" });
        if (!span.ok) {
          if (span.errors.start) fail(field("debut"), span.errors.start);
          if (span.errors.end) fail(field("fin"), span.errors.end);
          if (span.errors.breakMinutes) fail(field("pause"), span.errors.breakMinutes);
        } else {
          minutes = span.span.workedMinutes;
          startsAt = span.span.start;
          endsAt = span.span.end;
          breakMinutes = span.span.breakMinutes;
        }
      }
    } else if (hours) {
      const parsed = parseHours(hours);
      if (parsed.ok) minutes = parsed.minutes;
      else fail(field("heures"), parsed.message);
    } else {
      fail(
        field("heures"),
        lineKind === "travail" ? DAY_MESSAGES.timesOrHours : DAY_MESSAGES.hoursForAbsence,
      );
    }
    posted.push(index);
    lines.push({
      kind: lineKind,
      jobSiteId: site || null,
      lotId: lot || null,
      startTime: startsAt ? start.padStart(5, "0") : null,
      endTime: endsAt ? end.padStart(5, "0") : null,
      breakMinutes,
      startsAt,
      endsAt,
      minutes,
      wentHomeForLunch: get(values, field("domicile")) === "oui",
      note,
    });
  }
  if (indexes.length > MAX_DAY_LINES) fail("jour", DAY_MESSAGES.tooManyLines);
  // Two spans of the same day may not overlap: the same hours counted twice.
  for (const [position, line] of lines.entries()) {
    if (!line.startsAt || !line.endsAt) continue;
    const overlaps = lines.some(
      (other, otherPosition) =>
        otherPosition < position &&
        other.startsAt !== null &&
        other.endsAt !== null &&
        other.startsAt < (line.endsAt as Date) &&
        (line.startsAt as Date) < other.endsAt,
    );
    if (overlaps) fail(`debut.${posted[position]}`, DAY_MESSAGES.overlap);
  }
  const first = Object.values(errors)[0]?.[0];
  if (first) return { ok: false, message: first, fieldErrors: errors };
  return { ok: true, post: { day, lines, reason } };
}

/** The form's text of each line, by `<field>.<index>` (what was stored, or typed and refused). */
export type DayFormValues = Record<string, string>;

/** The stored lines as the form's values. */
export function dayFormValues(lines: readonly Omit<DayLine, "startsAt" | "endsAt">[]): DayFormValues {
  const values: DayFormValues = {};
  lines.forEach((line, index) => {
    values[`type.${index}`] = line.kind;
    values[`chantier.${index}`] = line.jobSiteId
      ? `${line.jobSiteId}${line.lotId ? `:${line.lotId}` : ""}`
      : "";
    values[`debut.${index}`] = line.startTime ?? "";
    values[`fin.${index}`] = line.endTime ?? "";
    values[`pause.${index}`] = line.startTime ? String(line.breakMinutes) : "";
    values[`heures.${index}`] = line.startTime ? "" : String(line.minutes / 60).replace(".", ",");
    values[`domicile.${index}`] = line.wentHomeForLunch ? "oui" : "";
    values[`lendemain.${index}`] =
      line.startTime && line.endTime && line.endTime <= line.startTime ? "oui" : "";
    values[`note.${index}`] = line.note;
  });
  return values;
}
