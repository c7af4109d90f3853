import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import { LEAD_STATUS_LABELS, type LeadStatus } from "../schema.ts";

const tones: Record<LeadStatus, BadgeTone> = {
  nouveau: "info",
  contacte: "warning",
  devis_envoye: "progress",
  gagne: "success",
  perdu: "neutral",
};

export function LeadStatusBadge({ status }: { status: LeadStatus }) {
  return <StatusBadge tone={tones[status]}>{LEAD_STATUS_LABELS[status]}</StatusBadge>;
}
