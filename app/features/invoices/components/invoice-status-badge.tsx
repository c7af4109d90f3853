import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import type { InvoiceStatus } from "#app/db/schema/invoices.ts";
import { INVOICE_STATUS_LABELS } from "../labels.ts";

const TONES: Record<InvoiceStatus, BadgeTone> = {
  brouillon: "neutral",
  emise: "info",
  partiellement_payee: "progress",
  payee: "success",
  en_retard: "danger",
  annulee: "warning",
};

/** An invoice's status as a pill. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <StatusBadge tone={TONES[status]}>{INVOICE_STATUS_LABELS[status]}</StatusBadge>;
}
