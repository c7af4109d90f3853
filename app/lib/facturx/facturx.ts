import type { QuoteUnit } from "#app/db/schema/quotes.ts";
import { bicProblem, ibanProblem, normalizeBic, normalizeIban } from "#app/lib/bank.ts";
import {
  type BasisPoints,
  type Cents,
  FULL_PERCENT,
  formatCents,
  formatPercent,
  isCents,
  isMilli,
  lineTotal,
  type Milli,
  percentOf,
} from "#app/lib/money.ts";
import { namedError } from "#app/lib/named-error.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { REVERSE_CHARGE_MENTION, VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import { buyerElectronicAddress, frenchRuleViolations } from "./french-rules.ts";

/*
 * The CII XML of a Factur-X invoice, EN 16931 profile (decision 017): an invoice as the
 * law and EN 16931 describe it goes in, the UN/CEFACT Cross Industry Invoice (D16B, the
 * subset Factur-X 1.07 uses) comes out. Pure and browser-safe: no Node API, no clock, the
 * same input gives the same string.
 *
 * Nothing here computes a total: the caller passes the figures it stores and prints
 * (app/lib/vat.ts computes them), and `buildFacturxXml` refuses, with a French message,
 * figures that do not follow from each other by the rules of EN 16931 (BR-CO-10 to
 * BR-CO-17, BR-S-08, BR-AE-08…). A PDF and its XML then cannot disagree.
 *
 * EN 16931 business terms are named BT-n / BG-n in the comments, as in the norm.
 */

/** BT-3, UNTDID 1001: invoice, prepayment (deposit) invoice, credit note. */
export const FACTURX_TYPE_CODES = {
  invoice: "380",
  deposit: "386",
  creditNote: "381",
} as const;
export type FacturxTypeCode = (typeof FACTURX_TYPE_CODES)[keyof typeof FACTURX_TYPE_CODES];

/**
 * BT-23, « cadre de facturation » of the French e-invoicing reform (rule G1.02 of the
 * DGFiP's external specifications): the letter says goods (B), services (S) or both (M),
 * the digit the case. Building work is a service: S1 for a deposit, progress or ordinary
 * invoice and a credit note, S2 when it was paid before it was issued, S4 for the final
 * invoice that deducts deposits.
 */
export const BUSINESS_PROCESSES = {
  B1: "Dépôt d'une facture de bien",
  S1: "Dépôt d'une facture de prestation de service",
  M1: "Dépôt d'une facture double (biens et services)",
  B2: "Dépôt d'une facture de bien déjà payée",
  S2: "Dépôt d'une facture de prestation de service déjà payée",
  M2: "Dépôt d'une facture double déjà payée",
  B4: "Dépôt d'une facture définitive (après acompte) de bien",
  S4: "Dépôt d'une facture définitive (après acompte) de prestation de service",
  M4: "Dépôt d'une facture définitive (après acompte) double",
  S5: "Dépôt par un sous-traitant d'une facture de prestation de service",
  S6: "Dépôt par un cotraitant d'une facture de prestation de service",
  B7: "Dépôt d'une facture de bien déjà soumise à e-reporting",
  S7: "Dépôt d'une facture de prestation de service déjà soumise à e-reporting",
} as const;
export type FacturxBusinessProcess = keyof typeof BUSINESS_PROCESSES;

/** BT-24 of the EN 16931 profile of Factur-X. */
export const EN16931_GUIDELINE = "urn:cen.eu:en16931:2017";

/**
 * The app's units (quotes and invoices) as UN/ECE Recommendation 20 codes (BT-130).
 * « ml » (mètre linéaire) and « forfait » have codes of their own in Rec. 20: LM
 * (linear metre) and LS (lump sum), more exact than MTR and C62.
 */
export const UNIT_CODES = {
  u: "C62",
  h: "HUR",
  m: "MTR",
  ml: "LM",
  "m²": "MTK",
  "m³": "MTQ",
  kg: "KGM",
  l: "LTR",
  forfait: "LS",
} as const satisfies Record<QuoteUnit, string>;

export function unitCodeFor(unit: QuoteUnit): string {
  return UNIT_CODES[unit];
}

/** BT-21, UNTDID 4451: the subject codes of the notes a French invoice carries. */
export const NOTE_SUBJECTS = {
  /** Late-payment penalties (Code de commerce L441-10). */
  latePaymentPenalties: "PMD",
  /** The fixed 40 € recovery indemnity (D441-5). */
  recoveryIndemnity: "PMT",
  /** Discount for early payment, or that there is none. */
  earlyPaymentDiscount: "AAB",
  /** A tax mention: reverse charge, option for VAT on debits. */
  tax: "TXD",
  /** Another legal mention: insurance, reduced-rate certification. */
  regulatory: "REG",
  /** General information: why a credit note is issued. */
  general: "AAI",
} as const;
export type FacturxNoteSubject = (typeof NOTE_SUBJECTS)[keyof typeof NOTE_SUBJECTS];

/** BT-118, UNTDID 5305: standard rate, or reverse charge. */
export type FacturxVatCategory = "S" | "AE";

/** A VAT category and its rate (BT-151/152, BT-118/119). */
export interface FacturxVat {
  category: FacturxVatCategory;
  /** 2000 for 20 %; 0 for reverse charge. */
  rate: BasisPoints;
}

/** The app's VAT codes as EN 16931 categories. */
export function facturxVat(code: VatCode): FacturxVat {
  const rate = VAT_RATES[code];
  return rate.reverseCharge ? { category: "AE", rate: 0 } : { category: "S", rate: rate.basisPoints };
}

/** BT-121, VATEX: the exemption code of reverse charge. */
export const REVERSE_CHARGE_EXEMPTION_CODE = "VATEX-EU-AE";

