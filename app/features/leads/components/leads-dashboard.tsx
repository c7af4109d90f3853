import { ArrowDownRight, ArrowUpRight, CalendarClock, Inbox } from "lucide-react";
import { Link } from "react-router";
import { BigNumber, StatPanel } from "#app/components/data/stat-panel.tsx";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { plural, pluralWord } from "#app/lib/plural.ts";
import type { Dashboard } from "../dashboard.server.ts";
import { LEAD_STATUS_LABELS, LEAD_STATUSES, leadsHref } from "../schema.ts";
import { LeadStatusBadge } from "./status-badge.tsx";

/*
 * The Prospects blocks of the Espace Pro's home: this week's requests against last week,
 * the call-backs due, the pipeline by status, and the ten latest requests.
 */

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

/** The three panels of figures, side by side on a wide screen. */
export function LeadsFigures({ figures }: { figures: Dashboard }) {
  const { thisWeek, lastWeekSamePeriod, weekStart, byStatus, followUps, today } = figures;
  const totalLeads = LEAD_STATUSES.reduce((sum, status) => sum + byStatus[status], 0);
  return (
    <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      <StatPanel id="week-title" title="Nouvelles demandes cette semaine" level={2}>
        <BigNumber
          to={leadsHref({ du: weekStart })}
          label={`${plural(thisWeek, "nouvelle demande", "nouvelles demandes")} depuis le ${formatDate(weekStart)} : voir la liste`}
        >
          {thisWeek}
        </BigNumber>
        <p className="mb-1 text-sm text-slate-700">Depuis le lundi {formatDate(weekStart)}</p>
        <Trend current={thisWeek} previous={lastWeekSamePeriod} />
      </StatPanel>

      <StatPanel id="follow-title" title="Relances du jour ou en retard" icon={CalendarClock} level={2}>
        <BigNumber
          to={leadsHref({ relance: "echue" })}
          label={`${plural(followUps.due, "relance")} à faire : voir la liste`}
        >
          {followUps.due}
        </BigNumber>
        <p className="text-sm text-slate-700">
          dont {followUps.late} en retard ({pluralWord(followUps.late, "prévue")} avant le {formatDate(today)}
          )
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
      </StatPanel>

      <StatPanel
        id="status-title"
        title="Prospects par statut"
        level={2}
        className="md:col-span-2 xl:col-span-1"
      >
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
                    {pluralWord(byStatus[status], "prospect")} « {LEAD_STATUS_LABELS[status]} »
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-slate-700">{totalLeads} prospects au total.</p>
      </StatPanel>
    </div>
  );
}

/** The ten latest requests, the newest first. */
export function LatestLeads({ latest }: { latest: Dashboard["latest"] }) {
  return (
    <StatPanel
      id="latest-title"
      title="Les dix dernières demandes"
      icon={Inbox}
      level={2}
      action={{ to: "/erp/leads", label: "Tous les prospects" }}
    >
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
    </StatPanel>
  );
}
