import type { Logger } from "pino";
import { company, fullAddress } from "#app/config/company.ts";
import type { Env } from "#app/config/env.server.ts";
import { claimAcknowledgement } from "#app/lib/acknowledgement-limit.server.ts";
import { heading, list, paragraph, renderEmail, table } from "#app/lib/email-html.ts";
import {
  type DbExecutor,
  type DbTransaction,
  enqueueMail,
  type OutboxMessageInput,
} from "#app/lib/outbox.server.ts";
import type { SaleDocument } from "./admin/billing-port.ts";
import { documentAttachment } from "./admin/mail.server.ts";
import { FULFILMENT_LABELS, orderReference } from "./delivery.ts";
import { currencyFor, formatMoney } from "./money.ts";
import type { PlacedOrder } from "./orders.server.ts";
import { MANUAL_PAYMENT_INSTRUCTIONS } from "./payment-text.ts";

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
      order.fulfilment === "delivery" ? FULFILMENT_LABELS.delivery : FULFILMENT_LABELS.pickup,
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

/**
 * The buyer's confirmation: what was ordered, how it is received and paid. It goes
 * to an address typed by an anonymous visitor, so it repeats nothing they typed
 * (name, phone, address): only the order as the server priced it, from the catalogue.
 */
export function orderConfirmationMail(
  order: PlacedOrder,
  invoice: SaleDocument | null = null,
): OutboxMessageInput {
  const reference = orderReference(order.number);
  const paid = order.status === "paid";
  const subject = paid
    ? `Paiement reçu : commande ${reference} — ${company.name}`
    : `Votre commande ${reference} est enregistrée — ${company.name}`;
  const intro = paid
    ? "Nous avons bien reçu votre paiement. Votre commande est en cours de traitement."
    : "Nous avons bien reçu votre commande. Elle est en attente de paiement.";
  const { text, html } = renderEmail({
    title: subject,
    blocks: [
      heading(`Commande ${reference}`),
      paragraph("Bonjour,"),
      paragraph(intro),
      table(summaryRows(order), { amounts: true }),
      paragraph(buyerReceptionText(order)),
      invoice && paragraph(`Votre facture ${invoice.number} est jointe à cet e-mail.`),
      !paid && heading("Comment régler", { level: 2 }),
      !paid && list(MANUAL_PAYMENT_INSTRUCTIONS),
      paragraph(`Une question ? Appelez-nous au ${company.phone.display} ou répondez à cet e-mail.`),
      paragraph(`L'équipe ${company.name}`),
    ],
  });
  return {
    kind: paid ? "order.paid" : "order.confirmation",
    to: order.customerEmail,
    replyTo: company.email,
    subject,
    text,
    html,
    ...(invoice ? { attachments: [documentAttachment(invoice)] } : {}),
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
  const { text, html } = renderEmail({
    title: subject,
    blocks: [
      heading(`Nouvelle commande ${reference}`, { text: `Nouvelle commande ${reference} sur la boutique.` }),
      table(customer),
      heading("Articles", { level: 2 }),
      table(summaryRows(order), { amounts: true }),
      paragraph("Répondez directement à cet e-mail pour écrire au client.", { tone: "muted" }),
    ],
  });
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
  async enqueuePaid(
    tx: DbExecutor,
    env: Pick<Env, "NOTIFY_EMAIL">,
    order: PlacedOrder,
    invoice: SaleDocument | null = null,
  ): Promise<void> {
    await enqueueMail(tx, orderConfirmationMail(order, invoice));
    await enqueueMail(tx, orderNotificationMail(order, env.NOTIFY_EMAIL));
  },
};
