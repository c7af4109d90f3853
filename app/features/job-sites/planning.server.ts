import { and, asc, eq, gte, inArray, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import {
  type AssignmentSlot,
  type JobSiteRow,
  jobSiteAssignments,
  jobSites,
} from "#app/db/schema/job-sites.ts";
import { type ActivityInput, recordActivities } from "#app/lib/activity.server.ts";
import type { DbTransaction } from "#app/lib/outbox.server.ts";
import { addDays, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  ASSIGNMENT_SLOT_LABELS,
  type ConflictNotice,
  earliestDay,
  findConflicts,
  latestDay,
  shiftWords,
} from "./planning.ts";

export { type ConflictNotice, conflictSentence, shiftWords } from "./planning.ts";

import { type Actor, assertRevision, JobSiteConflictError, lockJobSite } from "./query.server.ts";
import { type JobSiteStatus, PLANNING_MESSAGES } from "./schema.ts";

/*
 * The planning: who is on which site, when. An assignment puts a member of the team on a
 * site for a period (every day of it, the whole day or one half-day). A person on two
 * sites the same half-day is a conflict, shown to whoever plans, never refused: the owner
 * knows when a morning here and an afternoon there is meant. Moving a site's planned
 * dates moves its assignments by the same number of days.
 */

export class AssignmentFieldError extends Error {
  readonly field: "userId" | "startDate" | "endDate" | "days";
  constructor(field: AssignmentFieldError["field"], message: string) {
    super(message);
    this.field = field;
    this.name = "AssignmentFieldError";
  }
}

/** A member of the team who can be put on a site: any active account. */
export type TeamMember = { id: string; name: string; role: string };

export async function teamMembers(db: Database | DbTransaction): Promise<TeamMember[]> {
  return db
    .select({ id: authUsers.id, name: authUsers.name, role: authUsers.role })
    .from(authUsers)
    .where(eq(authUsers.disabled, false))
    .orderBy(asc(authUsers.name), asc(authUsers.id));
}

/** An assignment as the pages show it. */
export type Assignment = {
  id: string;
  jobSiteId: string;
  userId: string;
  userName: string;
  startDate: IsoDay;
  endDate: IsoDay;
  slot: AssignmentSlot;
};

const assignmentColumns = {
  id: jobSiteAssignments.id,
  jobSiteId: jobSiteAssignments.jobSiteId,
  userId: jobSiteAssignments.userId,
  userName: authUsers.name,
  startDate: jobSiteAssignments.startDate,
  endDate: jobSiteAssignments.endDate,
  slot: jobSiteAssignments.slot,
};

/** The site's team, by start date then name. */
export async function siteAssignments(
  db: Database | DbTransaction,
  jobSiteId: string,
): Promise<Assignment[]> {
  return db
    .select(assignmentColumns)
    .from(jobSiteAssignments)
    .innerJoin(authUsers, eq(authUsers.id, jobSiteAssignments.userId))
    .where(eq(jobSiteAssignments.jobSiteId, jobSiteId))
    .orderBy(asc(jobSiteAssignments.startDate), asc(authUsers.name), asc(jobSiteAssignments.id));
}

/** The assignments of the given people (all when null) that meet [from, to]. */
async function assignmentsBetween(
  db: Database | DbTransaction,
  from: IsoDay,
  to: IsoDay,
  userIds: readonly string[] | null = null,
): Promise<Assignment[]> {
  const period = and(lte(jobSiteAssignments.startDate, to), gte(jobSiteAssignments.endDate, from));
  return db
    .select(assignmentColumns)
    .from(jobSiteAssignments)
    .innerJoin(authUsers, eq(authUsers.id, jobSiteAssignments.userId))
    .where(userIds ? and(period, inArray(jobSiteAssignments.userId, [...userIds])) : period)
    .orderBy(asc(jobSiteAssignments.startDate), asc(jobSiteAssignments.id));
}

/** The conflicts among `assignments`, named: who, which sites, which half-day. */
async function namedConflicts(
  db: Database | DbTransaction,
  assignments: readonly Assignment[],
  window?: { from: IsoDay; to: IsoDay },
): Promise<ConflictNotice[]> {
  const conflicts = findConflicts(assignments, window);
  if (conflicts.length === 0) return [];
  const byId = new Map(assignments.map((assignment) => [assignment.id, assignment]));
  const siteIds = [...new Set(assignments.map((assignment) => assignment.jobSiteId))];
  const numbers = new Map(
    (
      await db
        .select({ id: jobSites.id, number: jobSites.number })
        .from(jobSites)
        .where(inArray(jobSites.id, siteIds))
    ).map((site) => [site.id, site.number]),
  );
  return conflicts.map((conflict) => {
    const rows = conflict.assignmentIds.map((id) => byId.get(id)).filter((row) => row !== undefined);
    return {
      ...conflict,
      userName: rows[0]?.userName ?? "",
      siteNumbers: [...new Set(rows.map((row) => numbers.get(row.jobSiteId) ?? ""))].sort(),
    };
  });
}

/** The site's team and the conflicts its people have with other sites over its assignments. */
export async function siteTeam(
  db: Database,
  jobSiteId: string,
): Promise<{ assignments: Assignment[]; conflicts: ConflictNotice[] }> {
  const assignments = await siteAssignments(db, jobSiteId);
  if (assignments.length === 0) return { assignments, conflicts: [] };
  const from = earliestDay(...assignments.map((a) => a.startDate));
  const to = latestDay(...assignments.map((a) => a.endDate));
  const people = [...new Set(assignments.map((a) => a.userId))];
  const around = await assignmentsBetween(db, from, to, people);
  const conflicts = (await namedConflicts(db, around)).filter((conflict) =>
    conflict.assignmentIds.some((id) => assignments.some((a) => a.id === id)),
  );
  return { assignments, conflicts };
}

/** Sites that can still be staffed: not closed. */
const STAFFABLE = (status: JobSiteStatus) => status !== "clos";

export type AssignmentData = {
  userId: string;
  startDate: IsoDay;
  endDate: IsoDay;
  slot: AssignmentSlot;
};

/**
 * Puts a member of the team on the site. Returns the conflicts the new assignment makes
 * (the page says them; the assignment is kept).
 */
export async function addAssignment(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  data: AssignmentData,
): Promise<ConflictNotice[]> {
  if (data.endDate < data.startDate) throw new AssignmentFieldError("endDate", PLANNING_MESSAGES.order);
  return db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    if (!STAFFABLE(site.status)) throw new JobSiteConflictError(PLANNING_MESSAGES.closed);
    const [member] = data.userId
      ? await tx
          .select({ id: authUsers.id, name: authUsers.name, disabled: authUsers.disabled })
          .from(authUsers)
          .where(eq(authUsers.id, data.userId))
      : [];
    if (!member || member.disabled) throw new AssignmentFieldError("userId", PLANNING_MESSAGES.member);
    const [row] = await tx
      .insert(jobSiteAssignments)
      .values({ jobSiteId, ...data, createdBy: actor.id })
      .returning({ id: jobSiteAssignments.id });
    const period =
      data.startDate === data.endDate
        ? `le ${formatDate(data.startDate)}`
        : `du ${formatDate(data.startDate)} au ${formatDate(data.endDate)}`;
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: jobSiteId,
        kind: "assigned",
        summary: `${member.name} affecté ${period} (${ASSIGNMENT_SLOT_LABELS[data.slot].toLowerCase()})`,
        data: { assignmentId: row?.id ?? null, ...data },
        actor,
      },
    ]);
    const around = await assignmentsBetween(tx, data.startDate, data.endDate, [member.id]);
    return (await namedConflicts(tx, around, { from: data.startDate, to: data.endDate })).filter((conflict) =>
      conflict.assignmentIds.includes(row?.id ?? ""),
    );
  });
}

