import { Link } from "react-router";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { NEW_ORDER_PATH, ORDERS_PATH, orderPath, type PurchaseOrderStatus } from "../order-schema.ts";
import { OrderStatusBadge } from "./order-badges.tsx";

type SupplierOrder = {
  id: string;
  number: string | null;
  status: PurchaseOrderStatus;
  siteNumber: string | null;
  totalHtCents: number;
  wantedOn: string | null;
};

/** The « Commandes » panel of a supplier's page: its latest orders, and a new one for it. */
export function SupplierOrders({
  orders,
  supplierId,
  archived,
}: {
  orders: readonly SupplierOrder[];
  supplierId: string;
  archived: boolean;
}) {
  const newLink = archived ? null : (
    <Link to={`${NEW_ORDER_PATH}?fournisseur=${supplierId}`} className="text-brand-700 underline">
      Nouvelle commande à ce fournisseur
    </Link>
  );
  if (orders.length === 0) {
    return <p className="text-slate-700">Aucune commande pour le moment. {newLink}</p>;
  }
  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {orders.map((order) => (
          <li key={order.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <Link to={orderPath(order.id)} className="font-semibold text-brand-700 underline">
              {order.number ?? "Brouillon"}
            </Link>
            <OrderStatusBadge status={order.status} />
            <span>{formatCents(order.totalHtCents)} HT</span>
            {order.siteNumber ? <span className="text-slate-700">{order.siteNumber}</span> : null}
            {order.wantedOn ? (
              <span className="text-slate-700">souhaitée le {formatDate(order.wantedOn, "numeric")}</span>
            ) : null}
          </li>
        ))}
      </ul>
      <p className="flex flex-wrap gap-x-4">
        <Link to={`${ORDERS_PATH}?fournisseur=${supplierId}`} className="text-brand-700 underline">
          Toutes ses commandes
        </Link>
        {newLink}
      </p>
    </div>
  );
}
