import { formatDate } from "#app/lib/paris-time.ts";
import { isLeadStatus, LEAD_STATUS_LABELS } from "./schema.ts";

function statusLabel(value: string | null | undefined): string {
  return value && isLeadStatus(value) ? LEAD_STATUS_LABELS[value] : (value ?? "—");
}

/**
 * The sentence a lead's change leaves in the activity history (« Statut : Nouveau →
 * Contacté »). Written once, when the change is made; migration 0011 wrote the same
 * sentences for the events recorded before the history was shared.
 */
export function leadEventSummary(kind: string, values: { from?: string | null; to?: string | null }): string {
  const { from, to } = values;
  switch (kind) {
    case "note":
      return "Note";
    case "status":
      return `Statut : ${statusLabel(from)} → ${statusLabel(to)}`;
    case "assignee":
      return to ? `Suivi confié à ${to}` : "Suivi retiré";
    case "follow_up":
      return to ? `Relance prévue le ${formatDate(to)}` : "Relance retirée";
    case "do_not_contact":
      return to === "oui" ? "Marqué « Ne pas recontacter »" : "« Ne pas recontacter » retiré";
    case "town":
      return to ? `Commune : ${to}` : "Commune retirée";
    case "created":
      return `Prospect saisi par l'équipe${to ? ` (${to})` : ""}`;
    case "export":
      return "Données exportées (JSON)";
    default:
      return kind;
  }
}
