import { fitText, PDF_FONTS } from "./fonts.server.ts";
import { PDF_COLORS, PDF_SIZES } from "./style.ts";

/*
 * The documents' tables (lines, lots, VAT per rate): columns whose width follows their
 * content, a header repeated on each page, banded rows. Drawn by the body's `table`
 * block (./document.server.ts).
 */

export type CellAlign = "left" | "center" | "right";

export interface TableColumn {
  header: string;
  /**
   * Relative width: the columns share the width of the page in proportion, unless their
   * content asks for more. A column is never narrower than its longest word (header words,
   * and its cells' words: an amount « 12 345,67 € » or « 5,5 % » is one, its spaces do
   * not break): the text columns give up the room first, then the others down to theirs.
   */
  width: number;
  /** Amount columns are right-aligned. Default: left. */
  align?: CellAlign;
  /**
   * A text column (a designation): its lines wrap, and it is the first to give up room to
   * the columns whose content needs it, down to its header's longest word (a long word of
   * its cells wraps rather than widen it).
   */
  text?: boolean;
}

/** A row: its cells' text (already formatted), or the cells with a style. */
export type TableRow = readonly string[] | { cells: readonly string[]; bold?: boolean };

export interface TableOptions {
  columns: readonly TableColumn[];
  rows: readonly TableRow[];
  /** Default 8.5 pt. */
  fontSize?: number;
}

/** A table cell's padding, left and right, in points. */
export const CELL_PADDING_X = 4;
const CELL_PADDING_Y = 3;
/** Room over a word's measured width, so that pdfkit's line wrapper never breaks it for a rounding. */
const WORD_SLACK = 0.5;
const TABLE_SIZE = PDF_SIZES.table;

/** A row's cells and whether it is bold. */
function rowCells(row: TableRow): { cells: readonly string[]; bold: boolean } {
  return "cells" in row ? { cells: row.cells, bold: row.bold ?? false } : { cells: row, bold: false };
}

/** The width of the longest word of `text`: the spaces and line breaks are where a line may wrap. */
function longestWord(doc: PDFKit.PDFDocument, text: string): number {
  let widest = 0;
  for (const word of fitText(text).split(/[ \t\r\n]+/)) {
    if (word) widest = Math.max(widest, doc.widthOfString(word));
  }
  return widest;
}

/**
 * The columns' widths in points: each its share (`width`), widened to its longest word, the
 * text columns giving the room first and the others down to their own longest word. Only a
 * table whose words cannot all fit side by side breaks one.
 */
export function columnWidths(
  doc: PDFKit.PDFDocument,
  contentWidth: number,
  { columns, rows, fontSize = TABLE_SIZE }: TableOptions,
): number[] {
  if (columns.length === 0) throw new Error("Un tableau a besoin d'au moins une colonne.");
  const totalWeight = columns.reduce((sum, column) => sum + column.width, 0);
  if (!(totalWeight > 0) || columns.some((column) => !(column.width > 0))) {
    throw new Error("Les largeurs des colonnes doivent être positives.");
  }
  const shares = columns.map((column) => (column.width / totalWeight) * contentWidth);
  // Each column's longest word: its header's, and its cells' unless it is a text column.
  const minimums = columns.map((column, index) => {
    doc.font(PDF_FONTS.textBold).fontSize(fontSize);
    let words = longestWord(doc, column.header);
    for (const row of column.text ? [] : rows) {
      const { cells, bold } = rowCells(row);
      const cell = cells[index];
      if (!cell) continue;
      doc.font(bold ? PDF_FONTS.textBold : PDF_FONTS.text).fontSize(fontSize);
      words = Math.max(words, longestWord(doc, cell));
    }
    return words > 0 ? words + WORD_SLACK + 2 * CELL_PADDING_X : 0;
  });
  const widths = shares.map((share, index) => Math.max(share, minimums[index] ?? 0));
  let excess = widths.reduce((sum, width) => sum + width, 0) - contentWidth;
  // The text columns give up their room first, then the others, each down to its minimum.
  for (const givers of [true, false]) {
    if (excess <= 1e-9) break;
    const slack = widths.map((width, index) =>
      Boolean(columns[index]?.text) === givers ? Math.max(0, width - (minimums[index] ?? 0)) : 0,
    );
    const room = slack.reduce((sum, value) => sum + value, 0);
    if (room <= 0) continue;
    const taken = Math.min(excess, room);
    slack.forEach((value, index) => {
      widths[index] = (widths[index] ?? 0) - (value * taken) / room;
    });
    excess -= taken;
  }
  // The words cannot all fit side by side: every column in proportion (pdfkit breaks a word
  // longer than its line).
  if (excess > 1e-9) {
    const scale = contentWidth / (contentWidth + excess);
    return widths.map((width) => width * scale);
  }
  return widths;
}

