import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import type { SupplierInvoiceStatus } from "#app/db/schema/supplier-invoices.ts";
import { SUPPLIER_INVOICE_STATUS_LABELS } from "../supplier-invoice-schema.ts";

const TONES: Record<SupplierInvoiceStatus, BadgeTone> = {
  a_payer: "warning",
  payee: "success",
  en_litige: "danger",
};

/** « À payer », « Payée », « En litige ». */
export function SupplierInvoiceStatusBadge({ status }: { status: SupplierInvoiceStatus }) {
  return <StatusBadge tone={TONES[status]}>{SUPPLIER_INVOICE_STATUS_LABELS[status]}</StatusBadge>;
}
