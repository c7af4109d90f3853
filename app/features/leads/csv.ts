import { csvText } from "#app/lib/csv.ts";
import { formatDate, formatTime } from "#app/lib/paris-time.ts";
import { formatPhone } from "#app/lib/phone.ts";
import type { LeadListItem } from "./query.server.ts";
import { LEAD_STATUS_LABELS } from "./schema.ts";

/** The prospects as a French spreadsheet reads them (app/lib/csv.ts), with French dates. */
export { CSV_BOM } from "#app/lib/csv.ts";

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

export function leadsCsv(items: readonly LeadListItem[]): string {
  return csvText([
    HEADERS,
    ...items.map((item) => [
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
    ]),
  ]);
}

/** "prospects-2025-03-14.csv" */
export function csvFileName(day: string): string {
  return `prospects-${day}.csv`;
}
