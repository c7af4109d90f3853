import { company } from "#app/config/company.ts";
import type { OutboxMessageInput } from "#app/lib/outbox.server.ts";
import {
  BUDGETS,
  type Budget,
  type QuoteRequest,
  SOURCE_LABELS,
  WORK_TYPES,
  type WorkType,
} from "./schema.ts";

/** Everything a visitor typed goes through this before it reaches an HTML body. */
export function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

const multiline = (value: string) => escapeHtml(value).replaceAll(/\r?\n/g, "<br>");

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

// Built once: creating a DateTimeFormat costs far more than using one.
const parisFormat = new Intl.DateTimeFormat("fr-FR", {
  dateStyle: "full",
  timeStyle: "short",
  timeZone: "Europe/Paris",
});
const parisTime = (date: Date) => parisFormat.format(date);

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4efe6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
<p style="margin-top:32px;font-size:12px;color:#4b5563">${escapeHtml(company.name)} · ${escapeHtml(
    `${company.address.street}, ${company.address.postalCode} ${company.address.city}`,
  )} · ${escapeHtml(company.phone.display)}</p>
</div></body></html>`;
}

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
  const rows: [string, string][] = [
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
    ["Fiche dans l'Espace Pro", leadUrl],
  ];
  const leftOut =
    left === 0
      ? ""
      : `${left} photo${left > 1 ? "s" : ""} non jointe${left > 1 ? "s" : ""} à cet e-mail (il dépasserait 20 Mo). Toutes les photos sont dans l'Espace Pro : ${leadUrl}`;
  const text = [
    "Nouvelle demande de devis reçue sur le site.",
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    ...(leftOut ? ["", leftOut] : []),
    "",
    "Description du projet :",
    request.message,
    "",
    "Répondez directement à cet e-mail pour écrire au client.",
  ].join("\n");
  const link = `<a href="${escapeHtml(leadUrl)}">${escapeHtml(leadUrl)}</a>`;
  const html = layout(
    "Nouvelle demande de devis",
    `<h1 style="font-size:20px;color:#102a4c">Nouvelle demande de devis</h1>
<table style="border-collapse:collapse;width:100%">${rows
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;width:38%">${escapeHtml(
            label,
          )}</th><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${
            value === leadUrl ? link : escapeHtml(value)
          }</td></tr>`,
      )
      .join("")}</table>
${
  leftOut
    ? `<p style="padding:12px;background:#fef3c7;border-radius:6px"><strong>${left} photo${left > 1 ? "s" : ""} non jointe${
        left > 1 ? "s" : ""
      }</strong> à cet e-mail (il dépasserait 20 Mo). Toutes les photos sont dans l'Espace Pro : ${link}</p>`
    : ""
}
<h2 style="font-size:16px;color:#102a4c;margin-top:24px">Description du projet</h2>
<p>${multiline(request.message)}</p>
<p style="color:#4b5563">Répondez directement à cet e-mail pour écrire au client.</p>`,
  );
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
  const address = `${company.address.street}, ${company.address.postalCode} ${company.address.city}`;
  const contact: [string, string][] = [
    ["Téléphone", `${company.phone.display} (${company.hours.label.toLowerCase()})`],
    ["E-mail", company.email],
    ["Adresse", address],
  ];
  const text = [
    "Bonjour,",
    "",
    "Nous avons bien reçu votre demande de devis gratuit et nous vous en remercions.",
    "Notre équipe l'étudie et vous répondra sous 48 heures (jours ouvrés).",
    "",
    "Récapitulatif de votre demande :",
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    "",
    `Pour nous joindre :`,
    ...contact.map(([label, value]) => `- ${label} : ${value}`),
    "",
    `L'équipe ${company.name}`,
    "",
    "Vous recevez cet e-mail parce qu'une demande de devis a été faite avec votre adresse sur notre site. Si ce n'est pas vous, ignorez-le : vous ne recevrez rien d'autre. Vos données servent uniquement à traiter la demande (voir notre politique de confidentialité).",
  ].join("\n");
  const html = layout(
    "Votre demande de devis a bien été reçue",
    `<h1 style="font-size:20px;color:#102a4c">Votre demande de devis a bien été reçue</h1>
<p>Bonjour,</p>
<p>Nous avons bien reçu votre demande de devis gratuit et nous vous en remercions.
<strong>Notre équipe l'étudie et vous répondra sous 48 heures (jours ouvrés).</strong></p>
<h2 style="font-size:16px;color:#102a4c">Récapitulatif de votre demande</h2>
<ul>${summary.map(([label, value]) => `<li>${escapeHtml(label)} : ${escapeHtml(value)}</li>`).join("")}</ul>
<h2 style="font-size:16px;color:#102a4c">Pour nous joindre</h2>
<ul>${contact.map(([label, value]) => `<li>${escapeHtml(label)} : ${escapeHtml(value)}</li>`).join("")}</ul>
<p>L'équipe ${escapeHtml(company.name)}</p>
<p style="font-size:12px;color:#4b5563">Vous recevez cet e-mail parce qu'une demande de devis a été faite avec votre adresse sur notre site. Si ce n'est pas vous, ignorez-le : vous ne recevrez rien d'autre. Vos données servent uniquement à traiter la demande (voir notre politique de confidentialité).</p>`,
  );
  return {
    kind: "quote.acknowledgement",
    to,
    replyTo: company.email,
    subject: `Votre demande de devis a bien été reçue – ${company.name}`,
    text,
    html,
  };
}
