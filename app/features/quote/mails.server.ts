import { company } from "#app/config/company.ts";
import type { OutboxMessageInput } from "#app/lib/outbox.server.ts";
import type { QuoteRequest } from "./schema.ts";
import { SOURCE_LABELS } from "./schema.ts";

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

export type StoredPhoto = { fileName: string; contentType: string; storageKey: string };

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

/** The company's copy of a request: every field, the photos attached. */
export function quoteNotificationMail(
  request: QuoteRequest,
  photos: StoredPhoto[],
  { notifyEmail, receivedAt, submissionId }: { notifyEmail: string; receivedAt: Date; submissionId: string },
): OutboxMessageInput {
  const budget = request.budget || "Non précisé";
  const source = SOURCE_LABELS[request.source];
  const rows: [string, string][] = [
    ["Nom et prénom", request.user_name],
    ["E-mail", request.user_email],
    ["Téléphone", request.user_phone],
    ["Type de travaux", request.work_type],
    ["Budget", budget],
    ["Source", source],
    ["Reçue le", parisTime(receivedAt)],
    ["Consentement", `Politique de confidentialité acceptée le ${parisTime(receivedAt)}`],
    ["Photos", photos.length === 0 ? "Aucune" : `${photos.length} en pièce jointe`],
    ["Référence", submissionId],
  ];
  const text = [
    "Nouvelle demande de devis reçue sur le site.",
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    "Description du projet :",
    request.message,
    "",
    "Répondez directement à cet e-mail pour écrire au client.",
  ].join("\n");
  const html = layout(
    "Nouvelle demande de devis",
    `<h1 style="font-size:20px;color:#102a4c">Nouvelle demande de devis</h1>
<table style="border-collapse:collapse;width:100%">${rows
      .map(
        ([label, value]) =>
          `<tr><th style="text-align:left;padding:6px 8px;border-bottom:1px solid #e5e7eb;width:38%">${escapeHtml(
            label,
          )}</th><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(value)}</td></tr>`,
      )
      .join("")}</table>
<h2 style="font-size:16px;color:#102a4c;margin-top:24px">Description du projet</h2>
<p>${multiline(request.message)}</p>
<p style="color:#4b5563">Répondez directement à cet e-mail pour écrire au client.</p>`,
  );
  return {
    kind: "quote.notification",
    to: notifyEmail,
    replyTo: request.user_email,
    subject: `Nouvelle demande de devis : ${request.work_type} – ${request.user_name}`,
    text,
    html,
    attachments: photos.map((photo) => ({
      filename: photo.fileName,
      contentType: photo.contentType,
      storageKey: photo.storageKey,
    })),
  };
}

/** The visitor's acknowledgement, in French, with the 48-hour promise. */
export function quoteAcknowledgementMail(request: QuoteRequest, photoCount: number): OutboxMessageInput {
  const summary: [string, string][] = [
    ["Type de travaux", request.work_type],
    ["Budget", request.budget || "Non précisé"],
    ["Téléphone", request.user_phone],
    ["Photos jointes", String(photoCount)],
  ];
  const text = [
    `Bonjour ${request.user_name},`,
    "",
    "Nous avons bien reçu votre demande de devis gratuit et nous vous en remercions.",
    "Notre équipe l'étudie et vous répondra sous 48 heures (jours ouvrés).",
    "",
    "Récapitulatif de votre demande :",
    ...summary.map(([label, value]) => `- ${label} : ${value}`),
    "",
    "Votre description :",
    request.message,
    "",
    `Une question en attendant ? Appelez-nous au ${company.phone.display} (${company.hours.label.toLowerCase()}) ou écrivez à ${company.email}.`,
    "",
    `L'équipe ${company.name}`,
    "",
    "Vous recevez cet e-mail parce que vous avez demandé un devis sur notre site. Vos données servent uniquement à traiter votre demande (voir notre politique de confidentialité).",
  ].join("\n");
  const html = layout(
    "Votre demande de devis a bien été reçue",
    `<h1 style="font-size:20px;color:#102a4c">Votre demande de devis a bien été reçue</h1>
<p>Bonjour ${escapeHtml(request.user_name)},</p>
<p>Nous avons bien reçu votre demande de devis gratuit et nous vous en remercions.
<strong>Notre équipe l'étudie et vous répondra sous 48 heures (jours ouvrés).</strong></p>
<h2 style="font-size:16px;color:#102a4c">Récapitulatif de votre demande</h2>
<ul>${summary.map(([label, value]) => `<li>${escapeHtml(label)} : ${escapeHtml(value)}</li>`).join("")}</ul>
<h2 style="font-size:16px;color:#102a4c">Votre description</h2>
<p>${multiline(request.message)}</p>
<p>Une question en attendant ? Appelez-nous au ${escapeHtml(company.phone.display)} (${escapeHtml(
      company.hours.label.toLowerCase(),
    )}) ou écrivez à ${escapeHtml(company.email)}.</p>
<p>L'équipe ${escapeHtml(company.name)}</p>
<p style="font-size:12px;color:#4b5563">Vous recevez cet e-mail parce que vous avez demandé un devis sur notre site. Vos données servent uniquement à traiter votre demande (voir notre politique de confidentialité).</p>`,
  );
  return {
    kind: "quote.acknowledgement",
    to: request.user_email,
    replyTo: company.email,
    subject: `Votre demande de devis a bien été reçue – ${company.name}`,
    text,
    html,
  };
}
