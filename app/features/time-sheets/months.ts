import { addDays, daysBetween, type IsoDay, parisWeek } from "#app/lib/paris-time.ts";

/*
 * Months and ISO weeks for the monthly payroll export. The payroll month takes its days,
 * not whole weeks: a week that spans two months is split by day, each month keeping the
 * days that are its own. Calendar days only ("YYYY-MM-DD"), so nothing depends on the
 * machine's time zone.
 */

/** A calendar month, "YYYY-MM". */
export type Month = string;

const MONTH_PATTERN = /^(\d{4})-(0[1-9]|1[0-2])$/;

function assertMonth(month: Month): void {
  if (!MONTH_PATTERN.test(month)) throw new Error(`Mois invalide : ${month}`);
}

/** The month of a day: "2026-04-15" → "2026-04"; throws on a day that does not exist. */
export function monthOf(day: IsoDay): Month {
  return addDays(day, 0).slice(0, 7);
}

/** Every day of a month, in order. */
export function monthDays(month: Month): IsoDay[] {
  assertMonth(month);
  const days: IsoDay[] = [];
  for (let day = `${month}-01`; monthOf(day) === month; day = addDays(day, 1)) days.push(day);
  return days;
}

/** An ISO 8601 week: Monday to Sunday, numbered in the year of its Thursday. */
export type IsoWeek = {
  /** The ISO week-numbering year, which differs from the calendar year around 1 January. */
  year: number;
  week: number;
  /** « 2026-W14 » */
  key: string;
  monday: IsoDay;
  sunday: IsoDay;
};

/** The ISO week that holds a day. */
export function isoWeek(day: IsoDay): IsoWeek {
  const { monday, sunday } = parisWeek(day);
  const thursday = addDays(monday, 3);
  const year = Number(thursday.slice(0, 4));
  const week = Math.floor(daysBetween(`${thursday.slice(0, 4)}-01-01`, thursday) / 7) + 1;
  return { year, week, key: `${year}-W${String(week).padStart(2, "0")}`, monday, sunday };
}

/** The days of a day's week (Monday to Sunday) that belong to a month. */
export function weekDaysInMonth(day: IsoDay, month: Month): IsoDay[] {
  assertMonth(month);
  const { monday } = parisWeek(day);
  return Array.from({ length: 7 }, (_, index) => addDays(monday, index)).filter((d) => monthOf(d) === month);
}

/** A week touching a month, with the days of it the month holds. */
export type MonthWeek = {
  week: IsoWeek;
  days: IsoDay[];
  /** Part of the week belongs to the month before or after. */
  split: boolean;
};

/** The ISO weeks touching a month, in order, each with its days in that month. */
export function monthWeeks(month: Month): MonthWeek[] {
  const weeks: MonthWeek[] = [];
  for (const day of monthDays(month)) {
    const last = weeks.at(-1);
    if (last && day <= last.week.sunday) last.days.push(day);
    else weeks.push({ week: isoWeek(day), days: [day], split: false });
  }
  for (const week of weeks) week.split = week.days.length < 7;
  return weeks;
}