export interface FacturxAddress {
  /** Street, one to three lines (BT-35, BT-36, BT-162). */
  lines: readonly string[];
  postcode: string;
  city: string;
  /** ISO 3166-1 alpha-2: « FR ». */
  countryCode: string;
}

export interface FacturxSeller {
  /** BT-27, the registered name. */
  name: string;
  /** BT-28. */
  tradingName?: string;
  /** BT-30, SIREN (scheme 0002). */
  siren: string;
  /** BT-29, SIRET of the establishment (scheme 0009). */
  siret?: string;
  /** BT-31: « FR65912345675 ». */
  vatNumber: string;
  /** BT-33, legal form, capital, RCS: « SASU au capital de 3 000 € – RCS Toulon 912 345 675 ». */
  legalInformation: string;
  /** BG-5. */
  address: FacturxAddress;
  /** BT-34, the electronic address (scheme EM). */
  email: string;
}

export interface FacturxBuyer {
  /** BT-44. */
  name: string;
  /** BT-47, SIREN when the buyer is a business (scheme 0002). */
  siren?: string;
  /** BT-48, when the buyer has one; required for reverse charge. */
  vatNumber?: string;
  /** BG-8. */
  address: FacturxAddress;
  /** BT-49 (scheme EM). */
  email?: string;
  /** BT-10: the reference the buyer asked for (its order number…). */
  reference?: string;
}

export interface FacturxLine {
  /** BT-126, unique in the invoice. */
  id: string;
  /** BT-153. */
  name: string;
  /** BT-154. */
  description?: string;
  /** BT-129, thousandths (12,5 m² is 12500); negative for a line that deducts. */
  quantity: Milli;
  /** BT-130, UN/ECE Rec. 20 (`unitCodeFor`). */
  unitCode: string;
  /** BT-146, net unit price HT in cents, never negative (BR-27). */
  unitPrice: Cents;
  /** BG-27, a line discount: round(quantity × price) × rate, as app/lib/money.ts computes it. */
  allowance?: { amount: Cents; rate?: BasisPoints; reason: string };
  /** BT-131 = round(quantity × unit price) − allowance. */
  netAmount: Cents;
  vat: FacturxVat;
}

/** BG-20, a document-level discount, one per VAT category and rate. */
export interface FacturxAllowance {
  /** BT-92, positive. */
  amount: Cents;
  vat: FacturxVat;
  /** BT-97: « Remise ». */
  reason: string;
}

/** BG-23, one per VAT category and rate used. */
export interface FacturxVatBreakdown {
  category: FacturxVatCategory;
  rate: BasisPoints;
  /** BT-116 = Σ lines' net − Σ allowances of this category and rate. */
  basis: Cents;
  /** BT-117 = round(basis × rate), half away from zero; 0 for reverse charge. */
  tax: Cents;
  /**
   * The cents BT-117 carries beyond round(basis × rate) on the document that closes a
   * quote's rate (the earlier documents' roundings taken back), at most 1 € either way:
   * the tolerance of BR-CO-17 in the EN 16931 Schematron (|BT-117| ± 1 around the rounded
   * product). Absent: BT-117 is exactly round(basis × rate).
   */
  rounding?: Cents;
  /** BT-120, reverse charge only; default: the mention of app/lib/vat.ts. */
  exemptionReason?: string;
}

/** BG-22. */
export interface FacturxTotals {
  /** BT-106 = Σ lines' net. */
  lines: Cents;
  /** BT-107 = Σ document allowances. */
  allowances: Cents;
  /** BT-109 = lines − allowances. */
  taxBasis: Cents;
  /** BT-110, in EUR = Σ breakdown's tax. */
  tax: Cents;
  /** BT-112 = taxBasis + tax. */
  grandTotal: Cents;
  /** BT-113: deposits already paid and deducted (TTC). */
  prepaid: Cents;
  /** BT-115 = grandTotal − prepaid. */
  duePayable: Cents;
}

export interface FacturxNote {
  /** BT-22. */
  content: string;
  /** BT-21. */
  subjectCode?: FacturxNoteSubject;
}

/** BG-16: a SEPA credit transfer (payment means 58) to the seller's account. */
export interface FacturxPayment {
  /** BT-84. */
  iban: string;
  /** BT-86. */
  bic?: string;
  /** BT-85. */
  accountName?: string;
  /** BT-83, the reference the payer repeats: the invoice number. */
  remittanceReference?: string;
}

/** BG-3. */
export interface FacturxPrecedingInvoice {
  /** BT-25. */
  number: string;
  /** BT-26. */
  issueDate: IsoDay;
}

