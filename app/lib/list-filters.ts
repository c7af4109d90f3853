import { data } from "react-router";
import { IsoDaySchema, singleLineText } from "./text-rules.ts";
import { z } from "./zod.ts";

/*
 * The pieces every list's query string shares (/erp/leads, /erp/clients, /erp/devis…):
 * an empty field means « no filter », a search is one line of 200 characters at most,
 * a page is a number from 1, an order is « asc » or « desc », a period is `du`…`au`.
 * `parseListFilters` reads a list's URL with its schema (each feature's `schema.ts`),
 * and `pageWindow` clamps the page a list server reads. Browser-safe.
 */

/** An empty form field means "no filter". */
export const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === "" ? undefined : value), schema);

/** The search box: one line, 200 characters at most, empty → undefined. */
export const SearchQuerySchema = singleLineText()
  .pipe(z.string().max(200, "La recherche est trop longue (200 caractères au plus)."))
  .optional()
  .transform((value) => value || undefined);

export const PageSchema = z.coerce
  .number({ error: "Le numéro de page est invalide." })
  .int("Le numéro de page est invalide.")
  .min(1, "Le numéro de page est invalide.")
  .max(100_000, "Le numéro de page est invalide.")
  .default(1);

export const OrderSchema = blankAsMissing(
  z.enum(["asc", "desc"], { error: "Cet ordre de tri n'existe pas." }).optional(),
);

/** `tri`: one of the list's sort keys, or none (the list's default order). */
export const sortSchema = <const T extends readonly [string, ...string[]]>(keys: T) =>
  blankAsMissing(z.enum(keys, { error: "Ce tri n'existe pas." }).optional());

/** A calendar day of a period filter (`du`, `au`), empty → undefined. */
export const FilterDaySchema = blankAsMissing(IsoDaySchema.optional());

export const DATE_RANGE_MESSAGE = "La date de début doit précéder la date de fin.";

/** The one rule of a period: `du` is not after `au` (either may be missing). */
export function isDateRangeOrdered(range: { du?: string | undefined; au?: string | undefined }): boolean {
  return !range.du || !range.au || range.du <= range.au;
}

/** A list's filter object with its period checked: the message goes on `au`. */
export function withDateRange<
  T extends z.ZodObject<{ du: typeof FilterDaySchema; au: typeof FilterDaySchema }>,
>(schema: T) {
  return schema.refine((filters) => isDateRangeOrdered(filters as { du?: string; au?: string }), {
    message: DATE_RANGE_MESSAGE,
    path: ["au"],
  });
}

/** A filter among a closed set of values (`statut`, `type`…): empty is no filter, any other value gets `message`. */
export const enumFilter = <const T extends readonly [string, ...string[]]>(values: T, message: string) =>
  blankAsMissing(z.enum(values, { error: message }).optional());

/**
 * A list's filter schema: the search (`q`), the list's own `filters`, its sort (`tri`,
 * one of `sorts`), the order and the page. Each feature's `schema.ts` names only what
 * its list adds.
 */
export function listFiltersSchema<
  const Sorts extends readonly [string, ...string[]],
  Shape extends z.ZodRawShape,
>(sorts: Sorts, filters: Shape) {
  return z.object({
    q: SearchQuerySchema,
    ...filters,
    tri: sortSchema(sorts),
    ordre: OrderSchema,
    page: PageSchema,
  });
}

/** The same for a list filtered by a period (`du`…`au`), checked by the one date-range rule. */
export function datedListFiltersSchema<
  const Sorts extends readonly [string, ...string[]],
  Shape extends z.ZodRawShape,
>(sorts: Sorts, filters: Shape) {
  return withDateRange(listFiltersSchema(sorts, { ...filters, du: FilterDaySchema, au: FilterDaySchema }));
}

/** The query string's `keys` as a plain object, for a schema to parse. */
export function pickParams(searchParams: URLSearchParams, keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (const key of keys) {
    const value = searchParams.get(key);
    if (value !== null) raw[key] = value;
  }
  return raw;
}

export type ListFiltersResult<T> = { ok: true; filters: T } | { ok: false; message: string };

/**
 * A list's URL read by its schema: only the schema's own parameters are read (any other
 * one is ignored), and a refusal is the first message, in French, for a 400 page.
 */
export function parseListFilters<S extends z.ZodObject>(
  schema: S,
  searchParams: URLSearchParams,
): ListFiltersResult<z.output<S>> {
  const parsed = schema.safeParse(pickParams(searchParams, Object.keys(schema.shape)));
  if (!parsed.success) return { ok: false, message: parsed.error.issues[0]?.message ?? "Filtres invalides." };
  return { ok: true, filters: parsed.data };
}

/** A loader's filters from its request's URL; a refusal is a 400 page with the first message. */
export function requireListFilters<S extends z.ZodObject>(schema: S, request: Request): z.output<S> {
  const parsed = parseListFilters(schema, new URL(request.url).searchParams);
  if (!parsed.ok) throw data({ message: parsed.message }, { status: 400 });
  return parsed.filters;
}

export type SortDirection = "asc" | "desc";

/**
 * The sort a list shows: the URL's key (else the list's default), in the URL's order
 * (else ascending for the keys that read as text — names, numbers, designations — and
 * descending for dates and amounts, the newest and largest first).
 */
export function listSort<K extends string>(
  filters: { tri?: K | undefined; ordre?: SortDirection | undefined },
  defaultKey: NoInfer<K>,
  ascendingKeys: readonly NoInfer<K>[],
): { key: K; direction: SortDirection } {
  const key = filters.tri ?? defaultKey;
  return { key, direction: filters.ordre ?? (ascendingKeys.includes(key) ? "asc" : "desc") };
}

export type PageWindow = { page: number; pageCount: number; limit: number; offset: number };

/**
 * The page a list reads: the asked one, brought back to the last page when the list
 * is shorter (a link kept after rows went away still shows something), with the rows
 * to skip and to read. An empty list has one (empty) page.
 */
export function pageWindow(total: number, askedPage: number, pageSize: number): PageWindow {
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, Math.trunc(askedPage) || 1), pageCount);
  return { page, pageCount, limit: pageSize, offset: (page - 1) * pageSize };
}
