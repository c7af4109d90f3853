import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { jobSites, OPEN_JOB_SITE_STATUSES } from "#app/db/schema/job-sites.ts";
import { employees, type TimeEntryKind, timeEntries } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, type IsoDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { employeeName } from "./employee-schema.ts";
import { type TimeActor, TimeSheetError, validateWeek, type WeekLock } from "./entries.server.ts";
import { parseDayPost } from "./entries-schema.ts";
import {
  answerGrid,
  cellRefusals,
  type GridSaveOutcome,
  isQuickLine,
  weekLocksOf,
} from "./grid-save.server.ts";
import { type WeekOvertime, weekOvertime } from "./overtime.ts";
import { timeWarnings, type WarningEntry } from "./warnings.ts";
import { cellField, hoursText, readCellField, WEEK_GRID_MESSAGES } from "./week-grid.ts";

/*
 * The office's week grid: every employee in post that week × its 7 days, read in three
 * queries whatever the team's size (the employees, all their lines of the week and of
 * the 11 weeks before for the 12-week average, the validations); the quick entry, which
 * saves each changed cell as that day's single line of work on one site through
 * `saveDay` (so its rules apply); and « Valider toute la semaine ».
 */

/** A day of an employee in the grid. */
export type GridCell = {
  day: IsoDay;
  /** The employee was in post that day (hired, not yet left). */
  inPost: boolean;
  workedMinutes: number;
  absenceMinutes: number;
  /** The kinds of absence of the day, in the order entered. */
  absences: Exclude<TimeEntryKind, "travail">[];
  lineCount: number;
  /**
   * The quick entry may replace the day: no line, or one line of work as a number of
   * hours, with no lot, note or lunch at home (nothing the worker entered would be lost).
   */
  quick: boolean;
  /** The quick entry's text of the day (« 7,5 »), empty when it has no line. */
  hours: string;
};

export type GridRow = {
  employee: { id: string; name: string; weeklyMinutes: number };
  cells: GridCell[];
  workedMinutes: number;
  overtime: WeekOvertime;
  lock: WeekLock | null;
  warningCount: number;
};

export type WeekGrid = { weekStart: IsoDay; days: IsoDay[]; rows: GridRow[] };

type GridLine = {
  employeeId: string;
  day: IsoDay;
  weekStart: IsoDay;
  kind: TimeEntryKind;
  startTime: string | null;
  startsAt: Date | null;
  endsAt: Date | null;
  minutes: number;
  lotId: string | null;
  note: string;
  wentHomeForLunch: boolean;
};

function gridCell(day: IsoDay, inPost: boolean, lines: readonly GridLine[]): GridCell {
  const worked = lines.filter((line) => line.kind === "travail");
  const absent = lines.filter((line) => line.kind !== "travail");
  const only = lines.length === 1 ? lines[0] : undefined;
  return {
    day,
    inPost,
    workedMinutes: worked.reduce((sum, line) => sum + line.minutes, 0),
    absenceMinutes: absent.reduce((sum, line) => sum + line.minutes, 0),
    absences: [...new Set(absent.map((line) => line.kind as Exclude<TimeEntryKind, "travail">))],
    lineCount: lines.length,
    quick: inPost && (lines.length === 0 || (only !== undefined && isQuickLine(only))),
    hours: only && isQuickLine(only) ? hoursText(only.minutes) : "",
  };
}

/**
 * What the legal warnings of the week need of an employee's 12 weeks, made small (the
 * grid computes them for the whole team): each week before as one sum on its Monday (the
 * 12-week average reads only the weeks' sums), the timed lines of the two days before
 * the week (the rest before its Monday: a line starting earlier ends at least a day
 * before), and the week's lines as they are.
 */
