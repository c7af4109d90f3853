import { data } from "react-router";
import type { EmployeeRow } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { readDay, siteChoices, type TimeActor, weekSheet, weekStartOf } from "./entries.server.ts";
import { DAY_MESSAGES, dayFormValues } from "./entries-schema.ts";

/*
 * What an employee's day page shows, the worker's and the office's: the day (from
 * `?jour=`, today by default; a bad one is a 400), its lines as the form's values, the
 * sites to choose from (the day's planning first), the week's summary, « Copier la
 * veille » when the day is empty and the day before is not. The changes made to a validated
 * week (the owner's reasons) are the office page's only: it reads them with `weekChanges`.
 */

/** `?jour=`: a day, or today; anything else answers 400 with its French message. */
export function requestedDay(request: Request): IsoDay {
  const asked = new URL(request.url).searchParams.get("jour");
  if (asked === null || asked === "") return parisDay();
  if (isoDayProblem(asked) !== null) throw data({ message: DAY_MESSAGES.day }, { status: 400 });
  return asked;
}

export async function dayPage(db: DbExecutor, actor: TimeActor, employee: EmployeeRow, day: IsoDay) {
  const weekStart = weekStartOf(day);
  const [lines, previous, sites, sheet] = await Promise.all([
    readDay(db, employee.id, day),
    readDay(db, employee.id, addDays(day, -1)),
    siteChoices(db, actor, employee, day),
    weekSheet(db, employee, weekStart),
  ]);
  return {
    day,
    today: parisDay(),
    values: dayFormValues(lines),
    sites,
    sheet,
    copyFrom: lines.length === 0 && previous.length > 0 ? addDays(day, -1) : null,
  };
}
