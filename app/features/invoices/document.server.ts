import { createHash } from "node:crypto";
import { formatIban, normalizeBic, normalizeIban } from "#app/lib/bank.ts";
import { type FacturxFrame, renderFacturxPdf } from "#app/lib/facturx/embed.server.ts";
import { buildFacturxXml } from "#app/lib/facturx/facturx.ts";
import { type Cents, formatCents, formatPercent, formatQuantity } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import {
  drawCertifications,
  drawTotalRows,
  joinLines,
  type TotalRow,
  vatCell,
} from "#app/lib/pdf/blocks.server.ts";
import { type DocumentBody, PDF_SIZES } from "#app/lib/pdf/document.server.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import {
  type BillingInvoice,
  CREDIT_NOTE_KIND_LABELS,
  type ItemLine,
  type LotLine,
} from "./billing-model.ts";
import {
  type DocumentFigures,
  documentFigures,
  filled,
  type InvoiceDocument,
  type InvoiceDocumentInput,
  sum,
} from "./document-model.server.ts";
import { invoiceFacturx } from "./facturx.server.ts";
import {
  EARLY_PAYMENT_DISCOUNT_MENTION,
  GOODS_MENTION,
  INVOICE_DRAFT_MARK,
  invoiceFrameTitle,
  latePaymentMention,
  NET_TO_PAY_LABEL,
  RECOVERY_INDEMNITY_MENTION,
  SERVICES_MENTION,
  VAT_ON_DEBITS_MENTION,
} from "./mentions.server.ts";

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
 *
 * This module draws the PDF and embeds the XML; the input and the figures are in
 * ./document-model.server.ts, the texts and the issue checks in ./mentions.server.ts, the
 * XML in ./facturx.server.ts.
 */

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
