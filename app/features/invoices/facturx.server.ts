import type { QuoteUnit } from "#app/db/schema/quotes.ts";
import { normalizeBic, normalizeIban } from "#app/lib/bank.ts";
import {
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
import { type Cents, formatCents, formatPercent } from "#app/lib/money.ts";
import { formatCapital } from "#app/lib/pdf/format.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { REVERSE_CHARGE_MENTION, type VatCode } from "#app/lib/vat.ts";
import {
  type BillingInvoice,
  CREDIT_NOTE_KIND_LABELS,
  type InvoiceKind,
  type LotLine,
} from "./billing-model.ts";
import {
  documentFigures,
  filled,
  type InvoiceDocumentInput,
  type InvoiceParty,
  rateLabel,
} from "./document-model.server.ts";
import {
  DRAFT_NUMBER,
  EARLY_PAYMENT_DISCOUNT_MENTION,
  latePaymentMention,
  RECOVERY_INDEMNITY_MENTION,
  VAT_ON_DEBITS_MENTION,
} from "./mentions.server.ts";

/*
 * The Factur-X (EN 16931) mapping of the invoice document: the XML's parties, lines,
 * VAT breakdown and notes, from the document's input and figures.
 */

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
