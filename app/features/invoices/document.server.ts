import { createHash } from "node:crypto";
import type { QuoteUnit } from "#app/db/schema/quotes.ts";
import { bicProblem, formatIban, ibanProblem, normalizeBic, normalizeIban } from "#app/lib/bank.ts";
import { type FacturxFrame, renderFacturxPdf } from "#app/lib/facturx/embed.server.ts";
import {
  buildFacturxXml,
  FACTURX_TYPE_CODES,
  type FacturxAddress,
  type FacturxBusinessProcess,
  type FacturxInvoice,
  type FacturxLine,
  type FacturxNote,
  type FacturxTypeCode,
  facturxVat,
  NOTE_SUBJECTS,
  unitCodeFor,
} from "#app/lib/facturx/facturx.ts";
import {
  type BasisPoints,
  type Cents,
  formatCents,
  formatPercent,
  formatQuantity,
  percentOf,
  vatIncludedIn,
} from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import {
  drawCertifications,
  drawTotalRows,
  joinLines,
  type TotalRow,
  vatCell,
} from "#app/lib/pdf/blocks.server.ts";
import { type DocumentBody, PDF_SIZES } from "#app/lib/pdf/document.server.ts";
import { formatCapital } from "#app/lib/pdf/format.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import {
  clientHref,
  editorHref,
  messagesOf,
  type Problem,
  problem,
  settingsHref,
} from "#app/lib/problems.ts";
import { REVERSE_CHARGE_MENTION, VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import {
  type BillingInvoice,
  CREDIT_NOTE_KIND_LABELS,
  type InvoiceKind,
  type ItemLine,
  type LotLine,
  MAX_VAT_ROUNDING,
} from "./billing.ts";

/*
 * The invoice document: the PDF a person reads and the Factur-X XML (EN 16931) a machine
 * reads, both from one set of figures, embedded together as a PDF/A-3 (decisions 012 and
 * 017). The figures come from `BillingInvoice` (./billing.ts); nothing is computed here
 * but what EN 16931 forces:
 *
 * - Deposits deducted (situations, final invoice) lower the base (decision 018): one
 *   negative line per rate, HT, exactly as the deposit invoices printed it, and the VAT of
 *   the document is charged on what remains. Nothing is a prepaid amount (BT-113 is 0): the
 *   deposits' VAT was charged by the deposit invoices and is not charged again.
 * - BR-CO-17: each rate's VAT must be round(base × rate). billing.ts computes every
 *   document's VAT so (decision 018), and the document prints billing's figures as they
 *   are: `documentFigures` moves nothing and throws if they ever break the rule.
 * - A credit note holds negative amounts in billing.ts and prints them so; its XML (type
 *   381) carries them positive (decision 017).
 */

export type InvoiceParty = {
  kind: "particulier" | "entreprise";
  name: string;
  legalName: string | null;
  siren: string | null;
  vatNumber: string | null;
  email: string | null;
  billingStreet: string | null;
  billingPostalCode: string | null;
  billingCity: string | null;
};

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

// ─── Texts ───────────────────────────────────────────────────────────────────────────

export const INVOICE_DRAFT_MARK = "Brouillon – sans valeur";
/** BT-1 of a draft preview's XML: a draft has no number. */
export const DRAFT_NUMBER = "BROUILLON";
export const SERVICES_MENTION = "Prestations de services";
export const GOODS_MENTION = "Livraison de biens";
/** A shop order's invoice: prices TTC, the VAT taken out of them (decision 019). */
export const PRICES_TTC_MENTION =
  "Prix de vente TTC : la TVA est comprise dans les prix et calculée sur le total TTC de chaque taux.";
export const VAT_ON_DEBITS_MENTION = "Option pour le paiement de la taxe d'après les débits";
export const RECOVERY_INDEMNITY_MENTION =
  "Indemnité forfaitaire pour frais de recouvrement : 40 € (articles L441-10 et D441-5 du Code de commerce)";
/**
 * The early-payment discount condition (Code de commerce L441-9; BR-FR-05 of the reform
 * asks for it as the note AAB). The settings hold no discount for early payment: none is
 * granted, and every invoice and credit note says so.
 */
export const EARLY_PAYMENT_DISCOUNT_MENTION = "Pas d'escompte pour paiement anticipé.";
export const NET_TO_PAY_LABEL = "Net à payer";

export function latePaymentMention(rate: BasisPoints): string {
  return `Pénalités de retard : ${formatPercent(rate)} par an, exigibles dès le lendemain de la date d'échéance (article L441-10 du Code de commerce)`;
}

const FRAME_TITLES: Record<InvoiceKind, (sequence: number) => string> = {
  acompte: () => "Facture d'acompte",
  situation: (sequence) => `Facture de situation n° ${sequence}`,
  solde: () => "Facture de solde",
  facture: () => "Facture",
  avoir: () => "Avoir",
};

export function invoiceFrameTitle(billing: Pick<BillingInvoice, "kind" | "sequence">): string {
  return FRAME_TITLES[billing.kind](billing.sequence);
}

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
export type DocumentFigures = {
  /** Rates with a line on the document, in the order of VAT_CODES. */
  rates: DocumentRate[];
  /** Σ bases: work (or deposit) less the deposits deducted. */
  ht: Cents;
  vat: Cents;
  ttc: Cents;
  /** Deposits deducted, HT, already out of `ht` (positive on an invoice). */
  depositsDeductedHt: Cents;
  retention: Cents;
  /** ttc − retention. */
  netToPay: Cents;
};

/** billing.ts's figures break a rule the document must keep: a bug, never printed. */
export class DocumentFiguresError extends Error {
  override name = "DocumentFiguresError";
}

const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

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

// ─── What an issue needs ─────────────────────────────────────────────────────────────

const filled = (value: string | null | undefined): value is string => Boolean(value?.trim());

function isReverseCharge(billing: BillingInvoice): boolean {
  return billing.reverseCharge || billing.byRate.some((rate) => rate.category === "AE" && rate.ht !== 0);
}

/**
 * Why the invoice cannot be issued, one French sentence a reason; [] when every mention
 * can be filled.
 */
export function issueProblems(
  input: Omit<InvoiceDocumentInput, "number" | "creationDate">,
  clientId: string | null = null,
): Problem[] {
  const missing: Problem[] = [];
  const { client, billing } = input;
  // A private buyer who collected a shop order at the workshop gave no address (decision 019).
  const addressless = billing.nature === "goods" && client.kind === "particulier";
  if (
    !addressless &&
    (!filled(client.billingStreet) || !filled(client.billingPostalCode) || !filled(client.billingCity))
  ) {
    const field = !filled(client.billingStreet)
      ? "billingStreet"
      : !filled(client.billingPostalCode)
        ? "billingPostalCode"
        : "billingCity";
    missing.push(
      problem(
        "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
        clientHref(clientId, field),
      ),
    );
  }
  if (!filled(input.site.street) || !filled(input.site.postalCode) || !filled(input.site.city)) {
    missing.push(
      problem(
        "L'adresse du chantier est incomplète : indiquez la rue, le code postal et la commune.",
        editorHref(
          !filled(input.site.street)
            ? "site.street"
            : !filled(input.site.postalCode)
              ? "site.postalCode"
              : "site.city",
        ),
      ),
    );
  }
  if (client.kind === "entreprise" && !filled(client.siren)) {
    missing.push(
      problem(
        "Le SIREN du client n'est pas renseigné : il est obligatoire sur la facture d'une entreprise.",
        clientHref(clientId, "siren"),
      ),
    );
  }
  if (!input.bank || !filled(input.bank.holder) || !filled(input.bank.iban) || !filled(input.bank.bic)) {
    missing.push(
      problem(
        "Les coordonnées bancaires (titulaire, IBAN, BIC) ne sont pas renseignées dans les paramètres de l'entreprise.",
        settingsHref(
          !input.bank || !filled(input.bank.holder)
            ? "bankAccountHolder"
            : !filled(input.bank.iban)
              ? "iban"
              : "bic",
        ),
      ),
    );
  } else {
    const ibanIssue = ibanProblem(normalizeIban(input.bank.iban));
    if (ibanIssue) {
      missing.push(
        problem(`L'IBAN des paramètres de l'entreprise est invalide : ${ibanIssue}`, settingsHref("iban")),
      );
    }
    const bicIssue = bicProblem(normalizeBic(input.bank.bic));
    if (bicIssue) {
      missing.push(
        problem(`Le BIC des paramètres de l'entreprise est invalide : ${bicIssue}`, settingsHref("bic")),
      );
    }
  }
  const validUntil = input.identity.insurance.validUntil;
  if (!validUntil) {
    missing.push(
      problem(
        "La date de fin de validité de l'assurance décennale n'est pas renseignée dans les paramètres de l'entreprise.",
        settingsHref("insuranceValidUntil"),
      ),
    );
  } else if (validUntil < input.issuedOn) {
    missing.push(
      problem(
        `L'assurance décennale a expiré le ${formatDate(validUntil)} : mettez à jour l'attestation dans les paramètres de l'entreprise.`,
        settingsHref("insuranceValidUntil"),
      ),
    );
  }
  if (isReverseCharge(billing) && !filled(client.vatNumber)) {
    missing.push(
      problem(
        "Autoliquidation : le numéro de TVA intracommunautaire du client est obligatoire (article 283-2 nonies du CGI).",
        clientHref(clientId, "vatNumber"),
      ),
    );
  }
  if (input.dueOn < input.issuedOn) missing.push(problem("La date d'échéance précède la date d'émission."));
  if (billing.kind === "avoir" && !input.credited) {
    missing.push(problem("L'avoir doit citer la facture qu'il corrige."));
  }
  const figures = documentFigures(billing);
  if (billing.kind === "solde" && figures.depositsDeductedHt !== 0 && input.depositInvoices.length === 0) {
    missing.push(
      problem("La facture de solde déduit des acomptes : indiquez les factures d'acompte déduites."),
    );
  }
  if (billing.kind !== "avoir" && figures.netToPay === 0) {
    missing.push(problem("Le net à payer est nul : il n'y a rien à facturer."));
  }
  return missing;
}

/** The reasons of `issueProblems`, as text only. */
export function missingForIssue(input: Omit<InvoiceDocumentInput, "number" | "creationDate">): string[] {
  return messagesOf(issueProblems(input));
}

// ─── Factur-X ────────────────────────────────────────────────────────────────────────

const NO_LINE_BREAK = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();

function sellerAddress(identity: DocumentIdentity): FacturxAddress {
  const lines = identity.addressLines.map(NO_LINE_BREAK).filter(Boolean);
  const last = lines.at(-1) ?? "";
  const match = /^(\d{5})\s+(.+)$/.exec(last);
  if (!match) throw new Error(`L'adresse de l'entreprise doit finir par « code postal ville » : ${last}`);
  const street = lines.slice(0, -1);
  return {
    lines: street.length > 0 ? street.slice(0, 3) : [last],
    postcode: match[1] as string,
    city: match[2] as string,
    countryCode: "FR",
  };
}

function legalInformation(identity: DocumentIdentity): string {
  return `${identity.legalForm} au capital de ${formatCapital(identity.capitalCents)} – ${identity.rcs}`;
}

function clientName(client: InvoiceParty): string {
  const legal = client.kind === "entreprise" && filled(client.legalName) ? client.legalName.trim() : null;
  return legal ?? client.name.trim();
}

function typeCodeOf(kind: InvoiceKind): FacturxTypeCode {
  if (kind === "acompte") return FACTURX_TYPE_CODES.deposit;
  if (kind === "avoir") return FACTURX_TYPE_CODES.creditNote;
  return FACTURX_TYPE_CODES.invoice;
}

function rateLabel(code: VatCode): string {
  return code === "autoliquidation"
    ? VAT_RATES[code].label
    : `TVA ${formatPercent(VAT_RATES[code].basisPoints)}`;
}

function lotDescription(line: LotLine): string {
  return (
    `Montant du lot ${formatCents(line.contractHt)} HT ; avancement cumulé ${formatPercent(line.cumulativePercent)}, ` +
    `soit ${formatCents(line.cumulativeHt)} HT ; déjà facturé ${formatCents(line.previousHt)} HT`
  );
}

function facturxLines(
  billing: BillingInvoice,
  sign: 1 | -1,
  depositInvoices: InvoiceDocumentInput["depositInvoices"],
): FacturxLine[] {
  const lines: FacturxLine[] = [];
  const push = (name: string, description: string | undefined, code: VatCode, signedHt: Cents) => {
    const ht = sign * signedHt;
    lines.push({
      id: String(lines.length + 1),
      name,
      ...(description ? { description } : {}),
      quantity: ht < 0 ? -1000 : 1000,
      unitCode: "LS",
      unitPrice: Math.abs(ht),
      netAmount: ht,
      vat: facturxVat(code),
    });
  };
  if (billing.items) {
    // A standalone invoice: its lines as typed; their HT per rate is that of its lots.
    for (const item of billing.items) {
      if (item.kind !== "item") continue;
      lines.push({
        id: String(lines.length + 1),
        name: item.designation,
        ...(item.description ? { description: item.description } : {}),
        // A price is never negative in the XML: a reduction line has a negative quantity.
        quantity: item.unitPriceHt < 0 ? -item.quantity : item.quantity,
        unitCode: unitCodeFor(item.unit as QuoteUnit),
        unitPrice: Math.abs(item.unitPriceHt),
        netAmount: sign * item.ht,
        vat: facturxVat(item.vatCode),
      });
    }
  }
  for (const line of billing.lines) {
    if (line.kind === "lot") {
      if (billing.items) continue;
      const parts = line.byRate.filter((part) => part.ht !== 0);
      for (const part of parts) {
        const name = parts.length > 1 ? `${line.title} (${rateLabel(part.code)})` : line.title;
        push(name, lotDescription(line), part.code, part.ht);
      }
    } else if ((line.kind === "deposit" || line.kind === "allowance") && line.ht !== 0) {
      push(`${line.label} (${rateLabel(line.code)})`, undefined, line.code, line.ht);
    } else if (line.kind === "depositDeduction" && line.ht !== 0) {
      // The deposits' HT deducted from the base, at their rate (decision 018).
      const cited = depositInvoices.map((invoice) => invoice.number).join(", ");
      push(
        `${line.label} (${rateLabel(line.code)})`,
        cited ? `Factures d'acompte : ${cited}` : undefined,
        line.code,
        line.ht,
      );
    }
  }
  return lines;
}

function notesOf(input: InvoiceDocumentInput): FacturxNote[] {
  const notes: FacturxNote[] = [];
  if (input.client.kind === "entreprise") {
    notes.push({
      content: `${latePaymentMention(input.latePaymentRateBp)}.`,
      subjectCode: NOTE_SUBJECTS.latePaymentPenalties,
    });
    notes.push({ content: `${RECOVERY_INDEMNITY_MENTION}.`, subjectCode: NOTE_SUBJECTS.recoveryIndemnity });
  }
  notes.push({ content: EARLY_PAYMENT_DISCOUNT_MENTION, subjectCode: NOTE_SUBJECTS.earlyPaymentDiscount });
  // The tax mentions make one note: BR-FR-06 allows a single TXD.
  const tax: string[] = [];
  // The option for debits is about services: a sale of goods is taxed at delivery.
  const debits = input.vatOnDebits && input.billing.nature !== "goods";
  if (debits) tax.push(`${VAT_ON_DEBITS_MENTION}.`);
  for (const mention of input.billing.mentions) {
    if (mention === REVERSE_CHARGE_MENTION) tax.push(mention);
    else notes.push({ content: mention, subjectCode: NOTE_SUBJECTS.regulatory });
  }
  if (tax.length > 0) notes.push({ content: tax.join(" "), subjectCode: NOTE_SUBJECTS.tax });
  for (const certification of input.certifications) {
    notes.push({ content: certification, subjectCode: NOTE_SUBJECTS.regulatory });
  }
  // BT-22: why the credit note is issued, as printed.
  const reason = input.billing.creditReason;
  if (reason) {
    notes.push({
      content: `Motif de l'avoir : ${CREDIT_NOTE_KIND_LABELS[reason.kind]} : ${reason.text}`,
      subjectCode: NOTE_SUBJECTS.general,
    });
  }
  return notes;
}

/**
 * The Factur-X (EN 16931) invoice of the document: 386 for a deposit, 381 for a credit
 * note (amounts positive), 380 otherwise; S4 for a final invoice that deducts deposits
 * (the deposit invoices in BG-3, their HT as negative lines at their rates, no BT-113),
 * S1 otherwise.
 */
export function invoiceFacturx(input: InvoiceDocumentInput): FacturxInvoice {
  const { billing, client, identity } = input;
  if (!input.bank) {
    throw new Error(
      "Les coordonnées bancaires (titulaire, IBAN, BIC) ne sont pas renseignées dans les paramètres de l'entreprise.",
    );
  }
  const credit = billing.kind === "avoir";
  const sign: 1 | -1 = credit ? -1 : 1;
  const figures = documentFigures(billing);
  const finalAfterDeposits = billing.kind === "solde" && figures.depositsDeductedHt !== 0;
  const businessProcess: FacturxBusinessProcess =
    billing.nature === "goods" ? "B1" : finalAfterDeposits ? "S4" : "S1";
  const preceding = credit
    ? input.credited
      ? [{ number: input.credited.number, issueDate: input.credited.issuedOn }]
      : []
    : figures.depositsDeductedHt !== 0
      ? input.depositInvoices.map((invoice) => ({ number: invoice.number, issueDate: invoice.issuedOn }))
      : [];
  const grandTotal = sign * figures.ttc;
  const siren = identity.siret.replace(/\s/g, "").slice(0, 9);
  const terms = input.paymentTermsText.trim();
  const withheld = sign * figures.retention;
  const business = client.kind === "entreprise";
  return {
    typeCode: typeCodeOf(billing.kind),
    businessProcess,
    ...(billing.vatIncluded ? { vatIncluded: true as const } : {}),
    number: input.number ?? DRAFT_NUMBER,
    issueDate: input.issuedOn,
    ...(preceding.length > 0 ? { precedingInvoices: preceding } : {}),
    ...(input.quote ? { contractReference: input.quote.number } : {}),
    seller: {
      name: identity.legalName,
      tradingName: identity.tradeName,
      siren,
      siret: identity.siret.replace(/\s/g, ""),
      vatNumber: identity.vatNumber.replace(/\s/g, ""),
      legalInformation: legalInformation(identity),
      address: sellerAddress(identity),
      email: identity.email,
    },
    buyer: {
      name: clientName(client),
      ...(business && filled(client.siren) ? { siren: client.siren.replace(/\s/g, "") } : {}),
      ...(filled(client.vatNumber) ? { vatNumber: client.vatNumber.replace(/\s/g, "").toUpperCase() } : {}),
      address: filled(client.billingStreet)
        ? {
            lines: [NO_LINE_BREAK(client.billingStreet)],
            postcode: (client.billingPostalCode ?? "").trim(),
            city: (client.billingCity ?? "").trim(),
            countryCode: "FR",
          }
        : { lines: [], postcode: "", city: "", countryCode: "FR" },
      ...(filled(client.email) ? { email: client.email.trim() } : {}),
    },
    delivery: {
      name: `${billing.nature === "goods" ? "Livraison" : "Chantier"} : ${NO_LINE_BREAK(input.quote?.title ?? input.subject?.title ?? "")}`.replace(
        / : $/,
        "",
      ),
      address: {
        lines: [NO_LINE_BREAK(input.site.street)],
        postcode: input.site.postalCode.trim(),
        city: input.site.city.trim(),
        countryCode: "FR",
      },
    },
    lines: facturxLines(billing, sign, figures.depositsDeductedHt !== 0 ? input.depositInvoices : []),
    vatBreakdown: figures.rates.map((rate) => ({
      ...facturxVat(rate.code),
      basis: sign * rate.ht,
      tax: sign * rate.vat,
      ...(rate.rounding ? { rounding: sign * rate.rounding } : {}),
    })),
    totals: {
      lines: sign * figures.ht,
      allowances: 0,
      taxBasis: sign * figures.ht,
      tax: sign * figures.vat,
      grandTotal,
      // Deposits are deducted from the base, never as a prepaid amount (decision 018).
      prepaid: 0,
      duePayable: grandTotal,
    },
    vatOnDebits: input.vatOnDebits && billing.nature !== "goods",
    dueDate: input.dueOn,
    ...(terms ? { paymentTerms: NO_LINE_BREAK(terms) } : {}),
    payment: {
      iban: normalizeIban(input.bank.iban),
      bic: normalizeBic(input.bank.bic),
      accountName: input.bank.holder.trim(),
      ...(input.number ? { remittanceReference: input.number } : {}),
    },
    ...(!credit && billing.retention && withheld > 0
      ? {
          retention: {
            amount: withheld,
            rate: billing.retention.basisPoints,
            ...(input.retentionReleaseOn ? { releaseDate: input.retentionReleaseOn } : {}),
          },
        }
      : {}),
    notes: notesOf(input),
  };
}

// ─── The PDF ─────────────────────────────────────────────────────────────────────────

const TABLE_SIZE = PDF_SIZES.table;

function frameOf(input: InvoiceDocumentInput): FacturxFrame {
  const headerLines: string[] = [];
  if (input.number === null) headerLines.push(INVOICE_DRAFT_MARK);
  if (input.quote) headerLines.push(`Devis ${input.quote.number}`);
  if (input.credited) {
    headerLines.push(
      `Avoir sur la facture ${input.credited.number} du ${formatDate(input.credited.issuedOn)}`,
    );
  }
  headerLines.push(`Échéance : ${formatDate(input.dueOn)}`);
  const title = invoiceFrameTitle(input.billing);
  return {
    identity: input.identity,
    title,
    ...(input.number ? { number: input.number } : {}),
    date: input.issuedOn,
    dateLabel: "Date d'émission",
    headerLines,
    ...(input.number === null ? { watermark: INVOICE_DRAFT_MARK } : {}),
    creationDate: input.creationDate,
    subject: input.quote ? `${title} – ${input.quote.title}` : title,
    keywords: [title, ...(input.number ? [input.number] : []), ...(input.quote ? [input.quote.number] : [])],
  };
}

function drawParties(body: DocumentBody, input: InvoiceDocumentInput): void {
  const { client, site } = input;
  body.heading("Client et chantier");
  const business = client.kind === "entreprise";
  const legal = business && filled(client.legalName) ? client.legalName.trim() : null;
  const entries: [string, string][] = [
    ["Client", legal && legal !== client.name.trim() ? joinLines([legal, client.name]) : client.name],
  ];
  if (business) {
    entries.push(["SIREN", filled(client.siren) ? client.siren.trim() : "Non renseigné"]);
    if (filled(client.vatNumber)) entries.push(["N° de TVA intracommunautaire", client.vatNumber.trim()]);
  }
  const billingCity = joinLines([client.billingPostalCode, client.billingCity], " ");
  entries.push([
    "Adresse de facturation",
    joinLines([client.billingStreet, billingCity]) || "Non renseignée",
  ]);
  const goods = input.billing.nature === "goods";
  entries.push([
    goods ? "Lieu de livraison" : "Adresse du chantier (lieu de livraison)",
    joinLines([site.street, `${site.postalCode.trim()} ${site.city.trim()}`]),
  ]);
  entries.push(["Nature de l'opération", goods ? GOODS_MENTION : SERVICES_MENTION]);
  if (input.subject) {
    entries.push(["Objet", input.subject.title]);
    if (input.subject.description.trim())
      entries.push(["Nature des travaux", input.subject.description.trim()]);
  }
  if (input.quote) {
    entries.push([
      "Devis",
      `${input.quote.number} – ${input.quote.title}` +
        (input.quote.acceptedOn ? `, accepté le ${formatDate(input.quote.acceptedOn)}` : ""),
    ]);
  }
  if (input.credited) {
    entries.push(["Facture corrigée", `${input.credited.number} du ${formatDate(input.credited.issuedOn)}`]);
  }
  if (input.depositInvoices.length > 0 && input.billing.totals.depositsDeductedHt !== 0) {
    entries.push([
      "Factures d'acompte déduites",
      input.depositInvoices
        .map((invoice) => `${invoice.number} du ${formatDate(invoice.issuedOn)}`)
        .join("\n"),
    ]);
  }
  body.keyValues(entries, { labelWidth: 150 });
}

function drawItems(body: DocumentBody, items: readonly ItemLine[]): void {
  body.heading("Détail");
  const rows = items.map((item) =>
    item.kind === "text"
      ? [item.text, "", "", "", "", ""]
      : [
          item.description ? `${item.designation}\n${item.description}` : item.designation,
          formatQuantity(item.quantity),
          item.unit,
          formatCents(item.unitPriceHt),
          vatCell(item.vatCode),
          formatCents(item.ht),
        ],
  );
  body.table({
    columns: [
      { header: "Désignation", width: 200, text: true },
      { header: "Quantité", width: 50, align: "right" },
      { header: "Unité", width: 40, align: "center" },
      { header: "Prix unitaire HT", width: 70, align: "right" },
      { header: "TVA", width: 44, align: "center" },
      { header: "Total HT", width: 72, align: "right" },
    ],
    rows,
    fontSize: TABLE_SIZE,
  });
}

function drawLots(body: DocumentBody, billing: BillingInvoice): void {
  if (billing.items) {
    drawItems(body, billing.items);
    return;
  }
  const lots = billing.lines.filter((line): line is LotLine => line.kind === "lot");
  if (lots.length === 0) return;
  body.heading(billing.kind === "avoir" ? "Travaux repris par l'avoir" : "Avancement des travaux");
  const rows = lots.map((line) => [
    line.title,
    line.byRate.map((part) => vatCell(part.code)).join("\n"),
    formatCents(line.contractHt),
    formatPercent(line.cumulativePercent),
    formatCents(line.cumulativeHt),
    formatCents(line.previousHt),
    formatCents(line.ht),
  ]);
  rows.push(["Total des travaux", "", "", "", "", "", formatCents(sum(lots.map((line) => line.ht)))]);
  body.table({
    columns: [
      { header: "Lot", width: 130, text: true },
      { header: "TVA", width: 44, align: "center" },
      { header: "Montant du lot HT", width: 70, align: "right" },
      { header: "Avancement cumulé", width: 58, align: "right" },
      { header: "Cumul HT", width: 70, align: "right" },
      { header: "Déjà facturé HT", width: 70, align: "right" },
      { header: "Cette facture HT", width: 72, align: "right" },
    ],
    rows: rows.map((cells, index) => (index === rows.length - 1 ? { cells, bold: true } : cells)),
    fontSize: TABLE_SIZE,
  });
}

function drawRateRows(
  body: DocumentBody,
  heading: string,
  rows: { label: string; code: VatCode; ht: Cents; vat: Cents; ttc: Cents }[],
): void {
  if (rows.length === 0) return;
  body.heading(heading);
  body.table({
    columns: [
      { header: "Désignation", width: 230, text: true },
      { header: "TVA", width: 60, align: "center" },
      { header: "Montant HT", width: 80, align: "right" },
      { header: "TVA", width: 70, align: "right" },
      { header: "Montant TTC", width: 80, align: "right" },
    ],
    rows: rows.map((row) => [
      row.label,
      vatCell(row.code),
      formatCents(row.ht),
      formatCents(row.vat),
      formatCents(row.ttc),
    ]),
    fontSize: TABLE_SIZE,
  });
}

function drawDeposits(body: DocumentBody, billing: BillingInvoice): void {
  // The deposit rows: a deposit invoice's base, and its VAT (round(HT × rate), BR-CO-17).
  const rows = billing.lines.flatMap((line) =>
    line.kind === "deposit"
      ? [{ label: line.label, code: line.code, ht: line.ht, vat: line.vat, ttc: line.ttc }]
      : [],
  );
  drawRateRows(body, billing.kind === "avoir" ? "Acompte annulé" : "Acompte", rows);
}

/** A credit note's gesture or discount, under the user's designation, at each rate with its VAT. */
function drawAllowances(body: DocumentBody, billing: BillingInvoice): void {
  const rows = billing.lines.flatMap((line) => {
    if (line.kind !== "allowance") return [];
    const vat = billing.allowance?.find((amount) => amount.code === line.code)?.vat ?? 0;
    return [{ label: line.label, code: line.code, ht: line.ht, vat, ttc: line.ht + vat }];
  });
  const heading = billing.creditReason?.kind === "remise" ? "Remise" : "Geste commercial";
  drawRateRows(body, heading, rows);
}

/** Why the credit note is issued, in the user's words, under its kind. */
function drawCreditReason(body: DocumentBody, billing: BillingInvoice): void {
  if (!billing.creditReason) return;
  body.heading("Motif de l'avoir");
  body.paragraph(`${CREDIT_NOTE_KIND_LABELS[billing.creditReason.kind]} : ${billing.creditReason.text}`);
}

/** Deposits deducted, HT: they lower each rate's base, whose VAT the VAT table shows. */
function drawDeductions(body: DocumentBody, billing: BillingInvoice): void {
  const rows = billing.lines.flatMap((line) => (line.kind === "depositDeduction" ? [line] : []));
  if (rows.length === 0) return;
  body.heading("Acomptes déduits");
  body.table({
    columns: [
      { header: "Désignation", width: 300, text: true },
      { header: "TVA", width: 80, align: "center" },
      { header: "Montant HT", width: 140, align: "right" },
    ],
    rows: rows.map((row) => [row.label, vatCell(row.code), formatCents(row.ht)]),
    fontSize: TABLE_SIZE,
  });
  body.paragraph(
    "Les acomptes sont déduits hors taxes : leur TVA a été facturée sur les factures d'acompte, la TVA ci-dessous ne porte que sur le montant restant après leur déduction.",
    { size: 8.5, muted: true },
  );
}

function drawVatTable(body: DocumentBody, figures: DocumentFigures, reverseChargeOnly: boolean): void {
  body.heading("Récapitulatif de la TVA");
  body.table({
    columns: [
      { header: "Taux", width: 150, text: true },
      { header: "Base HT", width: 110, align: "right" },
      { header: "TVA", width: 110, align: "right" },
      { header: "Montant TTC", width: 110, align: "right" },
    ],
    rows: figures.rates.map((rate) => [
      VAT_RATES[rate.code].label,
      formatCents(rate.ht),
      rate.category === "AE" ? "autoliquidation" : formatCents(rate.vat),
      formatCents(rate.ttc),
    ]),
    fontSize: TABLE_SIZE,
  });
  if (reverseChargeOnly)
    body.paragraph("Montants hors taxes : TVA due par le preneur.", { size: 8.5, muted: true });
}

function drawTotals(body: DocumentBody, input: InvoiceDocumentInput, figures: DocumentFigures): void {
  const { billing } = input;
  body.heading("Totaux");
  const rows: TotalRow[] = [];
  if (figures.depositsDeductedHt !== 0) {
    rows.push({ label: "Travaux HT :", amount: formatCents(figures.ht + figures.depositsDeductedHt) });
    rows.push({ label: "Acomptes déduits (HT) :", amount: formatCents(-figures.depositsDeductedHt) });
  }
  rows.push(
    {
      label: "Total HT :",
      amount: formatCents(figures.ht),
      bold: true,
      ruleAbove: figures.depositsDeductedHt !== 0,
    },
    { label: "Total TVA :", amount: formatCents(figures.vat) },
    { label: "Total TTC :", amount: formatCents(figures.ttc), bold: true, ruleAbove: true },
  );
  if (billing.retention && figures.retention !== 0) {
    rows.push({
      label: `Retenue de garantie (${formatPercent(billing.retention.basisPoints)}) :`,
      amount: formatCents(-figures.retention),
    });
  }
  rows.push({
    label: `${NET_TO_PAY_LABEL} :`,
    amount: formatCents(figures.netToPay),
    bold: true,
    ruleAbove: true,
  });
  drawTotalRows(body, rows);
  if (billing.kind === "avoir") {
    body.paragraph(
      "Montant négatif : somme due au client, remboursée ou déduite de ses prochains règlements.",
      { size: 8.5, muted: true },
    );
  }
}

function drawRetention(body: DocumentBody, input: InvoiceDocumentInput, figures: DocumentFigures): void {
  const retention = input.billing.retention;
  // A bank guarantee is said by the billing's mention: nothing withheld to show here.
  if (!retention || retention.bankGuarantee) return;
  body.heading("Retenue de garantie");
  const entries: [string, string][] = [
    ["Taux", `${formatPercent(retention.basisPoints)} (loi n° 71-584 du 16 juillet 1971)`],
    ["Retenue sur cette facture", formatCents(figures.retention)],
    ["Retenue cumulée sur le devis", formatCents(retention.cumulativeWithheld)],
    [
      "Libération",
      input.retentionReleaseOn
        ? `Le ${formatDate(input.retentionReleaseOn)}, sauf opposition motivée du client`
        : "Un an après la réception des travaux, sauf opposition motivée du client",
    ],
  ];
  body.keyValues(entries, { labelWidth: 150 });
}

function drawPayment(body: DocumentBody, input: InvoiceDocumentInput): void {
  body.heading("Règlement");
  const entries: [string, string][] = [
    ["Date d'émission", formatDate(input.issuedOn)],
    ["Date d'échéance", formatDate(input.dueOn)],
  ];
  if (input.paymentTermsText.trim()) entries.push(["Conditions de paiement", input.paymentTermsText.trim()]);
  if (input.bank) {
    entries.push(["Titulaire du compte", input.bank.holder.trim()]);
    entries.push(["IBAN", formatIban(normalizeIban(input.bank.iban))]);
    entries.push(["BIC", normalizeBic(input.bank.bic)]);
  } else {
    entries.push(["Coordonnées bancaires", "Non renseignées"]);
  }
  if (input.number) entries.push(["Référence du virement", input.number]);
  body.keyValues(entries, { labelWidth: 150 });
}

function drawMentions(body: DocumentBody, input: InvoiceDocumentInput): void {
  const { billing } = input;
  const lines: string[] = [];
  if (input.vatOnDebits && billing.nature !== "goods") lines.push(`${VAT_ON_DEBITS_MENTION}.`);
  lines.push(...billing.mentions);
  if (input.client.kind === "entreprise") {
    lines.push(`${latePaymentMention(input.latePaymentRateBp)}.`);
    lines.push(`${RECOVERY_INDEMNITY_MENTION}.`);
  }
  lines.push(EARLY_PAYMENT_DISCOUNT_MENTION);
  body.heading("Mentions");
  for (const line of lines) body.paragraph(line, { size: 8.5 });
  drawCertifications(body, input.certifications, { size: 8.5 });
}

function drawInvoice(body: DocumentBody, input: InvoiceDocumentInput, figures: DocumentFigures): void {
  drawParties(body, input);
  drawCreditReason(body, input.billing);
  drawLots(body, input.billing);
  drawDeposits(body, input.billing);
  drawDeductions(body, input.billing);
  drawAllowances(body, input.billing);
  drawVatTable(
    body,
    figures,
    figures.rates.length > 0 && figures.rates.every((rate) => rate.category === "AE"),
  );
  drawTotals(body, input, figures);
  drawRetention(body, input, figures);
  drawPayment(body, input);
  drawMentions(body, input);
}

/**
 * Renders the invoice: the Factur-X XML (checked by `buildFacturxXml`) and the PDF/A-3
 * that embeds it. Same input, same bytes. Throws when the XML cannot be built (call
 * `missingForIssue` first).
 */
export async function renderInvoiceDocument(input: InvoiceDocumentInput): Promise<InvoiceDocument> {
  const facturx = invoiceFacturx(input);
  const xml = buildFacturxXml(facturx);
  const figures = documentFigures(input.billing);
  const pdf = await renderFacturxPdf(frameOf(input), (body) => drawInvoice(body, input, figures), xml);
  const xmlSha256 = createHash("sha256").update(xml, "utf8").digest("hex");
  return { pdf, xml, xmlSha256, facturx };
}
