import {
  blankAsMissing,
  FilterDaySchema,
  type ListFiltersResult,
  listSort,
  OrderSchema,
  PageSchema,
  parseListFilters,
  SearchQuerySchema,
  sortSchema,
  withDateRange,
} from "#app/lib/list-filters.ts";
import { z } from "#app/lib/zod.ts";
import { CATALOGUE_STATUSES, STOCK_FILTERS } from "./catalogue-labels.ts";
import { FULFILMENT_VALUES, ORDER_STATUS_VALUES, PAYMENT_MODE_VALUES } from "./labels.ts";

/*
 * The shop's lists in the Espace Pro, as their URLs say: the orders
 * (/erp/boutique/commandes) and the catalogue (/erp/boutique/produits). Browser-safe.
 * (The store API's own contract is features/shop/schema.ts.)
 */

// ─── /erp/boutique/commandes?q=&statut=&reception=&paiement=&du=&au=&tri=&ordre=&page= ──

export const ORDERS_PAGE_SIZE = 25;
export const ORDER_SORTS = ["date", "numero", "total"] as const;

export const OrderFiltersSchema = withDateRange(
  z.object({
    q: SearchQuerySchema,
    statut: blankAsMissing(z.enum(ORDER_STATUS_VALUES, { error: "Ce statut n'existe pas." }).optional()),
    reception: blankAsMissing(
      z.enum(FULFILMENT_VALUES, { error: "Ce mode de réception n'existe pas." }).optional(),
    ),
    paiement: blankAsMissing(
      z.enum(PAYMENT_MODE_VALUES, { error: "Ce mode de paiement n'existe pas." }).optional(),
    ),
    du: FilterDaySchema,
    au: FilterDaySchema,
    tri: sortSchema(ORDER_SORTS),
    ordre: OrderSchema,
    page: PageSchema,
  }),
);
export type OrderFilters = z.output<typeof OrderFiltersSchema>;

export function parseOrderFilters(searchParams: URLSearchParams): ListFiltersResult<OrderFilters> {
  return parseListFilters(OrderFiltersSchema, searchParams);
}

/** The sort a list shows: the URL's, or the newest first (a number reads ascending, as everywhere). */
export function orderSort(filters: OrderFilters) {
  return listSort(filters, "date", ["numero"]);
}

// ─── /erp/boutique/produits?q=&statut=&stock=&page= ─────────────────────────────────

export const CATALOGUE_PAGE_SIZE = 25;

export const CatalogueFiltersSchema = z.object({
  q: SearchQuerySchema,
  statut: blankAsMissing(z.enum(CATALOGUE_STATUSES, { error: "Ce statut n'existe pas." }).optional()),
  stock: blankAsMissing(z.enum(STOCK_FILTERS, { error: "Ce filtre de stock n'existe pas." }).optional()),
  page: PageSchema,
});
export type CatalogueFilters = z.output<typeof CatalogueFiltersSchema>;

export function parseCatalogueFilters(searchParams: URLSearchParams): ListFiltersResult<CatalogueFilters> {
  return parseListFilters(CatalogueFiltersSchema, searchParams);
}
