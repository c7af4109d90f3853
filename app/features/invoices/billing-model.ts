import { MAX_RETENTION_BASIS_POINTS } from "#app/lib/guarantee-retention.ts";
import { labelledValues } from "#app/lib/labels.ts";
import type { BasisPoints, Cents } from "#app/lib/money.ts";
import type { PercentOrAmount, RateTotal, VatCode } from "#app/lib/vat.ts";

/*
 * What billing works on and gives back: the quote's figures (`BillingQuote`), an invoice
 * or credit note as computed (`BillingInvoice`, its lines and totals per VAT rate), and
 * the requests (deposit, progress, credit note). The calculations are in ./billing.ts.
 */

/** The most a retention may take (loi 71-584, article 1er): 5 %. */
export const MAX_RETENTION: BasisPoints = MAX_RETENTION_BASIS_POINTS;

/** What the contract says of the retention; null when it provides none. */
export type RetentionTerms = {
  /** 0 to 5 %, in basis points (500 for 5 %). */
  basisPoints: BasisPoints;
  /** The company gave a bank guarantee instead: nothing is withheld. */
  bankGuarantee: boolean;
};

/** A lot of the quote: its counted lines' HT per rate, before the document discount. */
export type BillingLot = {
  id: string;
  title: string;
  /** Sum of `byRate`, as `quoteTotals` gives it per lot. */
  subtotalHt: Cents;
  byRate: readonly { code: VatCode; linesHt: Cents }[];
};

/**
 * The figures of an accepted quote that billing needs, structurally those of `quoteTotals`
 * (`byRate`, `totalHt`, `totalVat`, `totalTtc`) plus each lot per rate, reverse charge and
 * the retention terms. Travel costs come as a lot (`billingQuoteFromContent` does it).
 */
export type BillingQuote = {
  reverseCharge: boolean;
  lots: readonly BillingLot[];
  byRate: readonly Pick<RateTotal, "code" | "linesHt" | "discountHt" | "ht" | "vat">[];
  totalHt: Cents;
  totalVat: Cents;
  totalTtc: Cents;
  retention: RetentionTerms | null;
};

/** The id of the lot that carries a quote's travel costs (« : » is not allowed in a lot id). */
export const TRAVEL_LOT_ID = ":travel";
export const TRAVEL_LOT_TITLE = "Frais de déplacement";

// ─── What an invoice holds ───────────────────────────────────────────────────────────

export const INVOICE_KINDS = ["acompte", "situation", "solde", "facture", "avoir"] as const;
export type InvoiceKind = (typeof INVOICE_KINDS)[number];

/** EN 16931 VAT category: S (standard or reduced rate), AE (reverse charge). */
export type VatCategory = "S" | "AE";

/** Amounts of one VAT rate. On a credit note they are negative. */
export type RateAmount = {
  code: VatCode;
  basisPoints: BasisPoints;
  category: VatCategory;
  ht: Cents;
  vat: Cents;
  /** ht + vat. */
  ttc: Cents;
  /**
   * On a document that closes a rate (decision 018, « Closing a rate »): the cents its VAT
   * carries beyond round(ht × rate), the roundings of the rate's earlier documents taken
   * back so that the documents of the quote add up to its VAT; absent (0) on any other.
   */
  rounding?: Cents;
};

/** The most a closing document's VAT may carry beyond round(base × rate): 1 €, what EN 16931's BR-CO-17 Schematron tolerates. */
export const MAX_VAT_ROUNDING: Cents = 100;

/** A lot's row on a situation, the final invoice or a credit note of one of them. */
export type LotLine = {
  kind: "lot";
  lotId: string;
  title: string;
  /** The lot's contract amount HT: its lines less its share of the document discount. */
  contractHt: Cents;
  /** Cumulative progress after this document, in basis points (a typed amount shows its rounded percentage). */
  cumulativePercent: BasisPoints;
  /** Cumulative amount HT invoiced on the lot after this document. */
  cumulativeHt: Cents;
  /** Invoiced on the lot before this document (net of credit notes). */
  previousHt: Cents;
  /** This document's amount: cumulativeHt − previousHt (negative on a credit note). */
  ht: Cents;
  /** `ht` per rate of the lot. */
  byRate: { code: VatCode; ht: Cents }[];
};

/** An HT base of one VAT rate, without VAT of its own (the document's VAT is on its whole base). */
export type RateBase = Omit<RateAmount, "vat" | "ttc">;

/** A deposit invoice's row, one per rate (negative on its credit note). */
export type DepositLine = Omit<RateAmount, "category"> & { kind: "deposit"; label: string };

/**
 * Deposits deducted, one row per rate, HT, signed as they count in the document: negative
 * on an invoice. They lower the rate's base; the document's VAT is charged on what remains.
 */
export type DeductionLine = Omit<RateBase, "category"> & { kind: "depositDeduction"; label: string };

/**
 * A credit note's commercial gesture or discount at one rate (« Geste commercial »,
 * « Remise »): HT, negative, with the designation the user typed. It lowers what the
 * client pays, never the work invoiced: billing does not reopen.
 */
export type AllowanceLine = Omit<RateBase, "category"> & { kind: "allowance"; label: string };

export type InvoiceLine = LotLine | DepositLine | DeductionLine | AllowanceLine;

/** Why a credit note is issued: printed, and carried in the Factur-X XML (BT-22). */
export const CREDIT_NOTE_KIND_LABELS = {
  annulation: "Annulation",
  correction: "Correction",
  geste: "Geste commercial",
  remise: "Remise",
};
export type CreditNoteKind = keyof typeof CREDIT_NOTE_KIND_LABELS;
export const CREDIT_NOTE_KINDS = labelledValues(CREDIT_NOTE_KIND_LABELS);
export type CreditNoteReason = { kind: CreditNoteKind; text: string };

