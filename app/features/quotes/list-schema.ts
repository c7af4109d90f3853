import {
  blankAsMissing,
  OrderSchema,
  PageSchema,
  pickParams,
  SearchQuerySchema,
} from "#app/lib/list-filters.ts";
import { IsoDaySchema } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";
import { QUOTE_STATUSES } from "./content.ts";

/** The quote list's query string: /erp/devis?q=&statut=&du=&au=&tri=&ordre=&page= */

export const QUOTES_PAGE_SIZE = 25;
export const QUOTE_SORTS = ["date", "numero", "client", "total"] as const;
export type QuoteSort = (typeof QUOTE_SORTS)[number];

export const QuoteFiltersSchema = z
  .object({
    q: SearchQuerySchema,
    statut: blankAsMissing(z.enum(QUOTE_STATUSES, { error: "Ce statut n'existe pas." }).optional()),
    du: blankAsMissing(IsoDaySchema.optional()),
    au: blankAsMissing(IsoDaySchema.optional()),
    tri: blankAsMissing(z.enum(QUOTE_SORTS, { error: "Ce tri n'existe pas." }).optional()),
    ordre: OrderSchema,
    page: PageSchema,
  })
  .refine((f) => !f.du || !f.au || f.du <= f.au, {
    message: "La date de début doit précéder la date de fin.",
    path: ["au"],
  });
export type QuoteFilters = z.output<typeof QuoteFiltersSchema>;

export function parseQuoteFilters(
  searchParams: URLSearchParams,
): { ok: true; filters: QuoteFilters } | { ok: false; message: string } {
  const parsed = QuoteFiltersSchema.safeParse(
    pickParams(searchParams, ["q", "statut", "du", "au", "tri", "ordre", "page"]),
  );
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Filtres invalides." };
  return { ok: true, filters: parsed.data };
}

/** The sort a list shows: the URL's, or the newest first. */
export function quoteSort(filters: QuoteFilters): { key: QuoteSort; direction: "asc" | "desc" } {
  const key = filters.tri ?? "date";
  return { key, direction: filters.ordre ?? (key === "client" || key === "numero" ? "asc" : "desc") };
}
