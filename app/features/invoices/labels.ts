import type { InvoiceKindValue, PaymentMethod } from "#app/db/schema/invoices.ts";
import { INVOICE_STATUS_TEXT } from "./components/invoice-status-badge.tsx";

/** What the screens call each kind, status and payment method (browser-safe). */

export const INVOICE_KIND_LABELS: Record<InvoiceKindValue, string> = {
  acompte: "Acompte",
  situation: "Situation",
  solde: "Solde",
  facture: "Facture",
  avoir: "Avoir",
};

export const INVOICE_STATUS_LABELS = INVOICE_STATUS_TEXT;

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: "Virement",
  cheque: "Chèque",
  carte: "Carte",
  especes: "Espèces",
};