export interface FacturxInvoice {
  /** BT-3. */
  typeCode: FacturxTypeCode;
  /** BT-23 (the French reform makes it compulsory). */
  businessProcess: FacturxBusinessProcess;
  /** BT-1. */
  number: string;
  /** BT-2. */
  issueDate: IsoDay;
  /** BG-3: the invoice a credit note corrects, the deposit invoices a final invoice deducts. */
  precedingInvoices?: readonly FacturxPrecedingInvoice[];
  /**
   * Prices TTC: each rate's VAT was taken out of its TTC and may be a cent away from
   * round(base × rate) (decision 019). Absent: the VAT must be exactly round(base × rate).
   */
  vatIncluded?: true;
  /** BT-12: the signed quote, « DEV-2026-0001 ». */
  contractReference?: string;
  /** BT-11: the job site. */
  project?: { id: string; name: string };
  seller: FacturxSeller;
  buyer: FacturxBuyer;
  /** BG-13: the site, when it differs from the buyer's address; BT-72 the date of the work. */
  delivery?: { name?: string; address?: FacturxAddress; date?: IsoDay };
  /** BG-14: the period of the work invoiced. */
  servicePeriod?: { start: IsoDay; end: IsoDay };
  /** BG-25, at least one. */
  lines: readonly FacturxLine[];
  /** BG-20. */
  allowances?: readonly FacturxAllowance[];
  /** BG-23. */
  vatBreakdown: readonly FacturxVatBreakdown[];
  totals: FacturxTotals;
  /**
   * BT-8: the option for paying VAT on debits (« d'après les débits »): code 5, VAT due
   * on the invoice date; without it code 72, VAT on services due when paid.
   */
  vatOnDebits: boolean;
  /** BT-9. */
  dueDate?: IsoDay;
  /** BT-20. */
  paymentTerms?: string;
  payment: FacturxPayment;
  /**
   * A retention (retenue de garantie, loi 71-584) withheld from this payment. EN 16931
   * has no term for it: the VAT and BT-115 stay those of the work (a retention is owed,
   * only paid later), and the payment terms (BT-20) say what is withheld and what is to
   * be paid now.
   */
  retention?: { amount: Cents; rate: BasisPoints; releaseDate?: IsoDay };
  /** BG-1. */
  notes: readonly FacturxNote[];
}

/** An invoice whose figures or identities EN 16931 would refuse. The message is French. */
export class FacturxError extends namedError("FacturxError") {}

// Validation ---------------------------------------------------------------------------

// XML 1.0 cannot carry these at all (not even escaped); tab and line feed stay in texts.
// biome-ignore lint/suspicious/noControlCharactersInRegex: refusing them is the point
const FORBIDDEN_IN_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function fail(message: string): never {
  throw new FacturxError(message);
}

function checkText(value: string | undefined, what: string, options: { required?: boolean } = {}): void {
  if (value === undefined) {
    if (options.required) fail(`${what} : ce champ est obligatoire.`);
    return;
  }
  if (typeof value !== "string" || (options.required && value.trim() === "")) {
    fail(`${what} : ce champ est obligatoire.`);
  }
  if (FORBIDDEN_IN_XML.test(value) || LONE_SURROGATE.test(value)) {
    fail(`${what} : ce texte contient des caractères non autorisés.`);
  }
}

function checkSingleLine(value: string | undefined, what: string, required = true): void {
  checkText(value, what, { required });
  if (value !== undefined && /[\r\n\t]/.test(value)) fail(`${what} : ce texte doit tenir sur une ligne.`);
}

function checkDay(value: string, what: string): void {
  const problem =
    typeof value === "string" ? isoDayProblem(value) : "La date doit être au format AAAA-MM-JJ.";
  if (problem) fail(`${what} : ${problem}`);
}

function checkCents(value: Cents, what: string): void {
  if (!isCents(value)) fail(`${what} : montant invalide (entier de centimes attendu).`);
}

function checkAddress(address: FacturxAddress, what: string, countryOnly = false): void {
  if (countryOnly && Array.isArray(address.lines) && address.lines.length === 0) {
    // BG-8 asks only the country (BT-55): a private buyer who gave no address.
    if (address.postcode !== "" || address.city !== "") {
      fail(`${what} : sans ligne d'adresse, ni code postal ni ville.`);
    }
    if (!/^[A-Z]{2}$/.test(address.countryCode)) fail(`${what} : code pays ISO à deux lettres attendu (FR).`);
    return;
  }
  if (!Array.isArray(address.lines) || address.lines.length < 1 || address.lines.length > 3) {
    fail(`${what} : l'adresse compte une à trois lignes.`);
  }
  for (const [index, line] of address.lines.entries()) checkSingleLine(line, `${what}, ligne ${index + 1}`);
  checkSingleLine(address.postcode, `${what}, code postal`);
  checkSingleLine(address.city, `${what}, ville`);
  if (!/^[A-Z]{2}$/.test(address.countryCode)) fail(`${what} : code pays ISO à deux lettres attendu (FR).`);
}

function checkVat(vat: FacturxVat, what: string): void {
  if (vat.category === "S") {
    // BR-S-05: a standard-rated line has a rate above zero.
    if (!Number.isSafeInteger(vat.rate) || vat.rate <= 0 || vat.rate > FULL_PERCENT) {
      fail(`${what} : un taux de TVA normal est compris entre 0 et 100 % (exclu).`);
    }
  } else if (vat.category === "AE") {
    // BR-AE-05.
    if (vat.rate !== 0) fail(`${what} : l'autoliquidation se déclare au taux de 0 %.`);
  } else {
    fail(`${what} : catégorie de TVA inconnue.`);
  }
}

const SIREN = /^\d{9}$/;
const VAT_NUMBER = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

function sum(values: readonly Cents[]): Cents {
  return values.reduce((total, value) => total + value, 0);
}

const vatKey = (vat: { category: FacturxVatCategory; rate: BasisPoints }) => `${vat.category}:${vat.rate}`;

function describeVat(vat: { category: FacturxVatCategory; rate: BasisPoints }): string {
  return vat.category === "AE" ? "autoliquidation" : `TVA ${formatPercent(vat.rate)}`;
}

/**
 * Checks what EN 16931 and the French reform would refuse and the XML schema cannot see:
 * identities, dates, the arithmetic between lines, breakdown and totals. Throws
 * `FacturxError`.
 */