/**
 * A line of a standalone invoice as printed (designation, quantity, unit, unit price): the
 * detail of its lot lines, which carry the figures. Text lines are printed, never counted.
 */
export type ItemLine =
  | {
      kind: "item";
      lotId: string;
      designation: string;
      description: string;
      unit: string;
      /** Thousandths. */
      quantity: number;
      unitPriceHt: Cents;
      vatCode: VatCode;
      /** round(quantity × unit price): its share of the lot, as the quote totals count it. */
      ht: Cents;
      /** On a credit note's « Correction »: the position of the line it takes back in the invoice's `items`. */
      of?: number;
    }
  | { kind: "text"; lotId: string; text: string };

export type InvoiceRetention = RetentionTerms & {
  /** Withheld on this document (negative on a credit note, 0 under a bank guarantee). */
  withheld: Cents;
  /** Withheld on the quote once this document is issued. */
  cumulativeWithheld: Cents;
};

export type InvoiceTotals = {
  ht: Cents;
  vat: Cents;
  ttc: Cents;
  /** Deposits deducted, HT, already out of `ht` (positive on an invoice). Never a prepaid amount. */
  depositsDeductedHt: Cents;
  /** Retention withheld on this document. */
  retention: Cents;
  /** ttc − retention. */
  netToPay: Cents;
};

/**
 * One invoice or credit note of a quote. The arrays per rate list every rate of the quote
 * in the order of `VAT_CODES`, zeros included; `lines` holds what is printed.
 */
export type BillingInvoice = {
  kind: InvoiceKind;
  /** N of « n° N » among the quote's documents of this kind (1 for the first). */
  sequence: number;
  title: string;
  reverseCharge: boolean;
  lines: InvoiceLine[];
  /** The work of this document per rate, HT, from the lots. */
  work: RateBase[];
  /** The deposit of a deposit invoice per rate (its VAT is the document's); zeros otherwise. */
  deposit: RateAmount[];
  /** Deposits deducted per rate, HT, positive on an invoice (negative on its credit note). */
  depositDeduction: RateBase[];
  /**
   * What the VAT table prints: base HT = work + deposit − depositDeduction, VAT =
   * round(base × rate) (BR-CO-17), TTC.
   */
  byRate: RateAmount[];
  totals: InvoiceTotals;
  retention: InvoiceRetention | null;
  /** A credit note's invoice, and whether it cancels all that was left of it. */
  creditOf: { invoiceId: string; total: boolean } | null;
  /** A credit note's kind and the reason the user gave (absent on those issued before reasons were asked). */
  creditReason?: CreditNoteReason;
  /** A credit note's gesture or discount per rate (its VAT the document's); absent otherwise. */
  allowance?: RateAmount[];
  /** Texts the document must carry (reverse charge, bank guarantee). */
  mentions: string[];
  /**
   * A deposit asked in TTC: the amount asked, and a French sentence when the deposit's TTC
   * (HT shares + their VAT) differs from it; null on other documents.
   */
  depositRequest: { requestedTtc: Cents; notice: string | null } | null;
  /** A standalone invoice's lines as typed (`computeStandaloneInvoice`); absent otherwise. */
  items?: ItemLine[];
  /**
   * A sale at prices TTC (a shop order): each rate's VAT is taken out of its TTC,
   * round(ttc × rate / (1 + rate)), so the TTC is exactly what the buyer paid; it is then
   * within a cent of round(base × rate), which the EN 16931 rule BR-CO-17 tolerates
   * (decision 019). Absent on every other document: their VAT is round(base × rate).
   */
  vatIncluded?: true;
  /** What is sold: « Prestations de services » (absent) or goods (a shop order). */
  nature?: "goods";
};

/** An invoice as issued: what these functions returned, and its id. */
export type IssuedInvoice = BillingInvoice & { id: string };

export type BillingResult = { ok: true; invoice: BillingInvoice } | { ok: false; message: string };

export const BANK_GUARANTEE_MENTION =
  "Retenue de garantie remplacée par une caution bancaire (loi n° 71-584 du 16 juillet 1971, article 1er) : aucune retenue.";

// ─── Requests ────────────────────────────────────────────────────────────────────────

/** A deposit: a percentage of the quote's TTC or an amount TTC. */
export type DepositRequest = { deposit: PercentOrAmount };

/** A lot's cumulative progress: a percentage (basis points) or a cumulative amount HT. */
export type ProgressEntry = { lotId: string; percent: BasisPoints } | { lotId: string; cumulativeHt: Cents };
/** The lots not listed keep their progress. */
export type ProgressRequest = { lots: readonly ProgressEntry[] };

/** What a « Correction » takes back from one lot of the invoice, HT (at most what is left of it). */
export type LotCorrection = { lotId: string; ht: Cents };
/** What a « Correction » takes back from one line of a standalone invoice, in thousandths. */
export type ItemCorrection = { index: number; quantity: number };

export type CreditNoteRequest = {
  invoiceId: string;
  amount:
    | { kind: "total" }
    | { kind: "percent"; basisPoints: BasisPoints }
    | { kind: "amount"; ttc: Cents }
    /** A gesture or a discount: an amount TTC under a designation, split over the invoice's rates. */
    | { kind: "allowance"; ttc: Cents; designation: string }
    /** A correction of chosen lots of a quote's invoice: the HT taken back from each, spread over the lot's rates. */
    | { kind: "lots"; lots: readonly LotCorrection[] }
    /** A correction of chosen lines of a standalone invoice: the quantity taken back from each (`index` in its `items`). */
    | { kind: "items"; items: readonly ItemCorrection[] };
  /** Required on every new credit note (the routes ask for it); absent only in older callers' tests. */
  reason?: CreditNoteReason;
};
