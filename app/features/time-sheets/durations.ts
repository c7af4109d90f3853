import { addDays, formatDate, type IsoDay, parisInstant } from "#app/lib/paris-time.ts";

/*
 * A worked span as a worker enters it: a day, a start and an end read off a clock in
 * Paris, a break. Its length is counted between the two real instants, never by
 * subtracting clock readings: a night across 02:00 on the last Sunday of March lasts one
 * hour less than the clocks say, on the last Sunday of October one hour more.
 *
 * Clock changes, decided here:
 * - 02:00 to 02:59 on the last Sunday of March do not exist; such a time is refused
 *   with a message that says why, rather than moved silently.
 * - 02:00 to 02:59 on the last Sunday of October occur twice; the first occurrence
 *   (summer time) is taken. A worker who notes « 02:30 » during that night is most
 *   likely reading a clock that has not gone back yet; one who worked through the
 *   second occurrence enters 03:00 or later, which is unambiguous.
 *
 * Times go by quarter hours (00, 15, 30, 45), breaks by multiples of 15 minutes.
 */

export const QUARTER_MINUTES = 15;
/** The longest span or day accepted: 24 hours. */
export const MAX_SPAN_MINUTES = 24 * 60;

export const DURATION_MESSAGES = {
  dayInvalid: "La date n'est pas valide.",
  startFormat: "L'heure de début doit être au format HH:MM.",
  endFormat: "L'heure de fin doit être au format HH:MM.",
  quarter: "Saisissez les heures par quarts d'heure (00, 15, 30 ou 45).",
  breakFormat: "La pause doit être un nombre entier de minutes.",
  breakQuarter: "Saisissez la pause par quarts d'heure (0, 15, 30, 45 minutes…).",
  breakTooLong: "La pause dépasse la durée travaillée.",
  breakWholeSpan: "La pause couvre toute la durée travaillée.",
  spanTooLong: "Une plage de travail ne peut pas dépasser 24 heures.",
  hoursFormat: "Saisissez un nombre d'heures, par exemple 7,5.",
  hoursQuarter: "Saisissez les heures par quarts d'heure (par exemple 7,25, 7,5 ou 7,75).",
  hoursNotPositive: "Le nombre d'heures doit être supérieur à 0.",
  hoursTooMany: "Une journée ne peut pas dépasser 24 heures.",
} as const;

/** « 02:30 n'existe pas le dimanche 29 mars 2026 : … » */
export function nonexistentTimeMessage(time: string, day: IsoDay): string {
  return `${time} n'existe pas le ${formatDate(day, "full")} : les horloges passent de 02:00 à 03:00 (heure d'été).`;
}

/** What a form sends for a span; the break may come as the field's text. */
export type SpanInput = { day: IsoDay; start: string; end: string; breakMinutes: number | string };

/** A valid span, with its real instants. */
export type WorkedSpan = {
  /** The day the span was entered on (the day it starts). */
  day: IsoDay;
  start: Date;
  end: Date;
  /** The end is on the next day (entered as an end at or before the start, or « 24:00 »). */
  endsNextDay: boolean;
  breakMinutes: number;
  /** Real minutes from start to end. */
  elapsedMinutes: number;
  /** Elapsed minutes less the break. */
  workedMinutes: number;
};

export type SpanField = "day" | "start" | "end" | "breakMinutes";
export type SpanErrors = Partial<Record<SpanField, string>>;
export type SpanResult = { ok: true; span: WorkedSpan } | { ok: false; errors: SpanErrors };

type ClockTime = { ok: true; minutes: number; text: string } | { ok: false; reason: "format" | "quarter" };

const CLOCK_PATTERN = /^(\d{1,2}):(\d{2})$/;

/**
 * "HH:MM" (one-digit hours accepted) to minutes since midnight. « 24:00 » is accepted
 * where `allowMidnight` says so (an end time: midnight at the end of the day).
 */
function parseClockTime(text: string, allowMidnight: boolean): ClockTime {
  const match = CLOCK_PATTERN.exec(text.trim());
  if (!match) return { ok: false, reason: "format" };
  const hours = Number(match[1]);
  const minutes = Number(match[2]);
  const midnight = allowMidnight && hours === 24 && minutes === 0;
  if (!midnight && (hours > 23 || minutes > 59)) return { ok: false, reason: "format" };
  if (minutes % QUARTER_MINUTES !== 0) return { ok: false, reason: "quarter" };
  return {
    ok: true,
    minutes: hours * 60 + minutes,
    text: `${String(hours).padStart(2, "0")}:${match[2]}`,
  };
}

