import type { Column } from "#app/components/data/data-table.tsx";
import { NothingYet } from "#app/components/data/empty-state.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { DOCS_HANDLE, DOCS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { FILE_SEARCH_TYPE_LABELS, FILES_SEARCH_PATH } from "#app/features/record-files/record-files.ts";
import { type FileSearchItem, searchFiles } from "#app/features/record-files/search.server.ts";
import { FileSearchSchema } from "#app/features/record-files/search-schema.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { listLoader } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/fichiers";

export const handle = DOCS_HANDLE;

/** /erp/docs/fichiers — every record's uploaded files and the documents made, searched together. */
export const loader = listLoader(handle.permission, FileSearchSchema, searchFiles, (filters) => ({
  key: "date" as const,
  direction: filters.ordre ?? ("desc" as const),
}));

export const meta: Route.MetaFunction = (args) => erpMeta("Fichiers — Documents", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const SORT_LABELS = { date: "par date" } as const;

const columns: Column<FileSearchItem>[] = [
  {
    key: "name",
    header: "Document",
    phone: "title",
    cell: (item) => (
      <a href={item.href} className="font-semibold break-all text-brand-700 underline">
        {item.name}
      </a>
    ),
  },
  { key: "type", header: "Type", cell: (item) => FILE_SEARCH_TYPE_LABELS[item.type] },
  {
    key: "owner",
    header: "Client, chantier ou fournisseur",
    cell: (item) => (
      <a href={item.ownerHref} className="text-brand-700 underline">
        {item.owner}
      </a>
    ),
  },
  {
    key: "date",
    header: "Date",
    sortKey: "date",
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (item) => <time dateTime={item.at.toISOString()}>{formatDate(item.at, "numeric")}</time>,
  },
];

export default function FilesSearchPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort } = loaderData;
  const list = listView(FILES_SEARCH_PATH, loaderData, ["type"]);
  return (
    <div className="grid gap-5">
      <SectionTabs label="Documents" tabs={DOCS_TABS} />
      <PageHeader
        title="Fichiers"
        description="Les fichiers déposés sur les clients, chantiers et fournisseurs, et les devis, factures et bons de commande émis."
      />
      <ListSearch
        list={list}
        label="Rechercher des fichiers"
        searchLabel="Rechercher (nom du fichier, numéro, client, chantier, fournisseur)"
      >
        <FilterSelect name="type" label="Type" labels={FILE_SEARCH_TYPE_LABELS} value={filters.type} />
      </ListSearch>
      <ListResults
        list={list}
        noun={["document", "documents"]}
        nothingYet={
          <NothingYet title="Aucun fichier pour le moment.">
            Déposez des plans, photos ou notices depuis la page « Documents » d'un client, d'un chantier ou
            d'un fournisseur ; les devis, factures et bons de commande émis apparaissent ici d'eux-mêmes.
          </NothingYet>
        }
        caption="Fichiers et documents"
        sortLabels={SORT_LABELS}
        table={{ columns, rows: items, sort, minWidth: 720 }}
      />
    </div>
  );
}
