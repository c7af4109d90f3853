import {
  datedListFiltersSchema,
  enumFilter,
  listSort,
  PageSchema,
  SearchQuerySchema,
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

export const OrderFiltersSchema = datedListFiltersSchema(ORDER_SORTS, {
  statut: enumFilter(ORDER_STATUS_VALUES, "Ce statut n'existe pas."),
  reception: enumFilter(FULFILMENT_VALUES, "Ce mode de réception n'existe pas."),
  paiement: enumFilter(PAYMENT_MODE_VALUES, "Ce mode de paiement n'existe pas."),
});
export type OrderFilters = z.output<typeof OrderFiltersSchema>;

/** The sort a list shows: the URL's, or the newest first (a number reads ascending, as everywhere). */
export function orderSort(filters: OrderFilters) {
  return listSort(filters, "date", ["numero"]);
}

// ─── /erp/boutique/produits?q=&statut=&stock=&page= ─────────────────────────────────

export const CATALOGUE_PAGE_SIZE = 25;

export const CatalogueFiltersSchema = z.object({
  q: SearchQuerySchema,
  statut: enumFilter(CATALOGUE_STATUSES, "Ce statut n'existe pas."),
  stock: enumFilter(STOCK_FILTERS, "Ce filtre de stock n'existe pas."),
  page: PageSchema,
});
export type CatalogueFilters = z.output<typeof CatalogueFiltersSchema>;