/** Takes a person off the site (the history keeps it). */
export async function removeAssignment(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  assignmentId: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockJobSite(tx, jobSiteId);
    if (!isUuid(assignmentId)) throw new JobSiteConflictError(PLANNING_MESSAGES.assignment);
    const [removed] = await tx
      .delete(jobSiteAssignments)
      .where(and(eq(jobSiteAssignments.id, assignmentId), eq(jobSiteAssignments.jobSiteId, jobSiteId)))
      .returning();
    if (!removed) throw new JobSiteConflictError(PLANNING_MESSAGES.assignment);
    const [member] = await tx
      .select({ name: authUsers.name })
      .from(authUsers)
      .where(eq(authUsers.id, removed.userId));
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: jobSiteId,
        kind: "unassigned",
        summary: `${member?.name ?? "Une personne"} retiré du chantier (${formatDate(removed.startDate)} → ${formatDate(removed.endDate)})`,
        data: { assignmentId, userId: removed.userId },
        actor,
      },
    ]);
  });
}

/** Moves every assignment of the site by `days`, in the transaction that moved its dates. */
export async function shiftAssignments(tx: DbTransaction, jobSiteId: string, days: number): Promise<number> {
  if (days === 0) return 0;
  const moved = await tx
    .update(jobSiteAssignments)
    .set({
      startDate: sql`${jobSiteAssignments.startDate} + ${days}::integer`,
      endDate: sql`${jobSiteAssignments.endDate} + ${days}::integer`,
    })
    .where(eq(jobSiteAssignments.jobSiteId, jobSiteId))
    .returning({ id: jobSiteAssignments.id });
  return moved.length;
}

