/** An event of the activity history as app/lib/activity.server.ts reads it. */
type HistoryEvent = { id: number; summary: string; actorEmail: string | null; createdAt: Date; kind: string };

/** A record's activity history as the entries of a timeline: what, who, when and its kind. */
export function historyEntries(events: readonly HistoryEvent[]) {
  return events.map((event) => ({
    id: String(event.id),
    summary: event.summary,
    actor: event.actorEmail,
    at: event.createdAt,
    kind: event.kind,
  }));
}
