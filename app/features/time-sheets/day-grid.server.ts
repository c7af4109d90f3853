import { and, asc, eq, gte, inArray, isNull, lte, or } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { jobSiteAssignments, jobSites, OPEN_JOB_SITE_STATUSES } from "#app/db/schema/job-sites.ts";
import { employees, type TimeEntryKind, timeEntries } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { DAY_GRID_MESSAGES, DEPOT_COLUMN, dayCellField, readDayCellField } from "./day-grid.ts";
import { employeeName } from "./employee-schema.ts";
import { type TimeActor, type WeekLock, weekStartOf } from "./entries.server.ts";
import { parseDayPost } from "./entries-schema.ts";
import {
  answerGrid,
  cellRefusals,
  type GridSaveOutcome,
  isQuickLine,
  weekLocksOf,
} from "./grid-save.server.ts";
import { hoursText } from "./week-grid.ts";

/*
 * The office's day grid: every employee in post that day × the sites of the day (those
 * the planning puts someone of the team on, those hours were entered on, and those the
 * office adds as columns), then the depot. Read in five queries whatever the team's size.
 * The quick entry saves, for each employee whose cells changed, the day's lines of work
 * as one number of hours per site through `saveDay` (so its rules apply); a day that is
 * detailed (times, a lot, a note, an absence) or of a validated week is never overwritten.
 */

/** A column: a site of the day, or the depot (`id` is DEPOT_COLUMN). */
export type DayGridColumn = { id: string; number: string; title: string; city: string };

export type DayGridCell = {
  /** Minutes of work entered on that column (several lines summed on a detailed day). */
  minutes: number;
  /** The quick entry's text (« 7,5 »), empty when nothing is entered. */
  hours: string;
  /** The planning puts the employee on that site that day. */
  planned: boolean;
};

export type DayGridRow = {
  employee: { id: string; name: string };
  /** The quick entry may replace the day: only lines of work as a number of hours, one per column. */
  quick: boolean;
  lock: WeekLock | null;
  cells: Record<string, DayGridCell>;
  workedMinutes: number;
  absenceMinutes: number;
  absences: Exclude<TimeEntryKind, "travail">[];
};

export type DayGrid = {
  day: IsoDay;
  weekStart: IsoDay;
  columns: DayGridColumn[];
  rows: DayGridRow[];
  /** The open sites that are not yet columns, for « Ajouter un chantier ». */
  otherSites: DayGridColumn[];
  /** The extra columns asked for that are not open sites (the page answers 400). */
  refusedExtras: string[];
};

type DayLineRow = {
  employeeId: string;
  kind: TimeEntryKind;
  jobSiteId: string | null;
  startTime: string | null;
  lotId: string | null;
  note: string;
  wentHomeForLunch: boolean;
  minutes: number;
};

const DEPOT: DayGridColumn = { id: DEPOT_COLUMN, number: "", title: "Dépôt", city: "" };

