import { and, eq, inArray } from "drizzle-orm";
import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { activityEvents } from "#app/db/schema/activity.ts";
import { clients } from "#app/db/schema/clients.ts";
import { type InvoiceRow, invoices } from "#app/db/schema/invoices.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { type EmailBlock, heading, paragraph, table } from "#app/lib/email-html.ts";
import { type Cents, formatCents } from "#app/lib/money.ts";
import type { DbExecutor, DbTransaction, OutboxMessageInput } from "#app/lib/outbox.server.ts";
import { enqueueMail } from "#app/lib/outbox.server.ts";
import { formatDate, type IsoDay } from "#app/lib/paris-time.ts";
import type { BillingInvoice } from "./billing-model.ts";
import {
  type BankDetails,
  bankDetails,
  clientAddress,
  mailWithInvoicePdf,
  paymentBlocks,
} from "./client-mail.server.ts";
import { type IssueDeps, issueInTransaction } from "./issue.server.ts";
import { amountOwed } from "./owed.ts";
import {
  type InvoiceActor,
  InvoiceNotFoundError,
  InvoiceStateError,
  isInvoiceId,
  recordInvoiceActivity,
  withLockedInvoice,
} from "./query.server.ts";

/*
 * « Envoyer au client »: an issued invoice or credit note e-mailed to the address of the
 * client's record, its stored Factur-X PDF attached (exactly the issued file), with the
 * payment details (an invoice) or what it credits (a credit note). Queued in the outbox
 * in the transaction that writes the history line, as reminders are
 * (./reminders.server.ts). It can be sent again (« Renvoyer »). With the setting
 * « Envoyer automatiquement les factures au client à l'émission », issuing queues the
 * same e-mail (`issueAndDeliver`).
 */

/** The activity kinds this module writes. */
export const DELIVERY_ACTIVITY = {
  manual: "sent_to_client",
  automatic: "sent_to_client_auto",
  skipped: "auto_send_skipped",
} as const;

/** « Envoyer au client » refused: the client's record has no usable address. */
export class ClientEmailMissingError extends InvoiceStateError {
  override name = "ClientEmailMissingError";
  readonly clientId: string;
  constructor(clientId: string, what: "la facture" | "l'avoir") {
    super(`Le client n'a pas d'adresse e-mail : ajoutez-la sur sa fiche client, puis envoyez-lui ${what}.`);
    this.clientId = clientId;
  }
}

export type InvoiceMailInput = {
  to: string;
  clientName: string;
  /** Its number, also the transfer's reference. */
  number: string;
  issuedOn: IsoDay;
  /** An invoice's due day (a credit note's is not shown). */
  dueOn: IsoDay | null;
  /** The document's total TTC, positive. */
  totalTtc: Cents;
  /** An invoice: what is still to pay (as the invoice's page shows it). */
  owed: Cents;
  /** An invoice: what it asks once its deductions are made (net à payer). */
  netToPay: Cents;
  bank: BankDetails;
  /** A credit note: the invoice it credits, and whether it cancels all of it. */
  credits: { number: string; issuedOn: IsoDay; total: boolean } | null;
  pdfStorageKey: string;
};

/** The subject of the e-mail. */
export function invoiceMailSubject(input: Pick<InvoiceMailInput, "number" | "credits">): string {
  return `${input.credits ? "Avoir" : "Facture"} ${input.number} – ${company.name}`;
}

function invoiceBlocks(input: InvoiceMailInput): (EmailBlock | null)[] {
  const settled = input.owed <= 0;
  const due = input.dueOn ? formatDate(input.dueOn) : null;
  const rows: [string, string | [{ strong: string }]][] = [
    ["Facture", input.number],
    ["Émise le", formatDate(input.issuedOn)],
    ["Montant TTC", formatCents(input.totalTtc)],
  ];
  if (input.netToPay !== input.totalTtc) rows.push(["Net à payer", formatCents(input.netToPay)]);
  if (input.owed !== input.netToPay) rows.push(["Reste à régler", [{ strong: formatCents(input.owed) }]]);
  if (due) rows.push(["Échéance", due]);
  return [
    paragraph(`Veuillez trouver ci-jointe notre facture ${input.number} du ${formatDate(input.issuedOn)}.`),
    settled
      ? paragraph("Elle est entièrement réglée : aucun paiement n'est attendu. Merci de votre confiance.")
      : paragraph(
          `Nous vous remercions de bien vouloir régler ${formatCents(input.owed)}${due ? ` au plus tard le ${due}` : ""}, de préférence par virement avec la référence ${input.number}.`,
        ),
    table(rows, { amounts: true }),
    ...(settled ? [] : paymentBlocks(input.bank, input.number)),
  ];
}

