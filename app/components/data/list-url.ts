/**
 * A back-office list lives in its URL: search, filters, sort and page are query
 * parameters, so a list is a link one can share and reload. These helpers build
 * those links; each list's zod schema parses them on the server.
 */
export type ListParams = Record<string, string | number | undefined | null>;

export type SortDirection = "asc" | "desc";
export type SortState = { key: string; direction: SortDirection };

/** `tri` and `ordre` in every list's URL. */
export const SORT_PARAM = "tri";
export const ORDER_PARAM = "ordre";
export const PAGE_PARAM = "page";

/** The link to `pathname` with these parameters; empty values and page 1 are left out. */
export function listHref(pathname: string, params: ListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === "") continue;
    if (key === PAGE_PARAM && Number(value) <= 1) continue;
    search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** The parameters of `params` with these changes; changing anything but the page goes back to page 1. */
export function withChanges(params: ListParams, changes: ListParams): ListParams {
  const next: ListParams = { ...params, ...changes };
  if (!(PAGE_PARAM in changes)) delete next[PAGE_PARAM];
  return next;
}

/** The sort a header link sets: the other direction when the column is already sorted. */
export function nextSort(
  current: SortState | undefined,
  key: string,
  firstDirection: SortDirection,
): SortState {
  if (current?.key === key) return { key, direction: current.direction === "asc" ? "desc" : "asc" };
  return { key, direction: firstDirection };
}

/** How many of these filter values are set (the « Filtres » button says it). */
export function activeFilterCount(values: ListParams, names: readonly string[]): number {
  return names.filter((name) => {
    const value = values[name];
    return value !== undefined && value !== null && value !== "";
  }).length;
}
