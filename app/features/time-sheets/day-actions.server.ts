import { refused, refusedAt } from "#app/components/forms/refusal.server.ts";
import type { Database } from "#app/db/client.server.ts";
import type { EmployeeRow } from "#app/db/schema/time-sheets.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { addDays, formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import {
  readDay,
  saveDay,
  type TimeActor,
  TimeSheetError,
  validateWeek,
  weekStartOf,
} from "./entries.server.ts";
import { DAY_MESSAGES, dayFormValues, parseDayPost } from "./entries-schema.ts";

/*
 * The posts of an employee's day page, the worker's « Mes heures » and the office's:
 * « Enregistrer la journée », « Copier la veille » and, for the office, « Valider la
 * semaine ». Every refusal is THE refusal, at its field, with what was typed.
 */

export type DayActionContext = {
  request: Request;
  db: Database;
  actor: TimeActor;
  /** The page's address for a day (the redirect after a save). */
  dayHref: (day: IsoDay) => string;
};

function timeSheetRefusal(error: unknown, intent: string, values?: Record<string, string>) {
  if (!(error instanceof TimeSheetError)) return null;
  return refusedAt(error.status, intent, error, values);
}

export async function answerDayPost(context: DayActionContext, employee: EmployeeRow, form: FormData) {
  const { request, db, actor, dayHref } = context;
  const { intent = "", ...values } = formValues(form);
  const allowFuture = actor.role !== "compagnon";
  const back = (day: IsoDay, message: string) =>
    redirectWithFlash(request, dayHref(day), { tone: "success", message });
  try {
    switch (intent) {
      case "enregistrer": {
        const parsed = parseDayPost(values, { allowFuture });
        if (!parsed.ok) {
          return refused(400, { intent, message: parsed.message, fieldErrors: parsed.fieldErrors, values });
        }
        const { warnings } = await saveDay(db, actor, employee.id, parsed.post);
        const count = warnings.length;
        return back(
          parsed.post.day,
          `Journée du ${formatDate(parsed.post.day)} enregistrée.${count > 0 ? ` ${count > 1 ? `${count} points` : "1 point"} à vérifier dans la semaine.` : ""}`,
        );
      }
      case "copier-veille": {
        const day = values.jour ?? "";
        if (isoDayProblem(day) !== null) return refused(400, { intent, message: DAY_MESSAGES.day });
        if ((await readDay(db, employee.id, day)).length > 0) {
          return refused(409, {
            intent,
            message: "Cette journée a déjà des heures : modifiez-les ci-dessous.",
          });
        }
        const previous = await readDay(db, employee.id, addDays(day, -1));
        // The day before's lines, read again for this day: times and instants computed anew.
        const parsed = parseDayPost({ ...dayFormValues(previous), jour: day }, { allowFuture });
        if (!parsed.ok) return refused(400, { intent, message: parsed.message });
        await saveDay(db, actor, employee.id, parsed.post);
        return back(
          day,
          `Journée du ${formatDate(addDays(day, -1))} copiée : vérifiez-la et corrigez-la si besoin.`,
        );
      }
      case "valider-semaine": {
        const day = values.jour ?? "";
        if (isoDayProblem(day) !== null) return refused(400, { intent, message: DAY_MESSAGES.day });
        await validateWeek(db, actor, employee.id, weekStartOf(day));
        return back(
          day,
          `Semaine du ${formatDate(weekStartOf(day))} validée : ses heures sont verrouillées.`,
        );
      }
      default:
        return refused(400, { message: "Action inconnue." });
    }
  } catch (error) {
    const refusal = timeSheetRefusal(error, intent, values);
    if (refusal) return refusal;
    throw error;
  }
}
