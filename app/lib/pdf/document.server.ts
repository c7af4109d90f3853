import PDFDocument from "pdfkit";
import { formatDate } from "#app/lib/paris-time.ts";
import { fitText, PDF_FONTS, registerBrandFonts } from "./fonts.server.ts";
import { formatCapital } from "./format.ts";
import type { DocumentIdentity } from "./identity.ts";
import { PDF_COLORS, PDF_SIZES } from "./style.ts";
import { columnWidths, drawTable, type TableOptions } from "./table.server.ts";

export { PDF_COLORS, PDF_SIZES } from "./style.ts";
export {
  CELL_PADDING_X,
  type CellAlign,
  type TableColumn,
  type TableOptions,
  type TableRow,
} from "./table.server.ts";

/**
 * The one PDF engine of the application: an A4 document with the brand fonts
 * embedded, the company's frame (header and legal footer) drawn on every page, and a
 * small block API for the content (decision 012). Quotes, invoices, credit notes,
 * purchase orders and handover reports all go through `renderDocumentPdf`, so a
 * mention the law asks on every page is printed once, here.
 */

/** What the frame prints around the content, and the PDF's metadata. */
export interface DocumentFrame {
  identity: DocumentIdentity;
  /** Kind of document: « Devis », « Facture », « Avoir », … */
  title: string;
  /** Its number once issued: « DEV-2026-0001 » (a draft has none). */
  number?: string;
  /** The document's date: a calendar day (AAAA-MM-JJ) or an instant shown as its day in Paris. */
  date: Date | string;
  /** Label of that date in the header (default « Date »): « Date d'émission », … */
  dateLabel?: string;
  /** A few short lines under the date in the header: « Version 2 », « Valable jusqu'au … ». */
  headerLines?: readonly string[];
  /**
   * A mark printed across every page, large and light, over the content: « Brouillon –
   * sans valeur » on a draft's preview. Never on an issued document.
   */
  watermark?: string;
  /**
   * The PDF's creation date (metadata). Passed in, never read from the clock, so that
   * the same input renders to the same bytes.
   */
  creationDate: Date;
  /** PDF metadata. */
  subject?: string;
  keywords?: readonly string[];
  /** Declares PDF/A-3b (XMP identification and sRGB output intent), as Factur-X needs. */
  pdfA?: boolean;
  /**
   * Files embedded in the PDF and listed in the catalog's /AF (associated files, as
   * PDF/A-3 allows), dated with `creationDate`: the XML of a Factur-X invoice.
   */
  attachments?: readonly PdfAttachment[];
  /**
   * `rdf:Description` elements added to the XMP metadata: a PDF/A extension schema and
   * its properties (Factur-X's). Trusted XML, written by the caller's code, never typed in.
   */
  xmpExtra?: string;
}

/** A file embedded in a document (PDF/A-3 « associated file »). */
export interface PdfAttachment {
  /** The file's name: « factur-x.xml ». */
  name: string;
  bytes: Uint8Array;
  /** MIME type: « text/xml ». */
  mimeType: string;
  /** How it relates to the document (/AFRelationship). */
  relationship: "Source" | "Data" | "Alternative" | "Supplement" | "Unspecified";
  description?: string;
}

export interface TextOptions {
  bold?: boolean;
  italic?: boolean;
  /** Default 9.5 pt. */
  size?: number;
  align?: "left" | "center" | "right" | "justify";
  /** Muted grey instead of ink. */
  muted?: boolean;
}

/** The content's drawing API, handed to the body callback. */
export interface DocumentBody {
  /** Width between the side margins, in points. */
  readonly contentWidth: number;
  /** A section title in Montserrat, kept with what follows it. */
  heading(text: string): void;
  /** Flowing text; breaks onto new pages by itself. */
  paragraph(text: string, options?: TextOptions): void;
  /** Label / value pairs, the label in bold on the left. */
  keyValues(
    entries: ReadonlyArray<readonly [label: string, value: string]>,
    options?: { labelWidth?: number },
  ): void;
  /** A table with a header row, repeated on every page it runs onto. */
  table(options: TableOptions): void;
  /** The widths, in points, `table` gives the columns of these rows (cell padding included). */
  columnWidths(options: TableOptions): number[];
  /** Vertical space, in points (default 10). */
  space(points?: number): void;
  /** Starts a new page unless `points` of height remain on this one. */
  ensureSpace(points: number): void;
  /**
   * The pdfkit document, for what the blocks do not cover yet. Text drawn through it
   * must go through `fitText` and use the fonts of `PDF_FONTS`.
   */
  readonly doc: PDFKit.PDFDocument;
}

