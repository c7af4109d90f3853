import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import type { DocumentState, DocumentStatus } from "../company-documents.ts";

const TONES: Record<DocumentState, BadgeTone> = {
  valide: "success",
  a_renouveler: "warning",
  expire: "danger",
};

/** A document's status as a pill: « Valide », « À renouveler », « Expiré ». */
export function DocumentStatusBadge({ status }: { status: DocumentStatus }) {
  return <StatusBadge tone={TONES[status.state]}>{status.label}</StatusBadge>;
}
