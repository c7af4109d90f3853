/*
 * Calendar days and clock times as the company lives them: in Paris. The server may
 * run in any time zone (UTC in production), so nothing here reads the machine's zone:
 * every conversion goes through Intl with Europe/Paris. A calendar day is a string
 * "YYYY-MM-DD" (as PostgreSQL stores a `date`); an instant is a `Date`. Browser-safe.
 */

export const PARIS_TIME_ZONE = "Europe/Paris";

/** A calendar day, "YYYY-MM-DD". */
export type IsoDay = string;

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

// Built once: creating a DateTimeFormat costs far more than using one.
const parisParts = new Intl.DateTimeFormat("en-US", {
  timeZone: PARIS_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

function assertInstant(instant: Date): void {
  if (Number.isNaN(instant.getTime())) throw new Error("Date invalide");
}

/** The UTC midnight that stands for a calendar day in the arithmetic below; throws on a day that does not exist. */
function dayToUtc(day: IsoDay): Date {
  const match = DAY_PATTERN.exec(day);
  const date = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : null;
  if (!date || Number.isNaN(date.getTime()) || utcToDay(date) !== day)
    throw new Error(`Date invalide : ${day}`);
  return date;
}

function utcToDay(date: Date): IsoDay {
  return date.toISOString().slice(0, 10);
}

/** Paris wall-clock reading of an instant, as if it were UTC (so that differences give the offset). */
function parisWallClock(instant: Date): number {
  const parts: Record<string, number> = {};
  for (const part of parisParts.formatToParts(instant)) {
    if (part.type !== "literal") parts[part.type] = Number(part.value);
  }
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    parts.hour ?? 0,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** Minutes Paris is ahead of UTC at an instant (60 in winter, 120 in summer). */
function parisOffsetMinutes(instant: Date): number {
  const whole = new Date(Math.floor(instant.getTime() / 1000) * 1000);
  return Math.round((parisWallClock(whole) - whole.getTime()) / 60_000);
}

/** The Paris calendar day of an instant: « aujourd'hui » when called without argument. */
export function parisDay(instant: Date = new Date()): IsoDay {
  assertInstant(instant);
  return utcToDay(new Date(parisWallClock(instant)));
}

/** `day` moved by `days` calendar days (negative goes back); month and year ends included. */
export function addDays(day: IsoDay, days: number): IsoDay {
  return utcToDay(new Date(dayToUtc(day).getTime() + days * DAY_MS));
}

/**
 * `day` moved by whole `years`, as a legal period in years runs (Code de procédure civile,
 * article 641): to the same day of the month; a day the target month lacks (29 February
 * into a common year) gives that month's last day, 28 February. Throws on a day that does
 * not exist.
 */
export function addYears(day: IsoDay, years: number): IsoDay {
  addDays(day, 0);
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const target = year + years;
  const lastDay = new Date(Date.UTC(target, month, 0)).getUTCDate();
  const pad = (value: number, width: number) => String(value).padStart(width, "0");
  return `${pad(target, 4)}-${pad(month, 2)}-${pad(Math.min(date, lastDay), 2)}`;
}

/** Whole calendar days from `from` to `to` (negative when `to` comes first). */
export function daysBetween(from: IsoDay, to: IsoDay): number {
  return Math.round((dayToUtc(to).getTime() - dayToUtc(from).getTime()) / DAY_MS);
}

/**
 * The instant a Paris calendar day begins ("2025-03-10" -> 2025-03-09T23:00:00Z in
 * winter, 22:00Z in summer). Paris changes its clocks at 02:00 or 03:00 local time,
 * never at midnight, so midnight always exists and is never doubled.
 */
export function parisMidnight(day: IsoDay): Date {
  return parisWallClockInstant(dayToUtc(day).getTime());
}

/**
 * The instant Paris clocks read `wall`, a wall-clock reading written as a UTC timestamp
 * (`Date.UTC(2025, 2, 10, 8, 30)` for 10 March 2025 at 08:30 in Paris).
 */
export function parisWallClockInstant(wall: number): Date {
  // The offset at the reading taken as UTC is a first guess; the one at the guessed
  // instant is the right one (they differ only if a change fell between the two).
  const guess = new Date(wall - parisOffsetMinutes(new Date(wall)) * 60_000);
  return new Date(wall - parisOffsetMinutes(guess) * 60_000);
}

/**
 * The instant a Paris wall-clock time occurs on a day (`minutes` since midnight, 0 to
 * 1439), or null when that time does not exist: on the last Sunday of March, 02:00 to
 * 02:59 are skipped. On the last Sunday of October, 02:00 to 02:59 occur twice; the first
 * occurrence (still summer time) is given, so that a time read off a clock before it goes
 * back is the earlier of the two.
 */
export function parisInstant(day: IsoDay, minutes: number): Date | null {
  if (!Number.isInteger(minutes) || minutes < 0 || minutes >= 24 * 60)
    throw new Error(`Heure invalide : ${minutes} min`);
  const wall = dayToUtc(day).getTime() + minutes * 60_000;
  // Paris has one offset on each side of a change; the offsets half a day before and
  // after the wall-clock reading are those two (or the same one, on an ordinary day).
  const offsets = new Set([
    parisOffsetMinutes(new Date(wall - DAY_MS / 2)),
    parisOffsetMinutes(new Date(wall + DAY_MS / 2)),
  ]);
  const candidates = [...offsets]
    .map((offset) => wall - offset * 60_000)
    .filter((instant) => parisWallClock(new Date(instant)) === wall)
    .sort((a, b) => a - b);
  return candidates.length > 0 ? new Date(candidates[0] as number) : null;
}

/** The Paris week (Monday to Sunday) that holds a day. */
export type ParisWeek = {
  monday: IsoDay;
  sunday: IsoDay;
  /** The instant Monday begins in Paris. */
  start: Date;
  /** The instant the next Monday begins in Paris: the week is `start <= t < end`. */
  end: Date;
};

export function parisWeek(day: IsoDay): ParisWeek {
  // getUTCDay: 0 is Sunday; the French week starts on Monday.
  const sinceMonday = (dayToUtc(day).getUTCDay() + 6) % 7;
  const monday = addDays(day, -sinceMonday);
  const nextMonday = addDays(monday, 7);
  return {
    monday,
    sunday: addDays(monday, 6),
    start: parisMidnight(monday),
    end: parisMidnight(nextMonday),
  };
}

// ─── French formatting ────────────────────────────────────────────────────────────

/**
 * - long: « 23 novembre 2026 »
 * - numeric: « 23/11/2026 »
 * - medium: « 23 nov. 2026 » (lists, where space is short)
 * - full: « lundi 23 novembre 2026 » (e-mails)
 */
export type DateStyle = "long" | "numeric" | "medium" | "full";

const dateOptions: Record<DateStyle, Intl.DateTimeFormatOptions> = {
  long: { day: "numeric", month: "long", year: "numeric" },
  numeric: { day: "2-digit", month: "2-digit", year: "numeric" },
  medium: { day: "numeric", month: "short", year: "numeric" },
  full: { weekday: "long", day: "numeric", month: "long", year: "numeric" },
};

// An instant is shown as the day it is in Paris; a calendar day is shown as it is,
// so it is formatted at its UTC midnight in UTC (never moved by a time zone).
const formatters = (timeZone: string) =>
  Object.fromEntries(
    Object.entries(dateOptions).map(([style, options]) => [
      style,
      new Intl.DateTimeFormat("fr-FR", { ...options, timeZone }),
    ]),
  ) as Record<DateStyle, Intl.DateTimeFormat>;
const parisDates = formatters(PARIS_TIME_ZONE);
const calendarDates = formatters("UTC");
const parisClock = new Intl.DateTimeFormat("fr-FR", {
  timeZone: PARIS_TIME_ZONE,
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A day in French: an instant as its Paris day, or a calendar day "YYYY-MM-DD" as is. */
export function formatDate(value: Date | IsoDay, style: DateStyle = "long"): string {
  if (typeof value === "string") return calendarDates[style].format(dayToUtc(value));
  assertInstant(value);
  return parisDates[style].format(value);
}

const monthFormat = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });

/** The month of a calendar day: "2026-11-01" → « novembre 2026 ». */
export function formatMonth(day: IsoDay): string {
  return monthFormat.format(dayToUtc(day));
}

/** Paris clock time of an instant: « 14:05 ». */
export function formatTime(instant: Date): string {
  assertInstant(instant);
  return parisClock.format(instant);
}

/**
 * « 23/11/2026 à 14:05 » (numeric), « 23 nov. 2026 à 14:05 » (medium), « lundi 23
 * novembre 2026 à 14:05 » (full). Put together here rather than left to Intl, whose
 * joining word changes between ICU versions (« à » or a comma).
 */
export function formatDateTime(instant: Date, style: DateStyle = "numeric"): string {
  return `${formatDate(instant, style)} à ${formatTime(instant)}`;
}
