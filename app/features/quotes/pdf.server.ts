import { retentionTermsText } from "#app/lib/guarantee-retention.ts";
import { formatCents, formatPercent, formatQuantity } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import {
  drawCertifications,
  drawTotalRows,
  joinLines,
  startNewPage,
  type TotalRow,
  vatCell,
} from "#app/lib/pdf/blocks.server.ts";
import {
  CELL_PADDING_X,
  type DocumentBody,
  type DocumentFrame,
  PDF_SIZES,
  renderDocumentPdf,
} from "#app/lib/pdf/document.server.ts";
import { fitText, PDF_FONTS } from "#app/lib/pdf/fonts.server.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import type { QuoteContent, QuoteItemLine } from "./content.ts";
import {
  OFF_PREMISES_NOTICE,
  type QuoteClientFacts,
  type QuoteMentions,
  WITHDRAWAL_FORM_TITLE,
  WITHDRAWAL_NOTICE,
  withdrawalFormLines,
} from "./mentions.ts";
import {
  drawAcceptanceCertificate,
  drawSignatureBlock,
  type QuotePdfAcceptance,
} from "./pdf-acceptance.server.ts";
import type { QuoteDocumentTotals } from "./totals.ts";

/*
 * The quote's PDF: the company frame of app/lib/pdf (identity, décennale insurance, RGE on
 * every page) around what the arrêté of 24 January 2017 and BACKOFFICE.md ask a quote to
 * carry. Every figure comes from `QuoteDocumentTotals` (the content alone, never the
 * settings) and every legal text from `QuoteMentions` (./mentions.ts): nothing is
 * computed or worded twice. The staff's estimated cost and margin never reach it. The
 * « Bon pour accord » box and the signed copy's certificate are in pdf-acceptance.server.ts.
 */

export type QuotePdfInput = {
  identity: DocumentIdentity;
  /** Display number (« DEV-2026-0007 », « DEV-2026-0007-V2 »), null for a draft preview. */
  number: string | null;
  version: number;
  /** Day of the document (sending day; today for a draft), AAAA-MM-JJ. */
  date: string;
  /** Last day of validity once sent; null for a draft (then print « Validité : N jours à compter de son envoi »). */
  validUntil: string | null;
  creationDate: Date;
  client: QuoteClientFacts & { phone: string | null };
  content: QuoteContent;
  totals: QuoteDocumentTotals;
  mentions: QuoteMentions;
  /** Adds a last page « Certificat d'acceptation » with these facts (the signed copy). */
  acceptance?: QuotePdfAcceptance;
};

export const DRAFT_MARK = "Brouillon — non envoyé";
export const OPTIONS_HEADING = "Options (non comprises dans le total)";

const TABLE_SIZE = PDF_SIZES.table;
/**
 * A cell taller than a page would be cut by the engine: a description taller than
 * `SPLIT_CELL_ABOVE` (thousands of characters) is carried on over continuation rows of
 * at most `CONTINUATION_HEIGHT`, short enough to fill the bottom of a page.
 */
const SPLIT_CELL_ABOVE = 220;
const CONTINUATION_HEIGHT = 110;

/** Renders the quote (and, with `acceptance`, its signed copy). Same input, same bytes. */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Buffer> {
  return renderDocumentPdf(quoteFrame(input), (body) => drawQuote(body, input));
}

function quoteFrame(input: QuotePdfInput): DocumentFrame {
  const { content } = input;
  const headerLines: string[] = [];
  if (input.number === null) headerLines.push(DRAFT_MARK);
  if (input.version > 1) headerLines.push(`Version ${input.version}`);
  headerLines.push(
    input.validUntil
      ? `Valable jusqu'au ${formatDate(input.validUntil)}`
      : `Validité : ${validityDays(content.terms.validityDays)} à compter de son envoi`,
  );
  return {
    identity: input.identity,
    title: "Devis",
    ...(input.number ? { number: input.number } : {}),
    date: input.date,
    headerLines,
    creationDate: input.creationDate,
    subject: content.title,
    keywords: ["Devis", ...(input.number ? [input.number] : [])],
    pdfA: true,
  };
}

