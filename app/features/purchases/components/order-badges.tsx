import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import { ORDER_STATUS_LABELS, type PurchaseOrderStatus } from "../order-schema.ts";

const TONES: Record<PurchaseOrderStatus, BadgeTone> = {
  brouillon: "neutral",
  envoye: "info",
  livre_partiellement: "warning",
  livre: "success",
  annule: "danger",
};

/** « Brouillon », « Envoyé », « Livré partiellement », « Livré » or « Annulé ». */
export function OrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  return <StatusBadge tone={TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>;
}
