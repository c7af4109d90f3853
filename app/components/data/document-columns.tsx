import { Link } from "react-router";
import { type Cents, formatCents } from "#app/lib/money.ts";
import type { Column } from "./data-table.tsx";

/** The sorts of a list of commercial documents (quotes, invoices), as the caption names them. */
export const DOCUMENT_SORT_LABELS = {
  date: "par date",
  numero: "par numéro",
  client: "par client",
  total: "par montant",
} as const;

/**
 * The « Numéro » column of a list of documents: the number, or « Brouillon » before it has
 * one, links to the document; `aside` follows it for screen readers (« : Rénovation… »).
 */
export function numberColumn<Row extends { id: string }>(
  path: string,
  number: (row: Row) => string | null,
  aside: (row: Row) => string,
): Column<Row> {
  return {
    key: "number",
    header: "Numéro",
    sortKey: "numero",
    phone: "title",
    className: "whitespace-nowrap",
    cell: (row) => (
      <Link to={`${path}/${row.id}`} className="font-semibold text-brand-700 underline">
        {number(row) ?? "Brouillon"}
        <span className="sr-only"> : {aside(row)}</span>
      </Link>
    ),
  };
}

/** The « Total HT » and « Total TTC » columns of a list of documents; the TTC sorts by amount, largest first. */
export function totalColumns<Row extends { totalHt: Cents; totalTtc: Cents }>(): Column<Row>[] {
  return [
    {
      key: "ht",
      header: "Total HT",
      align: "right",
      className: "whitespace-nowrap",
      cell: (row) => formatCents(row.totalHt),
    },
    {
      key: "ttc",
      header: "Total TTC",
      sortKey: "total",
      firstDirection: "desc",
      align: "right",
      className: "whitespace-nowrap",
      cell: (row) => formatCents(row.totalTtc),
    },
  ];
}