const PAGE_MARGIN_X = 42;
const PAGE_MARGIN_TOP = 34;
const PAGE_MARGIN_BOTTOM = 24;
const HEADER_GAP = 18;
const FOOTER_GAP = 14;
const FOOTER_SIZE = 6.5;
const BODY_SIZE = PDF_SIZES.body;
/** Below this, header and footer (too long an address or insurer) would crowd the content out. */
const MIN_BODY_HEIGHT = 300;

/** The full title of a document: « Devis DEV-2026-0001 ». */
export function documentTitle(frame: Pick<DocumentFrame, "title" | "number">): string {
  return frame.number ? `${frame.title} ${frame.number}` : frame.title;
}

/** The legal lines of the footer, without the page number. */
export function footerLines(identity: DocumentIdentity): string[] {
  const { insurance, rge } = identity;
  const lines = [
    [
      identity.legalName,
      `${identity.legalForm} au capital de ${formatCapital(identity.capitalCents)}`,
      `SIRET ${identity.siret}`,
      identity.rcs,
      `TVA ${identity.vatNumber}`,
    ].join(" – "),
    [identity.addressLines.join(", "), `Tél. ${identity.phone}`, identity.email].join(" – "),
    `Assurance décennale : ${insurance.insurer}, ${insurance.address}, contrat n° ${insurance.policy}, couverture : ${insurance.coverage}` +
      (insurance.validUntil ? `, valable jusqu'au ${formatDate(insurance.validUntil)}` : ""),
  ];
  if (rge) lines.push(`Qualification RGE n° ${rge.number}, valable jusqu'au ${formatDate(rge.validUntil)}`);
  return lines;
}

// pdfkit writes the Title and Author into the XMP packet without escaping them: an
// « & » would make the metadata invalid XML (and the file invalid PDF/A). The
// full-width forms read the same in a viewer's document properties.
function metadataText(text: string): string {
  return text.replace(/[&<>]/g, (character) => ({ "&": "＆", "<": "＜", ">": "＞" })[character] ?? character);
}

/**
 * Renders a document: the frame on every page around what `body` draws. The same
 * frame (creation date included) and body give the same bytes.
 */
export async function renderDocumentPdf(
  frame: DocumentFrame,
  body: (content: DocumentBody) => void | Promise<void>,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: "A4",
    autoFirstPage: false,
    bufferPages: true,
    // No default font: pdfkit would otherwise load Helvetica, a standard font that is
    // not embedded (and not allowed in PDF/A).
    font: null as unknown as undefined,
    // 1.7: PDF/A-3 is based on it, and pdfkit writes no XMP metadata below 1.4.
    pdfVersion: "1.7",
    lang: "fr-FR",
    displayTitle: true,
    ...(frame.pdfA ? { subset: "PDF/A-3b" as const } : {}),
    info: {
      Title: metadataText(documentTitle(frame)),
      Author: metadataText(frame.identity.legalName),
      Creator: metadataText(frame.identity.tradeName),
      CreationDate: frame.creationDate,
      ...(frame.subject ? { Subject: metadataText(frame.subject) } : {}),
      ...(frame.keywords?.length ? { Keywords: metadataText(frame.keywords.join(", ")) } : {}),
    },
  });
  const chunks: Uint8Array[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on("data", (chunk: Uint8Array) => chunks.push(chunk));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
  });
  registerBrandFonts(doc);

  // One options object for every page: pdfkit gives a page it opens by itself (text
  // flowing past the bottom) the options of the page before, so the margins set below,
  // once the header and footer are measured, hold for all of them.
  const pageOptions = {
    size: "A4" as const,
    margins: { top: PAGE_MARGIN_TOP, bottom: PAGE_MARGIN_BOTTOM, left: PAGE_MARGIN_X, right: PAGE_MARGIN_X },
  };
  doc.addPage(pageOptions);
  const contentWidth = doc.page.width - 2 * PAGE_MARGIN_X;

  const header = layoutHeader(doc, frame, contentWidth);
  const footer = layoutFooter(doc, frame.identity, contentWidth);
  pageOptions.margins = {
    top: PAGE_MARGIN_TOP + header.height + HEADER_GAP,
    bottom: PAGE_MARGIN_BOTTOM + footer.height + FOOTER_GAP,
    left: PAGE_MARGIN_X,
    right: PAGE_MARGIN_X,
  };
  if (doc.page.height - pageOptions.margins.top - pageOptions.margins.bottom < MIN_BODY_HEIGHT) {
    throw new Error("L'en-tête et le pied de page laissent trop peu de place au contenu.");
  }
  doc.page.margins = { ...pageOptions.margins };
  doc.x = pageOptions.margins.left;
  doc.y = pageOptions.margins.top;

  await body(createBody(doc, contentWidth, () => doc.addPage(pageOptions)));

  const { start, count } = doc.bufferedPageRange();
  for (let index = 0; index < count; index++) {
    doc.switchToPage(start + index);
    // The frame is drawn in the margins: without this pdfkit would open a new page.
    const saved = doc.page.margins;
    doc.page.margins = { top: 0, bottom: 0, left: 0, right: 0 };
    header.draw();
    footer.draw(index + 1, count);
    if (frame.watermark) drawWatermark(doc, frame.watermark);
    doc.page.margins = saved;
  }
  for (const attachment of frame.attachments ?? []) {
    doc.file(Buffer.from(attachment.bytes), {
      name: attachment.name,
      type: attachment.mimeType,
      description: attachment.description,
      creationDate: frame.creationDate,
      modifiedDate: frame.creationDate,
      // pdfkit writes /AFRelationship and the catalog's /AF; @types/pdfkit lacks the option.
      relationship: attachment.relationship,
    } as PDFKit.Mixins.PDFAttachmentOptions);
  }
  if (frame.xmpExtra) doc.appendXML(frame.xmpExtra);
  doc.end();
  return finished;
}

