import {
  blankAsMissing,
  datedListFiltersSchema,
  enumFilter,
  listFiltersSchema,
  listSort,
} from "#app/lib/list-filters.ts";
import { z } from "#app/lib/zod.ts";
import { QUOTE_STATUSES } from "./content.ts";

/*
 * The quotes' lists, as their URLs say: the quotes (/erp/devis) and the price library
 * (/erp/devis/bibliotheque). Browser-safe; the item form's rules are in library-schema.ts.
 */

// ─── /erp/devis?q=&statut=&du=&au=&tri=&ordre=&page= ────────────────────────────────

export const QUOTES_PAGE_SIZE = 25;
export const QUOTE_SORTS = ["date", "numero", "client", "total"] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

export const QuoteFiltersSchema = datedListFiltersSchema(QUOTE_SORTS, {
  statut: enumFilter(QUOTE_STATUSES, "Ce statut n'existe pas."),
});
export type QuoteFilters = z.output<typeof QuoteFiltersSchema>;

/** The sort a list shows: the URL's, or the newest first. */
export function quoteSort(filters: QuoteFilters) {
  return listSort(filters, "date", ["numero", "client"]);
}

// ─── /erp/devis/bibliotheque?q=&archives=&tri=&ordre=&page= ─────────────────────────

export const LIBRARY_PAGE_SIZE = 25;

/** Which items the list shows: the ones offered in quotes (default) or the archived ones. */
export const LIBRARY_ARCHIVE_FILTERS = ["actifs", "archives"] as const;
export type LibraryArchiveFilter = (typeof LIBRARY_ARCHIVE_FILTERS)[number];
export const LIBRARY_ARCHIVE_LABELS: Record<LibraryArchiveFilter, string> = {
  actifs: "Articles actifs",
  archives: "Articles archivés",
};

export const LIBRARY_SORTS = ["designation", "prix"] as const;
export type LibrarySort = (typeof LIBRARY_SORTS)[number];

export const LibraryFiltersSchema = listFiltersSchema(LIBRARY_SORTS, {
  archives: blankAsMissing(
    z.enum(LIBRARY_ARCHIVE_FILTERS, { error: "Ce filtre n'existe pas." }).default("actifs"),
  ),
});
export type LibraryFilters = z.output<typeof LibraryFiltersSchema>;

/** The sort a list shows: the URL's, or by designation A → Z (by price: the dearest first). */
export function librarySort(filters: LibraryFilters) {
  return listSort(filters, "designation", ["designation"]);
}
