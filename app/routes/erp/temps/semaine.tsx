import { ChevronLeft, ChevronRight } from "lucide-react";
import { data, Form, Link } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { NoEmployeeInPost } from "#app/features/time-sheets/components/grid-parts.tsx";
import { TIME_SHEETS_TABS } from "#app/features/time-sheets/components/time-sheets-tabs.ts";
import { WeekGridForm } from "#app/features/time-sheets/components/week-grid.tsx";
import { siteChoices, TimeSheetError, validateWeek } from "#app/features/time-sheets/entries.server.ts";
import { isoWeek } from "#app/features/time-sheets/months.ts";
import { readWeekGrid, saveWeekGrid, validateWholeWeek } from "#app/features/time-sheets/week-grid.server.ts";
import {
  WEEK_GRID_MESSAGES,
  WEEK_GRID_PATH,
  weekKeyMonday,
  weekKeyOf,
} from "#app/features/time-sheets/week-grid.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { addDays, formatDate } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/semaine";

export const handle = POINTAGE_HANDLE;

/*
 * /erp/temps/semaine?semaine=2026-W48: the team's week for the office. Each employee in
 * post that week, each day's hours (a link to the day's page), the week's totals, its
 * status with « Valider » and « Valider toute la semaine », and the quick entry of a
 * number of hours per day on one site. A bad `semaine` is a 400 with its French message.
 */

/** `?semaine=`: a week's key, or this week; anything else answers 400. */
function requestedWeek(asked: string | null): { key: string; monday: string } {
  if (asked === null || asked === "") {
    const key = weekKeyOf();
    return { key, monday: weekKeyMonday(key) ?? "" };
  }
  const monday = weekKeyMonday(asked);
  if (!monday) throw data({ message: WEEK_GRID_MESSAGES.week }, { status: 400 });
  return { key: asked, monday };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const week = requestedWeek(new URL(request.url).searchParams.get("semaine"));
  const actor = { id: user.id, email: user.email, role: user.role };
  const [grid, sites] = await Promise.all([
    readWeekGrid(db, week.monday),
    siteChoices(db, actor, { userId: null }, week.monday),
  ]);
  return {
    weekKey: week.key,
    grid,
    sites,
    previous: isoWeek(addDays(week.monday, -7)).key,
    next: isoWeek(addDays(week.monday, 7)).key,
    // One open site: the quick entry needs no choice.
    siteId: sites.length === 1 ? (sites[0]?.id ?? "") : "",
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const { intent = "", ...values } = formValues(await request.formData());
  const monday = weekKeyMonday(values.semaine ?? "");
  if (!monday) return refused(400, { intent, message: WEEK_GRID_MESSAGES.week });
  const actor = { id: user.id, email: user.email, role: user.role };
  const back = (message: string) =>
    redirectWithFlash(request, `${WEEK_GRID_PATH}?semaine=${values.semaine}`, { tone: "success", message });
  const week = `semaine du ${formatDate(monday)}`;
  try {
    switch (intent) {
      case "enregistrer-grille": {
        const result = await saveWeekGrid(db, actor, monday, values);
        if (!result.ok) {
          return refused(result.status, {
            intent,
            message: result.message,
            fieldErrors: result.fieldErrors,
            values,
          });
        }
        if (result.saved === 0) return back(WEEK_GRID_MESSAGES.nothingChanged);
        return back(
          `${result.saved > 1 ? `${result.saved} journées enregistrées` : "1 journée enregistrée"} (${week}).`,
        );
      }
      case "valider": {
        await validateWeek(db, actor, values.salarie ?? "", monday);
        return back(`La ${week} est validée : ses heures sont verrouillées.`);
      }
      case "valider-tout": {
        const count = await validateWholeWeek(db, actor, monday);
        if (count === 0) return refused(409, { intent, message: WEEK_GRID_MESSAGES.nothingToValidate });
        return back(
          `${count > 1 ? `${count} semaines validées` : "1 semaine validée"} (${week}) : leurs heures sont verrouillées.`,
        );
      }
      default:
        return refused(400, { message: "Action inconnue." });
    }
  } catch (error) {
    if (!(error instanceof TimeSheetError)) throw error;
    return refused(error.status, { intent, message: error.message });
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Semaine ${args.loaderData.weekKey} — Pointage` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function WeekGridPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const { weekKey, grid, sites, previous, next, siteId } = loaderData;
  const gridRefusal = refusal?.intent === "enregistrer-grille" ? refusal : null;
  const anyToValidate = grid.rows.some((row) => !row.lock);
  const weekHref = (key: string) => `${WEEK_GRID_PATH}?semaine=${key}`;
  return (
    <div className="grid min-w-0 gap-5">
      <SectionTabs label="Pointage" tabs={TIME_SHEETS_TABS} />
      <PageHeader
        title={`Semaine ${weekKey.slice(-2)}`}
        description={`Du ${formatDate(grid.weekStart)} au ${formatDate(addDays(grid.weekStart, 6))} : les heures de l'équipe, à saisir et à valider.`}
      />
      <nav aria-label="Changer de semaine" className="flex flex-wrap items-end gap-3">
        <Link to={weekHref(previous)} className={buttonClasses("secondary", "md")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Semaine précédente
        </Link>
        <Link to={weekHref(next)} className={buttonClasses("secondary", "md")}>
          Semaine suivante
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
        <Form method="get" className="flex items-end gap-2">
          <label className="grid gap-1 text-sm font-semibold text-slate-700">
            Semaine
            <input
              type="week"
              name="semaine"
              defaultValue={weekKey}
              className="rounded-md border border-slate-400 px-2 py-1.5 font-normal text-slate-900"
            />
          </label>
          <button type="submit" className={buttonClasses("secondary", "md")}>
            Afficher
          </button>
        </Form>
      </nav>
      {refusal && !gridRefusal ? <FormAlert focus errors={refusal.message} /> : null}
      {grid.rows.length === 0 ? (
        <NoEmployeeInPost period="cette semaine" />
      ) : (
        <WeekGridForm
          key={JSON.stringify(gridRefusal?.values ?? null)}
          grid={grid}
          weekKey={weekKey}
          sites={sites}
          siteId={siteId}
          values={gridRefusal?.values}
          errors={gridRefusal?.fieldErrors}
          message={gridRefusal?.message}
        />
      )}
      {anyToValidate ? (
        <Form method="post">
          <input type="hidden" name="intent" value="valider-tout" />
          <input type="hidden" name="semaine" value={weekKey} />
          <button type="submit" className={buttonClasses("primary", "md")}>
            Valider toute la semaine
          </button>
        </Form>
      ) : null}
    </div>
  );
}