interface FramePart {
  height: number;
}

function layoutHeader(
  doc: PDFKit.PDFDocument,
  frame: DocumentFrame,
  contentWidth: number,
): FramePart & { draw(): void } {
  const { identity } = frame;
  const rightWidth = 210;
  const leftWidth = contentWidth - rightWidth - 16;
  const left = PAGE_MARGIN_X;
  const right = PAGE_MARGIN_X + contentWidth - rightWidth;
  const tradeName = fitText(identity.tradeName);
  const identityLines = [
    `${identity.legalName} – ${identity.legalForm} au capital de ${formatCapital(identity.capitalCents)}`,
    identity.addressLines.join(", "),
    `Tél. ${identity.phone} – ${identity.email}`,
    `SIRET ${identity.siret} – TVA ${identity.vatNumber}`,
  ].map(fitText);
  const title = fitText(documentTitle(frame));
  const dateLine = fitText(`${frame.dateLabel ?? "Date"} : ${formatDate(frame.date)}`);
  const extraLines = (frame.headerLines ?? []).map(fitText);

  const measure = (font: string, size: number, text: string, width: number) =>
    doc.font(font).fontSize(size).heightOfString(text, { width });
  const tradeNameHeight = measure(PDF_FONTS.heading, 16, tradeName, leftWidth);
  const identityHeight = measure(PDF_FONTS.text, 7.5, identityLines.join("\n"), leftWidth);
  const titleHeight = measure(PDF_FONTS.heading, 13, title, rightWidth);
  const detailsHeight = measure(PDF_FONTS.text, 8.5, [dateLine, ...extraLines].join("\n"), rightWidth);
  const height = Math.max(tradeNameHeight + 3 + identityHeight, titleHeight + 4 + detailsHeight) + 6;

  return {
    height,
    draw() {
      const top = PAGE_MARGIN_TOP;
      doc.font(PDF_FONTS.heading).fontSize(16).fillColor(PDF_COLORS.brand);
      doc.text(tradeName, left, top, { width: leftWidth });
      doc.font(PDF_FONTS.text).fontSize(7.5).fillColor(PDF_COLORS.muted);
      doc.text(identityLines.join("\n"), left, top + tradeNameHeight + 3, { width: leftWidth });
      doc.font(PDF_FONTS.heading).fontSize(13).fillColor(PDF_COLORS.brandDark);
      doc.text(title, right, top + 2, { width: rightWidth, align: "right" });
      doc.font(PDF_FONTS.text).fontSize(8.5).fillColor(PDF_COLORS.ink);
      doc.text([dateLine, ...extraLines].join("\n"), right, top + 2 + titleHeight + 4, {
        width: rightWidth,
        align: "right",
      });
      const ruleY = top + height;
      doc
        .moveTo(left, ruleY)
        .lineTo(left + contentWidth, ruleY)
        .lineWidth(0.8)
        .strokeColor(PDF_COLORS.brand)
        .stroke();
    },
  };
}

/**
 * `text` across the page's diagonal, in outlined letters (stroked, not filled) so that
 * the content under it stays readable without transparency (PDF/A).
 */
function drawWatermark(doc: PDFKit.PDFDocument, text: string): void {
  const { width, height } = doc.page;
  const mark = fitText(text);
  const size = 46;
  doc.save();
  doc.font(PDF_FONTS.heading).fontSize(size).lineWidth(0.9).strokeColor("#b91c1c");
  doc.rotate(-Math.atan2(height, width) * (180 / Math.PI), { origin: [width / 2, height / 2] });
  const markWidth = doc.widthOfString(mark);
  doc.text(mark, (width - markWidth) / 2, height / 2 - size / 2, {
    lineBreak: false,
    stroke: true,
    fill: false,
  });
  doc.restore();
}

