import { data, Link, useNavigation } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { EmptyState } from "#app/components/data/empty-state.tsx";
import { ListFilters } from "#app/components/data/list-filters.tsx";
import { activeFilterCount, type ListParams } from "#app/components/data/list-url.ts";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { Pagination } from "#app/components/data/pagination.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { DateField, SelectField } from "#app/components/forms/field.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import {
  BOUTIQUE_HANDLE,
  BOUTIQUE_TABS,
  erpMeta,
  erpShouldRevalidate,
} from "#app/features/erp/navigation.ts";
import {
  FULFILMENT_LABELS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  orderReference,
  PAYMENT_MODE_LABELS,
} from "#app/features/shop/admin/labels.ts";
import {
  listOrders,
  type OrderListItem,
  orderSort,
  parseOrderFilters,
} from "#app/features/shop/admin/orders-list.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import type { Route } from "./+types/commandes";

/*
 * /erp/boutique/commandes — the shop's orders: filters, search and sort in the URL (a
 * list is a link), the count and total TTC of the filtered list.
 */

export const handle = BOUTIQUE_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const parsed = parseOrderFilters(new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  const { db } = getServices(context);
  const page = await listOrders(db, parsed.filters);
  // The « Catalogue » tab only for who may edit it (the owner).
  const tabs = BOUTIQUE_TABS.filter(
    (tab) => tab.href !== "/erp/boutique/produits" || hasPermission(user.role, "catalogue"),
  );
  return { ...page, filters: parsed.filters, sort: orderSort(parsed.filters), tabs };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Commandes de la boutique", args);
export const shouldRevalidate = erpShouldRevalidate;
export const ErrorBoundary = ErpPageErrorBoundary;

const PATH = "/erp/boutique/commandes";
const SORT_LABELS = { date: "par date", numero: "par numéro", total: "par montant" } as const;

type Row = Omit<OrderListItem, "createdAt"> & { createdAt: Date | string };

const columns: Column<Row>[] = [
  {
    key: "number",
    header: "Commande",
    sortKey: "numero",
    firstDirection: "desc",
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
      <div className="grid gap-0.5 break-words">
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

const options = (labels: Record<string, string>) =>
  Object.entries(labels).map(([value, label]) => ({ value, label }));

export default function ShopOrdersPage({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters, sort, sums, tabs } = loaderData;
  const navigation = useNavigation();
  const searching = navigation.state === "loading" && navigation.location?.pathname === PATH;
  const params: ListParams = {
    q: filters.q,
    statut: filters.statut,
    reception: filters.reception,
    paiement: filters.paiement,
    du: filters.du,
    au: filters.au,
    tri: filters.tri,
    ordre: filters.ordre,
    page,
  };
  const filtered = Boolean(
    filters.q || filters.statut || filters.reception || filters.paiement || filters.du || filters.au,
  );
  return (
    <div className="grid gap-5">
      {tabs.length > 1 ? <SectionTabs label="Boutique" tabs={tabs} /> : null}
      <PageHeader
        title="Commandes de la boutique"
        description="Les commandes passées sur la boutique en ligne : paiement, préparation, expédition ou retrait à l'atelier."
      />
      <ListFilters
        key={JSON.stringify(params)}
        label="Rechercher des commandes"
        searchLabel="Rechercher (numéro CMD-000042 ou 42, nom ou e-mail du client)"
        search={filters.q}
        activeCount={activeFilterCount(params, ["statut", "reception", "paiement", "du", "au"])}
        clearHref={PATH}
        hidden={{ tri: filters.tri, ordre: filters.ordre }}
      >
        <SelectField
          id="filtre-statut"
          name="statut"
          label="Statut"
          placeholder="Tous"
          defaultValue={filters.statut ?? ""}
          options={options(ORDER_STATUS_LABELS)}
        />
        <SelectField
          id="filtre-reception"
          name="reception"
          label="Réception"
          placeholder="Toutes"
          defaultValue={filters.reception ?? ""}
          options={options(FULFILMENT_LABELS)}
        />
        <SelectField
          id="filtre-paiement"
          name="paiement"
          label="Paiement"
          placeholder="Tous"
          defaultValue={filters.paiement ?? ""}
          options={options(PAYMENT_MODE_LABELS)}
        />
        <DateField id="filtre-du" name="du" label="Du" defaultValue={filters.du ?? ""} />
        <DateField id="filtre-au" name="au" label="Au" defaultValue={filters.au ?? ""} />
      </ListFilters>
      <div aria-live="polite" aria-busy={searching} className="grid gap-3">
        <p className="text-sm font-semibold text-slate-700">
          {searching
            ? "Recherche en cours…"
            : `${total} commande${total > 1 ? "s" : ""}${filtered ? " correspondant à la recherche" : ""}`}
        </p>
        {items.length === 0 ? (
          <EmptyState>
            {filtered ? (
              <p>
                Aucune commande ne correspond à cette recherche.{" "}
                <Link to={PATH} className="font-semibold text-brand-700 underline">
                  Voir toutes les commandes
                </Link>
              </p>
            ) : (
              <p>
                Aucune commande pour le moment. Les commandes passées sur la{" "}
                <Link to="/store" className="font-semibold text-brand-700 underline">
                  boutique
                </Link>{" "}
                apparaîtront ici.
              </p>
            )}
          </EmptyState>
        ) : (
          <DataTable
            caption={`Commandes, ${SORT_LABELS[sort.key]}, ${sort.direction === "asc" ? "ordre croissant" : "ordre décroissant"} (page ${page} sur ${pageCount})`}
            columns={columns}
            rows={items as Row[]}
            rowKey={(order) => order.id}
            pathname={PATH}
            params={params}
            sort={sort}
            minWidth={900}
            totals={{
              label: `Total des ${total} commande${total > 1 ? "s" : ""} de la liste`,
              cells: { total: formatCents(sums.totalCents) },
            }}
          />
        )}
      </div>
      <Pagination pathname={PATH} params={params} page={page} pageCount={pageCount} />
    </div>
  );
}
