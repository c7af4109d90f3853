import { Link } from "react-router";
import type { Column } from "#app/components/data/data-table.tsx";

/** The « Client » column of a list of documents (quotes, invoices): the client's name, a link to its record. */
export function clientColumn<Row extends { clientId: string; clientName: string }>(): Column<Row> {
  return {
    key: "client",
    header: "Client",
    sortKey: "client",
    cell: (row) => (
      <Link to={`/erp/clients/${row.clientId}`} className="break-words text-brand-700 underline">
        {row.clientName}
      </Link>
    ),
  };
}
