import type { InvoiceKindValue, InvoiceStatus, PaymentMethod } from "#app/db/schema/invoices.ts";

/** What the screens call each kind, status and payment method (browser-safe). */

export const INVOICE_KIND_LABELS: Record<InvoiceKindValue, string> = {
  acompte: "Acompte",
  situation: "Situation",
  solde: "Solde",
  facture: "Facture",
  avoir: "Avoir",
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  brouillon: "Brouillon",
  emise: "Émise",
  partiellement_payee: "Partiellement payée",
  payee: "Payée",
  en_retard: "En retard",
  annulee: "Annulée par avoir",
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = {
  virement: "Virement",
  cheque: "Chèque",
  carte: "Carte",
  especes: "Espèces",
};
