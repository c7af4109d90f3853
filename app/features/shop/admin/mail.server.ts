import { company, fullAddress } from "#app/config/company.ts";
import type { shopOrderItems, shopOrders } from "#app/db/schema/shop.ts";
import { type EmailBlock, heading, paragraph, renderEmail, table } from "#app/lib/email-html.ts";
import { formatCents } from "#app/lib/money.ts";
import type { OutboxMessageInput } from "#app/lib/outbox.server.ts";
import type { SaleDocument } from "./billing-port.ts";
import { type OrderStatus, orderReference } from "./labels.ts";

type MailOrder = typeof shopOrders.$inferSelect & { items: (typeof shopOrderItems.$inferSelect)[] };

function lineLabel(item: MailOrder["items"][number]): string {
  return item.variantTitle && item.variantTitle !== item.productTitle
    ? `${item.productTitle} (${item.variantTitle})`
    : item.productTitle;
}

function summary(order: MailOrder): EmailBlock {
  return table(
    [
      ...order.items.map((item): [string, string] => [
        `${item.quantity} × ${lineLabel(item)}`,
        formatCents(item.lineTotalCents),
      ]),
      ["Total TTC", formatCents(order.totalCents)],
    ],
    { amounts: true },
  );
}

const pickupPlace = `${fullAddress} (${company.hours.label.toLowerCase()})`;

/** Subject and first sentences of the buyer's e-mail, for each status the staff can set. */
function wording(
  order: MailOrder,
  to: OrderStatus,
  { wasPaid }: { wasPaid: boolean },
): { subject: string; lines: (string | false | null)[] } {
  const reference = orderReference(order.number);
  switch (to) {
    case "paid":
      return {
        subject: `Paiement reçu : commande ${reference}`,
        lines: ["Nous avons bien reçu votre paiement. Nous préparons votre commande."],
      };
    case "preparing":
      return {
        subject: `Votre commande ${reference} est en préparation`,
        lines: [
          order.fulfilment === "delivery"
            ? "Nous préparons votre commande. Nous vous écrirons dès qu'elle sera expédiée."
            : "Nous préparons votre commande. Nous vous écrirons dès qu'elle sera prête à retirer.",
        ],
      };
    case "shipped":
      return {
        subject: `Votre commande ${reference} est expédiée`,
        lines: [
          "Votre commande a quitté notre atelier : elle sera livrée à l'adresse indiquée lors de votre commande.",
          order.trackingReference ? `Référence de suivi du transporteur : ${order.trackingReference}` : null,
        ],
      };
    case "ready_for_pickup":
      return {
        subject: `Votre commande ${reference} est prête à retirer`,
        lines: [
          `Votre commande vous attend à notre atelier : ${pickupPlace}.`,
          "Présentez-vous avec le numéro de commande.",
        ],
      };
    case "delivered":
      return {
        subject: `Votre commande ${reference} est livrée`,
        lines: ["Votre commande a été livrée. Merci de votre confiance."],
      };
    case "picked_up":
      return {
        subject: `Votre commande ${reference} a été retirée`,
        lines: ["Vous avez retiré votre commande à notre atelier. Merci de votre confiance."],
      };
    case "cancelled":
      return {
        subject: `Votre commande ${reference} est annulée`,
        lines: [
          "Votre commande a été annulée.",
          order.cancelReason ? `Motif : ${order.cancelReason}` : null,
          order.refundId
            ? `Le montant de ${formatCents(order.totalCents)} est remboursé sur votre carte ; il apparaît sur votre compte sous 5 à 10 jours selon votre banque.`
            : wasPaid
              ? `Nous vous remboursons le montant réglé (${formatCents(order.totalCents)}) et vous contactons pour cela.`
              : "Aucun paiement n'a été reçu : vous n'avez rien à régler.",
        ],
      };
    default:
      return { subject: `Votre commande ${reference}`, lines: [] };
  }
}

/**
 * The buyer's e-mail after a change of status. Like the order confirmation, it repeats
 * nothing the buyer typed (name, address): only the order as the server priced it, and
 * what the staff wrote (a tracking reference, a reason).
 */
export function orderStatusMail(
  order: MailOrder,
  options: { wasPaid: boolean; document?: SaleDocument | null },
): OutboxMessageInput {
  const to = order.status as OrderStatus;
  const { subject, lines } = wording(order, to, options);
  const document = options.document ?? null;
  if (document) {
    lines.push(
      to === "cancelled"
        ? `L'avoir ${document.number}, qui annule la facture de votre commande, est joint à cet e-mail.`
        : `Votre facture ${document.number} est jointe à cet e-mail.`,
    );
  }
  const fullSubject = `${subject} — ${company.name}`;
  const { text, html } = renderEmail({
    title: fullSubject,
    blocks: [
      heading(`Commande ${orderReference(order.number)}`),
      paragraph("Bonjour,"),
      ...lines.map((line) => (line ? paragraph(line) : null)),
      summary(order),
      paragraph(`Une question ? Appelez-nous au ${company.phone.display} ou répondez à cet e-mail.`),
      paragraph(`L'équipe ${company.name}`),
    ],
  });
  return {
    kind: `order.${to}`,
    to: order.customerEmail,
    replyTo: company.email,
    subject: fullSubject,
    text,
    html,
    ...(document ? { attachments: [documentAttachment(document)] } : {}),
  };
}

/** An invoice or credit note attached as its stored Factur-X PDF. */
export function documentAttachment(document: SaleDocument) {
  return {
    filename: `${document.number.toLowerCase()}.pdf`,
    contentType: "application/pdf",
    storageKey: document.pdfStorageKey,
  };
}

/** The invoice of a paid order issued after its payment (settings fixed since). */
export function orderInvoiceMail(order: MailOrder, invoice: SaleDocument): OutboxMessageInput {
  const reference = orderReference(order.number);
  const subject = `Votre facture ${invoice.number} : commande ${reference} — ${company.name}`;
  const { text, html } = renderEmail({
    title: subject,
    blocks: [
      heading(`Commande ${reference}`),
      paragraph("Bonjour,"),
      paragraph(`Vous trouverez ci-joint la facture ${invoice.number} de votre commande, réglée.`),
      summary(order),
      paragraph(`Une question ? Appelez-nous au ${company.phone.display} ou répondez à cet e-mail.`),
      paragraph(`L'équipe ${company.name}`),
    ],
  });
  return {
    kind: "order.invoice",
    to: order.customerEmail,
    replyTo: company.email,
    subject,
    text,
    html,
    attachments: [documentAttachment(invoice)],
  };
}