function creditNoteBlocks(
  input: InvoiceMailInput,
  credits: NonNullable<InvoiceMailInput["credits"]>,
): EmailBlock[] {
  const invoice = `notre facture ${credits.number} du ${formatDate(credits.issuedOn)}`;
  return [
    paragraph(
      `Veuillez trouver ci-joint notre avoir ${input.number} du ${formatDate(input.issuedOn)}, sur ${invoice}.`,
    ),
    paragraph(
      credits.total
        ? `Il annule cette facture en totalité (${formatCents(input.totalTtc)} TTC).`
        : `Il en déduit ${formatCents(input.totalTtc)} TTC.`,
    ),
    table(
      [
        ["Avoir", input.number],
        ["Émis le", formatDate(input.issuedOn)],
        ["Facture concernée", credits.number],
        ["Montant de l'avoir TTC", [{ strong: formatCents(input.totalTtc) }]],
      ],
      { amounts: true },
    ),
    paragraph("Cet avoir ne vous demande aucun paiement."),
  ];
}

/** The e-mail, in text and HTML, with the document's stored PDF attached. */
export function invoiceMail(input: InvoiceMailInput): OutboxMessageInput {
  return mailWithInvoicePdf(
    {
      kind: input.credits ? "invoice.credit_note.sent" : "invoice.sent",
      to: input.to,
      subject: invoiceMailSubject(input),
      number: input.number,
      pdfStorageKey: input.pdfStorageKey,
    },
    [
      heading(`${input.credits ? "Avoir" : "Facture"} ${input.number}`),
      paragraph(`Bonjour ${input.clientName},`),
      ...(input.credits ? creditNoteBlocks(input, input.credits) : invoiceBlocks(input)),
      paragraph(
        "Le PDF joint est au format Factur-X : il contient aussi les données de la facture, que votre logiciel de comptabilité peut lire.",
        { tone: "muted" },
      ),
      paragraph("Pour toute question, répondez simplement à cet e-mail ou appelez-nous.", { tone: "muted" }),
    ],
  );
}

// ─── Sending ─────────────────────────────────────────────────────────────────────────

/** Why an invoice cannot be sent to its client, or null. */
function refusalFor(row: InvoiceRow): string | null {
  if (row.status === "brouillon") {
    return "Un brouillon ne s'envoie pas au client : émettez-le d'abord (« Aperçu PDF » pour le relire).";
  }
  if (row.status === "annulee") {
    return "Cette facture est annulée par un avoir : envoyez plutôt l'avoir au client.";
  }
  if (!row.number || !row.issuedOn || !row.pdfStorageKey) {
    return "Le PDF de cette facture est introuvable : l'e-mail ne peut pas le joindre.";
  }
  return null;
}

type Queued = { to: string; outboxId: string; number: string };

/** Queues the e-mail of an issued invoice; throws ClientEmailMissingError without an address. */
async function queueInvoiceMail(tx: DbTransaction, row: InvoiceRow): Promise<Queued> {
  const refusal = refusalFor(row);
  if (refusal || !row.number || !row.issuedOn || !row.pdfStorageKey) {
    throw new InvoiceStateError(refusal ?? "Facture incomplète.");
  }
  const creditNote = row.kind === "avoir";
  const [client] = await tx
    .select({ name: clients.name, email: clients.email, anonymisedAt: clients.anonymisedAt })
    .from(clients)
    .where(eq(clients.id, row.clientId));
  const to = client ? clientAddress(client) : null;
  if (!client || !to) throw new ClientEmailMissingError(row.clientId, creditNote ? "l'avoir" : "la facture");
  let credits: InvoiceMailInput["credits"] = null;
  if (creditNote) {
    const [credited] = row.creditedInvoiceId
      ? await tx
          .select({ number: invoices.number, issuedOn: invoices.issuedOn })
          .from(invoices)
          .where(eq(invoices.id, row.creditedInvoiceId))
      : [];
    if (!credited?.number || !credited.issuedOn) {
      throw new InvoiceStateError("L'avoir ne cite pas de facture émise : il ne peut pas être envoyé.");
    }
    const billing = (row.content as { billing?: BillingInvoice | null }).billing;
    credits = {
      number: credited.number,
      issuedOn: credited.issuedOn,
      total: Boolean(billing?.creditOf?.total),
    };
  }
  const outboxId = await enqueueMail(
    tx,
    invoiceMail({
      to,
      clientName: client.name,
      number: row.number,
      issuedOn: row.issuedOn,
      dueOn: creditNote ? null : row.dueOn,
      totalTtc: Math.abs(row.totalTtcCents),
      netToPay: row.netToPayCents,
      owed: amountOwed(row),
      bank: creditNote ? null : await bankDetails(tx),
      credits,
      pdfStorageKey: row.pdfStorageKey,
    }),
  );
  return { to, outboxId, number: row.number };
}

