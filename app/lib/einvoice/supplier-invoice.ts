import type { BasisPoints, Cents, Milli } from "../money.ts";
import type { IsoDay } from "../paris-time.ts";

/*
 * A supplier's invoice as read from the e-invoice it sent (decision 030): the EN 16931
 * terms the Achats section uses, in the product's units. Browser-safe (types, constants,
 * messages): the reader itself is `read.server.ts`.
 *
 * Amounts are as the file writes them, in cents: a credit note carries positive amounts
 * and `isCreditNote` says it is a credit. An amount that is absent or cannot be read is
 * `null` (and `supplierInvoiceProblems` names the rule it breaks); the invoice is still read.
 */

/** 20 MB: more than any real invoice PDF; checked before anything else is read. */
export const MAX_SUPPLIER_INVOICE_BYTES = 20 * 1024 * 1024;

export type EInvoiceFormat = "facturx" | "cii" | "ubl";

export const E_INVOICE_FORMAT_LABELS: Record<EInvoiceFormat, string> = {
  facturx: "Factur-X (PDF avec XML)",
  cii: "XML CII",
  ubl: "XML UBL",
};

export type ReadFailureReason =
  | "too-large"
  | "no-xml"
  | "not-invoice"
  | "unsafe-xml"
  | "malformed"
  | "unsupported";

/** A rule of EN 16931 (or of the reader) that the invoice breaks. The message is French. */
export type SupplierInvoiceProblem = { rule: string; message: string };

export interface ReadAddress {
  /** BT-35, BT-36, BT-162. */
  lines: string[];
  postcode?: string;
  city?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
}

export interface ReadSeller {
  /** BT-27. */
  name: string;
  /** BT-28. */
  tradingName?: string;
  /** BT-30 with scheme 0002 (or the first nine digits of a SIRET, scheme 0009), else derived from an FR VAT number. */
  siren?: string;
  /** BT-30 as written, whatever its scheme. */
  legalId?: { id: string; scheme?: string };
  /** BT-31. */
  vatNumber?: string;
  /** BG-5. */
  address?: ReadAddress;
  /** BT-84. */
  iban?: string;
  /** BT-86. */
  bic?: string;
}

export interface ReadBuyer {
  /** BT-44. */
  name: string;
  /** BT-47 (scheme 0002), else derived from an FR VAT number. */
  siren?: string;
  /** BT-48. */
  vatNumber?: string;
}

export interface ReadLine {
  /** BT-126. */
  id: string;
  /** BT-155, the seller's item identifier. */
  reference?: string;
  /** BT-153. */
  designation: string;
  /** BT-129 as written in the file (« 12.5 »). */
  quantity: string;
  /** BT-129 in thousandths when it has three decimals at most and fits; else null. */
  quantityMilli: Milli | null;
  /** BT-130, UN/ECE Rec. 20. */
  unitCode?: string;
  /** BT-146, the net unit price as written in the file (it may carry four decimals). */
  unitPrice?: string;
  /** BT-131. */
  netCents: Cents | null;
  /** BT-151, UNTDID 5305: S, AE, E, Z, K, G, O, L, M. */
  vatCategory?: string;
  /** BT-152 in basis points (2000 for 20 %); 0 for reverse charge. */
  vatRate: BasisPoints | null;
}

/** BG-20 (allowance) or BG-21 (charge), at document level. */
export interface ReadAllowanceCharge {
  amountCents: Cents | null;
  reason?: string;
  vatCategory?: string;
  vatRate: BasisPoints | null;
}

/** BG-23, one per VAT category and rate. */
export interface ReadVatBreakdown {
  /** BT-118. */
  category: string;
  /** BT-119, basis points. */
  rate: BasisPoints | null;
  /** BT-116. */
  baseCents: Cents | null;
  /** BT-117. */
  vatCents: Cents | null;
  /** BT-120 (« Autoliquidation »…), or BT-121's code when no text is given. */
  exemptionReason?: string;
  /** BT-121 (« VATEX-EU-AE »). */
  exemptionCode?: string;
}

