import { company, fullAddress } from "#app/config/company.ts";
import { heading, list, paragraph, renderEmail, table } from "#app/lib/email-html.ts";
import type { OutboxMessageInput } from "#app/lib/outbox.server.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import {
  BUDGETS,
  type Budget,
  type QuoteRequest,
  SOURCE_LABELS,
  WORK_TYPES,
  type WorkType,
} from "./schema.ts";

/** A photo as stored: its key in the file storage and its size once re-encoded. */
export type StoredPhoto = { fileName: string; contentType: string; storageKey: string; sizeBytes: number };

/**
 * Most mail servers refuse a message over 20 or 25 MB (Postfix's default is 10).
 * The company's copy attaches photos only while the encoded message stays under this.
 */
export const NOTIFICATION_MAX_BYTES = 20_000_000;
/** Headers of the message and its parts, counted generously. */
const HEADERS_ALLOWANCE_BYTES = 16 * 1024;
const PART_HEADERS_BYTES = 1024;

/** An attachment's size in the message: base64 (4/3), in lines of 76 characters plus CRLF. */
export function encodedAttachmentBytes(sizeBytes: number): number {
  const base64 = 4 * Math.ceil(sizeBytes / 3);
  return base64 + 2 * Math.ceil(base64 / 76) + PART_HEADERS_BYTES;
}

/** A text or HTML body: quoted-printable may triple accented text; counted at worst. */
const encodedTextBytes = (value: string) => 3 * Buffer.byteLength(value, "utf8");

/** « lundi 23 novembre 2026 à 14:05 », Paris time. */
const parisTime = (date: Date) => formatDateTime(date, "full");

/** The company's copy of a request: every field, the photos attached while the message fits. */
export function quoteNotificationMail(
  request: QuoteRequest,
  photos: StoredPhoto[],
  {
    notifyEmail,
    receivedAt,
    submissionId,
    siteUrl,
  }: { notifyEmail: string; receivedAt: Date; submissionId: string; siteUrl: string },
): OutboxMessageInput {
  const leadUrl = `${siteUrl.replace(/\/+$/, "")}/erp/leads/${encodeURIComponent(submissionId)}`;
  const render = (attached: number) =>
    notificationBody(request, photos.length, attached, { receivedAt, submissionId, leadUrl });
  // The text is measured as it reads when photos are left out (its longest form).
  const longest = render(0);
  let budget =
    NOTIFICATION_MAX_BYTES -
    HEADERS_ALLOWANCE_BYTES -
    encodedTextBytes(longest.text) -
    encodedTextBytes(longest.html) -
    encodedTextBytes(longest.subject);
  const attachments: StoredPhoto[] = [];
  for (const photo of photos) {
    const size = encodedAttachmentBytes(photo.sizeBytes);
    // In the visitor's order; a later, smaller photo may still fit.
    if (size > budget) continue;
    budget -= size;
    attachments.push(photo);
  }
  const { subject, text, html } = render(attachments.length);
  return {
    kind: "quote.notification",
    to: notifyEmail,
    replyTo: request.user_email,
    subject,
    text,
    html,
    attachments: attachments.map((photo) => ({
      filename: photo.fileName,
      contentType: photo.contentType,
      storageKey: photo.storageKey,
    })),
  };
}