export function checkFacturxInvoice(invoice: FacturxInvoice): void {
  const { seller, buyer, totals } = invoice;
  if (!Object.values(FACTURX_TYPE_CODES).includes(invoice.typeCode)) fail("Type de document inconnu.");
  if (!Object.hasOwn(BUSINESS_PROCESSES, invoice.businessProcess)) fail("Cadre de facturation inconnu.");
  checkSingleLine(invoice.number, "Numéro de la facture");
  checkDay(invoice.issueDate, "Date d'émission");

  // G1.60: a final invoice after deposits is not itself a deposit invoice.
  if (invoice.businessProcess.endsWith("4") && invoice.typeCode === FACTURX_TYPE_CODES.deposit) {
    fail("Une facture d'acompte ne peut pas porter le cadre « facture définitive après acompte ».");
  }
  const preceding = invoice.precedingInvoices ?? [];
  preceding.forEach((reference, index) => {
    checkSingleLine(reference.number, `Facture antérieure ${index + 1}, numéro`);
    checkDay(reference.issueDate, `Facture antérieure ${index + 1}, date`);
  });
  if (invoice.typeCode === FACTURX_TYPE_CODES.creditNote && preceding.length === 0) {
    fail("Un avoir doit citer la facture qu'il corrige.");
  }
  if (invoice.businessProcess.endsWith("4") && preceding.length === 0) {
    fail("Une facture définitive après acompte doit citer les factures d'acompte qu'elle déduit.");
  }
  checkSingleLine(invoice.contractReference, "Référence du contrat", false);
  if (invoice.project) {
    checkSingleLine(invoice.project.id, "Référence du chantier");
    checkSingleLine(invoice.project.name, "Nom du chantier");
  }

  // Parties (BR-06 to BR-11, BR-CO-09, BR-CO-26, BR-62, BR-63).
  checkSingleLine(seller.name, "Vendeur, raison sociale");
  checkSingleLine(seller.tradingName, "Vendeur, nom commercial", false);
  if (!SIREN.test(seller.siren)) fail("Vendeur : le SIREN compte neuf chiffres.");
  if (
    seller.siret !== undefined &&
    !(/^\d{14}$/.test(seller.siret) && seller.siret.startsWith(seller.siren))
  ) {
    fail("Vendeur : le SIRET compte quatorze chiffres et commence par le SIREN.");
  }
  if (!VAT_NUMBER.test(seller.vatNumber))
    fail("Vendeur : numéro de TVA invalide (FR suivi de 11 caractères).");
  checkSingleLine(seller.legalInformation, "Vendeur, forme juridique, capital et RCS");
  checkAddress(seller.address, "Adresse du vendeur");
  checkSingleLine(seller.email, "Vendeur, adresse électronique");
  if (!seller.email.includes("@")) fail("Vendeur : adresse électronique invalide.");
  checkSingleLine(buyer.name, "Client, nom");
  if (buyer.siren !== undefined && !SIREN.test(buyer.siren)) fail("Client : le SIREN compte neuf chiffres.");
  if (buyer.vatNumber !== undefined && !VAT_NUMBER.test(buyer.vatNumber)) {
    fail("Client : numéro de TVA invalide.");
  }
  checkAddress(buyer.address, "Adresse du client", true);
  checkSingleLine(buyer.email, "Client, adresse électronique", false);
  if (buyer.email !== undefined && !buyer.email.includes("@"))
    fail("Client : adresse électronique invalide.");
  checkSingleLine(buyer.reference, "Référence du client", false);

  if (invoice.delivery) {
    checkSingleLine(invoice.delivery.name, "Lieu de livraison, nom", false);
    if (invoice.delivery.address) checkAddress(invoice.delivery.address, "Adresse du chantier");
    if (invoice.delivery.date !== undefined) checkDay(invoice.delivery.date, "Date des travaux");
  }
  if (invoice.servicePeriod) {
    checkDay(invoice.servicePeriod.start, "Début de la période");
    checkDay(invoice.servicePeriod.end, "Fin de la période");
    // BR-29.
    if (invoice.servicePeriod.end < invoice.servicePeriod.start) {
      fail("La fin de la période précède son début.");
    }
  }

  // Lines (BR-16, BR-21 to BR-27, BR-41, BR-42).
  if (!Array.isArray(invoice.lines) || invoice.lines.length === 0)
    fail("Une facture compte au moins une ligne.");
  const ids = new Set<string>();
  const netByVat = new Map<string, Cents>();
  invoice.lines.forEach((line, index) => {
    const where = `Ligne ${index + 1}`;
    checkSingleLine(line.id, `${where}, identifiant`);
    if (ids.has(line.id)) fail(`${where} : l'identifiant ${line.id} est déjà pris par une autre ligne.`);
    ids.add(line.id);
    checkSingleLine(line.name, `${where}, désignation`);
    checkText(line.description, `${where}, description`);
    if (!isMilli(line.quantity)) fail(`${where} : quantité invalide (entier de millièmes attendu).`);
    if (!/^[A-Z0-9]{2,3}$/.test(line.unitCode)) fail(`${where} : code d'unité UN/ECE invalide.`);
    checkCents(line.unitPrice, `${where}, prix unitaire`);
    if (line.unitPrice < 0)
      fail(`${where} : le prix unitaire ne peut pas être négatif (la quantité porte le signe).`);
    checkCents(line.netAmount, `${where}, montant net`);
    checkVat(line.vat, where);
    const gross = lineTotal(line.quantity, line.unitPrice);
    let allowance = 0;
    if (line.allowance) {
      checkCents(line.allowance.amount, `${where}, remise`);
      checkSingleLine(line.allowance.reason, `${where}, motif de la remise`);
      if (
        line.allowance.rate !== undefined &&
        line.allowance.amount !== percentOf(gross, line.allowance.rate)
      ) {
        fail(`${where} : la remise ne correspond pas à son pourcentage du montant brut.`);
      }
      allowance = line.allowance.amount;
    }
    if (line.netAmount !== gross - allowance) {
      fail(`${where} : le montant net n'est pas quantité × prix unitaire, moins la remise.`);
    }
    netByVat.set(vatKey(line.vat), (netByVat.get(vatKey(line.vat)) ?? 0) + line.netAmount);
  });

  // Document-level allowances (BR-31 to BR-33).
  const allowances = invoice.allowances ?? [];
  const allowancesByVat = new Map<string, Cents>();
  allowances.forEach((allowance, index) => {
    const where = `Remise ${index + 1}`;
    checkCents(allowance.amount, where);
    if (allowance.amount <= 0) fail(`${where} : le montant d'une remise est positif.`);
    checkVat(allowance.vat, where);
    checkSingleLine(allowance.reason, `${where}, motif`);
    if (!netByVat.has(vatKey(allowance.vat))) fail(`${where} : aucune ligne à ce taux de TVA.`);
    allowancesByVat.set(
      vatKey(allowance.vat),
      (allowancesByVat.get(vatKey(allowance.vat)) ?? 0) + allowance.amount,
    );
  });

  // VAT breakdown (BR-CO-18, BR-S-08, BR-S-09, BR-AE-08, BR-AE-09, BR-CO-17).
  const seen = new Set<string>();
  invoice.vatBreakdown.forEach((entry) => {
    const what = `Ventilation ${describeVat(entry)}`;
    checkVat(entry, what);
    checkCents(entry.basis, `${what}, base`);
    checkCents(entry.tax, `${what}, TVA`);
    checkText(entry.exemptionReason, `${what}, motif d'exonération`);
    const key = vatKey(entry);
    if (seen.has(key)) fail(`${what} : ce taux figure deux fois.`);
    seen.add(key);
    if (!netByVat.has(key)) fail(`${what} : aucune ligne à ce taux.`);
    const expectedBasis = (netByVat.get(key) ?? 0) - (allowancesByVat.get(key) ?? 0);
    if (entry.basis !== expectedBasis)
      fail(`${what} : la base n'est pas la somme des lignes à ce taux, moins les remises.`);
    // Prices TTC (a shop order): the VAT taken out of the TTC is within a cent of
    // base × rate, which BR-CO-17 tolerates (its Schematron allows ±1 of the currency unit).
    const rounded = percentOf(entry.basis, entry.rate);
    const tolerance = invoice.vatIncluded ? 1 : 0;
    if (entry.rounding !== undefined) {
      if (entry.tax !== rounded + entry.rounding || Math.abs(entry.rounding) > 100) {
        fail(`${what} : l'arrondi repris sur la TVA dépasse ce que tolère la règle BR-CO-17 (1 €).`);
      }
    } else if (Math.abs(entry.tax - rounded) > tolerance) {
      fail(`${what} : la TVA n'est pas la base × le taux, arrondie au centime.`);
    }
    if (entry.category === "S" && entry.exemptionReason !== undefined) {
      fail(`${what} : un taux normal n'a pas de motif d'exonération.`);
    }
  });
  for (const key of netByVat.keys()) {
    if (!seen.has(key)) fail("La ventilation de la TVA omet un taux utilisé par les lignes.");
  }
  if (seen.has("AE:0")) {
    // BR-AE-02 asks the buyer's VAT number or registration; French law (CGI annexe II,
    // 242 nonies A) asks the VAT number: the stricter reading.
    if (!buyer.vatNumber) fail("Autoliquidation : le numéro de TVA du client est obligatoire.");
  }

  // Totals (BR-CO-10, BR-CO-11, BR-CO-13 to BR-CO-16).
  const totalLabels: Record<keyof FacturxTotals, string> = {
    lines: "Total des lignes",
    allowances: "Total des remises",
    taxBasis: "Total HT",
    tax: "Total de la TVA",
    grandTotal: "Total TTC",
    prepaid: "Montant déjà payé",
    duePayable: "Montant à payer",
  };
  for (const [key, label] of Object.entries(totalLabels))
    checkCents(totals[key as keyof FacturxTotals], label);
  if (totals.lines !== sum(invoice.lines.map((line) => line.netAmount))) {
    fail("Le total des lignes n'est pas la somme des montants nets des lignes.");
  }
  if (totals.allowances !== sum(allowances.map((allowance) => allowance.amount))) {
    fail("Le total des remises n'est pas la somme des remises.");
  }
  if (totals.taxBasis !== totals.lines - totals.allowances) {
    fail("Le total HT n'est pas le total des lignes moins les remises.");
  }
  if (totals.taxBasis !== sum(invoice.vatBreakdown.map((entry) => entry.basis))) {
    fail("Le total HT n'est pas la somme des bases de la ventilation de la TVA.");
  }
  if (totals.tax !== sum(invoice.vatBreakdown.map((entry) => entry.tax))) {
    fail("Le total de la TVA n'est pas la somme de la ventilation par taux.");
  }
  if (totals.grandTotal !== totals.taxBasis + totals.tax)
    fail("Le total TTC n'est pas le total HT plus la TVA.");
  if (totals.prepaid < 0) fail("Le montant déjà payé ne peut pas être négatif.");
  if (totals.duePayable !== totals.grandTotal - totals.prepaid) {
    fail("Le montant à payer n'est pas le total TTC moins le montant déjà payé.");
  }
  if (invoice.typeCode === FACTURX_TYPE_CODES.creditNote && totals.grandTotal < 0) {
    fail("Un avoir porte des montants positifs : son type dit déjà qu'il s'agit d'un crédit.");
  }
  // An invoice « already paid » (B2, S2, M2) leaves nothing to pay.
  if (invoice.businessProcess.endsWith("2") && totals.duePayable !== 0) {
    fail("Une facture déjà payée n'a plus de montant à payer.");
  }

  // Payment (BR-CO-25, BR-61).
  if (invoice.dueDate !== undefined) checkDay(invoice.dueDate, "Date d'échéance");
  checkText(invoice.paymentTerms, "Conditions de paiement");
  if (totals.duePayable > 0 && invoice.dueDate === undefined && !invoice.paymentTerms) {
    fail("Un montant à payer demande une date d'échéance ou des conditions de paiement.");
  }
  const ibanIssue = ibanProblem(normalizeIban(invoice.payment.iban ?? ""));
  if (ibanIssue) fail(`IBAN : ${ibanIssue}`);
  if (invoice.payment.bic !== undefined) {
    const bicIssue = bicProblem(normalizeBic(invoice.payment.bic));
    if (bicIssue) fail(`BIC : ${bicIssue}`);
  }
  checkSingleLine(invoice.payment.accountName, "Titulaire du compte", false);
  checkSingleLine(invoice.payment.remittanceReference, "Référence du virement", false);
  if (invoice.retention) {
    const { amount, rate, releaseDate } = invoice.retention;
    checkCents(amount, "Retenue de garantie");
    // Loi 71-584, art. 1: at most 5 % of each payment.
    if (!Number.isSafeInteger(rate) || rate <= 0 || rate > 500) {
      fail("Retenue de garantie : le taux est compris entre 0 et 5 %.");
    }
    if (amount <= 0 || amount > totals.duePayable) {
      fail("Retenue de garantie : le montant est positif et ne dépasse pas le montant à payer.");
    }
    if (releaseDate !== undefined) checkDay(releaseDate, "Retenue de garantie, date de libération");
  }

  const subjects = new Set<string>(Object.values(NOTE_SUBJECTS));
  invoice.notes.forEach((note, index) => {
    checkText(note.content, `Mention ${index + 1}`, { required: true });
    if (note.subjectCode !== undefined && !subjects.has(note.subjectCode)) {
      fail(`Mention ${index + 1} : code de sujet inconnu.`);
    }
  });
}

