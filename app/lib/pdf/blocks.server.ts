import { formatPercent } from "#app/lib/money.ts";
import { VAT_RATES, type VatCode } from "#app/lib/vat.ts";
import { type DocumentBody, PDF_COLORS, PDF_SIZES, type TextOptions } from "./document.server.ts";
import { fitText, PDF_FONTS } from "./fonts.server.ts";

/*
 * The pieces the commercial documents share (decision 012): quotes and invoices draw their
 * parties, VAT cells, totals and the client's VAT certification with these, and keep only
 * what differs between them.
 */

/** The heading of the client's certification for a reduced VAT rate (CGI art. 279-0 bis, 278-0 bis A). */
export const CERTIFICATION_HEADING = "Attestation du client (taux réduit de TVA)";

/**
 * The lines that hold text, trimmed, one a line (or joined by `separator`): an address
 * without its empty parts.
 */
export function joinLines(lines: ReadonlyArray<string | null | undefined>, separator = "\n"): string {
  return lines
    .map((line) => line?.trim() ?? "")
    .filter(Boolean)
    .join(separator);
}

/** « 20 % », « 5,5 % » or « Autoliquidation »: the TVA cell of a line. */
export function vatCell(code: VatCode): string {
  return code === "autoliquidation" ? VAT_RATES[code].label : formatPercent(VAT_RATES[code].basisPoints);
}

/** A row of the totals: « Total HT : » and its amount, bold and under a rule for a total. */
export type TotalRow = { label: string; amount: string; bold?: boolean; ruleAbove?: boolean };

/** Label / amount rows aligned on the right, the amounts in one column. */
export function drawTotalRows(body: DocumentBody, rows: readonly TotalRow[]): void {
  const { doc } = body;
  const amountWidth = 120;
  const gap = 10;
  const labelWidth = body.contentWidth - amountWidth - gap;
  for (const row of rows) {
    const label = fitText(row.label);
    const amount = fitText(row.amount);
    const font = row.bold ? PDF_FONTS.textBold : PDF_FONTS.text;
    doc.font(font).fontSize(PDF_SIZES.body);
    const height = Math.max(
      doc.heightOfString(label, { width: labelWidth }),
      doc.heightOfString(amount, { width: amountWidth }),
    );
    body.ensureSpace(height + 4);
    const left = doc.page.margins.left;
    const y = doc.y + (row.ruleAbove ? 3 : 0);
    if (row.ruleAbove) {
      doc
        .moveTo(left + body.contentWidth * 0.45, y - 2)
        .lineTo(left + body.contentWidth, y - 2)
        .lineWidth(0.6)
        .strokeColor(PDF_COLORS.rule)
        .stroke();
    }
    doc.font(font).fontSize(PDF_SIZES.body).fillColor(PDF_COLORS.ink);
    doc.text(label, left, y, { width: labelWidth, align: "right" });
    doc.text(amount, left + labelWidth + gap, y, { width: amountWidth, align: "right" });
    doc.x = left;
    doc.y = y + height + 1;
  }
  doc.y += 6;
}

/** The client's VAT certification(s) under their heading, justified; nothing without one. */
export function drawCertifications(
  body: DocumentBody,
  certifications: readonly string[],
  options: Pick<TextOptions, "size"> = {},
): void {
  if (certifications.length === 0) return;
  body.heading(CERTIFICATION_HEADING);
  for (const certification of certifications) {
    body.paragraph(certification, { ...options, align: "justify" });
  }
}

/** The next block starts on a page of its own. */
export function startNewPage(body: DocumentBody): void {
  if (body.doc.y > body.doc.page.margins.top) body.ensureSpace(Number.POSITIVE_INFINITY);
}
