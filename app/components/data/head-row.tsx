/*
 * The head row of a small table of figures (VAT per rate, an invoice's lines, a journal's
 * accounts): its headings in small capitals, each column spaced from the next, the
 * figures' headings aligned right over their figures.
 */

export type HeadColumn = { label: string; numeric?: boolean };

export function HeadRow({ columns, compact = false }: { columns: readonly HeadColumn[]; compact?: boolean }) {
  const padding = compact ? "py-1" : "py-2";
  return (
    <tr className="text-left text-xs font-bold tracking-wide text-slate-700 uppercase">
      {columns.map((column, index) => (
        <th
          key={column.label}
          scope="col"
          className={[
            padding,
            index < columns.length - 1 ? "pr-2" : null,
            column.numeric ? "text-right" : null,
          ]
            .filter(Boolean)
            .join(" ")}
        >
          {column.label}
        </th>
      ))}
    </tr>
  );
}