// XML ----------------------------------------------------------------------------------

type XmlNode = {
  name: string;
  attributes?: Record<string, string>;
  text?: string;
  children?: readonly (XmlNode | null | undefined | false)[];
};

function escapeXml(text: string, attribute = false): string {
  let escaped = text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/\r/g, "&#13;");
  if (attribute) escaped = escaped.replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\t/g, "&#9;");
  return escaped;
}

function serialize(node: XmlNode, depth: number, out: string[]): void {
  const indent = "  ".repeat(depth);
  const attributes = Object.entries(node.attributes ?? {})
    .map(([name, value]) => ` ${name}="${escapeXml(value, true)}"`)
    .join("");
  const children = (node.children ?? []).filter((child): child is XmlNode => Boolean(child));
  if (node.text !== undefined) {
    out.push(`${indent}<${node.name}${attributes}>${escapeXml(node.text)}</${node.name}>`);
  } else if (children.length === 0) {
    out.push(`${indent}<${node.name}${attributes}/>`);
  } else {
    out.push(`${indent}<${node.name}${attributes}>`);
    for (const child of children) serialize(child, depth + 1, out);
    out.push(`${indent}</${node.name}>`);
  }
}

const el = (
  name: string,
  content: string | readonly (XmlNode | null | undefined | false)[],
  attributes?: Record<string, string>,
): XmlNode =>
  typeof content === "string" ? { name, text: content, attributes } : { name, children: content, attributes };