function parseBreak(value: number | string): number | null {
  if (typeof value === "string") {
    const text = value.trim();
    // An empty break field means no break.
    if (text === "") return 0;
    if (!/^\d{1,4}$/.test(text)) return null;
    return Number(text);
  }
  return Number.isInteger(value) && value >= 0 ? value : null;
}

function isDay(day: IsoDay): boolean {
  try {
    addDays(day, 0);
    return true;
  } catch {
    return false;
  }
}

/** Checks a span as entered and computes its real duration; every error comes as a French message by field. */
export function parseSpan(input: SpanInput): SpanResult {
  const errors: SpanErrors = {};
  if (!isDay(input.day)) errors.day = DURATION_MESSAGES.dayInvalid;
  const start = parseClockTime(input.start, false);
  if (!start.ok)
    errors.start = start.reason === "format" ? DURATION_MESSAGES.startFormat : DURATION_MESSAGES.quarter;
  const end = parseClockTime(input.end, true);
  if (!end.ok) errors.end = end.reason === "format" ? DURATION_MESSAGES.endFormat : DURATION_MESSAGES.quarter;
  const breakMinutes = parseBreak(input.breakMinutes);
  if (breakMinutes === null) errors.breakMinutes = DURATION_MESSAGES.breakFormat;
  else if (breakMinutes % QUARTER_MINUTES !== 0) errors.breakMinutes = DURATION_MESSAGES.breakQuarter;
  if (errors.day || !start.ok || !end.ok) return { ok: false, errors };

  // « 24:00 » is the next day's midnight (which always exists), as is an end at or before the start.
  const endsNextDay = end.minutes <= start.minutes || end.minutes === 24 * 60;
  const endDay = endsNextDay ? addDays(input.day, 1) : input.day;
  const startInstant = parisInstant(input.day, start.minutes);
  const endInstant = parisInstant(endDay, end.minutes % (24 * 60));
  if (!startInstant) errors.start = nonexistentTimeMessage(start.text, input.day);
  if (!endInstant) errors.end = nonexistentTimeMessage(end.text, endDay);
  if (!startInstant || !endInstant) return { ok: false, errors };

  const elapsedMinutes = Math.round((endInstant.getTime() - startInstant.getTime()) / 60_000);
  // Only the October night can make a span of clock readings last more than 24 hours.
  if (elapsedMinutes > MAX_SPAN_MINUTES) errors.end = DURATION_MESSAGES.spanTooLong;
  if (breakMinutes !== null && !errors.breakMinutes && !errors.end) {
    if (breakMinutes > elapsedMinutes) errors.breakMinutes = DURATION_MESSAGES.breakTooLong;
    else if (breakMinutes === elapsedMinutes) errors.breakMinutes = DURATION_MESSAGES.breakWholeSpan;
  }
  if (breakMinutes === null || Object.keys(errors).length > 0) return { ok: false, errors };

  return {
    ok: true,
    span: {
      day: input.day,
      start: startInstant,
      end: endInstant,
      endsNextDay,
      breakMinutes,
      elapsedMinutes,
      workedMinutes: elapsedMinutes - breakMinutes,
    },
  };
}

export type HoursResult = { ok: true; minutes: number } | { ok: false; message: string };

const HOURS_PATTERN = /^(-)?(\d+)(?:[.,](\d*))?$/;

/**
 * A day entered as a number of hours (« 7,5 », « 7.75 », « 8 ») to minutes: by quarter
 * hours, more than 0 and at most 24. Read as text, digit by digit, so that no binary
 * fraction rounds 7,3 into a quarter.
 */
export function parseHours(text: string): HoursResult {
  const match = HOURS_PATTERN.exec(text.trim());
  if (!match) return { ok: false, message: DURATION_MESSAGES.hoursFormat };
  const [, minus, whole = "", rawFraction = ""] = match;
  const fraction = rawFraction.replace(/0+$/, "");
  if (fraction.length > 2) return { ok: false, message: DURATION_MESSAGES.hoursQuarter };
  const hundredths = Number(fraction.padEnd(2, "0"));
  if (hundredths % 25 !== 0) return { ok: false, message: DURATION_MESSAGES.hoursQuarter };
  const minutes = Number(whole) * 60 + (hundredths / 25) * QUARTER_MINUTES;
  if (minus || minutes === 0) return { ok: false, message: DURATION_MESSAGES.hoursNotPositive };
  if (minutes > MAX_SPAN_MINUTES) return { ok: false, message: DURATION_MESSAGES.hoursTooMany };
  return { ok: true, minutes };
}
