import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from "drizzle-orm";
import { shopOrders } from "#app/db/schema/shop.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { escapeLike } from "#app/lib/search-text.ts";
import type { OrderStatus } from "./labels.ts";
import { ORDERS_PAGE_SIZE, type OrderFilters, orderSort } from "./schema.ts";

/*
 * The shop's orders listed in the Espace Pro (/erp/boutique/commandes): the page and the
 * totals of the filtered list (the filters are in schema.ts), and the dashboard's count
 * of orders waiting for the staff.
 */

export type OrderListItem = {
  id: string;
  number: number;
  status: OrderStatus;
  provider: "manual" | "stripe";
  fulfilment: "delivery" | "pickup";
  customerName: string;
  customerEmail: string;
  totalCents: number;
  createdAt: Date;
};

/** « CMD-000042 », « cmd42 » or « 42 »: the order number searched for; null for any other text. */
export function searchedNumber(query: string): number | null {
  const match = /^(?:cmd[-\s]?)?0*(\d{1,9})$/i.exec(query.trim());
  return match ? Number(match[1]) : null;
}

function conditions(filters: OrderFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.statut) where.push(eq(shopOrders.status, filters.statut));
  if (filters.reception) where.push(eq(shopOrders.fulfilment, filters.reception));
  if (filters.paiement) where.push(eq(shopOrders.provider, filters.paiement));
  const query = (filters.q ?? "").trim();
  if (query) {
    const number = searchedNumber(query);
    const words = query.split(/\s+/).filter(Boolean);
    const byText = and(
      ...words.map((word) => {
        const pattern = `%${escapeLike(word)}%`;
        return or(ilike(shopOrders.customerName, pattern), ilike(shopOrders.customerEmail, pattern));
      }),
    ) as SQL;
    where.push(number === null ? byText : (or(eq(shopOrders.number, number), byText) as SQL));
  }
  if (filters.du) where.push(gte(shopOrders.createdAt, parisMidnight(filters.du)));
  if (filters.au) where.push(lt(shopOrders.createdAt, parisMidnight(addDays(filters.au, 1))));
  return where;
}

const listColumns = {
  id: shopOrders.id,
  number: shopOrders.number,
  status: shopOrders.status,
  provider: shopOrders.provider,
  fulfilment: shopOrders.fulfilment,
  customerName: shopOrders.customerName,
  customerEmail: shopOrders.customerEmail,
  totalCents: shopOrders.totalCents,
  createdAt: shopOrders.createdAt,
};

export async function listOrders(db: DbExecutor, filters: OrderFilters) {
  const where = and(...conditions(filters));
  const [aggregate] = await db
    .select({
      n: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(sum(${shopOrders.totalCents}), 0)`,
    })
    .from(shopOrders)
    .where(where);
  const total = Number(aggregate?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, ORDERS_PAGE_SIZE);
  const sort = orderSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "numero"
      ? direction(shopOrders.number)
      : sort.key === "total"
        ? direction(shopOrders.totalCents)
        : direction(shopOrders.createdAt);
  const rows = await db
    .select(listColumns)
    .from(shopOrders)
    .where(where)
    .orderBy(order, direction(shopOrders.number))
    .limit(limit)
    .offset(offset);
  return {
    items: rows as OrderListItem[],
    total,
    page,
    pageCount,
    sums: { totalCents: Number(aggregate?.total ?? 0) },
  };
}

/** For the dashboard: orders waiting for the staff (paid, in preparation), and those of the last 7 days. */
export async function shopOrdersOverview(db: DbExecutor, now = new Date()) {
  const since = addDays(parisDay(now), -6);
  const [row] = await db
    .select({
      paid: sql<number>`count(*) filter (where ${shopOrders.status} = 'paid')::int`,
      preparing: sql<number>`count(*) filter (where ${shopOrders.status} = 'preparing')::int`,
      recent: sql<number>`count(*) filter (where ${shopOrders.createdAt} >= ${parisMidnight(since)})::int`,
    })
    .from(shopOrders);
  return {
    paid: Number(row?.paid ?? 0),
    preparing: Number(row?.preparing ?? 0),
    recent: Number(row?.recent ?? 0),
    since,
  };
}
