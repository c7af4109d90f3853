import { formatCents } from "#app/lib/money.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { startNewPage } from "#app/lib/pdf/blocks.server.ts";
import { type DocumentBody, PDF_COLORS, PDF_SIZES } from "#app/lib/pdf/document.server.ts";
import { fitText, PDF_FONTS } from "#app/lib/pdf/fonts.server.ts";
import type { QuoteContent } from "./content.ts";
import { ACCEPTANCE_BLOCK, type QuoteMentions } from "./mentions.ts";
import type { QuoteDocumentTotals } from "./totals.ts";

/*
 * The quote's acceptance on its PDF: the « Bon pour accord » box (empty on the quote
 * sent, filled in on the signed copy with the day, the signer and the drawn signature)
 * and the signed copy's last page, the « Certificat d'acceptation » with the proof of the
 * online acceptance. The quote's body is in pdf.server.ts.
 */

export type QuotePdfAcceptance = {
  name: string;
  email: string;
  acceptedAt: Date;
  ip: string;
  userAgent: string;
  codeVerifiedAt: Date;
  pdfSha256: string;
  certificationConfirmed: boolean;
  quoteNumber: string;
  /**
   * The signature the client drew on the page, drawn in the « Bon pour accord » box and on
   * the certificate; null or absent without one. An opaque 8-bit PNG (acceptance.server.ts
   * flattens the drawing on white): pdfkit embeds it as it is, whereas a PNG with an alpha
   * channel is decoded asynchronously and would make the bytes of the file vary.
   */
  signaturePng?: Buffer | null;
};

export const ACCEPTANCE_CERTIFICATE_TITLE = "Certificat d'acceptation";

const INK = PDF_COLORS.ink;
const RULE = PDF_COLORS.rule;
const BODY_SIZE = PDF_SIZES.body;
/** The largest room a drawn signature takes (width, height in points), its proportions kept. */
const SIGNATURE_FIT = [210, 70] as const;

/** The « Bon pour accord » box: empty to be signed by hand, or filled in on the signed copy. */
export function drawSignatureBlock(body: DocumentBody, acceptance: QuotePdfAcceptance | undefined): void {
  const { doc } = body;
  const boxHeight = 118;
  // The heading, the sentence and the box stay together.
  body.ensureSpace(boxHeight + 70);
  body.heading("Bon pour accord");
  body.paragraph(ACCEPTANCE_BLOCK);
  const left = doc.page.margins.left;
  const width = body.contentWidth;
  const top = doc.y + 2;
  doc.rect(left, top, width, boxHeight).lineWidth(0.6).strokeColor(RULE).stroke();
  doc.font(PDF_FONTS.textBold).fontSize(BODY_SIZE).fillColor(INK);
  const half = width / 2;
  // The signed copy fills the box in: the day (Paris), the signer and the drawn signature.
  const field = (label: string, value: string | null, x: number) => {
    doc.font(PDF_FONTS.textBold).fontSize(BODY_SIZE).fillColor(INK);
    doc.text(label, x, top + 8, { width: half - 16 });
    if (value === null) return;
    const offset = doc.widthOfString(`${label} `);
    doc.font(PDF_FONTS.text);
    doc.text(fitText(value), x + offset, top + 8, { width: half - 16 - offset, height: BODY_SIZE * 2.6 });
  };
  field("Date :", acceptance ? formatDate(acceptance.acceptedAt, "numeric") : null, left + 8);
  field("Nom :", acceptance ? acceptance.name : null, left + half + 8);
  doc.font(PDF_FONTS.textBold).fontSize(BODY_SIZE).fillColor(INK);
  doc.text(fitText("Signature, précédée de la mention « Bon pour accord » :"), left + 8, top + 34, {
    width: width - 16,
  });
  if (acceptance?.signaturePng) {
    doc.image(acceptance.signaturePng, left + 8, top + 48, {
      fit: [SIGNATURE_FIT[0], Math.min(SIGNATURE_FIT[1], boxHeight - 56)],
      valign: "center",
    });
  }
  doc.x = left;
  doc.y = top + boxHeight + 8;
}