function notificationBody(
  request: QuoteRequest,
  photoCount: number,
  attached: number,
  { receivedAt, submissionId, leadUrl }: { receivedAt: Date; submissionId: string; leadUrl: string },
): { subject: string; text: string; html: string } {
  const budget = request.budget || "Non précisé";
  const source = SOURCE_LABELS[request.source];
  const left = photoCount - attached;
  const photoSummary =
    photoCount === 0
      ? "Aucune"
      : left === 0
        ? `${photoCount} en pièce jointe`
        : `${photoCount} reçue${photoCount > 1 ? "s" : ""}, ${attached} en pièce jointe`;
  const link = { href: leadUrl };
  const rows: [string, string | [typeof link]][] = [
    ["Nom et prénom", request.user_name],
    ["E-mail", request.user_email],
    ["Téléphone", request.user_phone],
    ["Type de travaux", request.work_type],
    ["Budget", budget],
    ["Source", source],
    ["Reçue le", parisTime(receivedAt)],
    ["Consentement", `Politique de confidentialité acceptée le ${parisTime(receivedAt)}`],
    ["Photos", photoSummary],
    ["Référence", submissionId],
    ["Fiche dans l'Espace Pro", [link]],
  ];
  const { text, html } = renderEmail({
    title: "Nouvelle demande de devis",
    blocks: [
      heading("Nouvelle demande de devis", { text: "Nouvelle demande de devis reçue sur le site." }),
      table(rows),
      left > 0 &&
        paragraph(
          [
            { strong: `${left} photo${left > 1 ? "s" : ""} non jointe${left > 1 ? "s" : ""}` },
            " à cet e-mail (il dépasserait 20 Mo). Toutes les photos sont dans l'Espace Pro : ",
            link,
          ],
          { tone: "notice" },
        ),
      heading("Description du projet", { level: 2 }),
      paragraph(request.message),
      paragraph("Répondez directement à cet e-mail pour écrire au client.", { tone: "muted" }),
    ],
  });
  return {
    subject: `Nouvelle demande de devis : ${request.work_type} – ${request.user_name}`,
    text,
    html,
  };
}

/**
 * What the visitor's acknowledgement may say: only values the site controls. The
 * address is typed by an anonymous visitor, so the message repeats nothing they
 * typed (name, phone, description): it cannot carry someone's text to someone else.
 */
export type QuoteAcknowledgement = {
  to: string;
  workType: WorkType;
  budget: Budget | "";
  receivedAt: Date;
  photoCount: number;
};

/** The visitor's acknowledgement, in French, with the 48-hour promise. */
export function quoteAcknowledgementMail({
  to,
  workType,
  budget,
  receivedAt,
  photoCount,
}: QuoteAcknowledgement): OutboxMessageInput {
  const summary: [string, string][] = [
    ["Date de la demande", parisTime(receivedAt)],
    ["Type de travaux", WORK_TYPES.includes(workType) ? workType : "Autre"],
    ["Budget", budget && BUDGETS.includes(budget) ? budget : "Non précisé"],
    ["Photos reçues", String(Math.max(0, Math.trunc(photoCount)))],
  ];
  const contact: [string, string][] = [
    ["Téléphone", `${company.phone.display} (${company.hours.label.toLowerCase()})`],
    ["E-mail", company.email],
    ["Adresse", fullAddress],
  ];
  const item = ([label, value]: [string, string]) => `${label} : ${value}`;
  const { text, html } = renderEmail({
    title: "Votre demande de devis a bien été reçue",
    blocks: [
      heading("Votre demande de devis a bien été reçue"),
      paragraph("Bonjour,"),
      paragraph([
        "Nous avons bien reçu votre demande de devis gratuit et nous vous en remercions.\n",
        { strong: "Notre équipe l'étudie et vous répondra sous 48 heures (jours ouvrés)." },
      ]),
      heading("Récapitulatif de votre demande", { level: 2 }),
      list(summary.map(item)),
      heading("Pour nous joindre", { level: 2 }),
      list(contact.map(item)),
      paragraph(`L'équipe ${company.name}`),
      paragraph(
        "Vous recevez cet e-mail parce qu'une demande de devis a été faite avec votre adresse sur notre site. Si ce n'est pas vous, ignorez-le : vous ne recevrez rien d'autre. Vos données servent uniquement à traiter la demande (voir notre politique de confidentialité).",
        { tone: "small" },
      ),
    ],
  });
  return {
    kind: "quote.acknowledgement",
    to,
    replyTo: company.email,
    subject: `Votre demande de devis a bien été reçue – ${company.name}`,
    text,
    html,
  };
}