/** Cents → « 1234.56 », « -0.05 »: two decimals, a point, no grouping. */
export function formatXmlAmount(cents: Cents): string {
  const sign = cents < 0 ? "-" : "";
  const absolute = Math.abs(cents);
  return `${sign}${Math.trunc(absolute / 100)}.${String(absolute % 100).padStart(2, "0")}`;
}

/** Thousandths → « 12.5 », « 1 », « -0.125 »: as many decimals as needed, three at most. */
export function formatXmlQuantity(quantity: Milli): string {
  const sign = quantity < 0 ? "-" : "";
  const absolute = Math.abs(quantity);
  const fraction = String(absolute % 1000)
    .padStart(3, "0")
    .replace(/0+$/, "");
  return `${sign}${Math.trunc(absolute / 1000)}${fraction ? `.${fraction}` : ""}`;
}

/** Basis points → « 20.00 », « 5.50 ». */
function formatRate(rate: BasisPoints): string {
  return formatXmlAmount(rate);
}

/** « 2026-11-23 » → « 20261123 » (format 102 of UNTDID 2379). */
function dateString(day: IsoDay): string {
  return day.replaceAll("-", "");
}

const dateTime = (name: string, day: IsoDay) =>
  el(name, [el("udt:DateTimeString", dateString(day), { format: "102" })]);

const amount = (name: string, cents: Cents, attributes?: Record<string, string>) =>
  el(name, formatXmlAmount(cents), attributes);

function address(value: FacturxAddress): XmlNode {
  const [one, two, three] = value.lines;
  return el("ram:PostalTradeAddress", [
    value.postcode !== "" && el("ram:PostcodeCode", value.postcode),
    one !== undefined && el("ram:LineOne", one),
    two !== undefined && el("ram:LineTwo", two),
    three !== undefined && el("ram:LineThree", three),
    value.city !== "" && el("ram:CityName", value.city),
    el("ram:CountryID", value.countryCode),
  ]);
}

const electronicAddress = (id: string, scheme: "EM" | "0225" = "EM") =>
  el("ram:URIUniversalCommunication", [el("ram:URIID", id, { schemeID: scheme })]);