/**
 * « Décaler le chantier »: its planned dates and its whole team move by `days` (a rainy
 * week, a late delivery). Needs planned dates.
 */
export async function shiftJobSite(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  revision: number,
  days: number,
): Promise<{ number: string; moved: number }> {
  return db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    assertRevision(site, revision);
    if (!site.plannedStart || !site.plannedEnd) throw new JobSiteConflictError(PLANNING_MESSAGES.noDates);
    if (!STAFFABLE(site.status)) throw new JobSiteConflictError(PLANNING_MESSAGES.closed);
    const plannedStart = addDays(site.plannedStart, days);
    const plannedEnd = addDays(site.plannedEnd, days);
    await tx
      .update(jobSites)
      .set({ plannedStart, plannedEnd, revision: site.revision + 1, updatedAt: new Date() })
      .where(eq(jobSites.id, jobSiteId));
    const moved = await shiftAssignments(tx, jobSiteId, days);
    const events: ActivityInput[] = [
      {
        subjectType: "chantier",
        subjectId: jobSiteId,
        kind: "shifted",
        summary: `Chantier décalé de ${shiftWords(days)} : ${formatDate(plannedStart)} → ${formatDate(plannedEnd)}${moved > 0 ? `, équipe comprise (${moved} affectation${moved > 1 ? "s" : ""})` : ""}`,
        data: {
          days,
          plannedStart: { avant: site.plannedStart, apres: plannedStart },
          plannedEnd: { avant: site.plannedEnd, apres: plannedEnd },
        },
        actor,
      },
    ];
    await recordActivities(tx, events);
    return { number: site.number, moved };
  });
}

// ─── The planning's views ─────────────────────────────────────────────────────────────

/** A site as the planning shows it. */
export type PlanningSite = {
  id: string;
  number: string;
  title: string;
  status: JobSiteStatus;
  siteCity: string;
  plannedStart: IsoDay | null;
  plannedEnd: IsoDay | null;
  revision: number;
};

export type Planning = {
  from: IsoDay;
  to: IsoDay;
  people: TeamMember[];
  sites: PlanningSite[];
  assignments: Assignment[];
  conflicts: ConflictNotice[];
};