function warningEntries(history: readonly GridLine[], weekStart: IsoDay): WarningEntry[] {
  const entries: WarningEntry[] = [];
  const weekSums = new Map<IsoDay, number>();
  const restFrom = addDays(weekStart, -2);
  for (const line of history) {
    if (line.kind !== "travail") continue;
    const timed = line.startsAt && line.endsAt ? { start: line.startsAt, end: line.endsAt } : null;
    if (line.day >= weekStart) {
      entries.push({ day: line.day, workedMinutes: line.minutes, ...timed });
      continue;
    }
    weekSums.set(line.weekStart, (weekSums.get(line.weekStart) ?? 0) + line.minutes);
    // Its minutes are in its week's sum: here it only marks when the work ended.
    if (timed && line.day >= restFrom) entries.push({ day: line.day, workedMinutes: 0, ...timed });
  }
  for (const [monday, workedMinutes] of weekSums) entries.push({ day: monday, workedMinutes });
  return entries;
}

/** The week grid of the employees in post at some day of the week, by name. */
export async function readWeekGrid(db: DbExecutor, weekStart: IsoDay): Promise<WeekGrid> {
  const sunday = addDays(weekStart, 6);
  const days = Array.from({ length: 7 }, (_, index) => addDays(weekStart, index));
  const team = await db
    .select({
      id: employees.id,
      lastName: employees.lastName,
      firstName: employees.firstName,
      weeklyMinutes: employees.weeklyMinutes,
      hireDate: employees.hireDate,
      leaveDate: employees.leaveDate,
    })
    .from(employees)
    .where(
      and(
        lte(employees.hireDate, sunday),
        or(isNull(employees.leaveDate), gte(employees.leaveDate, weekStart)),
      ),
    )
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  if (team.length === 0) return { weekStart, days, rows: [] };
  const ids = team.map((employee) => employee.id);
  const [lines, lockOf] = await Promise.all([
    // The 11 weeks before are read for the 12-week average's warning only.
    db
      .select({
        employeeId: timeEntries.employeeId,
        day: timeEntries.day,
        weekStart: timeEntries.weekStart,
        kind: timeEntries.kind,
        startTime: timeEntries.startTime,
        startsAt: timeEntries.startsAt,
        endsAt: timeEntries.endsAt,
        minutes: timeEntries.minutes,
        lotId: timeEntries.lotId,
        note: timeEntries.note,
        wentHomeForLunch: timeEntries.wentHomeForLunch,
      })
      .from(timeEntries)
      .where(
        and(
          inArray(timeEntries.employeeId, ids),
          gte(timeEntries.day, addDays(weekStart, -77)),
          lte(timeEntries.day, sunday),
        ),
      )
      .orderBy(asc(timeEntries.day), asc(timeEntries.startsAt), asc(timeEntries.createdAt)),
    weekLocksOf(db, ids, weekStart),
  ]);
  const linesOf = new Map<string, GridLine[]>();
  for (const line of lines) {
    const list = linesOf.get(line.employeeId);
    if (list) list.push(line);
    else linesOf.set(line.employeeId, [line]);
  }
  const rows = team.map((employee): GridRow => {
    const history = linesOf.get(employee.id) ?? [];
    const week = history.filter((line) => line.day >= weekStart);
    const cells = days.map((day) =>
      gridCell(
        day,
        employee.hireDate <= day && (employee.leaveDate === null || day <= employee.leaveDate),
        week.filter((line) => line.day === day),
      ),
    );
    const workedMinutes = cells.reduce((sum, cell) => sum + cell.workedMinutes, 0);
    const warnings = timeWarnings(warningEntries(history, weekStart)).filter((warning) =>
      "day" in warning ? warning.day >= weekStart && warning.day <= sunday : warning.week === weekStart,
    );
    return {
      employee: { id: employee.id, name: employeeName(employee), weeklyMinutes: employee.weeklyMinutes },
      cells,
      workedMinutes,
      overtime: weekOvertime(Math.min(workedMinutes, 7 * 24 * 60), { weeklyMinutes: employee.weeklyMinutes }),
      lock: lockOf.get(employee.id) ?? null,
      warningCount: warnings.length,
    };
  });
  return { weekStart, days, rows };
}

