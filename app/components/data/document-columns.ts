import { type Cents, formatCents } from "#app/lib/money.ts";
import type { Column } from "./data-table.tsx";

/** The sorts of a list of commercial documents (quotes, invoices), as the caption names them. */
export const DOCUMENT_SORT_LABELS = {
  date: "par date",
  numero: "par numéro",
  client: "par client",
  total: "par montant",
} as const;

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
