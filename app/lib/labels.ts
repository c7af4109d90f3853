/**
 * One naming style for a closed list of values shown to users (statuses, kinds, fields):
 * the map `X_LABELS` (stored value → French label, in the order lists show them) is written
 * once, the type is `keyof typeof X_LABELS`, and the ordered values come from it:
 *
 *   export const LEAD_STATUS_LABELS = { nouveau: "Nouveau", gagne: "Gagné" };
 *   export type LeadStatus = keyof typeof LEAD_STATUS_LABELS;
 *   export const LEAD_STATUSES = labelledValues(LEAD_STATUS_LABELS);
 *
 * Where the values are declared elsewhere (a database enum), the map is typed by them instead:
 * `Record<DocumentKind, string>`.
 */

/** The values of a label map, in its order: a non-empty tuple, fit for `z.enum`. */
export function labelledValues<V extends string>(labels: Record<V, string>): readonly [V, ...V[]] {
  return Object.keys(labels) as [V, ...V[]];
}