const taxRegistration = (vatNumber: string) =>
  el("ram:SpecifiedTaxRegistration", [el("ram:ID", vatNumber, { schemeID: "VA" })]);

const lineTax = (vat: FacturxVat) =>
  el("ram:ApplicableTradeTax", [
    el("ram:TypeCode", "VAT"),
    el("ram:CategoryCode", vat.category),
    el("ram:RateApplicablePercent", formatRate(vat.rate)),
  ]);

const allowanceIndicator = () => el("ram:ChargeIndicator", [el("udt:Indicator", "false")]);

/** UNTDID 5189 code 95: discount. */
const DISCOUNT_REASON_CODE = "95";

function lineItem(line: FacturxLine): XmlNode {
  const gross = lineTotal(line.quantity, line.unitPrice);
  return el("ram:IncludedSupplyChainTradeLineItem", [
    el("ram:AssociatedDocumentLineDocument", [el("ram:LineID", line.id)]),
    el("ram:SpecifiedTradeProduct", [
      el("ram:Name", line.name),
      line.description !== undefined && line.description !== "" && el("ram:Description", line.description),
    ]),
    el("ram:SpecifiedLineTradeAgreement", [
      el("ram:NetPriceProductTradePrice", [amount("ram:ChargeAmount", line.unitPrice)]),
    ]),
    el("ram:SpecifiedLineTradeDelivery", [
      el("ram:BilledQuantity", formatXmlQuantity(line.quantity), { unitCode: line.unitCode }),
    ]),
    el("ram:SpecifiedLineTradeSettlement", [
      lineTax(line.vat),
      line.allowance &&
        el("ram:SpecifiedTradeAllowanceCharge", [
          allowanceIndicator(),
          line.allowance.rate !== undefined && el("ram:CalculationPercent", formatRate(line.allowance.rate)),
          line.allowance.rate !== undefined && amount("ram:BasisAmount", gross),
          amount("ram:ActualAmount", line.allowance.amount),
          el("ram:ReasonCode", DISCOUNT_REASON_CODE),
          el("ram:Reason", line.allowance.reason),
        ]),
      el("ram:SpecifiedTradeSettlementLineMonetarySummation", [
        amount("ram:LineTotalAmount", line.netAmount),
      ]),
    ]),
  ]);
}

function retentionTerms(invoice: FacturxInvoice): string | undefined {
  if (!invoice.retention) return invoice.paymentTerms;
  const { amount: withheld, rate, releaseDate } = invoice.retention;
  const sentence =
    `Retenue de garantie de ${formatPercent(rate)} (loi n° 71-584 du 16 juillet 1971) : ` +
    `${formatCents(withheld)} retenus sur ce paiement` +
    (releaseDate ? `, libérables le ${formatDate(releaseDate)} sauf opposition motivée` : "") +
    `. Montant à régler à l'échéance : ${formatCents(invoice.totals.duePayable - withheld)}.`;
  return invoice.paymentTerms ? `${invoice.paymentTerms} ${sentence}` : sentence;
}

