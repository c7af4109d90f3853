import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import type { LeadEvent } from "../detail.server.ts";
import { isLeadStatus, statusLabels } from "../schema.ts";

function statusLabel(value: string | null): string {
  return value && isLeadStatus(value) ? statusLabels[value] : (value ?? "—");
}

function eventTitle(event: LeadEvent): string {
  switch (event.kind) {
    case "note":
      return "Note";
    case "status":
      return `Statut : ${statusLabel(event.fromValue)} → ${statusLabel(event.toValue)}`;
    case "assignee":
      return event.toValue ? `Suivi confié à ${event.toValue}` : "Suivi retiré";
    case "follow_up":
      return event.toValue ? `Relance prévue le ${formatDate(event.toValue)}` : "Relance retirée";
    case "do_not_contact":
      return event.toValue === "oui" ? "Marqué « Ne pas recontacter »" : "« Ne pas recontacter » retiré";
    case "town":
      return event.toValue ? `Commune : ${event.toValue}` : "Commune retirée";
    case "created":
      return `Prospect saisi par l'équipe${event.toValue ? ` (${event.toValue})` : ""}`;
    case "export":
      return "Données exportées (JSON)";
    default:
      return event.kind;
  }
}

/** Notes and changes of a lead, newest first, each with who and when. */
export function LeadTimeline({
  events,
  receivedAt,
  source,
}: {
  events: readonly LeadEvent[];
  receivedAt: Date;
  source: string;
}) {
  return (
    <ol className="grid gap-3" aria-label="Historique du prospect">
      {events.map((event) => (
        <li
          key={event.id}
          className="rounded-lg border border-slate-200 bg-slate-50 p-3"
          data-kind={event.kind}
        >
          <p className="font-semibold text-brand-900">{eventTitle(event)}</p>
          {event.note ? <p className="mt-1 whitespace-pre-line text-ink">{event.note}</p> : null}
          <p className="mt-1 text-xs text-slate-700">
            {event.actorEmail} ·{" "}
            <time dateTime={event.createdAt.toISOString()}>{formatDateTime(event.createdAt, "medium")}</time>
          </p>
        </li>
      ))}
      <li className="rounded-lg border border-dashed border-slate-300 p-3">
        <p className="font-semibold text-brand-900">Demande reçue{source ? ` (${source})` : ""}</p>
        <p className="mt-1 text-xs text-slate-700">
          <time dateTime={receivedAt.toISOString()}>{formatDateTime(receivedAt, "medium")}</time>
        </p>
      </li>
    </ol>
  );
}
