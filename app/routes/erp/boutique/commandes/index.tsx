import { Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";
import { FilterSelect, PeriodFields } from "#app/components/data/list-filters.tsx";
import {
  EmptyStateLink,
  ListResults,
  ListSearch,
  listView,
  resultCount,
} from "#app/components/data/list-page.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { BOUTIQUE_HANDLE, BOUTIQUE_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import {
  FULFILMENT_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  orderReference,
  PAYMENT_MODE_LABELS,
} from "#app/features/shop/admin/labels.ts";
import { listOrders, type OrderListItem } from "#app/features/shop/admin/orders-list.server.ts";
import { OrderFiltersSchema, orderSort } from "#app/features/shop/admin/schema.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { openList } from "#app/routes/erp/list-request.server.ts";
import type { Route } from "./+types/index";

/*
 * /erp/boutique/commandes — the shop's orders: filters, search and sort in the URL (a
 * list is a link), the count and total TTC of the filtered list.
 */

export const handle = BOUTIQUE_HANDLE;

export async function loader(args: Route.LoaderArgs) {
  const { session, filters, db } = await openList(args, handle.permission, OrderFiltersSchema);
  const page = await listOrders(db, filters);
  // The « Catalogue » tab only for who may edit it (the owner).
  const tabs = BOUTIQUE_TABS.filter(
    (tab) => tab.href !== "/erp/boutique/produits" || hasPermission(session.user.role, "catalogue"),
  );
  return { ...page, filters, sort: orderSort(filters), tabs };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Commandes de la boutique", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const PATH = "/erp/boutique/commandes";
const SORT_LABELS = { date: "par date", numero: "par numéro", total: "par montant" } as const;

type Row = Omit<OrderListItem, "createdAt"> & { createdAt: Date | string };

const columns: Column<Row>[] = [
  {
    key: "number",
    header: "Commande",
    sortKey: "numero",
    phone: "title",
    className: "whitespace-nowrap",
    cell: (order) => (
      <Link to={`${PATH}/${order.id}`} className="font-semibold text-brand-700 underline">
        {orderReference(order.number)}
      </Link>
    ),
  },
  {
    key: "date",
    header: "Date",
    sortKey: "date",
    firstDirection: "desc",
    className: "whitespace-nowrap",
    cell: (order) => formatDateTime(new Date(order.createdAt)),
  },
  {
    key: "customer",
    header: "Client",
    cell: (order) => (
      <div className="grid gap-0.5 break-words max-md:wrap-anywhere">
        <span>{order.customerName}</span>
        <span className="text-sm text-slate-700">{order.customerEmail}</span>
      </div>
    ),
  },
  {
    key: "total",
    header: "Total TTC",
    sortKey: "total",
    firstDirection: "desc",
    align: "right",
    className: "whitespace-nowrap",
    cell: (order) => formatCents(order.totalCents),
  },
  { key: "payment", header: "Paiement", cell: (order) => PAYMENT_MODE_LABELS[order.provider] },
  { key: "fulfilment", header: "Réception", cell: (order) => FULFILMENT_LABELS[order.fulfilment] },
  {
    key: "status",
    header: "Statut",
    cell: (order) => (
      <StatusBadge tone={ORDER_STATUS_TONES[order.status]}>{ORDER_STATUS_LABELS[order.status]}</StatusBadge>
    ),
  },
];

export default function ShopOrdersPage({ loaderData }: Route.ComponentProps) {
  const { items, total, filters, sort, sums, tabs } = loaderData;
  const list = listView(PATH, loaderData, ["statut", "reception", "paiement", "du", "au"]);
  return (
    <div className="grid gap-5">
      {tabs.length > 1 ? <SectionTabs label="Boutique" tabs={tabs} /> : null}
      <PageHeader
        title="Commandes de la boutique"
        description="Les commandes passées sur la boutique en ligne : paiement, préparation, expédition ou retrait à l'atelier."
      />
      <ListSearch
        list={list}
        label="Rechercher des commandes"
        searchLabel="Rechercher (numéro CMD-000042 ou 42, nom ou e-mail du client)"
      >
        <FilterSelect name="statut" label="Statut" labels={ORDER_STATUS_LABELS} value={filters.statut} />
        <FilterSelect
          name="reception"
          label="Réception"
          labels={FULFILMENT_LABELS}
          value={filters.reception}
          placeholder="Toutes"
        />
        <FilterSelect
          name="paiement"
          label="Paiement"
          labels={PAYMENT_MODE_LABELS}
          value={filters.paiement}
        />
        <PeriodFields du={filters.du} au={filters.au} />
      </ListSearch>
      <ListResults
        list={list}
        noun={["commande", "commandes"]}
        feminine
        nothingYet={
          <p>
            Aucune commande pour le moment. Les commandes passées sur la{" "}
            <EmptyStateLink to="/store">boutique</EmptyStateLink> apparaîtront ici.
          </p>
        }
        caption="Commandes"
        sortLabels={SORT_LABELS}
        table={{
          columns,
          rows: items as Row[],
          sort,
          minWidth: 900,
          totals: {
            label: `Total des ${resultCount(total, ["commande", "commandes"], false)} de la liste`,
            cells: { total: formatCents(sums.totalCents) },
          },
        }}
      />
    </div>
  );
}