function invoiceDocument(invoice: FacturxInvoice): XmlNode {
  const { seller, buyer, totals } = invoice;
  // BT-8: goods are taxed at delivery (29); services when paid (72), or at the invoice's
  // date under the option for debits (5).
  const dueDateTypeCode = invoice.businessProcess.startsWith("B") ? "29" : invoice.vatOnDebits ? "5" : "72";
  const terms = retentionTerms(invoice);
  // BT-49: an e-mail address, or a business buyer's SIREN in the reform's directory (BR-FR-12).
  const buyerAddress = buyerElectronicAddress(buyer);
  return el(
    "rsm:CrossIndustryInvoice",
    [
      el("rsm:ExchangedDocumentContext", [
        el("ram:BusinessProcessSpecifiedDocumentContextParameter", [el("ram:ID", invoice.businessProcess)]),
        el("ram:GuidelineSpecifiedDocumentContextParameter", [el("ram:ID", EN16931_GUIDELINE)]),
      ]),
      el("rsm:ExchangedDocument", [
        el("ram:ID", invoice.number),
        el("ram:TypeCode", invoice.typeCode),
        dateTime("ram:IssueDateTime", invoice.issueDate),
        ...invoice.notes.map((note) =>
          el("ram:IncludedNote", [
            el("ram:Content", note.content),
            note.subjectCode !== undefined && el("ram:SubjectCode", note.subjectCode),
          ]),
        ),
      ]),
      el("rsm:SupplyChainTradeTransaction", [
        ...invoice.lines.map(lineItem),
        el("ram:ApplicableHeaderTradeAgreement", [
          buyer.reference !== undefined && el("ram:BuyerReference", buyer.reference),
          el("ram:SellerTradeParty", [
            seller.siret !== undefined && el("ram:GlobalID", seller.siret, { schemeID: "0009" }),
            el("ram:Name", seller.name),
            el("ram:Description", seller.legalInformation),
            el("ram:SpecifiedLegalOrganization", [
              el("ram:ID", seller.siren, { schemeID: "0002" }),
              seller.tradingName !== undefined && el("ram:TradingBusinessName", seller.tradingName),
            ]),
            address(seller.address),
            electronicAddress(seller.email),
            taxRegistration(seller.vatNumber),
          ]),
          el("ram:BuyerTradeParty", [
            el("ram:Name", buyer.name),
            buyer.siren !== undefined &&
              el("ram:SpecifiedLegalOrganization", [el("ram:ID", buyer.siren, { schemeID: "0002" })]),
            address(buyer.address),
            buyerAddress !== null && electronicAddress(buyerAddress.id, buyerAddress.scheme),
            buyer.vatNumber !== undefined && taxRegistration(buyer.vatNumber),
          ]),
          invoice.contractReference !== undefined &&
            el("ram:ContractReferencedDocument", [el("ram:IssuerAssignedID", invoice.contractReference)]),
          invoice.project &&
            el("ram:SpecifiedProcuringProject", [
              el("ram:ID", invoice.project.id),
              el("ram:Name", invoice.project.name),
            ]),
        ]),
        el("ram:ApplicableHeaderTradeDelivery", [
          invoice.delivery?.address &&
            el("ram:ShipToTradeParty", [
              invoice.delivery.name !== undefined && el("ram:Name", invoice.delivery.name),
              address(invoice.delivery.address),
            ]),
          invoice.delivery?.date !== undefined &&
            el("ram:ActualDeliverySupplyChainEvent", [
              dateTime("ram:OccurrenceDateTime", invoice.delivery.date),
            ]),
        ]),
        el("ram:ApplicableHeaderTradeSettlement", [
          invoice.payment.remittanceReference !== undefined &&
            el("ram:PaymentReference", invoice.payment.remittanceReference),
          el("ram:InvoiceCurrencyCode", "EUR"),
          el("ram:SpecifiedTradeSettlementPaymentMeans", [
            el("ram:TypeCode", "58"),
            el("ram:Information", "Virement SEPA"),
            el("ram:PayeePartyCreditorFinancialAccount", [
              el("ram:IBANID", normalizeIban(invoice.payment.iban)),
              invoice.payment.accountName !== undefined && el("ram:AccountName", invoice.payment.accountName),
            ]),
            invoice.payment.bic !== undefined &&
              el("ram:PayeeSpecifiedCreditorFinancialInstitution", [
                el("ram:BICID", normalizeBic(invoice.payment.bic)),
              ]),
          ]),
          ...invoice.vatBreakdown.map((entry) =>
            el("ram:ApplicableTradeTax", [
              amount("ram:CalculatedAmount", entry.tax),
              el("ram:TypeCode", "VAT"),
              entry.category === "AE" &&
                el("ram:ExemptionReason", entry.exemptionReason ?? REVERSE_CHARGE_MENTION),
              amount("ram:BasisAmount", entry.basis),
              el("ram:CategoryCode", entry.category),
              entry.category === "AE" && el("ram:ExemptionReasonCode", REVERSE_CHARGE_EXEMPTION_CODE),
              // French rule S1.13: the same code on every entry.
              el("ram:DueDateTypeCode", dueDateTypeCode),
              el("ram:RateApplicablePercent", formatRate(entry.rate)),
            ]),
          ),
          invoice.servicePeriod &&
            el("ram:BillingSpecifiedPeriod", [
              dateTime("ram:StartDateTime", invoice.servicePeriod.start),
              dateTime("ram:EndDateTime", invoice.servicePeriod.end),
            ]),
          ...(invoice.allowances ?? []).map((allowance) =>
            el("ram:SpecifiedTradeAllowanceCharge", [
              allowanceIndicator(),
              amount("ram:ActualAmount", allowance.amount),
              el("ram:ReasonCode", DISCOUNT_REASON_CODE),
              el("ram:Reason", allowance.reason),
              el("ram:CategoryTradeTax", [
                el("ram:TypeCode", "VAT"),
                el("ram:CategoryCode", allowance.vat.category),
                el("ram:RateApplicablePercent", formatRate(allowance.vat.rate)),
              ]),
            ]),
          ),
          (terms !== undefined || invoice.dueDate !== undefined) &&
            el("ram:SpecifiedTradePaymentTerms", [
              terms !== undefined && el("ram:Description", terms),
              invoice.dueDate !== undefined && dateTime("ram:DueDateDateTime", invoice.dueDate),
            ]),
          el("ram:SpecifiedTradeSettlementHeaderMonetarySummation", [
            amount("ram:LineTotalAmount", totals.lines),
            (invoice.allowances ?? []).length > 0 && amount("ram:AllowanceTotalAmount", totals.allowances),
            amount("ram:TaxBasisTotalAmount", totals.taxBasis),
            amount("ram:TaxTotalAmount", totals.tax, { currencyID: "EUR" }),
            amount("ram:GrandTotalAmount", totals.grandTotal),
            totals.prepaid !== 0 && amount("ram:TotalPrepaidAmount", totals.prepaid),
            amount("ram:DuePayableAmount", totals.duePayable),
          ]),
          ...(invoice.precedingInvoices ?? []).map((reference) =>
            el("ram:InvoiceReferencedDocument", [
              el("ram:IssuerAssignedID", reference.number),
              el("ram:FormattedIssueDateTime", [
                el("qdt:DateTimeString", dateString(reference.issueDate), { format: "102" }),
              ]),
            ]),
          ),
        ]),
      ]),
    ],
    {
      "xmlns:rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
      "xmlns:qdt": "urn:un:unece:uncefact:data:standard:QualifiedDataType:100",
      "xmlns:ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
      "xmlns:udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
    },
  );
}

/**
 * The CII XML (Factur-X 1.07, EN 16931 profile) of an invoice, after `checkFacturxInvoice`
 * and the French rules of the reform (`frenchRuleViolations`, ./french-rules.ts).
 * UTF-8 text, two-space indentation, a final line break; the same invoice gives the same
 * string.
 */
export function buildFacturxXml(invoice: FacturxInvoice): string {
  checkFacturxInvoice(invoice);
  const violations = frenchRuleViolations(invoice);
  if (violations.length > 0) {
    fail(violations.map((violation) => `${violation.rule} : ${violation.message}`).join(" "));
  }
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  serialize(invoiceDocument(invoice), 0, out);
  return `${out.join("\n")}\n`;
}
