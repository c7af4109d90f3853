import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { employees, timeEntries, timeWeeks } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { type AllowanceSettings, employeesAllowances } from "./allowances.server.ts";
import { employeeName } from "./employee-schema.ts";
import { isoWeek, type Month } from "./months.ts";
import { monthBounds, type PayrollVariables, payrollRange, payrollVariables } from "./payroll.ts";

/*
 * The month's payroll variables of every employee in post that month (payroll.ts has the
 * rules, the split of a week between two months among them), and the weather stoppages to
 * declare to the building trade's leave and weather fund. Read in a few queries whatever
 * the number of employees: the employees, their lines over the month's whole weeks, their
 * validated weeks, then the allowances (allowances.server.ts).
 */

export type PayrollEmployee = {
  id: string;
  lastName: string;
  firstName: string;
  name: string;
  qualification: string;
  coefficient: number | null;
  weeklyMinutes: number;
};

export type PayrollRow = { employee: PayrollEmployee; variables: PayrollVariables };

export type UnvalidatedWeek = { employeeId: string; name: string; monday: IsoDay; key: string };

export type MonthPayroll = {
  month: Month;
  rows: PayrollRow[];
  /** The weeks touching the month not validated yet, by employee then week. */
  unvalidatedWeeks: UnvalidatedWeek[];
};

/** The employees in post some day of the month, by name. */
async function employeesInPost(db: DbExecutor, first: IsoDay, last: IsoDay) {
  return db
    .select()
    .from(employees)
    .where(
      and(lte(employees.hireDate, last), or(isNull(employees.leaveDate), gte(employees.leaveDate, first))),
    )
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
}

/** The month's variables of every employee in post; `settings`: the Pointage settings' part the allowances need. */
export async function monthPayroll(
  db: DbExecutor,
  settings: AllowanceSettings,
  month: Month,
): Promise<MonthPayroll> {
  const { first, last } = monthBounds(month);
  const { from, to } = payrollRange(month);
  const staff = await employeesInPost(db, first, last);
  if (staff.length === 0) return { month, rows: [], unvalidatedWeeks: [] };
  const ids = staff.map((employee) => employee.id);
  const lines = await db
    .select({
      employeeId: timeEntries.employeeId,
      day: timeEntries.day,
      kind: timeEntries.kind,
      minutes: timeEntries.minutes,
      jobSiteId: timeEntries.jobSiteId,
      wentHomeForLunch: timeEntries.wentHomeForLunch,
    })
    .from(timeEntries)
    .where(and(inArray(timeEntries.employeeId, ids), gte(timeEntries.day, from), lte(timeEntries.day, to)))
    .orderBy(asc(timeEntries.day));
  const validated = await db
    .select({ employeeId: timeWeeks.employeeId, weekStart: timeWeeks.weekStart })
    .from(timeWeeks)
    .where(
      and(inArray(timeWeeks.employeeId, ids), gte(timeWeeks.weekStart, from), lte(timeWeeks.weekStart, to)),
    );
  // Allowances by day of the month only: the neighbouring months' days are theirs.
  const allowances = await employeesAllowances(db, settings, staff, first, last, lines);

  const rows: PayrollRow[] = [];
  const unvalidatedWeeks: UnvalidatedWeek[] = [];
  for (const employee of staff) {
    const variables = payrollVariables({
      month,
      employee,
      lines: lines.filter((line) => line.employeeId === employee.id),
      allowances: allowances.get(employee.id) ?? [],
      validatedWeeks: new Set(
        validated.filter((week) => week.employeeId === employee.id).map((week) => week.weekStart),
      ),
    });
    const name = employeeName(employee);
    rows.push({
      employee: {
        id: employee.id,
        lastName: employee.lastName,
        firstName: employee.firstName,
        name,
        qualification: employee.qualification,
        coefficient: employee.coefficient,
        weeklyMinutes: employee.weeklyMinutes,
      },
      variables,
    });
    for (const monday of variables.unvalidatedWeeks) {
      unvalidatedWeeks.push({ employeeId: employee.id, name, monday, key: isoWeek(monday).key });
    }
  }
  return { month, rows, unvalidatedWeeks };
}

// ─── Weather stoppages ───────────────────────────────────────────────────────────────

export type WeatherStoppage = {
  day: IsoDay;
  siteNumber: string | null;
  siteTitle: string | null;
  minutes: number;
  /** The cause the line gives (rain, frost, wind…). */
  cause: string;
};

export type EmployeeWeatherStoppages = {
  employeeId: string;
  name: string;
  stoppages: WeatherStoppage[];
  totalMinutes: number;
};

/**
 * Each employee's weather stoppages (« intempéries ») of the month, one per line entered
 * (day, site, hours, cause), for the declaration to the leave and weather fund. Only the
 * employees who had one, by name.
 */
export async function weatherStoppages(db: DbExecutor, month: Month): Promise<EmployeeWeatherStoppages[]> {
  const { first, last } = monthBounds(month);
  const rows = await db
    .select({
      employeeId: timeEntries.employeeId,
      lastName: employees.lastName,
      firstName: employees.firstName,
      day: timeEntries.day,
      siteNumber: jobSites.number,
      siteTitle: jobSites.title,
      minutes: timeEntries.minutes,
      cause: timeEntries.note,
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .leftJoin(jobSites, eq(jobSites.id, timeEntries.jobSiteId))
    .where(and(eq(timeEntries.kind, "intemperies"), gte(timeEntries.day, first), lte(timeEntries.day, last)))
    .orderBy(
      asc(employees.lastName),
      asc(employees.firstName),
      asc(employees.id),
      asc(timeEntries.day),
      asc(timeEntries.startsAt),
      asc(timeEntries.id),
    );
  const result: EmployeeWeatherStoppages[] = [];
  for (const row of rows) {
    let entry = result.at(-1);
    if (entry?.employeeId !== row.employeeId) {
      entry = { employeeId: row.employeeId, name: employeeName(row), stoppages: [], totalMinutes: 0 };
      result.push(entry);
    }
    entry.stoppages.push({
      day: row.day,
      siteNumber: row.siteNumber,
      siteTitle: row.siteTitle,
      minutes: row.minutes,
      cause: row.cause,
    });
    entry.totalMinutes += row.minutes;
  }
  return result;
}
