import { addDays, formatDate, type IsoDay, parisWeek } from "#app/lib/paris-time.ts";

/*
 * The legal limits of working time, checked on a person's entries. They are warnings,
 * not refusals: the hours were worked and must be recorded as they were (the record is
 * the proof), and some limits may be exceeded by agreement or authorisation. Each limit
 * is strict: 10 hours exactly in a day is no warning, 10 h 15 is one.
 *
 * Days and weeks, decided here:
 * - An entry counts for the day it was entered on, the day it starts: a night from
 *   22:00 to 06:00 counts for its first day, and for that day's week.
 * - Rest is measured between the real instants (clock changes included), from the last
 *   end of one day's entries to the first start of the next day worked. Entries given
 *   as a number of hours, without times, count for the daily and weekly limits only.
 * - The 12-week average takes a week without entries as a week of 0 hours: the caller
 *   gives the entries of the 11 weeks before the first week it checks.
 */

export const DAILY_MAX_MINUTES = 10 * 60;
export const DAILY_REST_MINUTES = 11 * 60;
export const WEEKLY_MAX_MINUTES = 48 * 60;
export const AVERAGE_WEEKLY_MAX_MINUTES = 44 * 60;
export const AVERAGE_WEEKS = 12;

/** What the limits need of an entry: a span from durations.ts fits as it is. */
export type WarningEntry = { day: IsoDay; workedMinutes: number; start?: Date; end?: Date };

export type TimeWarning =
  | { rule: "daily_max"; article: "L3121-18"; day: IsoDay; workedMinutes: number; message: string }
  | {
      rule: "daily_rest";
      article: "L3131-1";
      /** The day the short rest ends on. */
      day: IsoDay;
      previousDay: IsoDay;
      restMinutes: number;
      message: string;
    }
  | { rule: "weekly_max"; article: "L3121-20"; week: IsoDay; workedMinutes: number; message: string }
  | {
      rule: "weekly_average_max";
      article: "L3121-22";
      /** The Monday of the last of the 12 weeks. */
      week: IsoDay;
      /** The Monday of the first of the 12 weeks. */
      firstWeek: IsoDay;
      /** The 12 weeks' total: the average is a twelfth of it, kept whole. */
      totalMinutes: number;
      message: string;
    };

export type WarningRule = TimeWarning["rule"];

const dayText = (day: IsoDay) => formatDate(day, "full");

function sumBy(entries: readonly WarningEntry[], key: (entry: WarningEntry) => IsoDay): Map<IsoDay, number> {
  const sums = new Map<IsoDay, number>();
  for (const entry of entries) sums.set(key(entry), (sums.get(key(entry)) ?? 0) + entry.workedMinutes);
  return sums;
}

function dailyMax(entries: readonly WarningEntry[]): TimeWarning[] {
  return [...sumBy(entries, (entry) => entry.day)]
    .filter(([, minutes]) => minutes > DAILY_MAX_MINUTES)
    .map(([day, workedMinutes]) => ({
      rule: "daily_max",
      article: "L3121-18",
      day,
      workedMinutes,
      message: `Plus de 10\u00a0h de travail le ${dayText(day)} (durée quotidienne maximale, art. L3121-18).`,
    }));
}

function dailyRest(entries: readonly WarningEntry[]): TimeWarning[] {
  const timed = entries
    .flatMap((entry) =>
      entry.start && entry.end ? [{ day: entry.day, start: entry.start, end: entry.end }] : [],
    )
    .sort((a, b) => a.start.getTime() - b.start.getTime());
  const warnings: TimeWarning[] = [];
  let previousDay: IsoDay | null = null;
  // The latest end so far: an earlier entry may end after a later one starts.
  let previousEnd = Number.NEGATIVE_INFINITY;
  for (const entry of timed) {
    if (previousDay !== null && entry.day !== previousDay) {
      // Overlapping entries leave no rest at all, not a negative one.
      const restMinutes = Math.max(0, Math.round((entry.start.getTime() - previousEnd) / 60_000));
      if (restMinutes < DAILY_REST_MINUTES)
        warnings.push({
          rule: "daily_rest",
          article: "L3131-1",
          day: entry.day,
          previousDay,
          restMinutes,
          message: `Moins de 11\u00a0h de repos entre le ${dayText(previousDay)} et le ${dayText(entry.day)} (repos quotidien minimal, art. L3131-1).`,
        });
    }
    previousDay = entry.day;
    previousEnd = Math.max(previousEnd, entry.end.getTime());
  }
  return warnings;
}

function weekly(entries: readonly WarningEntry[]): TimeWarning[] {
  const weeks = sumBy(entries, (entry) => parisWeek(entry.day).monday);
  const warnings: TimeWarning[] = [];
  for (const [week, workedMinutes] of weeks) {
    if (workedMinutes > WEEKLY_MAX_MINUTES)
      warnings.push({
        rule: "weekly_max",
        article: "L3121-20",
        week,
        workedMinutes,
        message: `Plus de 48\u00a0h de travail la semaine du ${formatDate(week)} (durée hebdomadaire maximale, art. L3121-20).`,
      });
    // A window ending on a week without entries holds no more than the one ending on the
    // last week with entries: the windows ending on the weeks given are enough.
    const firstWeek = addDays(week, -7 * (AVERAGE_WEEKS - 1));
    let totalMinutes = 0;
    for (const [other, minutes] of weeks) if (other >= firstWeek && other <= week) totalMinutes += minutes;
    if (totalMinutes > AVERAGE_WEEKLY_MAX_MINUTES * AVERAGE_WEEKS)
      warnings.push({
        rule: "weekly_average_max",
        article: "L3121-22",
        week,
        firstWeek,
        totalMinutes,
        message: `Plus de 44\u00a0h en moyenne sur les 12 semaines du ${formatDate(firstWeek)} au ${formatDate(addDays(week, 6))} (durée hebdomadaire moyenne maximale, art. L3121-22).`,
      });
  }
  return warnings;
}

const RULE_ORDER: readonly WarningRule[] = ["daily_max", "daily_rest", "weekly_max", "weekly_average_max"];

/** Every limit a person's entries go beyond, by date (a week by its Monday), then by rule. */
export function timeWarnings(entries: readonly WarningEntry[]): TimeWarning[] {
  for (const entry of entries) {
    if (!Number.isInteger(entry.workedMinutes) || entry.workedMinutes < 0)
      throw new RangeError(`Durée travaillée invalide : ${entry.workedMinutes} min`);
  }
  const when = (warning: TimeWarning) => ("day" in warning ? warning.day : warning.week);
  return [...dailyMax(entries), ...dailyRest(entries), ...weekly(entries)].sort(
    (a, b) => when(a).localeCompare(when(b)) || RULE_ORDER.indexOf(a.rule) - RULE_ORDER.indexOf(b.rule),
  );
}