/** BG-22. */
export interface ReadTotals {
  /** BT-106. */
  lines: Cents | null;
  /** BT-107. */
  allowances: Cents | null;
  /** BT-108. */
  charges: Cents | null;
  /** BT-109. */
  net: Cents | null;
  /** BT-110, in the invoice's currency. */
  vat: Cents | null;
  /** BT-112. */
  gross: Cents | null;
  /** BT-113. */
  prepaid: Cents | null;
  /** BT-114. */
  rounding: Cents | null;
  /** BT-115. */
  due: Cents | null;
}

export interface ReadSupplierInvoice {
  /** BT-3, UNTDID 1001: 380 invoice, 381 credit note, 386 deposit… */
  typeCode: string;
  isCreditNote: boolean;
  /** BT-1. */
  number: string;
  /** BT-2, ISO day; absent when the file's date cannot be read. */
  issueDate?: IsoDay;
  /** BT-9. */
  dueDate?: IsoDay;
  /** BT-5. */
  currency: string;
  /** BT-13, the buyer's purchase order. */
  orderReference?: string;
  /** BT-10. */
  buyerReference?: string;
  /** BG-3, the invoices a credit note corrects. */
  precedingInvoices: string[];
  seller: ReadSeller;
  buyer: ReadBuyer;
  lines: ReadLine[];
  allowances: ReadAllowanceCharge[];
  charges: ReadAllowanceCharge[];
  vatBreakdown: ReadVatBreakdown[];
  totals: ReadTotals;
  /** BT-20. */
  paymentTerms?: string;
  /** BT-22. */
  notes: string[];
  /** What the reader noticed in the file itself (an amount with three decimals…). */
  readIssues: SupplierInvoiceProblem[];
}

export type ReadResult =
  | { ok: true; invoice: ReadSupplierInvoice; format: EInvoiceFormat; xml: string }
  | { ok: false; reason: ReadFailureReason; message: string };

/** UNTDID 1001 codes EN 16931 treats as credit notes. */
export const CREDIT_NOTE_TYPE_CODES: ReadonlySet<string> = new Set([
  "81",
  "83",
  "261",
  "262",
  "296",
  "308",
  "381",
  "396",
  "420",
  "458",
  "532",
]);

const KEEP_BY_HAND = "Le fichier peut être conservé et la facture saisie à la main.";

export const READ_FAILURE_MESSAGES = {
  tooLarge: `Ce fichier dépasse ${MAX_SUPPLIER_INVOICE_BYTES / 1024 / 1024} Mo : une facture n'est jamais aussi lourde. Vérifiez le fichier envoyé par le fournisseur.`,
  empty: "Ce fichier est vide.",
  noXml: `Ce PDF ne contient pas de facture électronique (pas de XML Factur-X joint). ${KEEP_BY_HAND}`,
  image: `Une photo ou une image ne se lit pas comme une facture électronique. ${KEEP_BY_HAND}`,
  unknownFormat: `Ce fichier n'est ni un PDF ni un fichier XML de facture. ${KEEP_BY_HAND}`,
  encryptedPdf: `Ce PDF est chiffré : la facture qu'il contient ne peut pas être lue. ${KEEP_BY_HAND}`,
  malformedPdf: "Ce PDF est incomplet ou endommagé : demandez au fournisseur de renvoyer sa facture.",
  malformedXml: "Ce fichier XML est mal formé : demandez au fournisseur de renvoyer sa facture.",
  tooManyElements:
    "Ce fichier XML compte plus de 200 000 éléments : c'est bien plus qu'une facture, même de milliers de lignes.",
  attachedXmlTooLarge: "Le XML joint à ce PDF est trop volumineux pour être une facture.",
  unsafeXml:
    "Ce fichier XML contient une déclaration DOCTYPE ou ENTITY, refusée par sécurité : une facture électronique n'en a jamais.",
  notInvoice:
    "Ce fichier XML n'est pas une facture électronique (ni CII « CrossIndustryInvoice », ni UBL « Invoice » ou « CreditNote »).",
  oldZugferd: `Ce fichier est au format ZUGFeRD 1, qui n'est plus lu. ${KEEP_BY_HAND}`,
} as const;
