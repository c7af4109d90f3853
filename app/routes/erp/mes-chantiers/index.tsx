import { Link } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { erpMeta, MES_CHANTIERS_HANDLE } from "#app/features/erp/navigation.ts";
import { AgendaView } from "#app/features/job-sites/components/planning-views.tsx";
import { readAgenda } from "#app/features/job-sites/planning.server.ts";
import { workerSites } from "#app/features/job-sites/worker.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { addDays, formatDate, parisDay } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/index";

/*
 * /erp/mes-chantiers: a member's own days on the sites, « Aujourd'hui » and « Demain »
 * first (the address, the access, whom to call), then the sites they are put on. The
 * home of a site worker (role « compagnon »); the office may open it too.
 */

export const handle = MES_CHANTIERS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const today = parisDay();
  const [agenda, sites] = await Promise.all([
    readAgenda(db, [today, addDays(today, 1)], user.id),
    workerSites(db, user.id, today),
  ]);
  return { agenda, sites, today };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Mes chantiers", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const href = (id: string) => `/erp/mes-chantiers/${id}`;

export default function MyJobSites({ loaderData }: Route.ComponentProps) {
  const { agenda, sites, today } = loaderData;
  return (
    <div className="grid gap-5">
      <PageHeader title="Mes chantiers" description="Où aller, comment entrer, qui appeler." />
      <AgendaView days={agenda} today={today} href={href} own />
      <Panel id="mes-chantiers-a-venir" title="Mes chantiers en cours et à venir">
        {sites.length === 0 ? (
          <p className="text-slate-700">
            Vous n'êtes affecté à aucun chantier pour le moment : le bureau vous y ajoute depuis le planning.
          </p>
        ) : (
          <ul className="grid gap-2">
            {sites.map((site) => (
              <li key={site.id} className="grid gap-0.5 rounded-lg border border-slate-200 p-3">
                <Link to={href(site.id)} className="font-semibold text-brand-700 underline">
                  {site.number} · {site.title}
                </Link>
                <span className="text-sm text-slate-700">
                  {site.siteCity} ·{" "}
                  {site.from === site.to
                    ? `le ${formatDate(site.from)}`
                    : `du ${formatDate(site.from)} au ${formatDate(site.to)}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}
