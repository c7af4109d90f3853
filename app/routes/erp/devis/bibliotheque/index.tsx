import type { Column } from "#app/components/data/data-table.tsx";
import { NothingYet } from "#app/components/data/empty-state.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { SelectField } from "#app/components/forms/field.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { type LibraryListItem, listLibraryItems } from "#app/features/quotes/library.server.ts";
import {
  LIBRARY_ARCHIVE_FILTERS,
  LIBRARY_ARCHIVE_LABELS,
  LibraryFiltersSchema,
  librarySort,
} from "#app/features/quotes/schema.ts";
import { getCompanySettings } from "#app/features/settings/settings.server.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = DEVIS_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { filters, db } = await openList(args, handle.permission, LibraryFiltersSchema);
  // The quotes feature does not read the settings: the hourly cost comes from here.
  const { hourlyCostCents } = await getCompanySettings(db);
  const page = await listLibraryItems(db, filters, hourlyCostCents);
  return {
    ...page,
    filters,
    sort: librarySort(filters),
    hourlyCostCents,
    crumb: "Bibliothèque de prix",
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Bibliothèque de prix — Devis", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/devis/bibliotheque";
const SORT_LABELS = { designation: "par désignation", prix: "par prix unitaire" } as const;

const columns: Column<LibraryListItem>[] = [
  titleColumn({
    key: "designation",
    header: "Désignation",
    sortKey: "designation",
    href: (item) => `/erp/devis/bibliotheque/${item.id}`,
    title: (item) => item.designation,
    details: (item) => (
      <>
        {item.description ? (
          <span className="line-clamp-2 text-sm font-normal text-slate-700">{item.description}</span>
        ) : null}
        {item.archivedAt ? (
          <span>
            <StatusBadge tone="neutral">Archivé</StatusBadge>
          </span>
        ) : null}
      </>
    ),
  }),
  { key: "unit", header: "Unité", cell: (item) => item.unit },
  {
    key: "price",
    header: "Prix unitaire HT",
    sortKey: "prix",
    firstDirection: "desc",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (item) => formatCents(item.unitPriceHt),
  },
  {
    key: "vat",
    header: "TVA",
    className: "whitespace-nowrap",
    cell: (item) => VAT_RATES[item.vatCode].label,
  },
  {
    key: "cost",
    header: "Coût de revient",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (item) => formatCents(item.cost),
  },
  {
    key: "margin",
    header: "Marge",
    align: "right",
    className: "whitespace-nowrap tabular-nums",
    cell: (item) =>
      item.marginRate === null ? (
        "—"
      ) : (
        <span className={item.margin < 0 ? "font-bold text-red-800" : undefined}>
          {formatPercent(item.marginRate)}
        </span>
      ),
  },
  {
    key: "updated",
    header: "Modifié le",
    className: "whitespace-nowrap",
    cell: (item) => <time dateTime={item.updatedAt.toISOString()}>{formatDate(item.updatedAt)}</time>,
  },
];

export default function LibraryPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort, hourlyCostCents } = loaderData;
  const archived = filters.archives === "archives";
  // « Actifs » is the default: it stays out of the links.
  const list = listView(PATH, loaderData, ["archives"], {
    params: { ...filters, archives: archived ? filters.archives : undefined, page: loaderData.page },
    filtered: Boolean(filters.q),
  });

  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title="Bibliothèque de prix"
        description={`Les ouvrages que l'on reprend d'un devis à l'autre, avec leur prix et leur coût. Coût de revient : main-d'œuvre à ${formatCents(hourlyCostCents)} de l'heure, plus les fournitures.`}
        actions={<NewLink to="/erp/devis/bibliotheque/nouveau">Nouvel article</NewLink>}
      />

      <ListSearch
        list={list}
        label="Rechercher dans la bibliothèque de prix"
        searchLabel="Rechercher (désignation, description)"
      >
        <SelectField
          id="filtre-archives"
          name="archives"
          label="Articles"
          defaultValue={filters.archives}
          options={LIBRARY_ARCHIVE_FILTERS.map((value) => ({ value, label: LIBRARY_ARCHIVE_LABELS[value] }))}
        />
      </ListSearch>

      <ListResults
        list={list}
        noun={archived ? ["article archivé", "articles archivés"] : ["article", "articles"]}
        noMatch={{
          message: "Aucun article ne correspond à cette recherche.",
          linkLabel: `Voir tous les ${archived ? "articles archivés" : "articles"}`,
          href: archived ? `${PATH}?archives=archives` : PATH,
        }}
        nothingYet={
          archived ? (
            <p>
              Aucun article archivé. <EmptyStateLink to={PATH}>Voir les articles actifs</EmptyStateLink>
            </p>
          ) : (
            <NothingYet title="La bibliothèque de prix est vide.">
              Enregistrez ici les ouvrages que vous chiffrez souvent (démolition, cloison BA13, peinture,
              carrelage…) avec leur prix et leur coût : l'éditeur de devis les insère en une fois.{" "}
              <EmptyStateLink to="/erp/devis/bibliotheque/nouveau">Créer le premier article</EmptyStateLink>
            </NothingYet>
          )
        }
        caption="Bibliothèque de prix"
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