/** How many times an invoice was e-mailed to its client (by hand or at issue). */
async function timesSent(db: DbExecutor, invoiceId: string): Promise<number> {
  const rows = await db
    .select({ id: activityEvents.id })
    .from(activityEvents)
    .where(
      and(
        eq(activityEvents.subjectType, "facture"),
        eq(activityEvents.subjectId, invoiceId),
        inArray(activityEvents.kind, [DELIVERY_ACTIVITY.manual, DELIVERY_ACTIVITY.automatic]),
      ),
    );
  return rows.length;
}

export type SentToClient = {
  number: string;
  to: string;
  outboxId: string;
  /** It had been sent before: « Renvoyer ». */
  again: boolean;
  creditNote: boolean;
};

/**
 * « Envoyer au client » / « Renvoyer »: queues the e-mail and writes the history line
 * with the address and who sent it. Call `outbox.wake()` after it.
 */
export async function sendInvoiceToClient(
  db: Database,
  invoiceId: string,
  actor: InvoiceActor,
  now: Date = new Date(),
): Promise<SentToClient> {
  return withLockedInvoice(db, invoiceId, async (tx, row) => {
    const again = (await timesSent(tx, row.id)) > 0;
    const queued = await queueInvoiceMail(tx, row);
    const what = row.kind === "avoir" ? "Avoir" : "Facture";
    await recordInvoiceActivity(tx, row.id, actor, {
      kind: DELIVERY_ACTIVITY.manual,
      summary: `${what} ${again ? "renvoyé" : "envoyé"}${row.kind === "avoir" ? "" : "e"} au client à ${queued.to}, PDF Factur-X joint`,
      data: { to: queued.to, sentAt: now.toISOString(), outboxId: queued.outboxId, again },
    });
    return { ...queued, again, creditNote: row.kind === "avoir" };
  });
}

export type IssuedAndDelivered = {
  number: string;
  sha256: string;
  facturxSha256: string;
  /** With the automatic sending on: the address the e-mail went to, or why it did not. */
  delivery: { sentTo: string } | { missingEmail: true } | null;
};

/**
 * « Émettre », then, when the settings ask for it, the same e-mail as « Envoyer au
 * client », in the same transaction (an issue that fails sends nothing). A client
 * without an address does not stop the issue: the history says it was not sent.
 * Call `outbox.wake()` after it when `delivery.sentTo` is set.
 */
export async function issueAndDeliver(
  db: Database,
  deps: IssueDeps,
  id: string,
  actor: InvoiceActor,
): Promise<IssuedAndDelivered> {
  if (!isInvoiceId(id)) throw new InvoiceNotFoundError();
  return db.transaction(async (tx) => {
    const issued = await issueInTransaction(tx, deps, id, actor);
    const [settings] = await tx
      .select({ autoSend: companySettings.autoSendInvoices })
      .from(companySettings)
      .where(eq(companySettings.id, 1));
    if (!settings?.autoSend) return { ...issued, delivery: null };
    const [row] = await tx.select().from(invoices).where(eq(invoices.id, id));
    if (!row) throw new InvoiceNotFoundError();
    const now = deps.now ?? new Date();
    try {
      const queued = await queueInvoiceMail(tx, row);
      await recordInvoiceActivity(tx, row.id, actor, {
        kind: DELIVERY_ACTIVITY.automatic,
        summary: `Envoyé${row.kind === "avoir" ? "" : "e"} automatiquement au client à l'émission, à ${queued.to}, PDF Factur-X joint`,
        data: { to: queued.to, sentAt: now.toISOString(), outboxId: queued.outboxId },
      });
      return { ...issued, delivery: { sentTo: queued.to } };
    } catch (error) {
      if (!(error instanceof ClientEmailMissingError)) throw error;
      await recordInvoiceActivity(tx, row.id, actor, {
        kind: DELIVERY_ACTIVITY.skipped,
        summary: "Envoi automatique au client impossible : sa fiche n'a pas d'adresse e-mail",
      });
      return { ...issued, delivery: { missingEmail: true } };
    }
  });
}

// ─── On the invoice's page ───────────────────────────────────────────────────────────

export type DeliveryOverview = {
  /** The client's address; null: « Envoyer au client » says where to fill it in. */
  to: string | null;
  /** Times it was e-mailed to the client: « Renvoyer » once it was. */
  sent: number;
};

/** The « Envoyer au client » button of an issued invoice; null when it cannot be sent (a draft, cancelled). */
export async function deliveryOverview(
  db: DbExecutor,
  invoice: InvoiceRow,
): Promise<DeliveryOverview | null> {
  if (refusalFor(invoice)) return null;
  const [client] = await db
    .select({ email: clients.email, anonymisedAt: clients.anonymisedAt })
    .from(clients)
    .where(eq(clients.id, invoice.clientId));
  return { to: client ? clientAddress(client) : null, sent: await timesSent(db, invoice.id) };
}
