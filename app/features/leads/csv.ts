import { formatDate, formatTime } from "#app/lib/paris-time.ts";
import { formatPhone } from "#app/lib/phone.ts";
import type { LeadListItem } from "./query.server.ts";
import { LEAD_STATUS_LABELS } from "./schema.ts";

/**
 * CSV for a French spreadsheet (Excel, LibreOffice): UTF-8 with a byte-order mark so
 * accents survive, ';' between fields (',' is the decimal separator in France), CRLF
 * line ends, French dates. A cell that a spreadsheet would run as a formula starts
 * with an apostrophe instead.
 */
export const CSV_BOM = "\uFEFF";
export const CSV_SEPARATOR = ";";

const HEADERS = [
  "Reçue le",
  "Nom",
  "E-mail",
  "Téléphone",
  "Commune",
  "Type de travaux",
  "Budget",
  "Statut",
  "Ne pas recontacter",
  "Suivi par",
  "Prochaine relance",
  "Origine",
  "Message",
];

/** "14/03/2025 09:30" in Paris time: without « à », so that a spreadsheet reads a date. */
function spreadsheetDateTime(instant: Date): string {
  return `${formatDate(instant, "numeric")} ${formatTime(instant)}`;
}

export function csvCell(value: string): string {
  let text = value.replace(/\r\n?/g, "\n");
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  if (/[";\n]/.test(text)) text = `"${text.replace(/"/g, '""')}"`;
  return text;
}

export function leadsCsv(items: readonly LeadListItem[]): string {
  const lines = [HEADERS.map(csvCell).join(CSV_SEPARATOR)];
  for (const item of items) {
    lines.push(
      [
        spreadsheetDateTime(item.createdAt),
        item.nom,
        item.email,
        item.telephone ? formatPhone(item.telephone) : "",
        item.town ?? "",
        item.typeProjet,
        item.budget,
        LEAD_STATUS_LABELS[item.status],
        item.doNotContact ? "Oui" : "Non",
        item.assigneeEmail ?? "",
        item.nextFollowUp ? formatDate(item.nextFollowUp, "numeric") : "",
        item.source,
        item.message,
      ]
        .map(csvCell)
        .join(CSV_SEPARATOR),
    );
  }
  return `${CSV_BOM}${lines.join("\r\n")}\r\n`;
}

/** "prospects-2025-03-14.csv" */
export function csvFileName(day: string): string {
  return `prospects-${day}.csv`;
}
