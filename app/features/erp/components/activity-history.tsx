import { Timeline } from "#app/components/data/timeline.tsx";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { panelClass } from "./ui.ts";

/** An event of the activity history as a loader returns it (app/lib/activity.server.ts). */
type HistoryEvent = { id: number; summary: string; actorEmail: string | null; createdAt: Date; kind: string };

/**
 * The « Historique » panel of a record's page (a client, a quote, an invoice): its
 * activity history, newest first, each entry with who and when (Paris time).
 */
export function ActivityHistory({
  id,
  label,
  events,
  className,
}: {
  /** The heading's id. */
  id: string;
  /** What the timeline is, for screen readers: « Historique du devis ». */
  label: string;
  events: readonly HistoryEvent[];
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={className ?? panelClass}>
      <h2 id={id} className="mb-3 text-lg font-bold">
        Historique
      </h2>
      <Timeline
        label={label}
        entries={events.map((event) => ({
          id: String(event.id),
          summary: event.summary,
          actor: event.actorEmail,
          at: event.createdAt,
          kind: event.kind,
        }))}
        formatAt={(at) => formatDateTime(at, "medium")}
      />
    </section>
  );
}
