import { MapPin } from "lucide-react";
import { Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { NothingYet } from "#app/components/data/empty-state.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { JobSiteStatusBadge } from "#app/features/job-sites/components/job-site-status-badge.tsx";
import { JOB_SITES_TABS } from "#app/features/job-sites/components/job-sites-tabs.ts";
import { type JobSiteListItem, listJobSites } from "#app/features/job-sites/list.server.ts";
import { JOB_SITE_STATUS_LABELS, JobSiteFiltersSchema, jobSiteSort } from "#app/features/job-sites/schema.ts";
import { mapsHref } from "#app/lib/maps.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = CHANTIERS_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { filters, db } = await openList(args, handle.permission, JobSiteFiltersSchema);
  const page = await listJobSites(db, filters);
  return { ...page, filters, sort: jobSiteSort(filters) };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Chantiers", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/chantiers";
const SORT_LABELS = { debut: "par date de début", numero: "par numéro", client: "par client" } as const;

function period(site: JobSiteListItem) {
  if (!site.plannedStart) return "À dater";
  return site.plannedEnd
    ? `${formatDate(site.plannedStart, "medium")} → ${formatDate(site.plannedEnd, "medium")}`
    : `À partir du ${formatDate(site.plannedStart, "medium")}`;
}

const columns: Column<JobSiteListItem>[] = [
  titleColumn({
    key: "site",
    header: "Chantier",
    sortKey: "numero",
    href: (site) => `${PATH}/${site.id}`,
    title: (site) => site.title,
    details: (site) => <span className="text-sm font-normal text-slate-700">{site.number}</span>,
  }),
  { key: "status", header: "Statut", cell: (site) => <JobSiteStatusBadge status={site.status} /> },
  {
    key: "client",
    header: "Client",
    sortKey: "client",
    cell: (site) => (
      <Link to={`/erp/clients/${site.clientId}`} className="break-words text-brand-700 underline">
        {site.clientName}
      </Link>
    ),
  },
  {
    key: "town",
    header: "Commune",
    cell: (site) => (
      <a
        href={mapsHref({ street: site.siteStreet, postalCode: site.sitePostalCode, city: site.siteCity })}
        className="inline-flex items-center gap-1 text-brand-700 underline"
        aria-label={`${site.siteCity} : ouvrir l'adresse dans les cartes`}
      >
        <MapPin aria-hidden="true" className="size-4 shrink-0" />
        {site.siteCity}
      </a>
    ),
  },
  {
    key: "dates",
    header: "Dates prévues",
    sortKey: "debut",
    className: "whitespace-nowrap",
    cell: period,
  },
  {
    key: "progress",
    header: "Avancement",
    align: "right",
    className: "whitespace-nowrap",
    cell: (site) => formatPercent(site.progressBp),
  },
  {
    key: "budget",
    header: "Budget HT",
    align: "right",
    className: "whitespace-nowrap",
    cell: (site) => (site.budgetHtCents === 0 ? "—" : formatCents(site.budgetHtCents)),
  },
  {
    key: "margin",
    header: "Marge prévue",
    align: "right",
    className: "whitespace-nowrap",
    cell: (site) => (site.estimatedMarginCents === null ? "—" : formatCents(site.estimatedMarginCents)),
  },
];

const STATUS_FILTER_LABELS = { tous: "Tous les chantiers", ...JOB_SITE_STATUS_LABELS };

export default function JobSitesPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort } = loaderData;
  const narrowed = listView(PATH, loaderData, ["statut"]);
  // The default list shows the open sites: when none is open but some exist, say so.
  const list = { ...narrowed, filtered: narrowed.filtered || loaderData.anySite };

  return (
    <div className="grid gap-5">
      <SectionTabs label="Chantiers" tabs={JOB_SITES_TABS} />
      <PageHeader
        title="Chantiers"
        description="Les travaux entre le devis accepté et la facture de solde : où, quand, pour qui, et ce qu'ils doivent rapporter."
        actions={<NewLink to={`${PATH}/nouveau`}>Nouveau chantier</NewLink>}
      />

      <ListSearch
        list={list}
        label="Rechercher des chantiers"
        searchLabel="Rechercher (numéro, intitulé, client, adresse)"
      >
        <FilterSelect
          name="statut"
          label="Statut"
          placeholder="En cours et à venir"
          labels={STATUS_FILTER_LABELS}
          value={filters.statut === "ouverts" ? undefined : filters.statut}
        />
      </ListSearch>

      <ListResults
        list={list}
        noun={["chantier", "chantiers"]}
        matching={narrowed.filtered ? undefined : "en cours ou à venir"}
        noMatch={
          narrowed.filtered
            ? {
                message: "Aucun chantier ne correspond à cette recherche.",
                linkLabel: "Voir les chantiers en cours et à venir",
              }
            : {
                message: "Aucun chantier en cours ni à venir.",
                linkLabel: "Voir tous les chantiers",
                href: `${PATH}?statut=tous`,
              }
        }
        nothingYet={
          <NothingYet title="Aucun chantier pour le moment.">
            Un chantier naît d'un devis accepté : ouvrez-le dans{" "}
            <EmptyStateLink to="/erp/devis?statut=accepte">les devis acceptés</EmptyStateLink> et choisissez «
            Créer le chantier » ; son client, son adresse et le budget de ses lots suivent. Pour des travaux
            sans devis, utilisez <EmptyStateLink to={`${PATH}/nouveau`}>Nouveau chantier</EmptyStateLink>.
          </NothingYet>
        }
        caption="Chantiers"
        sortLabels={SORT_LABELS}
        table={{
          columns,
          rows: items,
          sort,
          minWidth: 900,
        }}
      />
    </div>
  );
}
