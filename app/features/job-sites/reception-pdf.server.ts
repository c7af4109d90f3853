import { formatDate, formatDateTime, type IsoDay } from "#app/lib/paris-time.ts";
import { joinLines } from "#app/lib/pdf/blocks.server.ts";
import { type DocumentBody, PDF_COLORS, renderDocumentPdf } from "#app/lib/pdf/document.server.ts";
import { fitText, PDF_FONTS } from "#app/lib/pdf/fonts.server.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { WARRANTY_LABELS, warrantyDates } from "./warranty.ts";

/*
 * The PV de réception's PDF (Code civil 1792-6), in the company frame of app/lib/pdf: the
 * parties, the works and their quotes, the declaration of the reception with or without
 * reservations, the reservations (lot, description, deadline), what the reception starts
 * (the warranties and the retention's release) and the two signature boxes.
 */

export type ReceptionPdfInput = {
  identity: DocumentIdentity;
  creationDate: Date;
  siteNumber: string;
  siteTitle: string;
  siteAddress: readonly string[];
  client: { name: string; address: readonly string[] };
  quoteNumbers: readonly string[];
  receivedOn: IsoDay;
  reservations: readonly { lot: string | null; description: string; deadline: IsoDay }[];
  /** A draft's preview: marked across every page, never signed. */
  draft: boolean;
  /** The online signature: the client's box filled in, and the certificate after it. */
  signed?: ReceptionSignature;
};

export type ReceptionSignature = {
  name: string;
  email: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  codeVerifiedAt: Date;
  /** SHA-256 of the PV presented for signature (the frozen file). */
  pdfSha256: string;
  /** The drawn signature, flattened (app/lib/online-signing.server.ts); null without one. */
  signaturePng: Buffer | null;
};

export const RECEPTION_CERTIFICATE_TITLE = "Certificat de signature électronique";

export const RECEPTION_PDF_TITLE = "Procès-verbal de réception des travaux";

/** The declaration the client signs, with or without reservations. */
export function receptionDeclaration(input: Pick<ReceptionPdfInput, "receivedOn" | "reservations">): string {
  const day = formatDate(input.receivedOn);
  return input.reservations.length === 0
    ? `Le maître d'ouvrage, après visite des travaux en présence de l'entreprise, déclare les accepter et prononce leur réception sans réserve, avec effet au ${day} (article 1792-6 du Code civil).`
    : `Le maître d'ouvrage, après visite des travaux en présence de l'entreprise, déclare les accepter et prononce leur réception avec effet au ${day}, assortie des ${input.reservations.length} réserve(s) ci-dessous, que l'entreprise s'engage à lever dans les délais indiqués (article 1792-6 du Code civil).`;
}

export async function renderReceptionPdf(input: ReceptionPdfInput): Promise<Buffer> {
  const warranties = warrantyDates(input.receivedOn);
  return renderDocumentPdf(
    {
      identity: input.identity,
      title: RECEPTION_PDF_TITLE,
      number: input.siteNumber,
      date: input.receivedOn,
      dateLabel: "Date de réception",
      headerLines: [input.reservations.length === 0 ? "Sans réserve" : "Avec réserves"],
      creationDate: input.creationDate,
      subject: `${RECEPTION_PDF_TITLE} — ${input.siteNumber}`,
      ...(input.draft ? { watermark: "Brouillon – sans valeur" } : {}),
    },
    (body) => {
      drawPartiesAndWorks(
        body,
        input,
        input.quoteNumbers.length > 0 ? [["Devis", input.quoteNumbers.join(", ")]] : [],
      );
      body.heading("Réception");
      body.paragraph(receptionDeclaration(input), { align: "justify" });
      if (input.reservations.length > 0) {
        body.heading("Réserves");
        drawReservations(body, "À lever avant le", input.reservations, (reservation) => reservation.deadline);
      }
      body.heading("Ce que la réception fait courir");
      body.keyValues([
        [WARRANTY_LABELS.completionEnd, formatDate(warranties.completionEnd)],
        [WARRANTY_LABELS.biennialEnd, formatDate(warranties.biennialEnd)],
        [WARRANTY_LABELS.decennialEnd, formatDate(warranties.decennialEnd)],
        [WARRANTY_LABELS.retentionReleaseOn, formatDate(warranties.retentionReleaseOn)],
      ]);
      body.paragraph(
        "La retenue de garantie éventuelle est libérée un an après la réception, sauf opposition motivée du maître d'ouvrage notifiée avant cette date (loi n° 71-584 du 16 juillet 1971).",
        { muted: true, size: 8.5 },
      );
      drawSignatureBoxes(body.doc, body.contentWidth, input.signed);
      if (input.signed) drawCertificate(body, input.signed);
    },
  );
}

/** « Les parties » (the client, the company) and « Les travaux » (the site, then `more`), as both PVs open. */
function drawPartiesAndWorks(
  body: DocumentBody,
  input: Pick<ReceptionPdfInput, "client" | "identity" | "siteNumber" | "siteTitle" | "siteAddress">,
  more: readonly (readonly [string, string])[],
) {
  body.heading("Les parties");
  body.keyValues([
    ["Maître d'ouvrage", joinLines([input.client.name, ...input.client.address])],
    ["Entreprise", joinLines([input.identity.tradeName, ...input.identity.addressLines])],
  ]);
  body.heading("Les travaux");
  body.keyValues([
    ["Chantier", `${input.siteNumber} — ${input.siteTitle}`],
    ["Adresse", joinLines(input.siteAddress, ", ")],
    ...more,
  ]);
}

