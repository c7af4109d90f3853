import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { type TimeEntryKind, timeWeeks } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { saveDay, type TimeActor, TimeSheetError, type WeekLock } from "./entries.server.ts";
import type { DayPost, DayPostResult } from "./entries-schema.ts";

/*
 * The last step of both quick-entry grids (week-grid.server.ts, day-grid.server.ts): the
 * days checked beforehand are saved one after the other through `saveDay`, so its rules
 * apply. A change between the check and the save (a worker detailing the day, a
 * validation) stops there, at that day's cell, saying how many were saved before it.
 */

/** What makes a stored line one the quick entry may replace. */
type QuickLineFields = {
  kind: TimeEntryKind;
  startTime: string | null;
  lotId: string | null;
  note: string;
  wentHomeForLunch: boolean;
};

/** A line of work as a number of hours, with no times, lot, note or lunch at home: nothing the quick entry would lose. */
export const isQuickLine = (line: QuickLineFields) =>
  line.kind === "travail" &&
  line.startTime === null &&
  line.lotId === null &&
  line.note === "" &&
  !line.wentHomeForLunch;

/** The validations of the week of these employees, by employee. */
export async function weekLocksOf(
  db: DbExecutor,
  employeeIds: readonly string[],
  weekStart: IsoDay,
): Promise<Map<string, WeekLock>> {
  if (employeeIds.length === 0) return new Map();
  const locks = await db
    .select({
      employeeId: timeWeeks.employeeId,
      validatedAt: timeWeeks.validatedAt,
      validatedBy: authUsers.email,
    })
    .from(timeWeeks)
    .leftJoin(authUsers, eq(authUsers.id, timeWeeks.validatedBy))
    .where(and(inArray(timeWeeks.employeeId, [...employeeIds]), eq(timeWeeks.weekStart, weekStart)));
  return new Map(locks.map(({ employeeId, ...lock }) => [employeeId, lock]));
}

/** The refusals of a grid's cells, gathered before anything is saved: 409 as soon as one is a conflict. */
export function cellRefusals() {
  const fieldErrors: Record<string, string[]> = {};
  let status: 400 | 409 = 400;
  return {
    fieldErrors,
    fail(field: string, message: string, code: 400 | 409 = 400) {
      fieldErrors[field] = [message];
      if (code === 409) status = 409;
    },
    /** The grid's refusal under `message`, or null when no cell was refused. */
    refusal(message: string): GridSaveOutcome | null {
      return Object.keys(fieldErrors).length > 0 ? { ok: false, status, message, fieldErrors } : null;
    },
  };
}

/** A day checked by a grid: its post as parsed, and the grid's field that answers for it. */
export type CheckedGridDay = { employeeId: string; field: string; parsed: DayPostResult };

/** The grid's refusal if a cell was refused (`message`), else the checked days saved. */
export async function answerGrid(
  db: Database,
  actor: TimeActor,
  cells: ReturnType<typeof cellRefusals>,
  message: string,
  days: readonly CheckedGridDay[],
  unit: "case" | "journée",
): Promise<GridSaveOutcome> {
  const refused = cells.refusal(message);
  if (refused) return refused;
  return saveGridDays(
    db,
    actor,
    days.flatMap(({ employeeId, field, parsed }) =>
      parsed.ok ? [{ employeeId, field, post: parsed.post }] : [],
    ),
    unit,
  );
}

/** A day to save, and the grid's field that answers for it. */
export type GridDayPost = { employeeId: string; field: string; post: DayPost };

export type GridSaveOutcome =
  | { ok: true; saved: number }
  | { ok: false; status: 400 | 409; message: string; fieldErrors: Record<string, string[]> };

/** Saves the days in order; `unit` names what one is in the message (« case », « journée »). */
export async function saveGridDays(
  db: Database,
  actor: TimeActor,
  posts: readonly GridDayPost[],
  unit: "case" | "journée",
): Promise<GridSaveOutcome> {
  let saved = 0;
  for (const { employeeId, field, post } of posts) {
    try {
      await saveDay(db, actor, employeeId, post);
      saved++;
    } catch (error) {
      if (!(error instanceof TimeSheetError)) throw error;
      const plural = saved > 1 ? "s" : "";
      const before = saved > 0 ? ` (${saved} ${unit}${plural} enregistrée${plural} avant celle-ci)` : "";
      return {
        ok: false,
        status: error.status === 409 ? 409 : 400,
        message: `${error.message}${before}`,
        fieldErrors: { [field]: [error.message] },
      };
    }
  }
  return { ok: true, saved };
}
