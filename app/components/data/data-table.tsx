import { ArrowDown, ArrowUp, ArrowUpDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import {
  type ListParams,
  listHref,
  nextSort,
  ORDER_PARAM,
  SORT_PARAM,
  type SortState,
  withChanges,
} from "./list-url.ts";

/**
 * A back-office list: a table on a computer, a card per row on a phone (the same
 * markup, laid out by CSS, so nothing is rendered twice). Sorting is done by the
 * server: a sortable header is a link that changes `tri`/`ordre` in the URL.
 */
export type Column<Row> = {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** The value of `tri` that sorts by this column (server-side); absent: not sortable. */
  sortKey?: string;
  /** Direction of the first click: dates and amounts start with the largest. */
  firstDirection?: "asc" | "desc";
  align?: "left" | "right";
  /** On a phone: "title" heads the card, "hidden" is left out, "field" (default) shows « header : value ». */
  phone?: "title" | "field" | "hidden";
  className?: string;
};

export type DataTableProps<Row> = {
  /** Read by screen readers: what the list is, its order and page. */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The list's path and current parameters, for the sort links. */
  pathname: string;
  params: ListParams;
  sort?: SortState;
  /** A total row under the amounts (cells keyed by column key). */
  totals?: { label: string; cells: Partial<Record<string, ReactNode>> };
  /** Wider than this, the table scrolls sideways on a computer. */
  minWidth?: number;
};

function SortLink({
  column,
  sort,
  pathname,
  params,
}: {
  column: Column<unknown>;
  sort?: SortState;
  pathname: string;
  params: ListParams;
}) {
  const key = column.sortKey as string;
  const target = nextSort(sort, key, column.firstDirection ?? "asc");
  const active = sort?.key === key;
  const Icon = !active ? ArrowUpDown : sort.direction === "asc" ? ArrowUp : ArrowDown;
  const label = `Trier par ${column.header.toLowerCase()}, ${target.direction === "asc" ? "ordre croissant" : "ordre décroissant"}`;
  return (
    <Link
      to={listHref(
        pathname,
        withChanges(params, { [SORT_PARAM]: target.key, [ORDER_PARAM]: target.direction }),
      )}
      aria-label={label}
      className="inline-flex min-h-8 items-center gap-1 rounded underline-offset-2 hover:underline"
      preventScrollReset
    >
      {column.header}
      <Icon aria-hidden="true" className={`size-3.5 ${active ? "" : "opacity-50"}`} />
    </Link>
  );
}

const cellPhone: Record<NonNullable<Column<unknown>["phone"]>, string> = {
  title: "max-md:order-first max-md:text-base max-md:font-semibold",
  field:
    "max-md:grid max-md:grid-cols-[8.5rem_minmax(0,1fr)] max-md:gap-2 max-md:before:font-semibold max-md:before:text-slate-700 max-md:before:content-[attr(data-label)]",
  hidden: "max-md:hidden",
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  pathname,
  params,
  sort,
  totals,
  minWidth = 760,
}: DataTableProps<Row>) {
  return (
    <div className="md:overflow-x-auto md:rounded-xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
      <table
        className="w-full text-left text-sm max-md:block md:min-w-(--data-table-min)"
        style={{ ["--data-table-min" as string]: `${minWidth}px` }}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-100 text-xs tracking-wide text-slate-700 uppercase max-md:sr-only">
          <tr>
            {columns.map((column) => {
              const active = sort && column.sortKey && sort.key === column.sortKey;
              return (
                <th
                  key={column.key}
                  scope="col"
                  aria-sort={active ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}
                  className={`px-3 py-2 ${column.align === "right" ? "text-right" : ""}`}
                >
                  {column.sortKey ? (
                    <SortLink
                      column={column as Column<unknown>}
                      sort={sort}
                      pathname={pathname}
                      params={params}
                    />
                  ) : (
                    column.header
                  )}
                </th>
              );
            })}
          </tr>
        </thead>
        {/* On a phone the cards take the screen's width, whatever their content: a long e-mail wraps. */}
        <tbody className="md:divide-y md:divide-slate-200 max-md:grid max-md:grid-cols-[minmax(0,1fr)] max-md:gap-3 max-md:wrap-anywhere">
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              className="align-top hover:bg-slate-50 max-md:flex max-md:flex-col max-md:gap-1.5 max-md:rounded-xl max-md:border max-md:border-slate-200 max-md:bg-white max-md:p-4 max-md:shadow-sm"
            >
              {columns.map((column) => (
                <td
                  key={column.key}
                  data-label={column.header}
                  className={`px-3 py-2 max-md:p-0 ${column.align === "right" ? "md:text-right" : ""} ${cellPhone[column.phone ?? "field"]} ${column.className ?? ""}`}
                >
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
        {totals ? (
          <tfoot className="border-t-2 border-slate-300 bg-slate-50 font-semibold max-md:mt-3 max-md:block max-md:rounded-xl max-md:border max-md:p-4">
            <tr className="max-md:flex max-md:flex-col max-md:gap-1.5">
              {columns.map((column, index) => {
                const value = index === 0 ? totals.label : totals.cells[column.key];
                const empty = value === undefined || value === null;
                return (
                  <td
                    key={column.key}
                    data-label={index === 0 ? undefined : column.header}
                    className={`px-3 py-2 max-md:p-0 ${column.align === "right" ? "md:text-right" : ""} ${
                      empty ? "max-md:hidden" : index === 0 ? cellPhone.title : cellPhone.field
                    }`}
                  >
                    {value}
                  </td>
                );
              })}
            </tr>
          </tfoot>
        ) : null}
      </table>
    </div>
  );
}
