/**
 * CSV for a French spreadsheet (Excel, LibreOffice): UTF-8 with a byte-order mark so
 * accents survive, ';' between fields (',' is the decimal separator in France), CRLF
 * line ends. A cell that a spreadsheet would run as a formula starts with an apostrophe
 * instead.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

export function csvCell(value: string): string {
  let text = value.replace(/\r\n?/g, "\n");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

/** Rows of cells → the file's text, header first, with its byte-order mark. */
export function csvText(rows: readonly (readonly string[])[]): string {
  return `${CSV_BOM}${rows.map((row) => row.map(csvCell).join(CSV_SEPARATOR)).join("\r\n")}\r\n`;
}
