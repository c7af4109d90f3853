import { and, asc, desc, eq, gte, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import {
  jobSiteAssignments,
  jobSiteLots,
  jobSites,
  OPEN_JOB_SITE_STATUSES,
} from "#app/db/schema/job-sites.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import {
  type EmployeeRow,
  employees,
  type TimeEntryKind,
  type TimeLineRecord,
  timeEntries,
  timeEntryChanges,
  timeWeeks,
} from "#app/db/schema/time-sheets.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import type { DbExecutor, DbTransaction } from "#app/lib/outbox.server.ts";
import { addDays, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import type { Role } from "#app/lib/permissions.ts";
import { siteAccess } from "#app/lib/site-access.server.ts";
import { lotsBySite } from "#app/lib/site-lots.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { employeeName } from "./employee-schema.ts";
import { DAY_MESSAGES, type DayLine, type DayPost } from "./entries-schema.ts";
import { isoWeek } from "./months.ts";
import { DEFAULT_OVERTIME_QUOTA_MINUTES, type WeekOvertime, weekOvertime, yearOvertime } from "./overtime.ts";
import { type TimeWarning, timeWarnings } from "./warnings.ts";

/*
 * The time sheets' records: an employee's day saved whole (its lines replaced in one
 * transaction), a week read with its totals, overtime and legal warnings, and its
 * validation, after which only the owner changes a day, with a reason kept beside the
 * lines before and after. A site worker enters only their own days, on their own sites,
 * never a day to come.
 */

/** Who saves: the account, and what it may do. */
export type TimeActor = { id: string; email: string; role: Role };

export class TimeSheetError extends Error {
  override name = "TimeSheetError";
  readonly status: 400 | 403 | 404 | 409;
  readonly field: string | undefined;
  constructor(status: 400 | 403 | 404 | 409, message: string, field?: string) {
    super(message);
    this.status = status;
    this.field = field;
  }
}

/** The Monday of a day's ISO week: what a validation locks. */
export const weekStartOf = (day: IsoDay): IsoDay => isoWeek(day).monday;

/** The register's employee a site worker's account enters hours for; null when none is linked. */
export async function employeeOfUser(db: DbExecutor, userId: string): Promise<EmployeeRow | null> {
  const [employee] = await db.select().from(employees).where(eq(employees.userId, userId));
  return employee ?? null;
}

export async function findEmployee(db: DbExecutor, employeeId: string): Promise<EmployeeRow> {
  if (!isUuid(employeeId)) throw new TimeSheetError(404, DAY_MESSAGES.employee);
  const [employee] = await db.select().from(employees).where(eq(employees.id, employeeId));
  if (!employee) throw new TimeSheetError(404, DAY_MESSAGES.employee);
  return employee;
}

const inPost = (employee: Pick<EmployeeRow, "hireDate" | "leaveDate">, day: IsoDay) =>
  employee.hireDate <= day && (employee.leaveDate === null || day <= employee.leaveDate);

/** A line as the pages show it: what was posted (`DayLine`), its day, and the names of its site and lot. */
export type LineView = DayLine & {
  id: string;
  day: IsoDay;
  siteNumber: string | null;
  siteTitle: string | null;
  lotTitle: string | null;
};

async function readLines(db: DbExecutor, employeeId: string, from: IsoDay, to: IsoDay): Promise<LineView[]> {
  return db
    .select({
      id: timeEntries.id,
      day: timeEntries.day,
      kind: timeEntries.kind,
      jobSiteId: timeEntries.jobSiteId,
      siteNumber: jobSites.number,
      siteTitle: jobSites.title,
      lotId: timeEntries.lotId,
      lotTitle: jobSiteLots.title,
      startTime: timeEntries.startTime,
      endTime: timeEntries.endTime,
      breakMinutes: timeEntries.breakMinutes,
      startsAt: timeEntries.startsAt,
      endsAt: timeEntries.endsAt,
      minutes: timeEntries.minutes,
      wentHomeForLunch: timeEntries.wentHomeForLunch,
      note: timeEntries.note,
    })
    .from(timeEntries)
    .leftJoin(jobSites, eq(jobSites.id, timeEntries.jobSiteId))
    .leftJoin(jobSiteLots, eq(jobSiteLots.id, timeEntries.lotId))
    .where(and(eq(timeEntries.employeeId, employeeId), gte(timeEntries.day, from), lte(timeEntries.day, to)))
    .orderBy(
      asc(timeEntries.day),
      asc(timeEntries.startsAt),
      asc(timeEntries.createdAt),
      asc(timeEntries.id),
    );
}

/** A day's lines, in the order they were worked. */
export function readDay(db: DbExecutor, employeeId: string, day: IsoDay): Promise<LineView[]> {
  return readLines(db, employeeId, day, day);
}

export type WeekLock = { validatedAt: Date; validatedBy: string | null };

export async function weekLock(
  db: DbExecutor,
  employeeId: string,
  weekStart: IsoDay,
): Promise<WeekLock | null> {
  const [row] = await db
    .select({ validatedAt: timeWeeks.validatedAt, validatedBy: authUsers.email })
    .from(timeWeeks)
    .leftJoin(authUsers, eq(authUsers.id, timeWeeks.validatedBy))
    .where(and(eq(timeWeeks.employeeId, employeeId), eq(timeWeeks.weekStart, weekStart)));
  return row ?? null;
}

/** The history's words for a line (kind, site, times or hours). */
function recordOf(
  line: Pick<LineView, "kind" | "siteNumber" | "startTime" | "endTime" | "breakMinutes" | "minutes" | "note">,
): TimeLineRecord {
  return {
    kind: line.kind,
    site: line.siteNumber,
    start: line.startTime,
    end: line.endTime,
    breakMinutes: line.breakMinutes,
    minutes: line.minutes,
    note: line.note,
  };
}

/** Checks the lines' sites and lots: they exist, the lot is the site's, and a worker's site is theirs. */
async function checkSites(tx: DbTransaction, actor: TimeActor, lines: readonly DayLine[]) {
  for (const [index, line] of lines.entries()) {
    if (!line.jobSiteId) continue;
    const access = await siteAccess(tx, actor, line.jobSiteId);
    if (access === "unknown") throw new TimeSheetError(400, DAY_MESSAGES.site, `chantier.${index}`);
    if (access === "refused") throw new TimeSheetError(403, DAY_MESSAGES.siteRefused, `chantier.${index}`);
    if (line.lotId) {
      const [lot] = await tx
        .select({ id: jobSiteLots.id })
        .from(jobSiteLots)
        .where(and(eq(jobSiteLots.id, line.lotId), eq(jobSiteLots.jobSiteId, line.jobSiteId)));
      if (!lot) throw new TimeSheetError(400, DAY_MESSAGES.lot, `chantier.${index}`);
    }
  }
}

/**
 * Saves an employee's day: its lines replace the stored ones in one transaction. A site
 * worker saves only the employee linked to their account. In a validated week only the
 * owner saves, with a reason; the day's lines before and after are kept with it.
 * Returns the legal warnings of the day's week (never a refusal).
 */
export async function saveDay(
  db: Database,
  actor: TimeActor,
  employeeId: string,
  post: DayPost,
  now = new Date(),
): Promise<{ warnings: TimeWarning[]; changedLockedWeek: boolean }> {
  const weekStart = weekStartOf(post.day);
  const changed = await db.transaction(async (tx) => {
    if (!isUuid(employeeId)) throw new TimeSheetError(404, DAY_MESSAGES.employee);
    // One save at a time per employee: the day's lines are read and replaced together.
    const [employee] = await tx.select().from(employees).where(eq(employees.id, employeeId)).for("update");
    if (!employee) throw new TimeSheetError(404, DAY_MESSAGES.employee);
    if (actor.role === "compagnon" && employee.userId !== actor.id) {
      throw new TimeSheetError(403, DAY_MESSAGES.notYours);
    }
    if (!inPost(employee, post.day)) throw new TimeSheetError(400, DAY_MESSAGES.notInPost, "jour");
    const lock = await weekLock(tx, employeeId, weekStart);
    if (lock) {
      if (actor.role !== "owner") throw new TimeSheetError(409, DAY_MESSAGES.locked);
      if (!post.reason) throw new TimeSheetError(400, DAY_MESSAGES.reason, "motif");
    }
    await checkSites(tx, actor, post.lines);
    const before = await readDay(tx, employeeId, post.day);
    await tx
      .delete(timeEntries)
      .where(and(eq(timeEntries.employeeId, employeeId), eq(timeEntries.day, post.day)));
    if (post.lines.length > 0) {
      await tx.insert(timeEntries).values(
        post.lines.map((line) => ({
          ...line,
          employeeId,
          day: post.day,
          weekStart,
          createdBy: actor.id,
          createdAt: now,
          updatedAt: now,
        })),
      );
    }
    if (!lock) return false;
    const after = await readDay(tx, employeeId, post.day);
    await tx.insert(timeEntryChanges).values({
      employeeId,
      weekStart,
      day: post.day,
      before: before.map(recordOf),
      after: after.map(recordOf),
      reason: post.reason,
      changedAt: now,
      changedBy: actor.id,
    });
    await recordActivities(tx, [
      {
        subjectType: "salarie",
        subjectId: employeeId,
        kind: "time_changed",
        summary: `Heures du ${formatDate(post.day)} modifiées après validation : ${post.reason}`,
        actor,
      },
    ]);
    return true;
  });
  return {
    warnings: (await weekSheet(db, await findEmployee(db, employeeId), weekStart)).warnings,
    changedLockedWeek: changed,
  };
}

export type WeekDay = { day: IsoDay; lines: LineView[]; workedMinutes: number; absenceMinutes: number };

export type WeekSheet = {
  employee: { id: string; name: string; weeklyMinutes: number };
  weekStart: IsoDay;
  weekKey: string;
  days: WeekDay[];
  workedMinutes: number;
  absences: Partial<Record<TimeEntryKind, number>>;
  overtime: WeekOvertime;
  lock: WeekLock | null;
  /** The legal limits the week's days go beyond (the 12-week average read from the 11 weeks before). */
  warnings: TimeWarning[];
  /** The year's overtime so far (its ISO weeks up to this one) against the settings' quota. */
  year: {
    year: number;
    totalMinutes: number;
    quotaMinutes: number;
    remainingMinutes: number;
    beyondQuotaMinutes: number;
  };
};

/** The settings' yearly overtime quota, in minutes (220 h until the settings say otherwise). */
async function overtimeQuotaMinutes(db: DbExecutor): Promise<number> {
  const [row] = await db
    .select({ hours: companySettings.overtimeQuotaHours })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  return row ? row.hours * 60 : DEFAULT_OVERTIME_QUOTA_MINUTES;
}

/** Each week's overtime from the first ISO week of `weekStart`'s year to that week, against the quota. */
async function yearToDate(db: DbExecutor, employee: EmployeeRow, weekStart: IsoDay) {
  const { year, week } = isoWeek(weekStart);
  const firstMonday = addDays(weekStart, -7 * (week - 1));
  const weeks = await db
    .select({ week: timeEntries.weekStart, minutes: sql<string>`sum(${timeEntries.minutes})` })
    .from(timeEntries)
    .where(
      and(
        eq(timeEntries.employeeId, employee.id),
        eq(timeEntries.kind, "travail"),
        gte(timeEntries.weekStart, firstMonday),
        lte(timeEntries.weekStart, weekStart),
      ),
    )
    .groupBy(timeEntries.weekStart);
  const contract = { weeklyMinutes: employee.weeklyMinutes };
  const total = yearOvertime(
    weeks.map((row) => ({
      week: row.week,
      overtimeMinutes: weekOvertime(Math.min(Number(row.minutes), 7 * 24 * 60), contract).overtimeMinutes,
    })),
    await overtimeQuotaMinutes(db),
  );
  return {
    year,
    totalMinutes: total.totalMinutes,
    quotaMinutes: total.quotaMinutes,
    remainingMinutes: total.remainingMinutes,
    beyondQuotaMinutes: total.beyondQuotaMinutes,
  };
}

/** An employee's week: each day's lines, the totals, the overtime and the warnings. */
export async function weekSheet(
  db: DbExecutor,
  employee: EmployeeRow,
  weekStart: IsoDay,
): Promise<WeekSheet> {
  const sunday = addDays(weekStart, 6);
  const history = await readLines(db, employee.id, addDays(weekStart, -77), sunday);
  const lines = history.filter((line) => line.day >= weekStart);
  const days: WeekDay[] = Array.from({ length: 7 }, (_, index) => {
    const day = addDays(weekStart, index);
    const ofDay = lines.filter((line) => line.day === day);
    return {
      day,
      lines: ofDay,
      workedMinutes: ofDay
        .filter((line) => line.kind === "travail")
        .reduce((sum, line) => sum + line.minutes, 0),
      absenceMinutes: ofDay
        .filter((line) => line.kind !== "travail")
        .reduce((sum, line) => sum + line.minutes, 0),
    };
  });
  const absences: Partial<Record<TimeEntryKind, number>> = {};
  for (const line of lines) {
    if (line.kind !== "travail") absences[line.kind] = (absences[line.kind] ?? 0) + line.minutes;
  }
  const workedMinutes = days.reduce((sum, day) => sum + day.workedMinutes, 0);
  const worked = history
    .filter((line) => line.kind === "travail")
    .map((line) => ({
      day: line.day,
      workedMinutes: line.minutes,
      ...(line.startsAt && line.endsAt ? { start: line.startsAt, end: line.endsAt } : {}),
    }));
  const warnings = timeWarnings(worked).filter((warning) =>
    "day" in warning ? warning.day >= weekStart && warning.day <= sunday : warning.week === weekStart,
  );
  return {
    employee: { id: employee.id, name: employeeName(employee), weeklyMinutes: employee.weeklyMinutes },
    weekStart,
    weekKey: isoWeek(weekStart).key,
    days,
    workedMinutes,
    absences,
    overtime: weekOvertime(Math.min(workedMinutes, 7 * 24 * 60), { weeklyMinutes: employee.weeklyMinutes }),
    lock: await weekLock(db, employee.id, weekStart),
    warnings,
    year: await yearToDate(db, employee, weekStart),
  };
}

/** « Valider la semaine »: from then on, only the owner changes its days, with a reason. */
export async function validateWeek(
  db: Database,
  actor: TimeActor,
  employeeId: string,
  weekStart: IsoDay,
  now = new Date(),
): Promise<void> {
  if (actor.role === "compagnon") throw new TimeSheetError(403, DAY_MESSAGES.notYours);
  await db.transaction(async (tx) => {
    const employee = await findEmployee(tx, employeeId);
    const inserted = await tx
      .insert(timeWeeks)
      .values({ employeeId, weekStart, validatedAt: now, validatedBy: actor.id })
      .onConflictDoNothing()
      .returning({ weekStart: timeWeeks.weekStart });
    if (inserted.length === 0) throw new TimeSheetError(409, DAY_MESSAGES.alreadyValidated);
    await recordActivities(tx, [
      {
        subjectType: "salarie",
        subjectId: employee.id,
        kind: "week_validated",
        summary: `Semaine ${isoWeek(weekStart).key} (du ${formatDate(weekStart)}) validée`,
        actor,
      },
    ]);
  });
}

/** The changes made to a validated week, newest first, with who made them. */
export async function weekChanges(db: DbExecutor, employeeId: string, weekStart: IsoDay) {
  return db
    .select({
      id: timeEntryChanges.id,
      day: timeEntryChanges.day,
      before: timeEntryChanges.before,
      after: timeEntryChanges.after,
      reason: timeEntryChanges.reason,
      changedAt: timeEntryChanges.changedAt,
      changedBy: authUsers.email,
    })
    .from(timeEntryChanges)
    .leftJoin(authUsers, eq(authUsers.id, timeEntryChanges.changedBy))
    .where(and(eq(timeEntryChanges.employeeId, employeeId), eq(timeEntryChanges.weekStart, weekStart)))
    .orderBy(desc(timeEntryChanges.changedAt));
}

export type SiteChoice = {
  id: string;
  number: string;
  title: string;
  city: string;
  planned: boolean;
  /** The site's lots, for a line that names one (its hours then cost on that lot). */
  lots: { id: string; title: string }[];
};

/**
 * The sites a day's lines may name, the day's planning first: for a site worker, the sites
 * they are put on (those of that day marked `planned`); for the office, the open sites
 * (those the employee's linked account is planned on that day first).
 */
export async function siteChoices(
  db: DbExecutor,
  actor: TimeActor,
  employee: Pick<EmployeeRow, "userId">,
  day: IsoDay,
): Promise<SiteChoice[]> {
  const plannedIds = new Set(
    employee.userId
      ? (
          await db
            .select({ id: jobSiteAssignments.jobSiteId })
            .from(jobSiteAssignments)
            .where(
              and(
                eq(jobSiteAssignments.userId, employee.userId),
                lte(jobSiteAssignments.startDate, day),
                gte(jobSiteAssignments.endDate, day),
              ),
            )
        ).map((row) => row.id)
      : [],
  );
  const columns = {
    id: jobSites.id,
    number: jobSites.number,
    title: jobSites.title,
    city: jobSites.siteCity,
  };
  const rows =
    actor.role === "compagnon"
      ? await db
          .selectDistinct(columns)
          .from(jobSites)
          .innerJoin(jobSiteAssignments, eq(jobSiteAssignments.jobSiteId, jobSites.id))
          .where(eq(jobSiteAssignments.userId, actor.id))
      : await db
          .select(columns)
          .from(jobSites)
          .where(inArray(jobSites.status, [...OPEN_JOB_SITE_STATUSES]));
  const lots = await lotsBySite(
    db,
    rows.map((row) => row.id),
  );
  return rows
    .map((row) => ({
      ...row,
      planned: plannedIds.has(row.id),
      lots: lots.get(row.id) ?? [],
    }))
    .sort((a, b) => Number(b.planned) - Number(a.planned) || a.number.localeCompare(b.number));
}
