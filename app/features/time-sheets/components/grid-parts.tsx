import type { KeyboardEvent } from "react";
import { Link } from "react-router";
import type { TimeEntryKind } from "#app/db/schema/time-sheets.ts";
import { TIME_ENTRY_KIND_LABELS } from "../entries-schema.ts";
import { ABSENCE_ABBREVIATIONS } from "../week-grid.ts";

/*
 * What the quick-entry grids share (the week's employees × days, the day's employees ×
 * sites): the head's plain cells, the absences' short forms, the hours input, and the
 * keyboard: the arrows move the focus to the next input in that direction, over the
 * read-only cells, and Enter saves. Each input says its place with `data-row` and
 * `data-column`.
 */

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
