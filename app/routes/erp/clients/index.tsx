import type { Column } from "#app/components/data/data-table.tsx";
import { NothingYet } from "#app/components/data/empty-state.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { AnonymisedBadge, ClientKindBadge } from "#app/features/clients/components/client-badges.tsx";
import { type ClientListItem, listClients } from "#app/features/clients/list.server.ts";
import { CLIENT_KIND_LABELS, ClientFiltersSchema, clientSort } from "#app/features/clients/schema.ts";
import { CLIENTS_HANDLE, erpMeta, PROSPECTS_TABS } from "#app/features/erp/navigation.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { listLoader } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = CLIENTS_HANDLE;

export const loader = listLoader(handle.permission, ClientFiltersSchema, listClients, clientSort);

export const meta: Route.MetaFunction = (args) => erpMeta("Clients", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/clients";
const SORT_LABELS = { nom: "par nom", cree: "par date de création" } as const;

const columns: Column<ClientListItem>[] = [
  titleColumn({
    key: "name",
    header: "Client",
    sortKey: "nom",
    href: (client) => `/erp/clients/${client.id}`,
    title: (client) => client.name,
    details: (client) => (
      <>
        {client.legalName && client.legalName !== client.name ? (
          <span className="text-sm font-normal text-slate-700">{client.legalName}</span>
        ) : null}
        <span className="flex flex-wrap gap-1">
          <ClientKindBadge kind={client.kind} />
          {client.anonymised ? <AnonymisedBadge /> : null}
        </span>
      </>
    ),
  }),
  {
    key: "contact",
    header: "Contact",
    cell: (client) =>
      client.phone || client.email ? (
        <div className="grid min-w-0 gap-0.5">
          {client.phone ? (
            <a href={telHref(client.phone)} className="whitespace-nowrap text-brand-700 underline">
              {formatPhone(client.phone)}
            </a>
          ) : null}
          {client.email ? <span className="break-all text-slate-700">{client.email}</span> : null}
        </div>
      ) : (
        "—"
      ),
  },
  { key: "town", header: "Commune", cell: (client) => client.town ?? "—" },
  {
    key: "created",
    header: "Créé le",
    sortKey: "cree",
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (client) => <time dateTime={client.createdAt.toISOString()}>{formatDate(client.createdAt)}</time>,
  },
];

export default function ClientsPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort } = loaderData;
  const list = listView(PATH, loaderData, ["type"]);

  return (
    <div className="grid gap-5">
      <SectionTabs label="Prospects et clients" tabs={PROSPECTS_TABS} />
      <PageHeader
        title="Clients"
        description="Les personnes et entreprises pour qui l'entreprise travaille ou a travaillé."
        actions={<NewLink to="/erp/clients/nouveau">Nouveau client</NewLink>}
      />

      <ListSearch
        list={list}
        label="Rechercher des clients"
        searchLabel="Rechercher (nom, e-mail, téléphone, commune, SIREN)"
      >
        <FilterSelect name="type" label="Type de client" labels={CLIENT_KIND_LABELS} value={filters.type} />
      </ListSearch>

      <ListResults
        list={list}
        noun={["client", "clients"]}
        nothingYet={
          <NothingYet title="Aucun client pour le moment.">
            Un client naît le plus souvent d'un prospect : ouvrez-le dans l'onglet{" "}
            <EmptyStateLink to="/erp/leads">Prospects</EmptyStateLink> et choisissez « Convertir en client » ;
            sa demande et ses photos restent liées. Pour un client venu autrement, utilisez{" "}
            <EmptyStateLink to="/erp/clients/nouveau">Nouveau client</EmptyStateLink>.
          </NothingYet>
        }
        caption="Clients"
        sortLabels={SORT_LABELS}
        table={{
          columns,
          rows: items,
          sort,
          minWidth: 720,
        }}
      />
    </div>
  );
}
