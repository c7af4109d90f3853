import type { ReactNode } from "react";
import { Link } from "react-router";
import type { Column } from "./data-table.tsx";

/**
 * The first column of a register's list (a client, a supplier, a job site, an order…): its
 * name links to its page, what tells it apart follows below; on a phone it heads the card.
 */
export function titleColumn<Row>({
  href,
  title,
  details,
  gap = "gap-1",
  wrap = "break-words",
  ...column
}: {
  key: string;
  header: string;
  sortKey?: string;
  href: (row: Row) => string;
  title: (row: Row) => ReactNode;
  /** The lines under the link (a legal name, badges…). */
  details: (row: Row) => ReactNode;
  gap?: "gap-1" | "gap-0.5";
  /** A name breaks where it must; a number stays on one line. */
  wrap?: "break-words" | "whitespace-nowrap";
}): Column<Row> {
  return {
    ...column,
    phone: "title",
    cell: (row) => (
      <div className={`grid ${gap}`}>
        <Link to={href(row)} className={`font-semibold ${wrap} text-brand-700 underline`}>
          {title(row)}
        </Link>
        {details(row)}
      </div>
    ),
  };
}
