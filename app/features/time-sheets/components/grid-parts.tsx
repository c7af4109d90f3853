import type { KeyboardEvent, ReactNode } from "react";
import { Link } from "react-router";
import type { TimeEntryKind } from "#app/db/schema/time-sheets.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { TIME_ENTRY_KIND_LABELS } from "../entries-schema.ts";
import { ABSENCE_ABBREVIATIONS } from "../week-grid.ts";

/*
 * What the quick-entry grids share (the week's employees × days, the day's employees ×
 * sites): the head's plain cells, the absences' short forms, the hours input, and the
 * keyboard: the arrows move the focus to the next input in that direction, over the
 * read-only cells, and Enter saves. Each input says its place with `data-row` and
 * `data-column`.
 */

/** The page of one employee's day, where a day is detailed line by line. */
export const dayHref = (employeeId: string, day: IsoDay) =>
  `/erp/temps/salaries/${employeeId}/jour?jour=${day}`;

/** The choices of a site in a grid's select: « number · title (town) ». */
export function siteOptions(sites: readonly { id: string; number: string; title: string; city: string }[]) {
  return sites.map((site) => ({ value: site.id, label: `${site.number} · ${site.title} (${site.city})` }));
}

/** What was posted and refused in a grid, shown again: the typed hours and the messages by cell. */
type GridRefusal = {
  values: Record<string, string> | undefined;
  errors: Record<string, string[]> | undefined;
};

const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/** The table's `onKeyDown` for a grid of `rows` × `columns` cells. */
export function gridKeyDown(columns: number, rows: number) {
  return (event: KeyboardEvent<HTMLTableElement>) => {
    const input = event.target;
    if (!(input instanceof HTMLInputElement) || input.dataset.row === undefined) return;
    if (event.key === "Enter") {
      event.preventDefault();
      input.form?.requestSubmit();
      return;
    }
    const move = MOVES[event.key];
    if (!move || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    let row = Number(input.dataset.row);
    let column = Number(input.dataset.column);
    for (;;) {
      row += move[0];
      column += move[1];
      if (row < 0 || column < 0 || column >= columns || row >= rows) return;
      const next = event.currentTarget.querySelector<HTMLInputElement>(
        `input[data-row="${row}"][data-column="${column}"]`,
      );
      if (next) {
        next.focus();
        next.select();
        return;
      }
    }
  };
}

/** The table head's plain cells, after the grid's own columns. */
export function HeadCells({ labels }: { labels: readonly string[] }) {
  return labels.map((label) => (
    <th key={label} scope="col" className="p-2 text-left">
      {label}
    </th>
  ));
}

/** The absences of a day by their short forms, each spelled out on hover and to a screen reader. */
export function AbsenceAbbreviations({ kinds }: { kinds: readonly Exclude<TimeEntryKind, "travail">[] }) {
  return kinds.map((kind) => (
    <abbr key={kind} title={TIME_ENTRY_KIND_LABELS[kind]} className="ml-1 no-underline">
      {ABSENCE_ABBREVIATIONS[kind]}
    </abbr>
  ));
}

/** A cell's hours input: its place for the arrows, its label, its refusal under it. */
export function HoursInput({
  name,
  defaultValue,
  label,
  error,
  row,
  column,
}: {
  name: string;
  defaultValue: string;
  label: string;
  error: string | undefined;
  row: number;
  column: number;
}) {
  const errorId = `${name}-erreur`;
  return (
    <>
      <input
        type="text"
        inputMode="decimal"
        name={name}
        defaultValue={defaultValue}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        data-row={row}
        data-column={column}
        autoComplete="off"
        className="w-16 rounded-md border border-slate-400 px-2 py-1 text-right tabular-nums aria-[invalid=true]:border-red-700"
      />
      {error ? (
        <span id={errorId} className="text-xs font-semibold text-red-800">
          {error}
        </span>
      ) : null}
    </>
  );
}

/**
 * A cell of the grid that can be typed in: its hours input (what was refused and typed shown
 * again, else the stored hours), then what the grid shows under it.
 */
export function HoursCell({
  name,
  hours,
  label,
  row,
  column,
  values,
  errors,
  children,
}: GridRefusal & {
  name: string;
  /** The stored hours, shown unless a refused post typed others. */
  hours: string;
  label: string;
  row: number;
  column: number;
  children?: ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <HoursInput
        name={name}
        defaultValue={values?.[name] ?? hours}
        label={label}
        error={errors?.[name]?.[0]}
        row={row}
        column={column}
      />
      {children}
    </div>
  );
}

/**
 * The grid's table: a row per employee, named in its head cell, then the grid's columns of
 * hours (`headers` and `cells`), then the row's own cells (`labels` and `after`). The
 * arrows move over its `columnCount` columns of inputs.
 */
export function TeamHoursTable<Row extends { employee: { id: string; name: string } }>({
  caption,
  className,
  columnCount,
  headers,
  labels,
  rows,
  cells,
  after,
}: {
  caption: ReactNode;
  className: string;
  columnCount: number;
  headers: ReactNode;
  labels: readonly string[];
  rows: readonly Row[];
  cells: (row: Row, rowIndex: number) => ReactNode;
  after: (row: Row) => ReactNode;
}) {
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className={className} onKeyDown={gridKeyDown(columnCount, rows.length)}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className="p-2 text-left">
              Salarié
            </th>
            {headers}
            <HeadCells labels={labels} />
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={row.employee.id} className="border-t border-slate-200 align-top">
              <th scope="row" className="p-2 text-left font-semibold">
                {row.employee.name}
              </th>
              {cells(row, rowIndex)}
              {after(row)}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A grid's empty state: nobody in post over its period, and where to add someone. */
export function NoEmployeeInPost({ period }: { period: "cette semaine" | "ce jour-là" }) {
  return (
    <p className="rounded-xl border border-slate-200 bg-white p-4">
      Aucun salarié en poste {period}.{" "}
      <Link to="/erp/temps/salaries/nouveau" className="text-brand-700 underline">
        Ajouter un salarié
      </Link>
    </p>
  );
}
