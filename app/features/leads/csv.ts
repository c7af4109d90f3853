import type { LeadListItem } from "./leads.server.ts";
import { formatPhone, statusLabels } from "./schema.ts";

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

const dateTime = new Intl.DateTimeFormat("fr-FR", {
  timeZone: "Europe/Paris",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
});

function frenchDay(isoDay: string | null): string {
  if (!isoDay) return "";
  const [year, month, day] = isoDay.split("-");
  return `${day}/${month}/${year}`;
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
        dateTime.format(item.createdAt).replace(",", ""),
        item.nom,
        item.email,
        item.telephone ? formatPhone(item.telephone) : "",
        item.town ?? "",
        item.typeProjet,
        item.budget,
        statusLabels[item.status],
        item.doNotContact ? "Oui" : "Non",
        item.assigneeEmail ?? "",
        frenchDay(item.nextFollowUp),
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
