import { INVOICE_KIND_VALUES, INVOICE_STATUS_VALUES } from "#app/db/schema/invoices.ts";
import { blankAsMissing, datedListFiltersSchema, enumFilter, listSort } from "#app/lib/list-filters.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { z } from "#app/lib/zod.ts";

/** The invoice list's query string: /erp/factures?q=&type=&statut=&du=&au=&tri=&ordre=&client=&page= */

export const INVOICES_PAGE_SIZE = 25;
export const INVOICE_SORTS = ["date", "numero", "client", "total"] as const;

export const InvoiceFiltersSchema = datedListFiltersSchema(INVOICE_SORTS, {
  type: enumFilter(INVOICE_KIND_VALUES, "Ce type de facture n'existe pas."),
  statut: enumFilter(INVOICE_STATUS_VALUES, "Ce statut n'existe pas."),
  /** One client's invoices (the link from the client's page). */
  client: blankAsMissing(
    z
      .string()
      .refine((id) => isUuid(id), "Ce client n'existe pas.")
      .optional(),
  ),
});
export type InvoiceFilters = z.output<typeof InvoiceFiltersSchema>;

/** The sort a list shows: the URL's, or the newest first. */
export function invoiceSort(filters: InvoiceFilters) {
  return listSort(filters, "date", ["numero", "client"]);
}
