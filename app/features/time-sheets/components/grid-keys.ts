import type { KeyboardEvent } from "react";

/*
 * The quick-entry grids' keyboard (the week's employees × days, the day's employees ×
 * sites): the arrows move the focus to the next input in that direction, over the
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