function validityDays(days: number): string {
  return days > 1 ? `${days} jours` : `${days} jour`;
}

function drawQuote(body: DocumentBody, input: QuotePdfInput): void {
  drawParties(body, input);
  drawNature(body, input.content);
  drawLots(body, input);
  drawTravel(body, input);
  drawTotals(body, input);
  drawOptions(body, input);
  drawTerms(body, input);
  drawVatMentions(body, input);
  drawNote(body, input.content);
  drawConsumerNotices(body, input.mentions);
  drawSignatureBlock(body, input.acceptance);
  if (input.mentions.withdrawal) drawWithdrawalForm(body, input.identity);
  if (input.acceptance) drawAcceptanceCertificate(body, input, input.acceptance);
}

// ─── Parties and work ────────────────────────────────────────────────────────────────

function drawParties(body: DocumentBody, { client, content }: QuotePdfInput): void {
  body.heading("Client et chantier");
  const business = client.kind === "entreprise";
  const legalName = business && client.legalName?.trim() ? client.legalName.trim() : null;
  const entries: [string, string][] = [
    [
      "Client",
      legalName && legalName !== client.name.trim() ? joinLines([legalName, client.name]) : client.name,
    ],
  ];
  if (business) {
    if (client.siren?.trim()) entries.push(["SIREN", client.siren.trim()]);
    if (client.vatNumber?.trim()) entries.push(["N° de TVA intracommunautaire", client.vatNumber.trim()]);
  }
  const billingCity = joinLines([client.billingPostalCode, client.billingCity], " ");
  entries.push([
    "Adresse de facturation",
    joinLines([client.billingStreet, billingCity]) || "Non renseignée",
  ]);
  if (client.phone?.trim()) entries.push(["Téléphone", client.phone.trim()]);
  if (client.email?.trim()) entries.push(["E-mail", client.email.trim()]);
  const siteCity = joinLines([content.site.postalCode, content.site.city], " ");
  entries.push(["Adresse du chantier", joinLines([content.site.street, siteCity]) || "Non renseignée"]);
  body.keyValues(entries, { labelWidth: 150 });
}

function drawNature(body: DocumentBody, content: QuoteContent): void {
  body.heading("Nature des travaux");
  body.paragraph(content.title, { bold: true });
  if (content.description.trim()) body.paragraph(content.description.trim());
  body.space(4);
}

// ─── Lines ───────────────────────────────────────────────────────────────────────────

type Row = string[] | { cells: string[]; bold?: boolean };

const LINE_COLUMNS = (reverseCharge: boolean) =>
  [
    { header: "N°", width: 30 },
    { header: "Désignation", width: reverseCharge ? 181 : 213, text: true },
    { header: "Unité", width: 38 },
    { header: "Quantité", width: 50, align: "right" },
    { header: "Prix unitaire HT", width: 68, align: "right" },
    { header: "TVA", width: reverseCharge ? 72 : 40, align: "center" },
    { header: "Total HT", width: 72, align: "right" },
  ] as const;

function vatCodeOf(content: QuoteContent, code: QuoteItemLine["vatCode"]): VatCode {
  return content.reverseCharge ? "autoliquidation" : code;
}

/**
 * The width, in points, of the text of the Désignation column: the table's, as its headers
 * ask (amounts wider than their share narrow it by a few points more).
 */
function designationWidth(body: DocumentBody, reverseCharge: boolean): number {
  const [, designation = 0] = body.columnWidths({ columns: LINE_COLUMNS(reverseCharge), rows: [] });
  return designation - 2 * CELL_PADDING_X;
}

/**
 * A cell's text as one chunk, or as several when it would be taller than a page holds
 * (the engine cuts such a row): each chunk is the longest run of words that fits.
 */