export function drawTable(
  doc: PDFKit.PDFDocument,
  contentWidth: number,
  options: TableOptions,
  newPage: () => void,
): void {
  const { columns, rows, fontSize = TABLE_SIZE } = options;
  const widths = columnWidths(doc, contentWidth, options);
  const lefts = widths.map((_, index) => widths.slice(0, index).reduce((sum, width) => sum + width, 0));
  const headers = columns.map((column) => fitText(column.header));
  const left = () => doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  const measureRow = (cells: readonly string[], font: string) => {
    doc.font(font).fontSize(fontSize);
    let height = doc.currentLineHeight(true);
    cells.forEach((cell, index) => {
      const width = (widths[index] ?? 0) - 2 * CELL_PADDING_X;
      if (cell) height = Math.max(height, doc.heightOfString(cell, { width }));
    });
    return height + 2 * CELL_PADDING_Y;
  };
  const drawCells = (cells: readonly string[], font: string, color: string, y: number, height: number) => {
    doc.font(font).fontSize(fontSize).fillColor(color);
    cells.forEach((cell, index) => {
      if (!cell) return;
      doc.text(cell, left() + (lefts[index] ?? 0) + CELL_PADDING_X, y + CELL_PADDING_Y, {
        width: (widths[index] ?? 0) - 2 * CELL_PADDING_X,
        // Bounded: a cell never makes pdfkit open a page by itself.
        height: height - CELL_PADDING_Y,
        align: columns[index]?.align ?? "left",
        ellipsis: true,
      });
    });
  };

  const headerHeight = measureRow(headers, PDF_FONTS.textBold);
  const drawHeaderRow = () => {
    const y = doc.y;
    doc.rect(left(), y, contentWidth, headerHeight).fill(PDF_COLORS.brand);
    drawCells(headers, PDF_FONTS.textBold, "#ffffff", y, headerHeight);
    doc.y = y + headerHeight;
  };

  const normalized = rows.map((row) => {
    const styled = rowCells(row);
    if (styled.cells.length > columns.length) {
      throw new Error("Une ligne du tableau a plus de cellules que de colonnes.");
    }
    return { cells: styled.cells.map(fitText), bold: styled.bold };
  });

  // The header row is never left alone at the bottom of a page.
  const firstRowHeight = normalized[0] ? measureRow(normalized[0].cells, PDF_FONTS.text) : 0;
  if (doc.y + headerHeight + firstRowHeight > bottom()) newPage();
  drawHeaderRow();

  normalized.forEach((row, index) => {
    const font = row.bold ? PDF_FONTS.textBold : PDF_FONTS.text;
    // A row taller than a whole page is cut (with an ellipsis) to what a page holds.
    const pageRoom = bottom() - doc.page.margins.top - headerHeight;
    const height = Math.min(measureRow(row.cells, font), pageRoom);
    if (doc.y + height > bottom()) {
      newPage();
      drawHeaderRow();
    }
    const y = doc.y;
    if (index % 2 === 1) doc.rect(left(), y, contentWidth, height).fill(PDF_COLORS.brandLight);
    drawCells(row.cells, font, PDF_COLORS.ink, y, height);
    doc
      .moveTo(left(), y + height)
      .lineTo(left() + contentWidth, y + height)
      .lineWidth(0.4)
      .strokeColor(PDF_COLORS.rule)
      .stroke();
    doc.y = y + height;
  });
  doc.x = left();
  doc.y += 8;
}
