import type { ReactNode } from "react";

export type TimelineEntry = {
  id: string;
  /** The short French sentence of the activity history (« Statut : Nouveau → Contacté »). */
  summary: string;
  note?: string | null;
  actor?: string | null;
  at: Date;
  /** For styling and tests: 'note', 'status', ... */
  kind?: string;
};

/**
 * The activity history of a record, newest first, each entry with who and when.
 * `formatAt` comes from the caller (Paris time, app/lib/paris-time.ts).
 */
export function Timeline({
  label,
  entries,
  formatAt,
  origin,
}: {
  label: string;
  entries: readonly TimelineEntry[];
  formatAt: (at: Date) => string;
  /** The first event, drawn apart (« Demande reçue »). */
  origin?: { summary: ReactNode; at: Date };
}) {
  return (
    <ol className="grid gap-3" aria-label={label}>
      {entries.map((entry) => (
        <li
          key={entry.id}
          className="rounded-lg border border-slate-200 bg-slate-50 p-3"
          data-kind={entry.kind}
        >
          <p className="font-semibold text-brand-900">{entry.summary}</p>
          {entry.note ? <p className="mt-1 whitespace-pre-line text-ink">{entry.note}</p> : null}
          <p className="mt-1 text-xs text-slate-700">
            {entry.actor ? `${entry.actor} · ` : null}
            <time dateTime={entry.at.toISOString()}>{formatAt(entry.at)}</time>
          </p>
        </li>
      ))}
      {origin ? (
        <li className="rounded-lg border border-dashed border-slate-300 p-3">
          <p className="font-semibold text-brand-900">{origin.summary}</p>
          <p className="mt-1 text-xs text-slate-700">
            <time dateTime={origin.at.toISOString()}>{formatAt(origin.at)}</time>
          </p>
        </li>
      ) : null}
      {entries.length === 0 && !origin ? (
        <li className="text-slate-700">Aucune activité pour le moment.</li>
      ) : null}
    </ol>
  );
}