/** « 2026-11-23 13:05:42 UTC »: the instant without any time zone to interpret. */
function utcInstant(instant: Date): string {
  return `${instant.toISOString().slice(0, 19).replace("T", " ")} UTC`;
}

function parisInstant(instant: Date): string {
  return `${formatDateTime(instant, "long")}, heure de Paris (Europe/Paris), soit ${utcInstant(instant)}`;
}

/** The signed copy's last page: what proves the online acceptance, and the drawn signature. */
export function drawAcceptanceCertificate(
  body: DocumentBody,
  {
    content,
    totals,
    mentions,
  }: { content: QuoteContent; totals: QuoteDocumentTotals; mentions: QuoteMentions },
  acceptance: QuotePdfAcceptance,
): void {
  startNewPage(body);
  body.heading(ACCEPTANCE_CERTIFICATE_TITLE);
  body.paragraph(
    "Ce certificat atteste l'acceptation en ligne du devis dont les pages précèdent. Il est joint à la copie " +
      "du devis remise au client et conservée par l'entreprise.",
  );
  body.space(4);
  const entries: [string, string][] = [
    ["Devis", `${acceptance.quoteNumber} – ${content.title}`],
    [
      "Montant accepté",
      content.reverseCharge
        ? `${formatCents(totals.totalHt)} HT (autoliquidation)`
        : `${formatCents(totals.totalTtc)} TTC`,
    ],
    ["Signataire", acceptance.name],
    [
      "Adresse e-mail",
      `${acceptance.email}\nVérifiée par un code à usage unique envoyé à cette adresse, saisi le ${parisInstant(acceptance.codeVerifiedAt)}`,
    ],
    ["Date et heure de l'acceptation", parisInstant(acceptance.acceptedAt)],
    ["Adresse IP", acceptance.ip],
    ["Navigateur", acceptance.userAgent],
    ["Empreinte SHA-256 du devis présenté", acceptance.pdfSha256],
  ];
  if (mentions.certifications.length > 0) {
    entries.push([
      "Attestation du client (taux réduit de TVA)",
      acceptance.certificationConfirmed
        ? "Confirmée par le client lors de l'acceptation"
        : "Non confirmée par le client",
    ]);
  }
  entries.push([
    "Signature dessinée",
    acceptance.signaturePng
      ? "Tracée par le signataire sur la page du devis, reproduite ci-dessous"
      : "Aucune (facultative : l'acceptation tient au code vérifié et au nom saisi)",
  ]);
  body.keyValues(entries, { labelWidth: 120 });
  if (acceptance.signaturePng) drawSignatureImage(body, acceptance.signaturePng);
  body.space(6);
  body.paragraph(
    "L'acceptation a été donnée par voie électronique, conformément aux articles 1366 et 1367 du Code " +
      "civil : le signataire a été identifié par son adresse e-mail, vérifiée par un code à usage unique, " +
      "et son acceptation est liée au document présenté par l'empreinte SHA-256 de ce fichier PDF, qui permet " +
      "d'en vérifier l'intégrité.",
    { align: "justify" },
  );
}

/** The drawn signature under the certificate's facts, in a thin frame. */
function drawSignatureImage(body: DocumentBody, png: Buffer): void {
  const { doc } = body;
  const [width, height] = SIGNATURE_FIT;
  body.ensureSpace(height + 20);
  const left = doc.page.margins.left + 128;
  const top = doc.y + 4;
  doc
    .rect(left, top, width + 12, height + 12)
    .lineWidth(0.6)
    .strokeColor(RULE)
    .stroke();
  doc.image(png, left + 6, top + 6, { fit: [width, height], align: "center", valign: "center" });
  doc.x = doc.page.margins.left;
  doc.y = top + height + 16;
}
