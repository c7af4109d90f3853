import type { Cents } from "./money.ts";
import type { IsoDay } from "./paris-time.ts";

/*
 * The CSV of an accounting journal, one format for the sales journal (journal VT) and the
 * purchases journal (journal HA), so the accountant imports both the same way. French
 * import conventions (Sage, EBP, Cegid, Pennylane, a spreadsheet): UTF-8 with a byte-order
 * mark, « ; » between fields, CRLF line ends, a header row, dates JJ/MM/AAAA, amounts with a
 * decimal comma and two decimals, no thousands separator, the unused side of a line left
 * empty.
 */

/** One line of a journal: a movement of one account in one entry. */
export type JournalCsvLine = {
  date: IsoDay;
  /** The journal's code (« VT », « HA »). */
  journal: string;
  /** The document's number. */
  piece: string;
  account: string;
  label: string;
  debit: Cents;
  credit: Cents;
};

export const JOURNAL_HEADERS = ["Date", "Journal", "Pièce", "Compte", "Libellé", "Débit", "Crédit"] as const;

const BOM = "\uFEFF";

/** A field, quoted when it holds « ; », a quote or a line break; a would-be formula made inert. */
export function csvField(value: string): string {
  let text = value.replace(/[\u00a0\u202f]/g, " ").replace(/\r\n?|\n/g, " ");
  if (/^[=+\-@\t]/.test(text)) text = `'${text}`;
  return /[";]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** 123456 → « 1234,56 »; 0 → empty. */
export function csvAmount(cents: Cents): string {
  if (cents === 0) return "";
  const sign = cents < 0 ? "-" : "";
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${sign}${digits.slice(0, -2)},${digits.slice(-2)}`;
}

/** « 2026-10-31 » → « 31/10/2026 ». */
export function csvDate(day: IsoDay): string {
  return `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
}

export function journalCsv(lines: readonly JournalCsvLine[]): string {
  const rows = [JOURNAL_HEADERS.join(";")];
  for (const line of lines) {
    rows.push(
      [
        csvDate(line.date),
        line.journal,
        csvField(line.piece),
        line.account,
        csvField(line.label),
        csvAmount(line.debit),
        csvAmount(line.credit),
      ].join(";"),
    );
  }
  return `${BOM}${rows.join("\r\n")}\r\n`;
}
