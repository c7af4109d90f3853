import { ChevronLeft, ChevronRight } from "lucide-react";
import { data, Link } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { jobSiteRefusal } from "#app/features/job-sites/actions.server.ts";
import { JOB_SITES_TABS } from "#app/features/job-sites/components/job-sites-tabs.ts";
import { AgendaView, MonthView, WeekView } from "#app/features/job-sites/components/planning-views.tsx";
import { readAgenda, readPlanning, shiftJobSite } from "#app/features/job-sites/planning.server.ts";
import {
  conflictSentence,
  PLANNING_VIEW_LABELS,
  PLANNING_VIEWS,
  type PlanningView,
  planningPeriod,
  shiftWords,
} from "#app/features/job-sites/planning.ts";
import { PlanningPostSchema } from "#app/features/job-sites/schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { firstIssue, formValues } from "#app/lib/form-intent.ts";
import { addDays, formatDate, formatMonth, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import type { Route } from "./+types/planning";

/*
 * /erp/chantiers/planning?vue=jours|semaine|mois&jour=YYYY-MM-DD: who is on which site,
 * when. « Aujourd'hui et demain » for the phone in the van, the week for who plans the
 * team, the month for the sites' dates (each site moved by buttons, its team with it).
 */

export const handle = CHANTIERS_HANDLE;

const PATH = "/erp/chantiers/planning";

function readView(url: URL): { view: PlanningView; day: IsoDay; today: IsoDay } {
  const today = parisDay();
  const view = url.searchParams.get("vue") ?? "semaine";
  if (!(PLANNING_VIEWS as readonly string[]).includes(view)) {
    throw data({ message: "Vue inconnue : « jours », « semaine » ou « mois »." }, { status: 400 });
  }
  const day = url.searchParams.get("jour") ?? today;
  const problem = isoDayProblem(day);
  if (problem) throw data({ message: `Jour du planning : ${problem}` }, { status: 400 });
  return { view: view as PlanningView, day, today };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { view, day, today } = readView(new URL(request.url));
  const { db } = getServices(context);
  const period = planningPeriod(view, day);
  if (view === "jours") {
    const agenda = await readAgenda(db, [day, addDays(day, 1)]);
    return { view, day, today, period, agenda, planning: null, crumb: "Planning" };
  }
  const planning = await readPlanning(db, period.from, period.to);
  return { view, day, today, period, agenda: null, planning, crumb: "Planning" };
}

/** « Décaler » from the month view: the site's dates and its team, then back to the same view. */
export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const form = await request.formData();
  const post = PlanningPostSchema.safeParse(formValues(form));
  if (!post.success) return refused(400, { intent: "decaler", message: firstIssue(post.error).message });
  const { jobSiteId, revision, days } = post.data;
  try {
    const { number, moved } = await shiftJobSite(getServices(context).db, actor, jobSiteId, revision, days);
    const url = new URL(request.url);
    return redirectWithFlash(request, `${PATH}${url.search}`, {
      tone: "success",
      message: `${number} décalé de ${shiftWords(days)}${moved > 0 ? ", avec son équipe" : ""}.`,
    });
  } catch (error) {
    const refusal = jobSiteRefusal(error, "decaler");
    if (refusal) return refusal;
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta("Planning des chantiers", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function href(view: PlanningView, day: IsoDay) {
  return `${PATH}?vue=${view}&jour=${day}`;
}

function periodTitle(view: PlanningView, from: IsoDay, to: IsoDay) {
  if (view === "mois") return formatMonth(from);
  return `${formatDate(from)} – ${formatDate(to)}`;
}

export default function PlanningPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, day, today, period, agenda, planning } = loaderData;
  const refusal = refusalOf(actionData);
  const noTeam = planning
    ? planning.sites.filter((site) => !planning.assignments.some((a) => a.jobSiteId === site.id))
    : [];
  return (
    <div className="grid gap-5">
      <SectionTabs label="Chantiers" tabs={JOB_SITES_TABS} />
      <PageHeader
        title="Planning des chantiers"
        description="Qui est sur quel chantier, quand. Affectez l'équipe depuis la page de chaque chantier."
      />
      <nav aria-label="Vues du planning" className="flex flex-wrap items-center gap-2">
        {PLANNING_VIEWS.map((option) => (
          <Link
            key={option}
            to={href(option, day)}
            aria-current={option === view ? "page" : undefined}
            className={buttonClasses(option === view ? "primary" : "outline", "md")}
          >
            {PLANNING_VIEW_LABELS[option]}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <Link to={href(view, period.previous)} className={buttonClasses("ghost", "md")}>
          <ChevronLeft aria-hidden="true" className="size-4" />
          Précédent
        </Link>
        <p
          className="font-heading text-lg font-semibold text-brand-900 first-letter:uppercase"
          aria-live="polite"
        >
          {periodTitle(view, period.from, period.to)}
        </p>
        <Link to={href(view, period.next)} className={buttonClasses("ghost", "md")}>
          Suivant
          <ChevronRight aria-hidden="true" className="size-4" />
        </Link>
        {day !== today ? (
          <Link to={href(view, today)} className={buttonClasses("outline", "md")}>
            Aujourd'hui
          </Link>
        ) : null}
      </div>

      <FormAlert focus errors={refusal?.message} />

      {agenda ? <AgendaView days={agenda} today={today} /> : null}

      {planning ? (
        <>
          {planning.conflicts.length > 0 ? (
            <div role="note" className="rounded-lg border-2 border-red-700 bg-red-50 p-3 text-red-900">
              <p className="font-semibold">
                {planning.conflicts.length > 1
                  ? `${planning.conflicts.length} demi-journées en conflit : une personne sur deux chantiers.`
                  : "Une demi-journée en conflit : une personne sur deux chantiers."}
              </p>
              <ul className="mt-1 list-disc pl-5">
                {planning.conflicts.slice(0, 8).map((conflict) => (
                  <li key={`${conflict.userId}-${conflict.day}-${conflict.half}`}>
                    {conflictSentence(conflict)}
                  </li>
                ))}
              </ul>
              {planning.conflicts.length > 8 ? <p>… et {planning.conflicts.length - 8} autres.</p> : null}
            </div>
          ) : null}
          {planning.sites.length === 0 && planning.assignments.length === 0 ? (
            <p className="rounded-lg border border-slate-200 p-4 text-slate-700">
              Aucun chantier prévu sur cette période. Datez un chantier (« Modifier ») ou affectez-y l'équipe
              depuis sa page.
            </p>
          ) : view === "semaine" ? (
            <WeekView planning={planning} />
          ) : (
            <MonthView planning={planning} />
          )}
          {noTeam.length > 0 ? (
            <section aria-labelledby="sans-equipe" className="grid gap-2">
              <h2 id="sans-equipe" className="font-heading text-lg font-semibold text-brand-900">
                Sans équipe sur la période
              </h2>
              <ul className="grid gap-1">
                {noTeam.map((site) => (
                  <li key={site.id}>
                    <Link
                      to={`/erp/chantiers/${site.id}#chantier-equipe`}
                      className="font-semibold text-brand-700 underline"
                    >
                      {site.number}
                    </Link>{" "}
                    {site.title} ({site.siteCity})
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
