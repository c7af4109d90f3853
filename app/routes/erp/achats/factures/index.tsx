import { Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { FilterSelect, PeriodFields } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { SupplierInvoiceStatusBadge } from "#app/features/purchases/components/supplier-invoice-badges.tsx";
import {
  DUE_FILTER_LABELS,
  IMPORT_SUPPLIER_INVOICES_PATH,
  SUPPLIER_INVOICE_STATUS_LABELS,
  SUPPLIER_INVOICES_PATH,
  SupplierInvoiceFiltersSchema,
  supplierInvoicePath,
} from "#app/features/purchases/supplier-invoice-schema.ts";
import {
  invoicedSuppliers,
  listSupplierInvoices,
  type SupplierInvoiceListItem,
} from "#app/features/purchases/supplier-invoices.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = ACHATS_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { filters, db } = await openList(args, handle.permission, SupplierInvoiceFiltersSchema);
  const [page, suppliers] = await Promise.all([listSupplierInvoices(db, filters), invoicedSuppliers(db)]);
  return {
    ...page,
    suppliers,
    filters,
    sort: {
      key: filters.tri ?? "echeance",
      direction: filters.ordre ?? (filters.tri === "date" ? "desc" : "asc"),
    },
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Factures fournisseurs — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const SORT_LABELS = { echeance: "par échéance", date: "par date de facture" } as const;

const columns: Column<SupplierInvoiceListItem>[] = [
  titleColumn({
    key: "number",
    header: "Facture",
    href: (invoice) => supplierInvoicePath(invoice.id),
    title: (invoice) => (
      <>
        {invoice.isCreditNote ? "Avoir" : "Facture"} {invoice.number}
      </>
    ),
    details: (invoice) => <span className="text-sm text-slate-700">{invoice.supplierName}</span>,
  }),
  {
    key: "date",
    header: "Date",
    sortKey: "date",
    className: "whitespace-nowrap",
    cell: (invoice) => formatDate(invoice.issueDate, "numeric"),
  },
  {
    key: "due",
    header: "Échéance",
    sortKey: "echeance",
    cell: (invoice) => (
      <span className="grid gap-1">
        <span className="whitespace-nowrap">
          {invoice.dueDate ? formatDate(invoice.dueDate, "numeric") : "—"}
        </span>
        {invoice.overdue ? <span className="text-sm font-semibold text-red-800">En retard</span> : null}
      </span>
    ),
  },
  {
    key: "total",
    header: "Total TTC",
    className: "whitespace-nowrap text-right",
    cell: (invoice) => `${invoice.isCreditNote ? "−" : ""}${formatCents(invoice.grossCents)}`,
  },
  {
    key: "status",
    header: "Statut",
    cell: (invoice) => <SupplierInvoiceStatusBadge status={invoice.status} />,
  },
];

export default function SupplierInvoicesPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort, suppliers, owedCents, total } = loaderData;
  const list = listView(SUPPLIER_INVOICES_PATH, loaderData, [
    "statut",
    "fournisseur",
    "echeance",
    "du",
    "au",
  ]);
  const supplierLabels = Object.fromEntries(suppliers.map((supplier) => [supplier.id, supplier.legalName]));
  return (
    <div className="grid gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title="Factures fournisseurs"
        description={
          total > 0
            ? `Reste à payer dans cette liste : ${formatCents(owedCents)} TTC.`
            : "Les factures reçues des fournisseurs et des sous-traitants, leurs échéances et leurs paiements."
        }
        actions={
          <>
            <Link to="/erp/achats/export" className={buttonClasses("outline", "md")}>
              Export comptable
            </Link>
            <NewLink to={IMPORT_SUPPLIER_INVOICES_PATH}>Importer des factures</NewLink>
          </>
        }
      />

      <ListSearch
        list={list}
        label="Rechercher des factures fournisseurs"
        searchLabel="Rechercher (numéro, fournisseur)"
      >
        <FilterSelect
          name="statut"
          label="Statut"
          labels={SUPPLIER_INVOICE_STATUS_LABELS}
          value={filters.statut}
        />
        <FilterSelect
          name="fournisseur"
          label="Fournisseur"
          labels={supplierLabels}
          value={filters.fournisseur}
        />
        <FilterSelect
          name="echeance"
          label="Échéance"
          labels={DUE_FILTER_LABELS}
          value={filters.echeance}
          placeholder="Toutes"
        />
        <PeriodFields du={filters.du} au={filters.au} />
      </ListSearch>

      <ListResults
        list={list}
        noun={["facture", "factures"]}
        feminine
        nothingYet={
          <div className="grid gap-2">
            <p className="font-semibold text-brand-900">Aucune facture fournisseur pour le moment.</p>
            <p>
              Déposez les factures reçues (Factur-X, XML CII ou UBL, PDF ou photo) avec{" "}
              <EmptyStateLink to={IMPORT_SUPPLIER_INVOICES_PATH}>Importer des factures</EmptyStateLink>.
            </p>
          </div>
        }
        caption="Factures fournisseurs"
        sortLabels={SORT_LABELS}
        table={{ columns, rows: items, sort, minWidth: 760 }}
      />
    </div>
  );
}
