import { data } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, POINTAGE_HANDLE } from "#app/features/erp/navigation.ts";
import { DayGridForm } from "#app/features/time-sheets/components/day-grid.tsx";
import { DayNavigation } from "#app/features/time-sheets/components/day-navigation.tsx";
import { NoEmployeeInPost } from "#app/features/time-sheets/components/grid-parts.tsx";
import { TIME_SHEETS_TABS } from "#app/features/time-sheets/components/time-sheets-tabs.ts";
import { readDayGrid, requestedExtraSites, saveDayGrid } from "#app/features/time-sheets/day-grid.server.ts";
import { DAY_GRID_MESSAGES, dayGridHref } from "#app/features/time-sheets/day-grid.ts";
import { requestedDay } from "#app/features/time-sheets/day-page.server.ts";
import { DAY_MESSAGES } from "#app/features/time-sheets/entries-schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formValues } from "#app/lib/form-intent.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Route } from "./+types/jour";

export const handle = POINTAGE_HANDLE;

/*
 * /erp/temps/jour?jour=2026-11-27: the team's day for the office or the team leader.
 * Each employee in post that day × the sites of the day (planned, entered, or added with
 * `ajout=<site>`) and the depot, typed as numbers of hours and saved in one go. A bad
 * `jour` or `ajout` is a 400 with its French message.
 */

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const day = requestedDay(request);
  const extraSites = requestedExtraSites(new URL(request.url));
  if (extraSites === null) throw data({ message: DAY_GRID_MESSAGES.site }, { status: 400 });
  const grid = await readDayGrid(db, day, extraSites);
  if (grid.refusedExtras.length > 0) throw data({ message: DAY_GRID_MESSAGES.site }, { status: 400 });
  return { grid, extraSites };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const form = await request.formData();
  const { intent = "", ...values } = formValues(form);
  const day = values.jour ?? "";
  if (isoDayProblem(day) !== null) return refused(400, { intent, message: DAY_MESSAGES.day });
  if (intent !== "enregistrer-journee") return refused(400, { message: "Action inconnue." });
  // The columns added before the post, kept on the way back; each must be a site's id.
  const extraSites = form.getAll("ajout").map((site) => (typeof site === "string" ? site : ""));
  if (extraSites.some((site) => !isUuid(site)) || extraSites.length > 20) {
    return refused(400, { intent, message: DAY_GRID_MESSAGES.site });
  }
  const actor = { id: user.id, email: user.email, role: user.role };
  const result = await saveDayGrid(db, actor, day, values);
  if (!result.ok) {
    return refused(result.status, {
      intent,
      message: result.message,
      fieldErrors: result.fieldErrors,
      values,
    });
  }
  const back = (message: string) =>
    redirectWithFlash(request, dayGridHref(day, extraSites), { tone: "success", message });
  if (result.saved === 0) return back(DAY_GRID_MESSAGES.nothingChanged);
  return back(
    `${result.saved > 1 ? `${result.saved} journées enregistrées` : "1 journée enregistrée"} (${formatDate(day, "full")}).`,
  );
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Journée du ${formatDate(args.loaderData.grid.day)} — Pointage` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function DayGridPage({ loaderData, actionData }: Route.ComponentProps) {
  const refusal = refusalOf(actionData);
  const { grid, extraSites } = loaderData;
  const gridRefusal = refusal?.intent === "enregistrer-journee" ? refusal : null;
  return (
    <div className="grid min-w-0 gap-5">
      <SectionTabs label="Pointage" tabs={TIME_SHEETS_TABS} />
      <PageHeader
        title="Journée de l'équipe"
        description={`${formatDate(grid.day, "full")} : les heures de chacun par chantier, à saisir d'un coup.`}
      />
      <DayNavigation day={grid.day} today={null} href={(day) => dayGridHref(day, extraSites)} />
      {refusal && !gridRefusal ? <FormAlert focus errors={refusal.message} /> : null}
      {grid.rows.length === 0 ? (
        <NoEmployeeInPost period="ce jour-là" />
      ) : (
        <DayGridForm
          key={JSON.stringify(gridRefusal?.values ?? null)}
          grid={grid}
          extraSites={extraSites}
          values={gridRefusal?.values}
          errors={gridRefusal?.fieldErrors}
          message={gridRefusal?.message}
        />
      )}
    </div>
  );
}
