import type { Logger } from "pino";
import { company, fullAddress } from "#app/config/company.ts";
import type { Env } from "#app/config/env.server.ts";
import { claimAcknowledgement } from "#app/lib/acknowledgement-limit.server.ts";
import {
  type DbExecutor,
  type DbTransaction,
  enqueueMail,
  type OutboxMessageInput,
} from "#app/lib/outbox.server.ts";
import { fulfilmentLabels, orderReference } from "./delivery.ts";
import { currencyFor, formatMoney } from "./money.ts";
import type { PlacedOrder } from "./orders.server.ts";
import { MANUAL_PAYMENT_INSTRUCTIONS } from "./payment-text.ts";

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

function money(order: PlacedOrder, cents: number): string {
  return formatMoney(cents, currencyFor(order.currencyCode));
}

function lineLabel(item: PlacedOrder["items"][number]): string {
  return item.variantTitle && item.variantTitle !== item.productTitle
    ? `${item.productTitle} (${item.variantTitle})`
    : item.productTitle;
}

function summaryRows(order: PlacedOrder): [string, string][] {
  return [
    ...order.items.map((item): [string, string] => [
      `${item.quantity} × ${lineLabel(item)}`,
      money(order, item.lineTotalCents),
    ]),
    ["Sous-total", money(order, order.subtotalCents)],
    [
      order.fulfilment === "delivery" ? fulfilmentLabels.delivery : fulfilmentLabels.pickup,
      order.shippingCents > 0 ? money(order, order.shippingCents) : "Offert",
    ],
    ["Total TTC", money(order, order.totalCents)],
  ];
}

const pickupText = `Retrait à notre atelier : ${fullAddress} (${company.hours.label.toLowerCase()})`;

/** For the company: the address the buyer typed. */
function receptionText(order: PlacedOrder): string {
  if (order.fulfilment === "delivery" && order.shippingAddress) {
    const address = order.shippingAddress;
    return `Livraison à : ${address.line1}, ${address.postalCode} ${address.city}`;
  }
  return pickupText;
}

