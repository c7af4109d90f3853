import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import { QUOTE_STATUS_LABELS, type QuoteStatus } from "../content.ts";

const TONES: Record<QuoteStatus, BadgeTone> = {
  brouillon: "neutral",
  envoye: "info",
  accepte: "success",
  refuse: "danger",
  expire: "warning",
  remplace: "neutral",
};

/** « Brouillon », « Envoyé », « Accepté »… as a pill. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  return <StatusBadge tone={TONES[status]}>{QUOTE_STATUS_LABELS[status]}</StatusBadge>;
}