function splitTallText(body: DocumentBody, text: string, width: number): string[] {
  // Most cells are a few lines: a bound on their line count spares measuring them (a
  // wrapped line of the Désignation column holds far more than 15 characters).
  const lineBound = text.split("\n").length + text.length / 15;
  if (lineBound * TABLE_SIZE * 1.5 <= SPLIT_CELL_ABOVE) return [text];
  const { doc } = body;
  doc.font(PDF_FONTS.text).fontSize(TABLE_SIZE);
  const height = (candidate: string) => doc.heightOfString(fitText(candidate), { width });
  if (height(text) <= SPLIT_CELL_ABOVE) return [text];
  const fits = (candidate: string) => height(candidate) <= CONTINUATION_HEIGHT;
  const tokens = text.split(/(?<=\s)/u);
  const chunks: string[] = [];
  let start = 0;
  while (start < tokens.length) {
    // The longest prefix of the remaining words that fits, found by bisection: a few
    // measurements per chunk rather than one per word.
    let low = start + 1;
    let high = tokens.length;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(tokens.slice(start, middle).join(""))) low = middle;
      else high = middle - 1;
    }
    // Rather at the end of a line or a sentence in the chunk's last third, so that a
    // continuation row (perhaps on the next page) starts a sentence.
    let end = low;
    if (end < tokens.length) {
      const earliest = start + Math.ceil(((low - start) * 2) / 3);
      for (let candidate = low; candidate > earliest; candidate--) {
        const token = tokens[candidate - 1] ?? "";
        if (token.includes("\n") || /[.;:!?]\s+$/u.test(token)) {
          end = candidate;
          break;
        }
      }
    }
    const chunk = tokens.slice(start, end).join("").trim();
    if (chunk) chunks.push(chunk);
    start = end;
  }
  return chunks.length > 0 ? chunks : [text];
}

function itemRows(
  body: DocumentBody,
  content: QuoteContent,
  line: QuoteItemLine,
  number: string,
  totalHt: number,
): Row[] {
  const designation = line.description.trim()
    ? `${line.designation}\n${line.description.trim()}`
    : line.designation;
  const [first = "", ...rest] = splitTallText(
    body,
    designation,
    designationWidth(body, content.reverseCharge),
  );
  return [
    [
      number,
      first,
      line.unit,
      line.quantity === null ? "—" : formatQuantity(line.quantity),
      line.unitPriceHt === null ? "—" : formatCents(line.unitPriceHt),
      vatCell(vatCodeOf(content, line.vatCode)),
      formatCents(totalHt),
    ],
    ...rest.map((chunk) => ["", chunk]),
  ];
}

function textRows(body: DocumentBody, content: QuoteContent, text: string): Row[] {
  return splitTallText(body, text.trim(), designationWidth(body, content.reverseCharge)).map((chunk) => [
    "",
    chunk,
  ]);
}

/** Each line's HT from the totals (same order: lot after lot, line after line). */
function lineTotalsHt(input: QuotePdfInput): number[][] {
  let index = 0;
  return input.content.lots.map((lot) =>
    lot.lines.map(() => {
      const result = input.totals.lines[index];
      index += 1;
      return result?.kind === "item" ? result.totalHt : 0;
    }),
  );
}

function drawLots(body: DocumentBody, input: QuotePdfInput): void {
  const { content, totals } = input;
  const lineTotals = lineTotalsHt(input);
  const columns = LINE_COLUMNS(content.reverseCharge);
  content.lots.forEach((lot, lotIndex) => {
    // A lot made only of options is printed in the options only.
    if (lot.lines.length > 0 && lot.lines.every((line) => line.kind === "item" && line.optional)) return;
    const lotNumber = lotIndex + 1;
    body.heading(`Lot ${lotNumber} – ${lot.title}`);
    const rows: Row[] = [];
    let itemNumber = 0;
    lot.lines.forEach((line, lineIndex) => {
      if (line.kind === "text") {
        rows.push(...textRows(body, content, line.text));
        return;
      }
      if (line.optional) return;
      itemNumber += 1;
      rows.push(
        ...itemRows(
          body,
          content,
          line,
          `${lotNumber}.${itemNumber}`,
          lineTotals[lotIndex]?.[lineIndex] ?? 0,
        ),
      );
    });
    const subtotal = totals.lots[lotIndex]?.subtotalHt ?? 0;
    rows.push({ cells: ["", `Sous-total ${lot.title}`, "", "", "", "", formatCents(subtotal)], bold: true });
    body.table({ columns, rows, fontSize: TABLE_SIZE });
  });
}