/** The day grid of the employees in post that day, by name. */
export async function readDayGrid(
  db: DbExecutor,
  day: IsoDay,
  extraSites: readonly string[] = [],
): Promise<DayGrid> {
  const weekStart = weekStartOf(day);
  const team = await db
    .select({
      id: employees.id,
      lastName: employees.lastName,
      firstName: employees.firstName,
      userId: employees.userId,
      hireDate: employees.hireDate,
      leaveDate: employees.leaveDate,
    })
    .from(employees)
    .where(and(lte(employees.hireDate, day), or(isNull(employees.leaveDate), gte(employees.leaveDate, day))))
    .orderBy(asc(employees.lastName), asc(employees.firstName), asc(employees.id));
  const ids = team.map((employee) => employee.id);
  const userIds = team.flatMap((employee) => (employee.userId ? [employee.userId] : []));
  const [lines, lockOf, planned, openSites] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({
            employeeId: timeEntries.employeeId,
            kind: timeEntries.kind,
            jobSiteId: timeEntries.jobSiteId,
            startTime: timeEntries.startTime,
            lotId: timeEntries.lotId,
            note: timeEntries.note,
            wentHomeForLunch: timeEntries.wentHomeForLunch,
            minutes: timeEntries.minutes,
          })
          .from(timeEntries)
          .where(and(inArray(timeEntries.employeeId, ids), eq(timeEntries.day, day)))
          .orderBy(asc(timeEntries.startsAt), asc(timeEntries.createdAt)),
    weekLocksOf(db, ids, weekStart),
    userIds.length === 0
      ? []
      : db
          .select({ userId: jobSiteAssignments.userId, jobSiteId: jobSiteAssignments.jobSiteId })
          .from(jobSiteAssignments)
          .where(
            and(
              inArray(jobSiteAssignments.userId, userIds),
              lte(jobSiteAssignments.startDate, day),
              gte(jobSiteAssignments.endDate, day),
            ),
          ),
    db
      .select({ id: jobSites.id, number: jobSites.number, title: jobSites.title, city: jobSites.siteCity })
      .from(jobSites)
      .where(inArray(jobSites.status, [...OPEN_JOB_SITE_STATUSES]))
      .orderBy(asc(jobSites.number)),
  ]);
  const open = new Map(openSites.map((site) => [site.id, site]));
  const refusedExtras = extraSites.filter((id) => !open.has(id));
  // Hours may have been entered on a site since closed: its column still shows them.
  const enteredIds = [...new Set(lines.flatMap((line) => (line.jobSiteId ? [line.jobSiteId] : [])))];
  const closedIds = enteredIds.filter((id) => !open.has(id));
  const closed =
    closedIds.length === 0
      ? []
      : await db
          .select({
            id: jobSites.id,
            number: jobSites.number,
            title: jobSites.title,
            city: jobSites.siteCity,
          })
          .from(jobSites)
          .where(inArray(jobSites.id, closedIds));
  const plannedOf = new Map<string, Set<string>>();
  for (const row of planned) {
    const sites = plannedOf.get(row.userId) ?? new Set<string>();
    sites.add(row.jobSiteId);
    plannedOf.set(row.userId, sites);
  }
  const columnIds = new Set([
    ...planned.map((row) => row.jobSiteId).filter((id) => open.has(id)),
    ...enteredIds,
    ...extraSites.filter((id) => open.has(id)),
  ]);
  const siteColumns = [...openSites, ...closed]
    .filter((site) => columnIds.has(site.id))
    .sort((a, b) => a.number.localeCompare(b.number));
  const columns = [...siteColumns, DEPOT];
  const rows = team.map((employee): DayGridRow => {
    const own = lines.filter((line) => line.employeeId === employee.id);
    const work = own.filter((line) => line.kind === "travail");
    const absent = own.filter((line) => line.kind !== "travail");
    const columnOf = (line: DayLineRow) => line.jobSiteId ?? DEPOT_COLUMN;
    const onePerColumn = new Set(work.map(columnOf)).size === work.length;
    const quick = own.every(isQuickLine) && onePerColumn;
    const plannedSites = employee.userId ? plannedOf.get(employee.userId) : undefined;
    const cells: Record<string, DayGridCell> = {};
    for (const column of columns) {
      const minutes = work
        .filter((line) => columnOf(line) === column.id)
        .reduce((sum, line) => sum + line.minutes, 0);
      cells[column.id] = {
        minutes,
        hours: minutes > 0 ? hoursText(minutes) : "",
        planned: plannedSites?.has(column.id) ?? false,
      };
    }
    return {
      employee: { id: employee.id, name: employeeName(employee) },
      quick,
      lock: lockOf.get(employee.id) ?? null,
      cells,
      workedMinutes: work.reduce((sum, line) => sum + line.minutes, 0),
      absenceMinutes: absent.reduce((sum, line) => sum + line.minutes, 0),
      absences: [...new Set(absent.map((line) => line.kind as Exclude<TimeEntryKind, "travail">))],
    };
  });
  return {
    day,
    weekStart,
    columns,
    rows,
    otherSites: openSites.filter((site) => !columnIds.has(site.id)),
    refusedExtras,
  };
}

