import type { Database } from "#app/db/client.server.ts";
import { saveDay, type TimeActor, TimeSheetError } from "./entries.server.ts";
import type { DayPost } from "./entries-schema.ts";

/*
 * The last step of both quick-entry grids (week-grid.server.ts, day-grid.server.ts): the
 * days checked beforehand are saved one after the other through `saveDay`, so its rules
 * apply. A change between the check and the save (a worker detailing the day, a
 * validation) stops there, at that day's cell, saying how many were saved before it.
 */

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