function drawTravel(body: DocumentBody, { content }: QuotePdfInput): void {
  if (!content.travel) return;
  const amount = formatCents(content.travel.amountHt);
  body.heading("Déplacement");
  body.table({
    columns: LINE_COLUMNS(content.reverseCharge),
    rows: [
      [
        "",
        "Frais de déplacement",
        "forfait",
        formatQuantity(1000),
        amount,
        vatCell(vatCodeOf(content, content.travel.vatCode)),
        amount,
      ],
    ],
    fontSize: TABLE_SIZE,
  });
}

function drawOptions(body: DocumentBody, input: QuotePdfInput): void {
  const { content, totals } = input;
  const lineTotals = lineTotalsHt(input);
  const rows: Row[] = [];
  let optionNumber = 0;
  content.lots.forEach((lot, lotIndex) => {
    const options = lot.lines.flatMap((line, lineIndex) =>
      line.kind === "item" && line.optional
        ? [{ line, totalHt: lineTotals[lotIndex]?.[lineIndex] ?? 0 }]
        : [],
    );
    if (options.length === 0) return;
    if (content.lots.length > 1) rows.push({ cells: ["", `Lot ${lotIndex + 1} – ${lot.title}`], bold: true });
    for (const { line, totalHt } of options) {
      optionNumber += 1;
      rows.push(...itemRows(body, content, line, `O${optionNumber}`, totalHt));
    }
  });
  if (optionNumber === 0) return;
  rows.push({
    cells: ["", "Total des options HT", "", "", "", "", formatCents(totals.optional.totalHt)],
    bold: true,
  });
  if (!content.reverseCharge) {
    rows.push({
      cells: ["", "Total des options TTC", "", "", "", "", formatCents(totals.optional.totalTtc)],
      bold: true,
    });
  }
  body.heading(OPTIONS_HEADING);
  body.paragraph(
    "Ces prestations ne sont pas comprises dans le total du devis ; elles s'y ajoutent si le client les retient.",
    { size: 8.5, muted: true },
  );
  body.table({ columns: LINE_COLUMNS(content.reverseCharge), rows, fontSize: TABLE_SIZE });
}

// ─── Totals ──────────────────────────────────────────────────────────────────────────

function discountLabel(content: QuoteContent): string {
  return content.discount?.kind === "percent"
    ? `Remise (${formatPercent(content.discount.basisPoints)}) :`
    : "Remise :";
}