function layoutFooter(
  doc: PDFKit.PDFDocument,
  identity: DocumentIdentity,
  contentWidth: number,
): FramePart & { draw(pageNumber: number, pageCount: number): void } {
  const text = footerLines(identity).map(fitText).join("\n");
  const left = PAGE_MARGIN_X;
  const textHeight = doc
    .font(PDF_FONTS.text)
    .fontSize(FOOTER_SIZE)
    .heightOfString(text, { width: contentWidth });
  const pageLineHeight = doc.font(PDF_FONTS.text).fontSize(7).currentLineHeight(true);
  const height = 5 + textHeight + 2 + pageLineHeight;

  return {
    height,
    draw(pageNumber, pageCount) {
      const top = doc.page.height - PAGE_MARGIN_BOTTOM - height;
      doc
        .moveTo(left, top)
        .lineTo(left + contentWidth, top)
        .lineWidth(0.5)
        .strokeColor(PDF_COLORS.rule)
        .stroke();
      doc.font(PDF_FONTS.text).fontSize(FOOTER_SIZE).fillColor(PDF_COLORS.muted);
      doc.text(text, left, top + 5, { width: contentWidth, align: "center" });
      doc.font(PDF_FONTS.text).fontSize(7).fillColor(PDF_COLORS.ink);
      doc.text(`Page ${pageNumber} / ${pageCount}`, left, top + 5 + textHeight + 2, {
        width: contentWidth,
        align: "right",
      });
    },
  };
}

function createBody(doc: PDFKit.PDFDocument, contentWidth: number, newPage: () => void): DocumentBody {
  const left = () => doc.page.margins.left;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  const ensureSpace = (points: number) => {
    if (doc.y + points > bottom()) newPage();
  };
  const textFont = (options: TextOptions = {}) =>
    options.bold ? PDF_FONTS.textBold : options.italic ? PDF_FONTS.textItalic : PDF_FONTS.text;

  return {
    contentWidth,
    doc,
    ensureSpace,
    space(points = 10) {
      if (doc.y + points > bottom()) newPage();
      else doc.y += points;
    },
    heading(text) {
      const fitted = fitText(text);
      doc.font(PDF_FONTS.heading).fontSize(11.5);
      const height = doc.heightOfString(fitted, { width: contentWidth });
      // Keep the heading with at least three lines of what follows.
      ensureSpace(height + 6 + 3 * doc.font(PDF_FONTS.text).fontSize(BODY_SIZE).currentLineHeight(true));
      doc.font(PDF_FONTS.heading).fontSize(11.5).fillColor(PDF_COLORS.brandDark);
      doc.text(fitted, left(), doc.y, { width: contentWidth });
      doc.y += 4;
    },
    paragraph(text, options = {}) {
      doc
        .font(textFont(options))
        .fontSize(options.size ?? BODY_SIZE)
        .fillColor(options.muted ? PDF_COLORS.muted : PDF_COLORS.ink);
      ensureSpace(doc.currentLineHeight(true));
      doc.text(fitText(text), left(), doc.y, {
        width: contentWidth,
        align: options.align ?? "left",
        paragraphGap: 4,
      });
      doc.x = left();
    },
    keyValues(entries, options = {}) {
      const labelWidth = options.labelWidth ?? 140;
      const valueWidth = contentWidth - labelWidth - 8;
      for (const [rawLabel, rawValue] of entries) {
        const label = fitText(rawLabel);
        const value = fitText(rawValue);
        doc.fontSize(BODY_SIZE);
        const height = Math.max(
          doc.font(PDF_FONTS.textBold).heightOfString(label, { width: labelWidth }),
          doc.font(PDF_FONTS.text).heightOfString(value, { width: valueWidth }),
        );
        ensureSpace(height);
        const y = doc.y;
        doc.font(PDF_FONTS.textBold).fillColor(PDF_COLORS.muted);
        doc.text(label, left(), y, { width: labelWidth });
        doc.font(PDF_FONTS.text).fillColor(PDF_COLORS.ink);
        doc.text(value, left() + labelWidth + 8, y, { width: valueWidth });
        doc.y = y + height + 2;
      }
      doc.x = left();
      doc.y += 4;
    },
    table(options) {
      drawTable(doc, contentWidth, options, newPage);
    },
    columnWidths(options) {
      return columnWidths(doc, contentWidth, options);
    },
  };
}
