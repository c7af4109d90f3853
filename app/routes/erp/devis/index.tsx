import { Plus } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { ListFilters } from "#app/components/data/list-filters.tsx";
import { activeFilterCount, type ListParams } from "#app/components/data/list-url.ts";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { Pagination } from "#app/components/data/pagination.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { DateField, SelectField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { QuoteStatusBadge } from "#app/features/quotes/components/quote-status-badge.tsx";
import { QUOTE_STATUS_LABELS, QUOTE_STATUSES } from "#app/features/quotes/content.ts";
import { listQuotes, type QuoteListItem } from "#app/features/quotes/list.server.ts";
import { parseQuoteFilters, quoteSort } from "#app/features/quotes/list-schema.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/index";

export const handle = DEVIS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const parsed = parseQuoteFilters(new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const page = await listQuotes(getServices(context).db, parsed.filters);
  return { ...page, filters: parsed.filters, sort: quoteSort(parsed.filters) };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Devis", args);

export const shouldRevalidate = erpShouldRevalidate;

export const ErrorBoundary = ErpPageErrorBoundary;

const PATH = "/erp/devis";

const SORT_LABELS = {
  date: "par date",
  numero: "par numéro",
  client: "par client",
  total: "par montant",
} as const;

const columns: Column<QuoteListItem>[] = [
  {
    key: "number",
    header: "Numéro",
    sortKey: "numero",
    phone: "title",
    className: "whitespace-nowrap",
    cell: (quote) => (
      <Link to={`/erp/devis/${quote.id}`} className="font-semibold text-brand-700 underline">
        {quote.displayNumber ?? "Brouillon"}
        <span className="sr-only"> : {quote.title}</span>
      </Link>
    ),
  },
  {
    key: "client",
    header: "Client",
    sortKey: "client",
    cell: (quote) => (
      <Link to={`/erp/clients/${quote.clientId}`} className="break-words text-brand-700 underline">
        {quote.clientName}
      </Link>
    ),
  },
  { key: "title", header: "Objet", cell: (quote) => <span className="break-words">{quote.title}</span> },
  { key: "town", header: "Chantier", cell: (quote) => quote.siteCity || "—" },
  { key: "status", header: "Statut", cell: (quote) => <QuoteStatusBadge status={quote.status} /> },
  {
    key: "ht",
    header: "Total HT",
    align: "right",
    className: "whitespace-nowrap",
    cell: (quote) => formatCents(quote.totalHt),
  },
  {
    key: "ttc",
    header: "Total TTC",
    sortKey: "total",
    firstDirection: "desc",
    align: "right",
    className: "whitespace-nowrap",
    cell: (quote) => formatCents(quote.totalTtc),
  },
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
  const { items, total, page, pageCount, filters, sort, sums } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const params: ListParams = {
    q: filters.q,
    statut: filters.statut,
    du: filters.du,
    au: filters.au,
    tri: filters.tri,
    ordre: filters.ordre,
    page,
  };
  const filtered = Boolean(filters.q || filters.statut || filters.du || filters.au);
  const sortLabel = `${SORT_LABELS[sort.key]}, ${sort.direction === "asc" ? "ordre croissant" : "ordre décroissant"}`;

  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title="Devis"
        description="Les devis préparés pour les clients, du brouillon à l'accord."
        actions={
          <Link to="/erp/devis/nouveau" className={buttonClasses("primary", "md")}>
            <Plus aria-hidden="true" className="size-4" />
            Nouveau devis
          </Link>
        }
      />

      <ListFilters
        key={JSON.stringify(params)}
        label="Rechercher des devis"
        searchLabel="Rechercher (numéro, client, objet)"
        search={filters.q}
        activeCount={activeFilterCount(params, ["statut", "du", "au"])}
        clearHref={PATH}
        hidden={{ tri: filters.tri, ordre: filters.ordre }}
      >
        <SelectField
          id="filtre-statut"
          name="statut"
          label="Statut"
          placeholder="Tous (hors remplacés)"
          defaultValue={filters.statut ?? ""}
          options={QUOTE_STATUSES.map((status) => ({ value: status, label: QUOTE_STATUS_LABELS[status] }))}
        />
        <DateField id="filtre-du" name="du" label="Du" defaultValue={filters.du ?? ""} />
        <DateField id="filtre-au" name="au" label="Au" defaultValue={filters.au ?? ""} />
      </ListFilters>

      <div aria-live="polite" aria-busy={searching} className="grid gap-3">
        <p className="text-sm font-semibold text-slate-700">
          {searching
            ? "Recherche en cours…"
            : `${total} devis${filtered ? " correspondant à la recherche" : ""}`}
        </p>
        {items.length === 0 ? (
          <EmptyState>
            {filtered ? (
              <p>
                Aucun devis ne correspond à cette recherche.{" "}
                <Link to={PATH} className="font-semibold text-brand-700 underline">
                  Voir tous les devis
                </Link>
              </p>
            ) : (
              <div className="grid gap-2">
                <p className="font-semibold text-brand-900">Aucun devis pour le moment.</p>
                <p>
                  Un devis part le plus souvent d'une demande reçue par le site : ouvrez le prospect dans{" "}
                  <Link to="/erp/leads" className="font-semibold text-brand-700 underline">
                    Prospects
                  </Link>{" "}
                  et choisissez « Faire un devis » ; son nom, son adresse, sa description et ses photos
                  suivent. Pour un client déjà enregistré, utilisez{" "}
                  <Link to="/erp/devis/nouveau" className="font-semibold text-brand-700 underline">
                    Nouveau devis
                  </Link>
                  .
                </p>
              </div>
            )}
          </EmptyState>
        ) : (
          <DataTable
            caption={`Devis, ${sortLabel} (page ${page} sur ${pageCount})`}
            columns={columns}
            rows={items}
            rowKey={(quote) => quote.id}
            pathname={PATH}
            params={params}
            sort={sort}
            minWidth={960}
            totals={{
              label: `Total des ${total} devis de la liste`,
              cells: { ht: formatCents(sums.totalHt), ttc: formatCents(sums.totalTtc) },
            }}
          />
        )}
      </div>

      <Pagination pathname={PATH} params={params} page={page} pageCount={pageCount} />
    </div>
  );
}