function drawTotals(body: DocumentBody, input: QuotePdfInput): void {
  const { content, totals, mentions } = input;
  body.heading("Récapitulatif");
  const rows: TotalRow[] = [{ label: "Total HT des lignes :", amount: formatCents(totals.linesHt) }];
  if (totals.discountHt !== 0) {
    rows.push({ label: discountLabel(content), amount: formatCents(-totals.discountHt) });
  }
  rows.push({ label: "Total HT :", amount: formatCents(totals.totalHt), bold: true, ruleAbove: true });
  if (content.reverseCharge) {
    rows.push({ label: "TVA :", amount: "autoliquidation" });
  } else {
    for (const rate of totals.byRate) {
      rows.push({
        label: `${VAT_RATES[rate.code].label} sur ${formatCents(rate.ht)} :`,
        amount: formatCents(rate.vat),
      });
    }
    if (totals.byRate.length > 1) rows.push({ label: "Total TVA :", amount: formatCents(totals.totalVat) });
    rows.push({ label: "Total TTC :", amount: formatCents(totals.totalTtc), bold: true, ruleAbove: true });
  }
  if (totals.depositTtc !== null) {
    rows.push({
      // Off-premises, no payment may be asked within seven days (L221-10): the deposit
      // cannot be « à la signature ».
      label: mentions.offPremises ? "Acompte :" : "Acompte à la signature :",
      amount: `${formatCents(totals.depositTtc)} ${content.reverseCharge ? "HT" : "TTC"}`,
      bold: true,
      ruleAbove: true,
    });
  }
  drawTotalRows(body, rows);
  if (mentions.reverseCharge) body.paragraph(mentions.reverseCharge, { bold: true });
  if (totals.depositTtc !== null) {
    if (mentions.offPremises) {
      body.paragraph(
        "L'acompte n'est exigible qu'à l'expiration d'un délai de sept jours à compter de la conclusion du " +
          "contrat (article L221-10 du Code de la consommation), sauf travaux d'urgence demandés par le client.",
      );
    }
    if (content.terms.depositSchedule.trim()) body.paragraph(content.terms.depositSchedule.trim());
  }
  body.space(4);
}

// ─── Terms and mentions ──────────────────────────────────────────────────────────────

function drawTerms(body: DocumentBody, input: QuotePdfInput): void {
  const { terms } = input.content;
  body.heading("Conditions");
  const entries: [string, string][] = [
    [
      "Validité",
      input.validUntil
        ? `Jusqu'au ${formatDate(input.validUntil)} (${validityDays(terms.validityDays)} à compter de son envoi)`
        : `${validityDays(terms.validityDays)} à compter de son envoi`,
    ],
  ];
  if (terms.startOn) entries.push(["Début estimé des travaux", formatDate(terms.startOn)]);
  if (terms.duration.trim()) entries.push(["Durée estimée des travaux", terms.duration.trim()]);
  if (terms.paymentTerms.trim()) entries.push(["Conditions de paiement", terms.paymentTerms.trim()]);
  const retention = retentionTermsText(terms);
  if (retention) entries.push(["Retenue de garantie", retention]);
  entries.push(["Prix du devis", input.mentions.price]);
  body.keyValues(entries, { labelWidth: 150 });
}

function drawVatMentions(body: DocumentBody, { mentions, identity }: QuotePdfInput): void {
  drawCertifications(body, mentions.certifications);
  if (mentions.needsRge) {
    body.paragraph(
      identity.rge
        ? `Travaux d'amélioration énergétique : qualification RGE n° ${identity.rge.number}, valable jusqu'au ${formatDate(identity.rge.validUntil)}`
        : "Travaux d'amélioration énergétique : qualification RGE non renseignée.",
      { bold: true },
    );
  }
  if (mentions.certifications.length > 0 || mentions.needsRge) body.space(4);
}

function drawNote(body: DocumentBody, content: QuoteContent): void {
  const note = content.terms.noteToClient.trim();
  if (!note) return;
  body.heading("Remarques");
  body.paragraph(note);
  body.space(4);
}

function drawConsumerNotices(body: DocumentBody, mentions: QuoteMentions): void {
  if (!mentions.withdrawal && !mentions.offPremises) return;
  body.heading("Information du client consommateur");
  if (mentions.withdrawal) body.paragraph(WITHDRAWAL_NOTICE, { size: 8.5, align: "justify" });
  if (mentions.offPremises) body.paragraph(OFF_PREMISES_NOTICE, { size: 8.5, align: "justify" });
  body.space(4);
}

function drawWithdrawalForm(body: DocumentBody, identity: DocumentIdentity): void {
  startNewPage(body);
  body.heading(WITHDRAWAL_FORM_TITLE);
  // The model form asks for the trader's name, postal address and, when available, e-mail.
  const companyLine = [identity.legalName, identity.addressLines.join(", "), identity.email].join(", ");
  for (const line of withdrawalFormLines(companyLine)) {
    body.paragraph(line);
    body.space(8);
  }
}
