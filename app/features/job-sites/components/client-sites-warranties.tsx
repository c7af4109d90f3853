import { Link } from "react-router";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDate } from "#app/lib/paris-time.ts";
import type { ClientSiteWarranties } from "../reception.server.ts";
import { JobSiteStatusBadge } from "./job-site-status-badge.tsx";
import { WarrantyDatesFacts } from "./warranty-dates.tsx";

/** The client page's « Chantiers et garanties »: each site, and the warranties its signed PV de réception started. */
export function ClientSitesWarrantiesPanel({ sites }: { sites: readonly ClientSiteWarranties[] }) {
  if (sites.length === 0) return null;
  return (
    <Panel id="client-garanties" title="Chantiers et garanties">
      <ul className="grid gap-4">
        {sites.map((site) => (
          <li key={site.id} className="grid gap-2 rounded-lg border border-slate-200 p-3">
            <div className="flex flex-wrap items-center gap-2">
              <Link to={`/erp/chantiers/${site.id}`} className="font-semibold text-brand-700 underline">
                {site.number}
              </Link>
              <span className="break-words">{site.title}</span>
              <JobSiteStatusBadge status={site.status} />
            </div>
            {site.warranties && site.receivedOn ? (
              <>
                <p className="text-sm text-slate-700">Réception le {formatDate(site.receivedOn)}</p>
                <WarrantyDatesFacts warranties={site.warranties} />
              </>
            ) : (
              <p className="text-sm text-slate-700">Pas encore réceptionné : les garanties ne courent pas.</p>
            )}
          </li>
        ))}
      </ul>
    </Panel>
  );
}