/** For the buyer: how the order is received, without repeating what they typed. */
function buyerReceptionText(order: PlacedOrder): string {
  return order.fulfilment === "delivery"
    ? "Livraison dans le Var, à l'adresse indiquée lors de votre commande."
    : pickupText;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4efe6;font-family:Arial,Helvetica,sans-serif;color:#1f2937">
<div style="max-width:600px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
${body}
<p style="margin-top:32px;font-size:12px;color:#4b5563">${escapeHtml(company.name)} · ${escapeHtml(fullAddress)} · ${escapeHtml(company.phone.display)}</p>
</div></body></html>`;
}

function table(rows: [string, string][]): string {
  return `<table style="border-collapse:collapse;width:100%">${rows
    .map(
      ([label, value]) =>
        `<tr><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb">${escapeHtml(label)}</td><td style="padding:6px 8px;border-bottom:1px solid #e5e7eb;text-align:right;white-space:nowrap">${escapeHtml(value)}</td></tr>`,
    )
    .join("")}</table>`;
}

/**
 * The buyer's confirmation: what was ordered, how it is received and paid. It goes
 * to an address typed by an anonymous visitor, so it repeats nothing they typed
 * (name, phone, address): only the order as the server priced it, from the catalogue.
 */
export function orderConfirmationMail(order: PlacedOrder): OutboxMessageInput {
  const reference = orderReference(order.number);
  const paid = order.status === "paid";
  const subject = paid
    ? `Paiement reçu : commande ${reference} — ${company.name}`
    : `Votre commande ${reference} est enregistrée — ${company.name}`;
  const intro = paid
    ? "Nous avons bien reçu votre paiement. Votre commande est en cours de traitement."
    : "Nous avons bien reçu votre commande. Elle est en attente de paiement.";
  const rows = summaryRows(order);
  const payment = paid
    ? []
    : ["Comment régler :", ...MANUAL_PAYMENT_INSTRUCTIONS.map((line) => `- ${line}`), ""];
  const text = [
    "Bonjour,",
    "",
    intro,
    "",
    `Commande ${reference}`,
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    buyerReceptionText(order),
    "",
    ...payment,
    `Une question ? Appelez-nous au ${company.phone.display} ou répondez à cet e-mail.`,
    "",
    `L'équipe ${company.name}`,
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;color:#102a4c">Commande ${escapeHtml(reference)}</h1>
<p>Bonjour,</p>
<p>${escapeHtml(intro)}</p>
${table(rows)}
<p>${escapeHtml(buyerReceptionText(order))}</p>
${
  paid
    ? ""
    : `<h2 style="font-size:16px;color:#102a4c">Comment régler</h2><ul>${MANUAL_PAYMENT_INSTRUCTIONS.map(
        (line) => `<li>${escapeHtml(line)}</li>`,
      ).join("")}</ul>`
}
<p>Une question ? Appelez-nous au ${escapeHtml(company.phone.display)} ou répondez à cet e-mail.</p>`,
  );
  return {
    kind: paid ? "order.paid" : "order.confirmation",
    to: order.customerEmail,
    replyTo: company.email,
    subject,
    text,
    html,
  };
}

/** The company's copy: who ordered what, how it is received, whether it is paid. */
export function orderNotificationMail(order: PlacedOrder, notifyEmail: string): OutboxMessageInput {
  const reference = orderReference(order.number);
  const state =
    order.status === "paid" ? "payée en ligne (Stripe)" : "en attente de paiement (virement ou retrait)";
  const subject = `Nouvelle commande ${reference} — ${money(order, order.totalCents)} — ${state}`;
  const customer: [string, string][] = [
    ["Client", order.customerName],
    ["E-mail", order.customerEmail],
    ["Téléphone", order.customerPhone],
    ["Réception", receptionText(order)],
    ["Paiement", state],
    ["Identifiant", order.id],
  ];
  const rows = summaryRows(order);
  const text = [
    `Nouvelle commande ${reference} sur la boutique.`,
    "",
    ...customer.map(([label, value]) => `${label} : ${value}`),
    "",
    ...rows.map(([label, value]) => `${label} : ${value}`),
    "",
    "Répondez directement à cet e-mail pour écrire au client.",
  ].join("\n");
  const html = layout(
    subject,
    `<h1 style="font-size:20px;color:#102a4c">Nouvelle commande ${escapeHtml(reference)}</h1>
${table(customer)}
<h2 style="font-size:16px;color:#102a4c;margin-top:24px">Articles</h2>
${table(rows)}
<p style="color:#4b5563">Répondez directement à cet e-mail pour écrire au client.</p>`,
  );
  return { kind: "order.notification", to: notifyEmail, replyTo: order.customerEmail, subject, text, html };
}

/** Both messages, written in the order's transaction (the outbox sends them after the commit). */
export const orderEmails = {
  /**
   * A manual-payment order was just recorded: anyone can place one with any address,
   * so the buyer's confirmation counts against the address's daily share of
   * acknowledgements (quotes and orders together). Over it, the order stands and the
   * company is notified; only the confirmation is left out.
   */
  async enqueuePlaced(
    tx: DbTransaction,
    { env, logger }: { env: Pick<Env, "NOTIFY_EMAIL">; logger: Pick<Logger, "info"> },
    order: PlacedOrder,
  ): Promise<void> {
    await enqueueMail(tx, orderNotificationMail(order, env.NOTIFY_EMAIL));
    if (await claimAcknowledgement(tx, order.customerEmail)) {
      await enqueueMail(tx, orderConfirmationMail(order));
    } else {
      logger.info(
        { orderId: order.id, number: order.number },
        "boutique : confirmation au client non envoyée (limite par destinataire atteinte)",
      );
    }
  },
  /**
   * An online payment was confirmed: the receipt of money actually paid is always
   * sent (nobody floods a mailbox by paying), and does not count against the share.
   */
  async enqueuePaid(tx: DbExecutor, env: Pick<Env, "NOTIFY_EMAIL">, order: PlacedOrder): Promise<void> {
    await enqueueMail(tx, orderConfirmationMail(order));
    await enqueueMail(tx, orderNotificationMail(order, env.NOTIFY_EMAIL));
  },
};
