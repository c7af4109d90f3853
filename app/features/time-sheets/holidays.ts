import { addDays, type IsoDay } from "#app/lib/paris-time.ts";

/*
 * The French public holidays (jours fériés, Code du travail L3133-1) of metropolitan
 * France, by year. Everything is calendar-day arithmetic on "YYYY-MM-DD" strings and
 * integers: no Date is read in the machine's time zone, so a holiday is never shifted
 * by a day whatever zone the server runs in. Alsace-Moselle's two extra days (Good
 * Friday, 26 December) and the overseas departments' days are not in this list.
 */

/** One public holiday: its day and its French name. */
export type PublicHoliday = { day: IsoDay; name: string };

// Gregorian calendar only (from 1583); 9999 keeps the day a four-digit year.
const FIRST_YEAR = 1583;
const LAST_YEAR = 9999;

function assertYear(year: number): void {
  if (!Number.isInteger(year) || year < FIRST_YEAR || year > LAST_YEAR)
    throw new Error(`Année invalide : ${year}`);
}

const isoDay = (year: number, month: number, day: number): IsoDay =>
  `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;

/** Easter Sunday of a year, by the anonymous Gregorian algorithm (Meeus/Jones/Butcher). */
export function easterSunday(year: number): IsoDay {
  assertYear(year);
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return isoDay(year, month, day);
}

/** The eleven public holidays of a year, in calendar order. */
export function publicHolidays(year: number): PublicHoliday[] {
  const easter = easterSunday(year);
  const fixed = (month: number, day: number, name: string): PublicHoliday => ({
    day: isoDay(year, month, day),
    name,
  });
  return [
    fixed(1, 1, "Jour de l'An"),
    { day: addDays(easter, 1), name: "Lundi de Pâques" },
    fixed(5, 1, "Fête du Travail"),
    fixed(5, 8, "Victoire 1945"),
    { day: addDays(easter, 39), name: "Ascension" },
    { day: addDays(easter, 50), name: "Lundi de Pentecôte" },
    fixed(7, 14, "Fête nationale"),
    fixed(8, 15, "Assomption"),
    fixed(11, 1, "Toussaint"),
    fixed(11, 11, "Armistice 1918"),
    fixed(12, 25, "Noël"),
    // Ascension can fall on 1 or 8 May: sorting by day keeps the list in calendar order.
  ].sort((x, y) => (x.day < y.day ? -1 : x.day > y.day ? 1 : 0));
}

// A screen asks the same few years again and again: each year is computed once.
const byYear = new Map<number, Map<IsoDay, string>>();

/** The name of the public holiday on a day, or null on an ordinary day; throws on a day that does not exist. */
export function publicHoliday(day: IsoDay): string | null {
  addDays(day, 0);
  const year = Number(day.slice(0, 4));
  let names = byYear.get(year);
  if (!names) {
    names = new Map();
    for (const holiday of publicHolidays(year)) {
      // Ascension on 1 or 8 May (as in 2008): one day, both names.
      const other = names.get(holiday.day);
      names.set(holiday.day, other ? `${other} et ${holiday.name}` : holiday.name);
    }
    byYear.set(year, names);
  }
  return names.get(day) ?? null;
}