/** The reservations, numbered, each with its lot and the day of the last column (`dayHeader`). */
function drawReservations<Reservation extends { lot: string | null; description: string }>(
  body: DocumentBody,
  dayHeader: string,
  reservations: readonly Reservation[],
  dayOf: (reservation: Reservation) => IsoDay,
) {
  body.table({
    columns: [
      { header: "N°", width: 1, align: "right" },
      { header: "Lot", width: 4, text: true },
      { header: "Réserve", width: 10, text: true },
      { header: dayHeader, width: 3 },
    ],
    rows: reservations.map((reservation, index) => [
      String(index + 1),
      reservation.lot ?? "Ensemble du chantier",
      reservation.description,
      formatDate(dayOf(reservation), "numeric"),
    ]),
  });
}

/** The certificate of an online signature, after the signature boxes: the proof, in words. */
function drawCertificate(body: DocumentBody, signed: ReceptionSignature) {
  body.heading(RECEPTION_CERTIFICATE_TITLE);
  body.paragraph(
    "Le maître d'ouvrage a signé ce procès-verbal en ligne, sur la page personnelle reçue par e-mail, après avoir saisi le code à six chiffres envoyé à son adresse (articles 1366 et 1367 du Code civil).",
    { align: "justify" },
  );
  body.keyValues([
    ["Signataire", signed.name],
    ["Adresse e-mail vérifiée", signed.email],
    ["Code vérifié le", formatDateTime(signed.codeVerifiedAt, "full")],
    ["Signé le", formatDateTime(signed.signedAt, "full")],
    ["Adresse IP", signed.ip],
    ["Navigateur", signed.userAgent || "—"],
    ["Empreinte SHA-256 du PV présenté", signed.pdfSha256],
    ["Signature dessinée", signed.signaturePng ? "Oui" : "Non"],
  ]);
}

/** Two boxes side by side: « Le maître d'ouvrage » and « L'entreprise », each with date and signature. */
function drawSignatureBoxes(doc: PDFKit.PDFDocument, width: number, signed: ReceptionSignature | undefined) {
  const height = 90;
  if (doc.y + height + 20 > doc.page.height - doc.page.margins.bottom) doc.addPage();
  const left = doc.page.margins.left;
  const top = doc.y + 14;
  const gap = 16;
  const boxWidth = (width - gap) / 2;
  const titles = ["Le maître d'ouvrage", "L'entreprise"];
  titles.forEach((title, index) => {
    const x = left + index * (boxWidth + gap);
    doc.lineWidth(0.6).strokeColor(PDF_COLORS.rule).rect(x, top, boxWidth, height).stroke();
    doc
      .font(PDF_FONTS.textBold)
      .fontSize(9)
      .fillColor(PDF_COLORS.ink)
      .text(fitText(title), x + 6, top + 6, { width: boxWidth - 12 });
    doc
      .font(PDF_FONTS.text)
      .fontSize(8)
      .fillColor(PDF_COLORS.muted)
      .text(fitText("Date, nom et signature"), x + 6, top + 20, { width: boxWidth - 12 });
    if (index === 0 && signed) {
      doc
        .font(PDF_FONTS.text)
        .fontSize(9)
        .fillColor(PDF_COLORS.ink)
        .text(
          fitText(`${signed.name}, signé en ligne le ${formatDateTime(signed.signedAt)}`),
          x + 6,
          top + 34,
          { width: boxWidth - 12 },
        );
      if (signed.signaturePng) {
        doc.image(signed.signaturePng, x + 6, top + 48, { fit: [boxWidth - 12, height - 54] });
      }
    }
  });
  doc.x = left;
  doc.y = top + height + 6;
}

export const LIFTING_PDF_TITLE = "Procès-verbal de levée des réserves";

export type LiftingPdfInput = Omit<ReceptionPdfInput, "reservations" | "draft"> & {
  /** The day of this PV de levée. */
  liftedOn: IsoDay;
  reservations: readonly { lot: string | null; description: string; deadline: IsoDay; liftedOn: IsoDay }[];
};

/** The PV de levée des réserves: the reservations of the PV de réception now put right, with their day. */
export async function renderLiftingPdf(input: LiftingPdfInput): Promise<Buffer> {
  return renderDocumentPdf(
    {
      identity: input.identity,
      title: LIFTING_PDF_TITLE,
      number: input.siteNumber,
      date: input.liftedOn,
      dateLabel: "Date",
      headerLines: [`Réception du ${formatDate(input.receivedOn, "numeric")}`],
      creationDate: input.creationDate,
      subject: `${LIFTING_PDF_TITLE} — ${input.siteNumber}`,
    },
    (body) => {
      drawPartiesAndWorks(body, input, [
        ["Réception", `Prononcée le ${formatDate(input.receivedOn)}, avec réserves`],
      ]);
      body.heading("Levée des réserves");
      body.paragraph(
        `Le maître d'ouvrage constate que les réserves ci-dessous, portées au procès-verbal de réception du ${formatDate(input.receivedOn)}, ont été levées par l'entreprise aux dates indiquées.`,
        { align: "justify" },
      );
      drawReservations(body, "Levée le", input.reservations, (reservation) => reservation.liftedOn);
      drawSignatureBoxes(body.doc, body.contentWidth, input.signed);
      if (input.signed) drawCertificate(body, input.signed);
    },
  );
}
