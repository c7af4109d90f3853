import { data, Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { DOCUMENT_SORT_LABELS, numberColumn, totalColumns } from "#app/components/data/document-columns.tsx";
import { FilterSelect, PeriodFields } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { clientColumn } from "#app/features/clients/components/client-column.tsx";
import { DEVIS_TABS, erpMeta, FACTURES_HANDLE } from "#app/features/erp/navigation.ts";
import { InvoiceStatusBadge } from "#app/features/invoices/components/invoice-status-badge.tsx";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "#app/features/invoices/labels.ts";
import {
  filteredClientName,
  type InvoiceListItem,
  listInvoices,
} from "#app/features/invoices/list.server.ts";
import { amountOwed } from "#app/features/invoices/owed.ts";
import { InvoiceFiltersSchema, invoiceSort } from "#app/features/invoices/schema.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = FACTURES_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { filters, db } = await openList(args, handle.permission, InvoiceFiltersSchema);
  const [page, clientName] = await Promise.all([
    listInvoices(db, filters),
    filters.client ? filteredClientName(db, filters.client) : Promise.resolve(null),
  ]);
  if (filters.client && clientName === null) {
    throw data({ message: "Ce client n'existe pas." }, { status: 404 });
  }
  return { ...page, filters, sort: invoiceSort(filters), clientName };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Factures", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/factures";

const columns: Column<InvoiceListItem>[] = [
  numberColumn(
    PATH,
    (invoice) => invoice.number,
    (invoice) => INVOICE_KIND_LABELS[invoice.kind],
  ),
  { key: "kind", header: "Type", cell: (invoice) => INVOICE_KIND_LABELS[invoice.kind] },
  clientColumn(),
  { key: "status", header: "Statut", cell: (invoice) => <InvoiceStatusBadge status={invoice.status} /> },
  ...totalColumns(),
  {
    key: "due",
    header: "Reste dû",
    align: "right",
    className: "whitespace-nowrap",
    cell: (invoice) =>
      invoice.kind === "avoir" || invoice.status === "brouillon" || invoice.status === "annulee"
        ? "—"
        : formatCents(
            amountOwed({
              kind: invoice.kind,
              status: invoice.status,
              netToPayCents: invoice.netToPay,
              creditedCents: invoice.credited,
              paidCents: invoice.paid,
            }),
          ),
  },
  {
    key: "date",
    header: "Dates",
    sortKey: "date",
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (invoice) => (
      <div className="grid gap-0.5 text-sm">
        {invoice.issuedOn ? (
          <span>Émise le {formatDate(invoice.issuedOn, "numeric")}</span>
        ) : (
          <span>Créée le {formatDate(invoice.createdAt, "numeric")}</span>
        )}
        {invoice.dueOn && invoice.kind !== "avoir" ? (
          <span>Échéance {formatDate(invoice.dueOn, "numeric")}</span>
        ) : null}
      </div>
    ),
  },
];

export default function InvoicesPage({ loaderData }: Route.ComponentProps) {
  const { items, total, filters, sort, sums, clientName } = loaderData;
  const list = listView(PATH, loaderData, ["type", "statut", "du", "au"], {
    filtered: Boolean(
      filters.q || filters.type || filters.statut || filters.du || filters.au || filters.client,
    ),
  });
  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title="Factures"
        description="Factures d'acompte, de situation et de solde tirées des devis acceptés, factures sans devis, et leurs avoirs."
        actions={
          <>
            <Link to="/erp/factures/export" className={buttonClasses("outline", "md")}>
              Export comptable
            </Link>
            <Link to="/erp/factures/nouvelle" className={buttonClasses("primary", "md")}>
              Nouvelle facture
            </Link>
          </>
        }
      />
      <ListSearch
        list={list}
        label="Rechercher des factures"
        searchLabel="Rechercher (numéro, client, objet du devis)"
        hidden={{ client: filters.client }}
      >
        <FilterSelect name="type" label="Type" labels={INVOICE_KIND_LABELS} value={filters.type} />
        <FilterSelect name="statut" label="Statut" labels={INVOICE_STATUS_LABELS} value={filters.statut} />
        <PeriodFields du={filters.du} au={filters.au} />
      </ListSearch>
      {clientName && filters.client ? (
        <p className="text-sm text-slate-800">
          Factures de{" "}
          <Link to={`/erp/clients/${filters.client}`} className="font-semibold text-brand-700 underline">
            {clientName}
          </Link>{" "}
          ·{" "}
          <Link to={PATH} className="font-semibold text-brand-700 underline">
            Tous les clients
          </Link>
        </p>
      ) : null}
      <ListResults
        list={list}
        noun={["facture", "factures"]}
        feminine
        nothingYet={
          <p>
            Aucune facture pour le moment. Une facture se prépare depuis un devis accepté : ouvrez-le dans{" "}
            <EmptyStateLink to="/erp/devis?statut=accepte">Devis acceptés</EmptyStateLink> et choisissez le
            type de facture dans « Facturer ».
          </p>
        }
        caption="Factures"
        sortLabels={DOCUMENT_SORT_LABELS}
        table={{
          columns,
          rows: items,
          sort,
          minWidth: 960,
          totals: {
            label: `Total des ${total} documents de la liste (TVA ${formatCents(sums.totalVat)})`,
            cells: {
              ht: formatCents(sums.totalHt),
              ttc: formatCents(sums.totalTtc),
              due: formatCents(sums.outstanding),
            },
          },
        }}
      />
    </div>
  );
}