/**
 * « Enregistrer la grille »: the posted cells (`heures.<employee>.<day>`) whose hours
 * differ from the stored ones are saved, each as the day's single line of work on the
 * chosen site. Every cell is checked before any is saved: a day that is detailed, of a
 * validated week, or outside the employee's contract refuses the whole post, at its cell.
 */
export async function saveWeekGrid(
  db: Database,
  actor: TimeActor,
  weekStart: IsoDay,
  values: Record<string, string>,
): Promise<GridSaveOutcome> {
  const grid = await readWeekGrid(db, weekStart);
  const rows = new Map(grid.rows.map((row) => [row.employee.id, row]));
  const cells = cellRefusals();
  const { fail } = cells;
  const siteId = (values.chantier ?? "").trim();
  const changes: { employeeId: string; day: IsoDay; text: string }[] = [];
  for (const [name, raw] of Object.entries(values)) {
    const cell = readCellField(name);
    if (!cell) continue;
    const text = raw.trim();
    const row = rows.get(cell.employeeId);
    const stored = row?.cells.find((candidate) => candidate.day === cell.day);
    if (!row || !stored) {
      // An employee or a day that is not in this week's grid: a crafted post.
      fail(name, row ? WEEK_GRID_MESSAGES.notInPost : WEEK_GRID_MESSAGES.employee);
      continue;
    }
    if (text === stored.hours && stored.quick) continue;
    if (!stored.inPost) fail(name, WEEK_GRID_MESSAGES.notInPost);
    else if (row.lock) fail(name, WEEK_GRID_MESSAGES.locked, 409);
    else if (!stored.quick) fail(name, WEEK_GRID_MESSAGES.detailed, 409);
    else changes.push({ employeeId: cell.employeeId, day: cell.day, text });
  }
  if (changes.some((change) => change.text !== "")) {
    if (!siteId) fail("chantier", WEEK_GRID_MESSAGES.site);
    else if (!(await isOpenSite(db, siteId))) fail("chantier", WEEK_GRID_MESSAGES.siteUnknown);
  }
  const posts = changes.map((change) => {
    const parsed = parseDayPost(
      change.text === ""
        ? { jour: change.day }
        : { jour: change.day, "type.0": "travail", "chantier.0": siteId, "heures.0": change.text },
      { allowFuture: true },
    );
    const field = cellField(change.employeeId, change.day);
    if (!parsed.ok) {
      // A bad site is said once, at the picker, above; the hours' problems at their cell.
      const message = parsed.fieldErrors["heures.0"]?.[0];
      if (message) fail(field, message);
      else if (!cells.fieldErrors.chantier) fail(field, parsed.message);
    }
    return { ...change, field, parsed };
  });
  return answerGrid(db, actor, cells, WEEK_GRID_MESSAGES.cells, posts, "case");
}

async function isOpenSite(db: DbExecutor, siteId: string): Promise<boolean> {
  if (!isUuid(siteId)) return false;
  const [site] = await db
    .select({ id: jobSites.id })
    .from(jobSites)
    .where(and(eq(jobSites.id, siteId), inArray(jobSites.status, [...OPEN_JOB_SITE_STATUSES])));
  return site !== undefined;
}

/**
 * « Valider toute la semaine »: each employee of the grid whose week is not yet
 * validated, one validation (and one activity line) each. Returns how many.
 */
export async function validateWholeWeek(
  db: Database,
  actor: TimeActor,
  weekStart: IsoDay,
  now = new Date(),
): Promise<number> {
  const grid = await readWeekGrid(db, weekStart);
  let validated = 0;
  for (const row of grid.rows) {
    if (row.lock) continue;
    try {
      await validateWeek(db, actor, row.employee.id, weekStart, now);
      validated++;
    } catch (error) {
      // Validated meanwhile by someone else: nothing left to do for that row.
      if (!(error instanceof TimeSheetError && error.status === 409)) throw error;
    }
  }
  return validated;
}
