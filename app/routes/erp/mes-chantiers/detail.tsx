import { FolderOpen, KeyRound, MapPin, NotebookPen, Phone } from "lucide-react";
import { data, Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, MES_CHANTIERS_HANDLE } from "#app/features/erp/navigation.ts";
import { JobSiteStatusBadge } from "#app/features/job-sites/components/job-site-status-badge.tsx";
import { ASSIGNMENT_SLOT_LABELS } from "#app/features/job-sites/planning.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import { SiteAccessError, workerSite } from "#app/features/job-sites/worker.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { mapsHref } from "#app/lib/maps.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/mes-chantiers/:id: a site as the team on it needs it, on a phone: the address and
 * the route, how to get in, whom to call, who is on it when. No price, no client file.
 * A worker sees only the sites they are put on (403 otherwise).
 */

export const handle = MES_CHANTIERS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  try {
    const { site, team } = await workerSite(getServices(context).db, user, params.id);
    return { site, team, crumb: site.number };
  } catch (error) {
    if (error instanceof SiteAccessError) throw data({ message: error.message }, { status: 403 });
    throwNotFound(error, JobSiteNotFoundError);
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.site.number} — Mes chantiers` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const linkClass = "inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline";

export default function WorkerSitePage({ loaderData }: Route.ComponentProps) {
  const { site, team } = loaderData;
  const address = [site.siteStreet, [site.sitePostalCode, site.siteCity].filter(Boolean).join(" ")]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="grid gap-5">
      <PageHeader
        title={site.title}
        badge={<JobSiteStatusBadge status={site.status} />}
        description={site.number}
        actions={
          <>
            <Link to={`/erp/chantiers/${site.id}/journal`} className={buttonClasses("primary", "md")}>
              <NotebookPen aria-hidden="true" className="size-4" />
              Journal de chantier
            </Link>
            <Link to={`/erp/chantiers/${site.id}/documents`} className={buttonClasses("secondary", "md")}>
              <FolderOpen aria-hidden="true" className="size-4" />
              Plans et photos
            </Link>
          </>
        }
      />
      <Panel id="chantier-ou" title="Où et comment entrer">
        <div className="grid gap-2">
          <a
            href={mapsHref({ street: site.siteStreet, postalCode: site.sitePostalCode, city: site.siteCity })}
            className={linkClass}
          >
            <MapPin aria-hidden="true" className="size-5 shrink-0" />
            {address}
            <span className="sr-only"> (itinéraire)</span>
          </a>
          {site.contactPhone ? (
            <a href={telHref(site.contactPhone)} className={linkClass}>
              <Phone aria-hidden="true" className="size-5 shrink-0" />
              Appeler {site.contactName || "le contact sur place"} ({formatPhone(site.contactPhone)})
            </a>
          ) : null}
          <Facts
            columns={1}
            facts={[
              {
                label: "Digicode",
                value: site.accessCode ? (
                  <span className="inline-flex items-center gap-2">
                    <KeyRound aria-hidden="true" className="size-4" />
                    {site.accessCode}
                  </span>
                ) : null,
              },
              { label: "Clés", value: site.keys || null },
              { label: "Contact sur place", value: site.contactName || null },
              {
                label: "Stationnement",
                value: site.parking ? <span className="whitespace-pre-line">{site.parking}</span> : null,
              },
              {
                label: "Contraintes",
                value: site.constraints ? (
                  <span className="whitespace-pre-line">{site.constraints}</span>
                ) : null,
              },
              {
                label: "Dates prévues",
                value:
                  site.plannedStart && site.plannedEnd
                    ? `${formatDate(site.plannedStart)} → ${formatDate(site.plannedEnd)}`
                    : "À dater",
              },
            ]}
          />
        </div>
      </Panel>
      <Panel id="chantier-equipe" title="L'équipe sur le chantier">
        {team.length === 0 ? (
          <p className="text-slate-700">Personne n'est encore affecté à ce chantier.</p>
        ) : (
          <ul className="grid gap-1">
            {team.map((assignment) => (
              <li key={assignment.id}>
                <span className="font-semibold">{assignment.userName}</span> :{" "}
                {assignment.startDate === assignment.endDate
                  ? `le ${formatDate(assignment.startDate)}`
                  : `du ${formatDate(assignment.startDate)} au ${formatDate(assignment.endDate)}`}{" "}
                ({ASSIGNMENT_SLOT_LABELS[assignment.slot].toLowerCase()})
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
