import { Timeline } from "#app/components/data/timeline.tsx";
import { formatDateTime } from "#app/lib/paris-time.ts";
import type { LeadEvent } from "../detail.server.ts";

/** Notes and changes of a lead, newest first, each with who and when; the request itself last. */
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
    <Timeline
      label="Historique du prospect"
      entries={events.map((event) => ({
        id: event.id,
        kind: event.kind,
        summary: event.summary,
        note: event.note,
        actor: event.actorEmail,
        at: event.createdAt,
      }))}
      formatAt={(at) => formatDateTime(at)}
      origin={{ summary: `Demande reçue${source ? ` (${source})` : ""}`, at: receivedAt }}
    />
  );
}
