import { ClipboardX, HardHat, ShieldCheck, TriangleAlert, UsersRound } from "lucide-react";
import type { ReactNode } from "react";
import {
  BigNumber,
  DashboardSection,
  MoreLink,
  PanelRows,
  RowLink,
  StatPanel,
} from "#app/components/data/stat-panel.tsx";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import type { JobSitesDashboardFigures } from "../dashboard.server.ts";

const LIST_PATH = "/erp/chantiers";

/** A site's row: its number, then its client, title and town; the whole row opens the site. */
function SiteRow({
  site,
  hash = "",
  aside,
}: {
  site: { id: string; number: string; clientName: string; title: string; siteCity: string };
  /** The part of the site's page to open (« #chantier-equipe »). */
  hash?: string;
  aside: ReactNode;
}) {
  return (
    <RowLink
      to={`${LIST_PATH}/${site.id}${hash}`}
      name={site.number}
      detail={`${site.clientName} · ${site.title} · ${site.siteCity}`}
      aside={aside}
    />
  );
}

/** The Chantiers block of the Espace Pro's home. */
export function JobSitesDashboard({ figures }: { figures: JobSitesDashboardFigures }) {
  const { running, starting, unstaffed, lateReservations, retentionsDue } = figures;
  return (
    <DashboardSection
      id="job-sites-dashboard-title"
      title="Chantiers"
      more={{ to: LIST_PATH, label: "Tous les chantiers" }}
    >
      <StatPanel id="job-sites-running-title" title="Chantiers en cours" icon={HardHat}>
        <BigNumber
          to={`${LIST_PATH}?statut=en_cours`}
          label={`${plural(running.count, "chantier en cours", "chantiers en cours")} : voir la liste`}
        >
          {running.count}
        </BigNumber>
        <PanelRows
          count={running.items.length}
          empty="Aucun chantier en cours."
          intro="Avancement et marge projetée au rythme actuel."
          more={
            running.count > running.items.length ? (
              <MoreLink to={`${LIST_PATH}?statut=en_cours`}>Les {running.count} chantiers en cours</MoreLink>
            ) : null
          }
        >
          {running.items.map((site) => (
            <SiteRow
              key={site.id}
              site={site}
              aside={
                <>
                  <span className="font-semibold text-brand-900">{formatPercent(site.progressBp)}</span>
                  <span className={site.alerts > 0 ? "font-semibold text-red-800" : "text-slate-700"}>
                    {site.alerts > 0 ? (
                      <TriangleAlert aria-hidden="true" className="mr-1 inline size-4 align-text-bottom" />
                    ) : null}
                    marge {site.projectedMarginRate === null ? "—" : formatPercent(site.projectedMarginRate)}
                    {site.alerts > 0 ? ` (${plural(site.alerts, "alerte")})` : ""}
                  </span>
                </>
              }
            />
          ))}
        </PanelRows>
      </StatPanel>

      <StatPanel id="job-sites-starting-title" title="Démarrent dans la semaine" icon={HardHat}>
        <BigNumber>{starting.count}</BigNumber>
        <PanelRows
          count={starting.items.length}
          empty={<>Aucun chantier prévu d'ici le {formatDate(starting.until)}.</>}
        >
          {starting.items.map((site) => (
            <SiteRow
              key={site.id}
              site={site}
              aside={
                site.plannedStart ? (
                  <time dateTime={site.plannedStart}>le {formatDate(site.plannedStart, "medium")}</time>
                ) : null
              }
            />
          ))}
        </PanelRows>
      </StatPanel>

      <StatPanel id="job-sites-unstaffed-title" title="Sans équipe" icon={UsersRound}>
        <BigNumber>{unstaffed.count}</BigNumber>
        <PanelRows
          count={unstaffed.items.length}
          empty="Chaque chantier planifié ou en cours a son équipe."
          intro="Planifiés ou en cours, personne n'y est affecté à partir d'aujourd'hui."
          more={
            unstaffed.count > unstaffed.items.length ? (
              <MoreLink to="/erp/chantiers/planning?vue=mois">Voir le planning</MoreLink>
            ) : null
          }
        >
          {unstaffed.items.map((site) => (
            <SiteRow
              key={site.id}
              site={site}
              hash="#chantier-equipe"
              aside={
                site.plannedStart ? (
                  <time dateTime={site.plannedStart}>dès le {formatDate(site.plannedStart, "medium")}</time>
                ) : null
              }
            />
          ))}
        </PanelRows>
      </StatPanel>

      <StatPanel id="job-sites-reservations-title" title="Réserves en retard" icon={ClipboardX}>
        <BigNumber>{lateReservations.count}</BigNumber>
        <PanelRows
          count={lateReservations.items.length}
          empty="Aucune réserve au-delà de son délai de levée."
          intro="Réserves d'un PV signé, non levées à leur date limite."
        >
          {lateReservations.items.map((reservation) => (
            <RowLink
              key={reservation.id}
              to={`${LIST_PATH}/${reservation.jobSiteId}/reception`}
              name={reservation.number}
              detail={reservation.description}
              aside={
                <time dateTime={reservation.deadline} className="font-semibold text-red-800">
                  depuis le {formatDate(reservation.deadline, "medium")}
                </time>
              }
            />
          ))}
        </PanelRows>
      </StatPanel>

      <StatPanel id="job-sites-retentions-title" title="Retenues à libérer" icon={ShieldCheck}>
        <BigNumber>{retentionsDue.count}</BigNumber>
        <PanelRows
          count={retentionsDue.items.length}
          empty={<>Aucune retenue de garantie libérable d'ici le {formatDate(retentionsDue.until)}.</>}
          intro="Un an après la réception, sauf réserves non levées : à réclamer au client."
        >
          {retentionsDue.items.map((site) => (
            <RowLink
              key={site.jobSiteId}
              to={`${LIST_PATH}/${site.jobSiteId}/reception`}
              name={site.number}
              detail={`${site.clientName} · ${site.title}${site.openReservations > 0 ? ` · ${plural(site.openReservations, "réserve non levée", "réserves non levées")}` : ""}`}
              aside={
                <>
                  <span className="font-semibold text-brand-900">{formatCents(site.held)}</span>
                  <time dateTime={site.releaseOn}>le {formatDate(site.releaseOn, "medium")}</time>
                </>
              }
            />
          ))}
        </PanelRows>
      </StatPanel>
    </DashboardSection>
  );
}