/**
 * The sites that run in [from, to] (by their planned dates or their team), the team, and
 * who is where: one read for the week and the month views. Closed sites are left out.
 */
export async function readPlanning(db: Database, from: IsoDay, to: IsoDay): Promise<Planning> {
  const [people, assignments] = await Promise.all([teamMembers(db), assignmentsBetween(db, from, to)]);
  const staffed = [...new Set(assignments.map((assignment) => assignment.jobSiteId))];
  const planned = and(lte(jobSites.plannedStart, to), gte(jobSites.plannedEnd, from));
  const sites = await db
    .select({
      id: jobSites.id,
      number: jobSites.number,
      title: jobSites.title,
      status: jobSites.status,
      siteCity: jobSites.siteCity,
      plannedStart: jobSites.plannedStart,
      plannedEnd: jobSites.plannedEnd,
      revision: jobSites.revision,
    })
    .from(jobSites)
    .where(
      and(
        ne(jobSites.status, "clos"),
        staffed.length > 0 ? or(planned, inArray(jobSites.id, staffed)) : planned,
      ),
    )
    .orderBy(asc(jobSites.plannedStart), asc(jobSites.number));
  const conflicts = await namedConflicts(db, assignments, { from, to });
  return { from, to, people, sites, assignments, conflicts };
}

/** Where a site is and how the team gets in: what a worker's day and site pages show of it. */
export const siteWayInColumns = {
  id: jobSites.id,
  number: jobSites.number,
  title: jobSites.title,
  siteStreet: jobSites.siteStreet,
  sitePostalCode: jobSites.sitePostalCode,
  siteCity: jobSites.siteCity,
  accessCode: jobSites.accessCode,
  keys: jobSites.keys,
  contactName: jobSites.contactName,
  contactPhone: jobSites.contactPhone,
  parking: jobSites.parking,
  constraints: jobSites.constraints,
};

export type SiteWayIn = Pick<JobSiteRow, keyof typeof siteWayInColumns>;

/** A site of someone's day: where to go and how to get in. */
export type AgendaSite = SiteWayIn & { slot: AssignmentSlot };

export type AgendaDay = {
  day: IsoDay;
  people: { id: string; name: string; sites: AgendaSite[] }[];
};

/**
 * « Aujourd'hui » and « Demain »: for each day, each person on a site that day (only
 * `userId` when given: a worker's own days), with the address and the access notes.
 */
export async function readAgenda(
  db: Database,
  days: readonly IsoDay[],
  userId?: string,
): Promise<AgendaDay[]> {
  const first = days[0];
  const last = days[days.length - 1];
  if (!first || !last) return [];
  const rows = await db
    .select({
      userId: jobSiteAssignments.userId,
      userName: authUsers.name,
      startDate: jobSiteAssignments.startDate,
      endDate: jobSiteAssignments.endDate,
      slot: jobSiteAssignments.slot,
      ...siteWayInColumns,
    })
    .from(jobSiteAssignments)
    .innerJoin(jobSites, eq(jobSites.id, jobSiteAssignments.jobSiteId))
    .innerJoin(authUsers, eq(authUsers.id, jobSiteAssignments.userId))
    .where(
      and(
        lte(jobSiteAssignments.startDate, last),
        gte(jobSiteAssignments.endDate, first),
        ne(jobSites.status, "clos"),
        userId ? eq(jobSiteAssignments.userId, userId) : undefined,
      ),
    )
    .orderBy(asc(authUsers.name), asc(jobSites.number));
  return days.map((day) => {
    const people = new Map<string, { id: string; name: string; sites: AgendaSite[] }>();
    for (const { userId: personId, userName, startDate, endDate, ...site } of rows) {
      if (startDate > day || endDate < day) continue;
      const person = people.get(personId) ?? { id: personId, name: userName, sites: [] };
      person.sites.push(site);
      people.set(personId, person);
    }
    return { day, people: [...people.values()] };
  });
}