/**
 * « Enregistrer la journée »: the posted cells (`heures.<employee>.<site or depot>`) are
 * compared with the stored hours; each employee with a changed cell gets the day's lines
 * replaced by one line of work per non-empty cell of their row. Every cell is checked
 * before any day is saved: a cell on a site that is not open, of an employee who is not
 * in post, of a validated week or of a detailed day refuses the whole post, at its cell.
 */
export async function saveDayGrid(
  db: Database,
  actor: TimeActor,
  day: IsoDay,
  values: Record<string, string>,
): Promise<GridSaveOutcome> {
  const posted = Object.entries(values).flatMap(([name, raw]) => {
    const cell = readDayCellField(name);
    return cell ? [{ ...cell, name, text: raw.trim() }] : [];
  });
  const extra = [...new Set(posted.map((cell) => cell.column).filter((id) => id !== DEPOT_COLUMN))];
  const grid = await readDayGrid(db, day, extra);
  const rows = new Map(grid.rows.map((row) => [row.employee.id, row]));
  const cells = cellRefusals();
  const { fail } = cells;
  /** Each changed employee's row: the column → the text to save. */
  const changed = new Map<string, Map<string, string>>();
  for (const cell of posted) {
    const row = rows.get(cell.employeeId);
    const stored = row?.cells[cell.column];
    if (!row) {
      fail(cell.name, DAY_GRID_MESSAGES.employee);
      continue;
    }
    if (!stored || grid.refusedExtras.includes(cell.column)) {
      fail(cell.name, DAY_GRID_MESSAGES.site);
      continue;
    }
    if (cell.text === stored.hours && row.quick) continue;
    if (row.lock) fail(cell.name, DAY_GRID_MESSAGES.locked, 409);
    else if (!row.quick) fail(cell.name, DAY_GRID_MESSAGES.detailed, 409);
    else {
      const texts = changed.get(row.employee.id) ?? new Map<string, string>();
      texts.set(cell.column, cell.text);
      changed.set(row.employee.id, texts);
    }
  }
  const posts = [...changed].map(([employeeId, texts]) => {
    const row = rows.get(employeeId) as DayGridRow;
    const form: Record<string, string> = { jour: day };
    const fieldOf: string[] = [];
    for (const column of grid.columns) {
      const text = texts.get(column.id) ?? row.cells[column.id]?.hours ?? "";
      if (text === "") continue;
      const index = fieldOf.length;
      form[`type.${index}`] = "travail";
      form[`chantier.${index}`] = column.id === DEPOT_COLUMN ? "" : column.id;
      form[`heures.${index}`] = text;
      fieldOf.push(dayCellField(employeeId, column.id));
    }
    const parsed = parseDayPost(form, { allowFuture: true });
    if (!parsed.ok) {
      for (const [name, messages] of Object.entries(parsed.fieldErrors)) {
        const index = /^heures\.(\d+)$/.exec(name)?.[1];
        const field = index === undefined ? undefined : fieldOf[Number(index)];
        fail(field ?? fieldOf[0] ?? dayCellField(employeeId, DEPOT_COLUMN), messages[0] ?? parsed.message);
      }
    }
    return { employeeId, parsed, field: fieldOf[0] ?? dayCellField(employeeId, DEPOT_COLUMN) };
  });
  return answerGrid(db, actor, cells, DAY_GRID_MESSAGES.cells, posts, "journée");
}

/** `?ajout=`: the extra site columns asked for, each a well-formed id (else null: a 400). */
export function requestedExtraSites(url: URL): string[] | null {
  const asked = url.searchParams.getAll("ajout").filter((id) => id !== "");
  if (asked.some((id) => !isUuid(id))) return null;
  return [...new Set(asked)].slice(0, 20);
}
