import { Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { FilterSelect } from "#app/components/data/list-filters.tsx";
import { EmptyStateLink, ListResults, ListSearch, listView } from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { titleColumn } from "#app/components/data/title-column.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { OrderStatusBadge } from "#app/features/purchases/components/order-badges.tsx";
import {
  NEW_ORDER_PATH,
  ORDER_STATUS_LABELS,
  ORDERS_PATH,
  OrderFiltersSchema,
  orderPath,
  orderSort,
} from "#app/features/purchases/order-schema.ts";
import { listOrders, type OrderListItem, orderChoices } from "#app/features/purchases/orders.server.ts";
import { supplierPath } from "#app/features/purchases/supplier-schema.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

export const handle = ACHATS_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { filters, db } = await openList(args, handle.permission, OrderFiltersSchema);
  const [page, choices] = await Promise.all([listOrders(db, filters), orderChoices(db)]);
  return {
    ...page,
    filters,
    sort: orderSort(filters),
    suppliers: Object.fromEntries(choices.suppliers.map((supplier) => [supplier.id, supplier.legalName])),
    sites: Object.fromEntries(choices.sites.map((site) => [site.id, `${site.number} — ${site.title}`])),
  };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Commandes — Achats", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const SORT_LABELS = { cree: "par date de création", date: "par date de livraison souhaitée" } as const;

const columns: Column<OrderListItem>[] = [
  titleColumn({
    key: "number",
    header: "Commande",
    wrap: "whitespace-nowrap",
    href: (order) => orderPath(order.id),
    title: (order) => order.number ?? "Brouillon",
    details: (order) => (
      <span>
        <OrderStatusBadge status={order.status} />
      </span>
    ),
  }),
  {
    key: "supplier",
    header: "Fournisseur",
    cell: (order) => (
      <Link to={supplierPath(order.supplierId)} className="break-words text-brand-700 underline">
        {order.supplierName}
      </Link>
    ),
  },
  {
    key: "site",
    header: "Chantier",
    cell: (order) =>
      order.jobSiteId && order.siteNumber ? (
        <Link to={`/erp/chantiers/${order.jobSiteId}`} className="break-words text-brand-700 underline">
          {order.siteNumber} — {order.siteTitle}
        </Link>
      ) : (
        "Dépôt"
      ),
  },
  {
    key: "total",
    header: "Total HT",
    align: "right",
    cell: (order) => formatCents(order.totalHtCents),
  },
  {
    key: "wanted",
    header: "Livraison souhaitée",
    sortKey: "date",
    className: "whitespace-nowrap",
    cell: (order) => (order.wantedOn ? formatDate(order.wantedOn, "numeric") : "—"),
  },
];

export default function OrdersPage({ loaderData }: Route.ComponentProps) {
  const { items, filters, sort, anyOrder, suppliers, sites } = loaderData;
  const list = listView(ORDERS_PATH, loaderData, ["statut", "fournisseur", "chantier"]);
  return (
    <div className="grid gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title="Commandes"
        description="Les bons de commande envoyés aux fournisseurs, et ce qui reste à livrer."
        actions={<NewLink to={NEW_ORDER_PATH}>Nouvelle commande</NewLink>}
      />
      <ListSearch list={list} label="Rechercher des commandes" searchLabel="Rechercher (numéro, fournisseur)">
        <FilterSelect name="statut" label="Statut" labels={ORDER_STATUS_LABELS} value={filters.statut} />
        <FilterSelect name="fournisseur" label="Fournisseur" labels={suppliers} value={filters.fournisseur} />
        <FilterSelect name="chantier" label="Chantier" labels={sites} value={filters.chantier} />
      </ListSearch>
      <ListResults
        list={list}
        noun={["commande", "commandes"]}
        feminine
        nothingYet={
          anyOrder ? null : (
            <div className="grid gap-2">
              <p className="font-semibold text-brand-900">Aucune commande pour le moment.</p>
              <p>
                Préparez un bon de commande avec{" "}
                <EmptyStateLink to={NEW_ORDER_PATH}>Nouvelle commande</EmptyStateLink> : le fournisseur, le
                chantier, les articles ; puis envoyez-le par e-mail.
              </p>
            </div>
          )
        }
        caption="Commandes"
        sortLabels={SORT_LABELS}
        table={{ columns, rows: items, sort, minWidth: 760 }}
      />
    </div>
  );
}
