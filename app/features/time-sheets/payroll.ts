import { TIME_ENTRY_KIND_VALUES, type TimeEntryKind } from "#app/db/schema/time-sheets.ts";
import type { Cents } from "#app/lib/money.ts";
import { type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { MAX_YEAR, MIN_YEAR } from "#app/lib/text-rules.ts";
import type { DayAllowance } from "./allowances.ts";
import { type Month, type MonthWeek, monthDays, monthOf, monthWeeks } from "./months.ts";
import { weekOvertime } from "./overtime.ts";

/*
 * The month's payroll variables of an employee, from the lines of the weeks touching the
 * month and the days' allowances. Pure; payroll.server.ts reads the data.
 *
 * A week spanning two months (decision, also in the README's « Payroll export »):
 * - worked hours, absences, zones, meals and amounts are split by day: each month counts
 *   the days that are its own;
 * - overtime is a weekly quantity (the 36th hour of a week has no day of its own), so the
 *   whole week's overtime goes to the month holding the week's Sunday, the day the week is
 *   complete and its overtime known. A week from Monday 30 November to Sunday 6 December
 *   pays its overtime in December, never half in each month.
 */

/** Every kind of absence, in the order of the export's columns. */
export const ABSENCE_KINDS = TIME_ENTRY_KIND_VALUES.filter(
  (kind): kind is Exclude<TimeEntryKind, "travail"> => kind !== "travail",
);
export type AbsenceKind = (typeof ABSENCE_KINDS)[number];

export type ZoneDays = { 1: number; 2: number; 3: number; 4: number; 5: number };

export type PayrollVariables = {
  workedMinutes: number;
  overtime25Minutes: number;
  overtime50Minutes: number;
  /** Minutes and days of each kind of absence (weather stoppages included, as « intemperies »). */
  absences: Record<AbsenceKind, { minutes: number; days: number }>;
  /** Weather stoppage minutes (the fund's declaration): the same as `absences.intemperies.minutes`. */
  weatherMinutes: number;
  zoneDays: ZoneDays;
  grandDeplacementDays: number;
  /** Days on a site whose distance is not known: no zone amount was paid for them. */
  unknownZoneDays: number;
  meals: number;
  mealCents: Cents;
  transportCents: Cents;
  travelTimeCents: Cents;
  /** Days worked on a site with no allowance amounts in force. */
  daysWithoutRates: number;
  /** Weeks touching the month, in post, not validated yet (their Monday). */
  unvalidatedWeeks: IsoDay[];
  /** A week touching the month is not validated: the figures may still change. */
  provisional: boolean;
};

/** A line as the payroll reads it. */
export type PayrollLine = { day: IsoDay; kind: TimeEntryKind; minutes: number };

export type PayrollInput = {
  month: Month;
  employee: { weeklyMinutes: number; hireDate: IsoDay; leaveDate: IsoDay | null };
  /** The lines from the Monday of the month's first week to the Sunday of its last. */
  lines: readonly PayrollLine[];
  /** The allowances of the days worked on a site (any days: the month's are picked). */
  allowances: readonly DayAllowance[];
  /** The Mondays of the employee's validated weeks. */
  validatedWeeks: ReadonlySet<IsoDay>;
};

const WEEK_MINUTES = 7 * 24 * 60;

/** The month's first and last day. */
export function monthBounds(month: Month): { first: IsoDay; last: IsoDay } {
  const days = monthDays(month);
  return { first: days[0] as IsoDay, last: days.at(-1) as IsoDay };
}

/** The range of days payroll reads: the month's weeks, whole. */
export function payrollRange(month: Month): { from: IsoDay; to: IsoDay; weeks: MonthWeek[] } {
  const weeks = monthWeeks(month);
  return {
    from: (weeks[0] as MonthWeek).week.monday,
    to: (weeks.at(-1) as MonthWeek).week.sunday,
    weeks,
  };
}

/** In post at some day of the month: hired by its end, not gone before its start. */
export function inPostDuring(
  employee: { hireDate: IsoDay; leaveDate: IsoDay | null },
  from: IsoDay,
  to: IsoDay,
): boolean {
  return employee.hireDate <= to && (employee.leaveDate === null || employee.leaveDate >= from);
}

export function payrollVariables(input: PayrollInput): PayrollVariables {
  const { month, employee } = input;
  const { weeks } = payrollRange(month);
  const inMonth = (day: IsoDay) => monthOf(day) === month;

  let workedMinutes = 0;
  const absences = Object.fromEntries(
    ABSENCE_KINDS.map((kind) => [kind, { minutes: 0, days: 0 }]),
  ) as PayrollVariables["absences"];
  const absenceDays = new Map<AbsenceKind, Set<IsoDay>>();
  for (const line of input.lines) {
    if (!inMonth(line.day)) continue;
    if (line.kind === "travail") {
      workedMinutes += line.minutes;
      continue;
    }
    absences[line.kind].minutes += line.minutes;
    const days = absenceDays.get(line.kind) ?? new Set<IsoDay>();
    days.add(line.day);
    absenceDays.set(line.kind, days);
  }
  for (const [kind, days] of absenceDays) absences[kind].days = days.size;

  let overtime25Minutes = 0;
  let overtime50Minutes = 0;
  const unvalidatedWeeks: IsoDay[] = [];
  for (const { week } of weeks) {
    if (!inPostDuring(employee, week.monday, week.sunday)) continue;
    if (!input.validatedWeeks.has(week.monday)) unvalidatedWeeks.push(week.monday);
    if (!inMonth(week.sunday)) continue;
    const worked = input.lines
      .filter((line) => line.kind === "travail" && line.day >= week.monday && line.day <= week.sunday)
      .reduce((sum, line) => sum + line.minutes, 0);
    const overtime = weekOvertime(Math.min(worked, WEEK_MINUTES), { weeklyMinutes: employee.weeklyMinutes });
    overtime25Minutes += overtime.overtime25Minutes;
    overtime50Minutes += overtime.overtime50Minutes;
  }

  const zoneDays: ZoneDays = { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 };
  let grandDeplacementDays = 0;
  let unknownZoneDays = 0;
  let meals = 0;
  let mealCents = 0;
  let transportCents = 0;
  let travelTimeCents = 0;
  let daysWithoutRates = 0;
  for (const allowance of input.allowances) {
    if (!inMonth(allowance.day)) continue;
    if (allowance.zone.kind === "zone") zoneDays[allowance.zone.zone] += 1;
    else if (allowance.zone.kind === "grand_deplacement") grandDeplacementDays += 1;
    else unknownZoneDays += 1;
    if (allowance.meal) meals += 1;
    mealCents += allowance.mealCents;
    transportCents += allowance.transportCents;
    travelTimeCents += allowance.travelTimeCents;
    if (allowance.ratesMissing) daysWithoutRates += 1;
  }

  return {
    workedMinutes,
    overtime25Minutes,
    overtime50Minutes,
    absences,
    weatherMinutes: absences.intemperies.minutes,
    zoneDays,
    grandDeplacementDays,
    unknownZoneDays,
    meals,
    mealCents,
    transportCents,
    travelTimeCents,
    daysWithoutRates,
    unvalidatedWeeks,
    provisional: unvalidatedWeeks.length > 0,
  };
}

// ─── The month asked for ─────────────────────────────────────────────────────────────

export const MONTH_MESSAGES = {
  format: "Indiquez le mois au format AAAA-MM, par exemple 2026-11.",
  range: `Le mois doit être compris entre ${MIN_YEAR} et ${MAX_YEAR}.`,
} as const;

export type ParsedMonth = { ok: true; month: Month } | { ok: false; message: string };

/** A month moved by `delta` months: ("2026-01", -1) → "2025-12". */
export function shiftMonth(month: Month, delta: number): Month {
  const index = Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + delta;
  return `${String(Math.floor(index / 12)).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

/** The calendar month before today's. */
export function previousMonthOf(today: IsoDay): Month {
  return shiftMonth(today.slice(0, 7), -1);
}

/** `mois` of a query string (AAAA-MM) → the month, or why it is refused. Absent: the previous month. */
export function parsePayrollMonth(params: URLSearchParams, today: IsoDay = parisDay()): ParsedMonth {
  const value = (params.get("mois") ?? "").trim();
  if (value === "") return { ok: true, month: previousMonthOf(today) };
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value);
  if (!match) return { ok: false, message: MONTH_MESSAGES.format };
  const year = Number(match[1]);
  if (year < MIN_YEAR || year > MAX_YEAR) return { ok: false, message: MONTH_MESSAGES.range };
  return { ok: true, month: value };
}
