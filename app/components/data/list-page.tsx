import type { ReactNode } from "react";
import { Link, useNavigation } from "react-router";
import { DataTable, type DataTableProps } from "./data-table.tsx";
import { EmptyState } from "./empty-state.tsx";
import { ListFilters } from "./list-filters.tsx";
import { activeFilterCount, type ListParams, type SortDirection } from "./list-url.ts";
import { Pagination } from "./pagination.tsx";

/*
 * The part of a back-office list under its search form: how many rows match, the table
 * (or what to do when there is nothing to show) and the pages. Every list of the
 * Espace Pro says these the same way:
 * - « 12 clients » / « 3 clients correspondant à la recherche » (« Recherche en cours… »
 *   while the next page loads), announced politely to screen readers;
 * - an empty list says either that there is nothing yet (and how the first one comes)
 *   or that nothing matches (with a link back to the whole list);
 * - the table's caption names the list, its order and the page.
 */

const linkClass = "font-semibold text-brand-700 underline";

/** « 0 client », « 1 client », « 2 clients », then « correspondant à la recherche » when filtered. */
export function resultCount(
  total: number,
  [one, many]: readonly [string, string],
  matching: string | false,
): string {
  return `${total} ${total > 1 ? many : one}${matching ? ` ${matching}` : ""}`;
}

/** The caption of a list's table: « Devis, par date, ordre décroissant (page 1 sur 3) ». */
export function listCaption(
  subject: string,
  page: number,
  pageCount: number,
  sort?: { label: string; direction: SortDirection },
): string {
  const order = sort
    ? `, ${sort.label}, ${sort.direction === "asc" ? "ordre croissant" : "ordre décroissant"}`
    : "";
  return `${subject}${order} (page ${page} sur ${pageCount})`;
}

/** Whether the list at `pathname` is loading its next URL (a search, a sort, a page). */
export function useListLoading(pathname: string): boolean {
  const navigation = useNavigation();
  return navigation.state === "loading" && navigation.location?.pathname === pathname;
}

/** Where a list stands: its URL, page and count, and whether something narrows it. */
export type ListView = {
  /** The list's path and its current parameters (the pages and sort links keep them). */
  pathname: string;
  params: ListParams;
  page: number;
  pageCount: number;
  /** Rows matching the filters, every page. */
  total: number;
  /** The search box's text. */
  search: string | undefined;
  /** Filters set other than the search (the « Filtres » button counts them). */
  activeCount: number;
  /** Whether a search or a filter narrows the list (the count and the empty state say so). */
  filtered: boolean;
};

/**
 * A list's view from its loader's answer: the parameters are the filters with the page
 * shown, `filterNames` the filters the « Filtres » button counts; a list is filtered
 * when one of them or the search is set, unless it says otherwise.
 */
export function listView(
  pathname: string,
  loaded: { filters: ListParams & { q?: string }; page: number; pageCount: number; total: number },
  filterNames: readonly string[],
  overrides: { params?: ListParams; filtered?: boolean } = {},
): ListView {
  const params = overrides.params ?? { ...loaded.filters, page: loaded.page };
  const activeCount = activeFilterCount(params, filterNames);
  return {
    pathname,
    params,
    page: loaded.page,
    pageCount: loaded.pageCount,
    total: loaded.total,
    search: loaded.filters.q,
    activeCount,
    filtered: overrides.filtered ?? (activeCount > 0 || Boolean(loaded.filters.q)),
  };
}

const text = (value: ListParams[string]) =>
  value === undefined || value === null ? undefined : String(value);

/** The list's search form: the search box, its filters (children), the sort kept as hidden fields. */
export function ListSearch({
  list,
  label,
  searchLabel,
  hidden,
  children,
}: {
  list: ListView;
  /** The form's accessible name (« Rechercher des clients »). */
  label: string;
  searchLabel: string;
  /** Parameters to keep besides the sort. */
  hidden?: Record<string, string | undefined>;
  children: ReactNode;
}) {
  return (
    <ListFilters
      key={JSON.stringify(list.params)}
      label={label}
      searchLabel={searchLabel}
      search={list.search}
      activeCount={list.activeCount}
      clearHref={list.pathname}
      hidden={{ tri: text(list.params.tri), ordre: text(list.params.ordre), ...hidden }}
    >
      {children}
    </ListFilters>
  );
}

type NoMatch = { message: string; linkLabel: string; href?: string };

/** The empty state of a search that matches nothing, said from the noun counted. */
export function defaultNoMatch([one, many]: readonly [string, string], feminine = false): NoMatch {
  return {
    message: `${feminine ? "Aucune" : "Aucun"} ${one} ne correspond à cette recherche.`,
    linkLabel: `Voir ${feminine ? "toutes" : "tous"} les ${many}`,
  };
}

export type ListResultsProps<Row extends { id: string }> = {
  list: ListView;
  /** The noun counted, singular and plural: ["client", "clients"]. */
  noun: readonly [string, string];
  /** What the count adds when filtered; « correspondant à la recherche » unless told. */
  matching?: string;
  /** Whether the noun is feminine (« Aucune facture… », « Voir toutes les factures »). */
  feminine?: boolean;
  /**
   * Nothing matches: the sentence, and the link back to the whole list; unless told,
   * « Aucun client ne correspond à cette recherche. » and « Voir tous les clients ».
   */
  noMatch?: NoMatch;
  /** Nothing yet: what the list is for and how its first row comes. */
  nothingYet: ReactNode;
  /** What the list is (« Devis »): the table's caption, which adds the order and the page. */
  caption: string;
  /** The names of the list's sorts (« par date »), for a caption that says the order. */
  sortLabels?: Readonly<Record<string, string>>;
  /** The table (pathname, params and caption are the list's own); rows are keyed by their id unless told. */
  table: Omit<DataTableProps<Row>, "pathname" | "params" | "caption" | "rowKey"> & {
    rowKey?: DataTableProps<Row>["rowKey"];
  };
};

const byId = (row: { id: string }) => row.id;

/** Count, table or empty state, and pagination of a back-office list. */
export function ListResults<Row extends { id: string }>({
  list: { pathname, params, page, pageCount, total, filtered },
  noun,
  matching = "correspondant à la recherche",
  feminine,
  noMatch = defaultNoMatch(noun, feminine),
  nothingYet,
  caption,
  sortLabels,
  table,
}: ListResultsProps<Row>) {
  const loading = useListLoading(pathname);
  const sortLabel = table.sort && sortLabels?.[table.sort.key];
  const order =
    table.sort && sortLabel !== undefined ? { label: sortLabel, direction: table.sort.direction } : undefined;
  return (
    <>
      <div aria-live="polite" aria-busy={loading} className="grid gap-3">
        <p className="text-sm font-semibold text-slate-700">
          {loading ? "Recherche en cours…" : resultCount(total, noun, filtered && matching)}
        </p>
        {table.rows.length === 0 ? (
          <EmptyState>
            {filtered ? (
              <p>
                {noMatch.message}{" "}
                <Link to={noMatch.href ?? pathname} className={linkClass}>
                  {noMatch.linkLabel}
                </Link>
              </p>
            ) : (
              nothingYet
            )}
          </EmptyState>
        ) : (
          <DataTable
            rowKey={byId}
            {...table}
            caption={listCaption(caption, page, pageCount, order)}
            pathname={pathname}
            params={params}
          />
        )}
      </div>
      <Pagination pathname={pathname} params={params} page={page} pageCount={pageCount} />
    </>
  );
}

/** A link inside an empty state's text. */
export function EmptyStateLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  );
}
