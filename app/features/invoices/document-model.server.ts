import type { DocumentParty } from "#app/lib/document-party.ts";
import type { FacturxInvoice } from "#app/lib/facturx/facturx.ts";
import {
  type BasisPoints,
  type Cents,
  formatCents,
  formatPercent,
  percentOf,
  vatIncludedIn,
} from "#app/lib/money.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import { type BillingInvoice, type InvoiceTotals, MAX_VAT_ROUNDING } from "./billing-model.ts";

/*
 * What the invoice document is made of: its input, and the figures the PDF prints and the
 * Factur-X XML carries, taken from billing.ts as they are (`documentFigures` checks them).
 */

export type InvoiceParty = DocumentParty;

export type InvoiceDocumentInput = {
  /** The seller, printed by the frame on every page. */
  identity: DocumentIdentity;
  bank: { holder: string; iban: string; bic: string } | null;
  /** null: a draft preview (« Brouillon — non émise »). */
  number: string | null;
  /** AAAA-MM-JJ (Paris). */
  issuedOn: string;
  dueOn: string;
  creationDate: Date;
  client: InvoiceParty;
  /** The delivery address: the job site. */
  site: { street: string; postalCode: string; city: string };
  quote: { number: string; title: string; acceptedOn: string | null } | null;
  /** A standalone invoice's object and nature of the work (a quote's are on the quote). */
  subject?: { title: string; description: string } | null;
  /** A credit note's invoice. */
  credited: { number: string; issuedOn: string } | null;
  /** The deposit invoices deducted (final invoice, situations). */
  depositInvoices: { number: string; issuedOn: string }[];
  billing: BillingInvoice;
  paymentTermsText: string;
  /** Late-payment penalty rate of the settings, printed for a business client. */
  latePaymentRateBp: number;
  vatOnDebits: boolean;
  /** The client's VAT certification(s), carried over from the quote. */
  certifications: string[];
  retentionReleaseOn: string | null;
};

export type InvoiceDocument = {
  pdf: Buffer;
  xml: string;
  /** SHA-256 of the XML's UTF-8 bytes, hex. */
  xmlSha256: string;
  facturx: FacturxInvoice;
};

// ─── Figures ─────────────────────────────────────────────────────────────────────────

export type DocumentRate = {
  code: VatCode;
  basisPoints: BasisPoints;
  category: "S" | "AE";
  /** The rate's base HT on this document: work + deposit − deposits deducted. */
  ht: Cents;
  /** round(ht × rate) (BR-CO-17), plus `rounding` on a document that closes the rate. */
  vat: Cents;
  ttc: Cents;
  /** The earlier documents' roundings this one takes back (decision 018); absent: none. */
  rounding?: Cents;
};

/** The figures the PDF prints and the XML carries, signed as billing.ts signs them. */
export type DocumentFigures = InvoiceTotals & {
  /** Rates with a line on the document, in the order of VAT_CODES; `ht` is Σ their bases. */
  rates: DocumentRate[];
};

/** billing.ts's figures break a rule the document must keep: a bug, never printed. */
export class DocumentFiguresError extends namedError("DocumentFiguresError") {}

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** The rates that carry a line: a lot's part, a deposit row or a deduction row of non-zero HT. */
function ratesWithLines(billing: BillingInvoice): Set<VatCode> {
  const used = new Set<VatCode>();
  for (const line of billing.lines) {
    if (line.kind === "lot") {
      for (const part of line.byRate) if (part.ht !== 0) used.add(part.code);
    } else if (line.ht !== 0) used.add(line.code);
  }
  return used;
}

/**
 * billing.ts's figures, as printed and carried in the XML. Nothing is re-computed: throws
 * `DocumentFiguresError` if a rate's VAT is not round(base × rate) (BR-CO-17), if a rate
 * without a line has an amount, or if the totals do not follow from the rates.
 */
export function documentFigures(billing: BillingInvoice): DocumentFigures {
  const used = ratesWithLines(billing);
  const rates: DocumentRate[] = [];
  for (const rate of billing.byRate) {
    if (!used.has(rate.code)) {
      if (rate.ht !== 0 || rate.vat !== 0) {
        throw new DocumentFiguresError(`${rateLabel(rate.code)} : un montant sans ligne sur la facture.`);
      }
      continue;
    }
    const rounding = rate.rounding ?? 0;
    const expected =
      rate.category === "AE"
        ? 0
        : billing.vatIncluded
          ? vatIncludedIn(rate.ttc, rate.basisPoints)
          : percentOf(rate.ht, rate.basisPoints) + rounding;
    if (
      rate.vat !== expected ||
      rate.ttc !== rate.ht + rate.vat ||
      (rounding !== 0 && (rate.category === "AE" || billing.vatIncluded)) ||
      Math.abs(rounding) > MAX_VAT_ROUNDING ||
      Math.abs(rate.vat - rounding - percentOf(rate.ht, rate.basisPoints)) > (billing.vatIncluded ? 1 : 0)
    ) {
      throw new DocumentFiguresError(
        `${rateLabel(rate.code)} : la TVA ${formatCents(rate.vat)} n'est pas celle de la base ${formatCents(rate.ht)} (${formatCents(expected)}, règle BR-CO-17).`,
      );
    }
    rates.push({
      code: rate.code,
      basisPoints: rate.basisPoints,
      category: rate.category,
      ht: rate.ht,
      vat: rate.vat,
      ttc: rate.ttc,
      ...(rounding !== 0 ? { rounding } : {}),
    });
  }
  const ht = sum(rates.map((rate) => rate.ht));
  const vat = sum(rates.map((rate) => rate.vat));
  const ttc = ht + vat;
  const retention = billing.totals.retention;
  const { totals } = billing;
  if (
    totals.ht !== ht ||
    totals.vat !== vat ||
    totals.ttc !== ttc ||
    totals.netToPay !== ttc - retention ||
    totals.depositsDeductedHt !== sum(billing.depositDeduction.map((rate) => rate.ht))
  ) {
    throw new DocumentFiguresError("Les totaux de la facture ne découlent pas de ses taux.");
  }
  return {
    rates,
    ht,
    vat,
    ttc,
    depositsDeductedHt: totals.depositsDeductedHt,
    retention,
    netToPay: ttc - retention,
  };
}

export const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

export function rateLabel(code: VatCode): string {
  return code === "autoliquidation"
    ? VAT_RATES[code].label
    : `TVA ${formatPercent(VAT_RATES[code].basisPoints)}`;
}
