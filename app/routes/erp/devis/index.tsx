import type { Column } from "#app/components/data/data-table.tsx";
import { DOCUMENT_SORT_LABELS, numberColumn, totalColumns } from "#app/components/data/document-columns.tsx";
import { NothingYet } from "#app/components/data/empty-state.tsx";
import { FilterSelect, PeriodFields } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { clientColumn } from "#app/features/clients/components/client-column.tsx";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { QuoteStatusBadge } from "#app/features/quotes/components/quote-status-badge.tsx";
import { QUOTE_STATUS_LABELS } from "#app/features/quotes/content.ts";
import { listQuotes, type QuoteListItem } from "#app/features/quotes/list.server.ts";
import { QuoteFiltersSchema, quoteSort } from "#app/features/quotes/schema.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { listLoader } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = DEVIS_HANDLE;

export const loader = listLoader(handle.permission, QuoteFiltersSchema, listQuotes, quoteSort);

export const meta: Route.MetaFunction = (args) => erpMeta("Devis", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/devis";

const columns: Column<QuoteListItem>[] = [
  numberColumn(
    PATH,
    (quote) => quote.displayNumber,
    (quote) => quote.title,
  ),
  clientColumn(),
  { key: "title", header: "Objet", cell: (quote) => <span className="break-words">{quote.title}</span> },
  { key: "town", header: "Chantier", cell: (quote) => quote.siteCity || "—" },
  { key: "status", header: "Statut", cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
  ...totalColumns(),
  {
    key: "date",
    header: "Dates",
    sortKey: "date",
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (quote) => (
      <div className="grid gap-0.5 text-sm">
        <span>
          Créé le{" "}
          <time dateTime={quote.createdAt.toISOString()}>{formatDate(quote.createdAt, "numeric")}</time>
        </span>
        {quote.sentAt ? (
          <span>
            Envoyé le <time dateTime={quote.sentAt.toISOString()}>{formatDate(quote.sentAt, "numeric")}</time>
          </span>
        ) : null}
        {quote.validUntil && quote.status === "envoye" ? (
          <span>Valable jusqu'au {formatDate(quote.validUntil, "numeric")}</span>
        ) : null}
      </div>
    ),
  },
];

export default function QuotesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, filters, sort, sums } = loaderData;
  const list = listView(PATH, loaderData, ["statut", "du", "au"]);

  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title="Devis"
        description="Les devis préparés pour les clients, du brouillon à l'accord."
        actions={
          <NewLink to="/erp/devis/nouveau" variant="primary">
            Nouveau devis
          </NewLink>
        }
      />

      <ListSearch list={list} label="Rechercher des devis" searchLabel="Rechercher (numéro, client, objet)">
        <FilterSelect
          name="statut"
          label="Statut"
          labels={QUOTE_STATUS_LABELS}
          value={filters.statut}
          placeholder="Tous (hors remplacés)"
        />
        <PeriodFields du={filters.du} au={filters.au} />
      </ListSearch>

      <ListResults
        list={list}
        noun={["devis", "devis"]}
        nothingYet={
          <NothingYet title="Aucun devis pour le moment.">
            Un devis part le plus souvent d'une demande reçue par le site : ouvrez le prospect dans{" "}
            <EmptyStateLink to="/erp/leads">Prospects</EmptyStateLink> et choisissez « Faire un devis » ; son
            nom, son adresse, sa description et ses photos suivent. Pour un client déjà enregistré, utilisez{" "}
            <EmptyStateLink to="/erp/devis/nouveau">Nouveau devis</EmptyStateLink>.
          </NothingYet>
        }
        caption="Devis"
        sortLabels={DOCUMENT_SORT_LABELS}
        table={{
          columns,
          rows: items,
          sort,
          minWidth: 960,
          totals: {
            label: `Total des ${total} devis de la liste`,
            cells: { ht: formatCents(sums.totalHt), ttc: formatCents(sums.totalTtc) },
          },
        }}
      />
    </div>
  );
}
