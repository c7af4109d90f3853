import { ArrowDownRight, ArrowRight, ArrowUpRight, CalendarClock, Inbox } from "lucide-react";
import { Link } from "react-router";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { type ErpHandle, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { LeadStatusBadge } from "#app/features/leads/components/status-badge.tsx";
import { dashboard } from "#app/features/leads/dashboard.server.ts";
import { LEAD_STATUSES, leadsHref, statusLabels } from "#app/features/leads/schema.ts";
import { QuotesDashboard } from "#app/features/quotes/components/quotes-dashboard.tsx";
import { quotesDashboard } from "#app/features/quotes/dashboard.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import type { Route } from "./+types/dashboard";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const now = new Date();
  // The home is open to every signed-in member; its Devis block only to those who may see quotes.
  const [leads, quotes] = await Promise.all([
    dashboard(db, now),
    hasPermission(user.role, "devis") ? quotesDashboard(db, now) : null,
  ]);
  return { ...leads, quotes };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Tableau de bord", args);

export const shouldRevalidate = erpShouldRevalidate;

export const handle = { section: "Dashboard", permission: "session" } satisfies ErpHandle;

export const ErrorBoundary = ErpPageErrorBoundary;

function Trend({ current, previous }: { current: number; previous: number }) {
  const difference = current - previous;
  if (difference === 0) {
    return (
      <p className="text-sm text-slate-700">Autant qu'à la même date la semaine dernière ({previous}).</p>
    );
  }
  const up = difference > 0;
  const Icon = up ? ArrowUpRight : ArrowDownRight;
  return (
    <p className={`flex items-center gap-1 text-sm font-semibold ${up ? "text-green-800" : "text-red-800"}`}>
      <Icon aria-hidden="true" className="size-4" />
      {up ? "+" : "−"}
      {Math.abs(difference)} par rapport à la même date la semaine dernière ({previous})
    </p>
  );
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { thisWeek, lastWeekSamePeriod, weekStart, byStatus, followUps, latest, today, quotes } = loaderData;
  const totalLeads = LEAD_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-extrabold sm:text-3xl">Tableau de bord</h1>

      <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
        <section aria-labelledby="week-title" className={panelClass}>
          <h2 id="week-title" className="text-base font-bold">
            Nouvelles demandes cette semaine
          </h2>
          <p className="mt-2">
            <Link
              to={leadsHref({ du: weekStart })}
              className="font-heading text-4xl font-extrabold text-brand-700 underline-offset-4 hover:underline"
              aria-label={`${thisWeek} nouvelle${thisWeek > 1 ? "s" : ""} demande${thisWeek > 1 ? "s" : ""} depuis le ${formatDate(weekStart)} : voir la liste`}
            >
              {thisWeek}
            </Link>
          </p>
          <p className="mb-1 text-sm text-slate-700">Depuis le lundi {formatDate(weekStart)}</p>
          <Trend current={thisWeek} previous={lastWeekSamePeriod} />
        </section>

        <section aria-labelledby="follow-title" className={panelClass}>
          <h2 id="follow-title" className="flex items-center gap-2 text-base font-bold">
            <CalendarClock aria-hidden="true" className="size-5 text-accent-600" />
            Relances du jour ou en retard
          </h2>
          <p className="mt-2">
            <Link
              to={leadsHref({ relance: "echue" })}
              className="font-heading text-4xl font-extrabold text-brand-700 underline-offset-4 hover:underline"
              aria-label={`${followUps.due} relance${followUps.due > 1 ? "s" : ""} à faire : voir la liste`}
            >
              {followUps.due}
            </Link>
          </p>
          <p className="text-sm text-slate-700">
            dont {followUps.late} en retard (prévue{followUps.late > 1 ? "s" : ""} avant le{" "}
            {formatDate(today)})
          </p>
          {followUps.items.length > 0 ? (
            <ul className="mt-3 grid gap-1 text-sm">
              {followUps.items.map((lead) => (
                <li key={lead.id} className="flex flex-wrap items-baseline justify-between gap-2">
                  <Link to={`/erp/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                    {lead.nom}
                  </Link>
                  <span
                    className={
                      lead.nextFollowUp && lead.nextFollowUp < today ? "font-semibold text-red-800" : ""
                    }
                  >
                    {lead.nextFollowUp ? formatDate(lead.nextFollowUp) : ""}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-3 text-sm text-slate-700">Aucune relance à faire aujourd'hui.</p>
          )}
        </section>

        <section aria-labelledby="status-title" className={`${panelClass} md:col-span-2 xl:col-span-1`}>
          <h2 id="status-title" className="text-base font-bold">
            Prospects par statut
          </h2>
          <ul className="mt-3 grid gap-2">
            {LEAD_STATUSES.map((status) => (
              <li key={status}>
                <Link
                  to={leadsHref({ statut: status })}
                  className="flex min-h-11 items-center justify-between gap-3 rounded-lg px-2 hover:bg-brand-50"
                >
                  <LeadStatusBadge status={status} />
                  <span className="font-heading text-lg font-bold text-brand-900">
                    {byStatus[status]}
                    <span className="sr-only">
                      {" "}
                      prospect{byStatus[status] > 1 ? "s" : ""} « {statusLabels[status]} »
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          <p className="mt-2 text-sm text-slate-700">{totalLeads} prospects au total.</p>
        </section>
      </div>

      <section aria-labelledby="latest-title" className={panelClass}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="latest-title" className="flex items-center gap-2 text-base font-bold">
            <Inbox aria-hidden="true" className="size-5 text-accent-600" />
            Les dix dernières demandes
          </h2>
          <Link
            to="/erp/leads"
            className="inline-flex min-h-11 items-center gap-1 font-semibold text-brand-700 underline"
          >
            Tous les prospects <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
        {latest.length === 0 ? (
          <p className="mt-3 text-slate-700">
            Aucune demande pour le moment. Les demandes de devis envoyées depuis le site apparaîtront ici.
          </p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-200">
            {latest.map((lead) => (
              <li key={lead.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <Link to={`/erp/leads/${lead.id}`} className="font-semibold text-brand-700 underline">
                    {lead.nom}
                  </Link>
                  <p className="truncate text-sm text-slate-700">
                    {lead.typeProjet}
                    {lead.budget ? ` · ${lead.budget}` : ""}
                  </p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <LeadStatusBadge status={lead.status} />
                  <time dateTime={lead.createdAt.toISOString()} className="text-slate-700">
                    {formatDateTime(lead.createdAt, "medium")}
                  </time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      {quotes ? <QuotesDashboard figures={quotes} panelClassName={panelClass} /> : null}
    </div>
  );
}
