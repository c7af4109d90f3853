import type { AssignmentSlot } from "#app/db/schema/job-sites.ts";
import { addDays, formatDate, type IsoDay, parisWeek } from "#app/lib/paris-time.ts";

/*
 * The planning's arithmetic, shared by the server and the pages: the half-days an
 * assignment covers, the conflicts of a person on two sites the same half-day, and the
 * days a week or a month view shows. No database here: the server reads the rows, these
 * functions lay them out.
 */

export const ASSIGNMENT_SLOT_LABELS: Record<AssignmentSlot, string> = {
  journee: "Journée",
  matin: "Matin",
  apres_midi: "Après-midi",
};

/** The two halves of a working day, in order. */
export const HALF_DAYS = ["matin", "apres_midi"] as const;
export type HalfDay = (typeof HALF_DAYS)[number];

export const HALF_DAY_LABELS: Record<HalfDay, string> = { matin: "Matin", apres_midi: "Après-midi" };

/** The halves of a day an assignment's slot covers. */
export function halvesOf(slot: AssignmentSlot): readonly HalfDay[] {
  return slot === "journee" ? HALF_DAYS : [slot];
}

/** What the planning needs of an assignment. */
export type PlannedAssignment = {
  id: string;
  jobSiteId: string;
  userId: string;
  startDate: IsoDay;
  endDate: IsoDay;
  slot: AssignmentSlot;
};

/** Does the assignment put its person on the site that half-day? */
export function covers(assignment: PlannedAssignment, day: IsoDay, half: HalfDay): boolean {
  return assignment.startDate <= day && day <= assignment.endDate && halvesOf(assignment.slot).includes(half);
}

/** The latest of ISO days (they sort as text); undefined ones are ignored. */
export function latestDay(...days: (IsoDay | undefined)[]): IsoDay {
  return (
    days
      .filter((day) => day !== undefined)
      .sort()
      .at(-1) ?? ""
  );
}

/** The earliest of ISO days; undefined ones are ignored. */
export function earliestDay(...days: (IsoDay | undefined)[]): IsoDay {
  return days.filter((day) => day !== undefined).sort()[0] ?? "";
}

/** One half-day where a person is on two sites (or more). */
export type Conflict = { userId: string; day: IsoDay; half: HalfDay; assignmentIds: string[] };

/**
 * The half-days where a person is on more than one site, within [from, to] when given
 * (an assignment on the same site twice is not a conflict: it is the same place).
 * Sorted by day, half, then person.
 */
export function findConflicts(
  assignments: readonly PlannedAssignment[],
  window?: { from: IsoDay; to: IsoDay },
): Conflict[] {
  const byUser = new Map<string, PlannedAssignment[]>();
  for (const assignment of assignments) {
    const list = byUser.get(assignment.userId) ?? [];
    list.push(assignment);
    byUser.set(assignment.userId, list);
  }
  const found = new Map<string, Conflict>();
  for (const [userId, list] of byUser) {
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const a = list[i];
        const b = list[j];
        if (!a || !b || a.jobSiteId === b.jobSiteId) continue;
        const from = latestDay(a.startDate, b.startDate, window?.from);
        const to = earliestDay(a.endDate, b.endDate, window?.to);
        if (from > to) continue;
        const halves = halvesOf(a.slot).filter((half) => halvesOf(b.slot).includes(half));
        for (let day = from; day <= to; day = addDays(day, 1)) {
          for (const half of halves) {
            const key = `${userId}|${day}|${half}`;
            const conflict = found.get(key) ?? { userId, day, half, assignmentIds: [] };
            for (const id of [a.id, b.id])
              if (!conflict.assignmentIds.includes(id)) conflict.assignmentIds.push(id);
            found.set(key, conflict);
          }
        }
      }
    }
  }
  return [...found.values()].sort(
    (x, y) =>
      x.day.localeCompare(y.day) ||
      HALF_DAYS.indexOf(x.half) - HALF_DAYS.indexOf(y.half) ||
      x.userId.localeCompare(y.userId),
  );
}

/** A conflict named for the page: who, on which sites. */
export type ConflictNotice = Conflict & { userName: string; siteNumbers: string[] };

/** « Paul Martin : CH-2026-0001 et CH-2026-0003 le 3 décembre 2026 (matin) ». */
export function conflictSentence(conflict: ConflictNotice): string {
  return `${conflict.userName} : ${conflict.siteNumbers.join(" et ")} le ${formatDate(conflict.day)} (${HALF_DAY_LABELS[conflict.half].toLowerCase()})`;
}

/** « 3 jours plus tard », « 1 jour plus tôt ». */
export function shiftWords(days: number): string {
  const count = Math.abs(days);
  return `${count} jour${count > 1 ? "s" : ""} plus ${days > 0 ? "tard" : "tôt"}`;
}

/** Every day from `from` to `to`, both included. */
export function daysOf(from: IsoDay, to: IsoDay): IsoDay[] {
  const days: IsoDay[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

export const PLANNING_VIEWS = ["jours", "semaine", "mois"] as const;
export type PlanningView = (typeof PLANNING_VIEWS)[number];

export const PLANNING_VIEW_LABELS: Record<PlanningView, string> = {
  jours: "Aujourd'hui et demain",
  semaine: "Semaine",
  mois: "Mois",
};

/** The days a view shows around `day`, and where « précédent » and « suivant » lead. */
export function planningPeriod(
  view: PlanningView,
  day: IsoDay,
): { from: IsoDay; to: IsoDay; previous: IsoDay; next: IsoDay } {
  if (view === "jours") {
    return { from: day, to: addDays(day, 1), previous: addDays(day, -1), next: addDays(day, 1) };
  }
  if (view === "semaine") {
    const { monday, sunday } = parisWeek(day);
    return { from: monday, to: sunday, previous: addDays(monday, -7), next: addDays(monday, 7) };
  }
  const first = `${day.slice(0, 7)}-01`;
  const nextFirst = addMonth(first, 1);
  return { from: first, to: addDays(nextFirst, -1), previous: addMonth(first, -1), next: nextFirst };
}

/** The first of the month `months` after the month of `first` (a first of month). */
function addMonth(first: IsoDay, months: number): IsoDay {
  const year = Number(first.slice(0, 4));
  const month = Number(first.slice(5, 7)) - 1 + months;
  const y = year + Math.floor(month / 12);
  const m = ((month % 12) + 12) % 12;
  return `${String(y).padStart(4, "0")}-${String(m + 1).padStart(2, "0")}-01`;
}

/** A period moved by `days` (a site's dates, an assignment), its length kept. */
export function shiftPeriod<T extends { startDate: IsoDay; endDate: IsoDay }>(period: T, days: number): T {
  return { ...period, startDate: addDays(period.startDate, days), endDate: addDays(period.endDate, days) };
}

/** Saturday or Sunday: the views shade them. */
export function isWeekend(day: IsoDay): boolean {
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return weekday === 0 || weekday === 6;
}
