import type { QuoteRow } from "#app/db/schema/quotes.ts";
import { heading, paragraph, renderEmail } from "#app/lib/email-html.ts";
import { formatCents } from "#app/lib/money.ts";
import type { OutboxMessageInput } from "#app/lib/outbox.server.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";

/** Where the company is told, and the site's address for the links to the Espace Pro. */
type MailDeps = { siteUrl: string; notifyEmail: string };

/*
 * The e-mails of the client's answer (./acceptance.server.ts): the confirmation code, the
 * signed copy to the client and the company, the refusal to the company.
 */

/** The six-digit code that proves the signer's e-mail. */
export function codeMail(
  to: string,
  code: string,
  displayNumber: string,
  tradeName: string,
): OutboxMessageInput {
  const { text, html } = renderEmail({
    title: "Code de confirmation",
    blocks: [
      heading("Votre code de confirmation"),
      paragraph(`Pour accepter le devis ${displayNumber}, saisissez ce code sur la page du devis :`),
      paragraph([{ strong: code }]),
      paragraph(
        "Il est valable 10 minutes. Si vous n'avez pas demandé ce code, ignorez ce message : rien ne sera accepté sans lui.",
        { tone: "muted" },
      ),
    ],
  });
  return {
    kind: "quote.code",
    to,
    subject: `${code} : code de confirmation du devis ${displayNumber} — ${tradeName}`,
    text,
    html,
  };
}

/** The signed copy, attached, to the client and to the company. */
export function acceptedMails(
  quote: QuoteRow,
  facts: {
    displayNumber: string;
    name: string;
    email: string;
    signedKey: string;
    now: Date;
    totals: { totalTtc: number; totalHt: number };
    deps: MailDeps;
    identity: DocumentIdentity;
  },
): OutboxMessageInput[] {
  const attachment = {
    filename: `devis-${facts.displayNumber.toLowerCase()}-accepte.pdf`,
    contentType: "application/pdf",
    storageKey: facts.signedKey,
  };
  const amount = quote.content.reverseCharge
    ? `${formatCents(facts.totals.totalHt)} HT`
    : `${formatCents(facts.totals.totalTtc)} TTC`;
  const toClient = renderEmail({
    title: `Devis ${facts.displayNumber} accepté`,
    blocks: [
      heading("Merci, votre accord est bien enregistré"),
      paragraph(
        `Vous avez accepté le devis ${facts.displayNumber} (« ${quote.title} », ${amount}) le ${formatDateTime(facts.now, "full")}.`,
      ),
      paragraph(
        "Vous trouverez ci-joint votre exemplaire signé, avec son certificat d'acceptation. Conservez-le.",
      ),
      paragraph("Nous vous recontactons très vite pour planifier les travaux.", { tone: "muted" }),
    ],
  });
  const staffUrl = `${facts.deps.siteUrl.replace(/\/+$/, "")}/erp/devis/${quote.id}`;
  const toCompany = renderEmail({
    title: `Devis ${facts.displayNumber} accepté`,
    blocks: [
      heading(`Devis ${facts.displayNumber} accepté`),
      paragraph(`${facts.name} (${facts.email}) a accepté en ligne le devis « ${quote.title} » (${amount}).`),
      paragraph(["Le devis dans l'Espace Pro : ", { href: staffUrl }]),
    ],
  });
  return [
    {
      kind: "quote.accepted.client",
      to: facts.email,
      replyTo: facts.identity.email,
      subject: `Devis ${facts.displayNumber} accepté — votre exemplaire signé`,
      ...toClient,
      attachments: [attachment],
    },
    {
      kind: "quote.accepted.company",
      to: facts.deps.notifyEmail,
      subject: `Devis ${facts.displayNumber} accepté par ${facts.name}`,
      ...toCompany,
      attachments: [attachment],
    },
  ];
}

/** The company told of a refusal, with the reason given. */
export function refusedMail(
  quote: Pick<QuoteRow, "id" | "title">,
  displayNumber: string,
  reason: string,
  deps: MailDeps,
): OutboxMessageInput {
  const staffUrl = `${deps.siteUrl.replace(/\/+$/, "")}/erp/devis/${quote.id}`;
  const mail = renderEmail({
    title: `Devis ${displayNumber} refusé`,
    blocks: [
      heading(`Devis ${displayNumber} refusé`),
      paragraph(`Le client a refusé le devis « ${quote.title} ».`),
      reason ? paragraph(`Motif indiqué : ${reason}`) : paragraph("Aucun motif indiqué.", { tone: "muted" }),
      paragraph(["Le devis dans l'Espace Pro : ", { href: staffUrl }]),
    ],
  });
  return {
    kind: "quote.refused.company",
    to: deps.notifyEmail,
    subject: `Devis ${displayNumber} refusé`,
    ...mail,
  };
}
