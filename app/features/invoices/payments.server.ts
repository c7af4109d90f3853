import { eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  type InvoiceRow,
  invoicePayments,
  invoices,
  type PaymentMethod,
  retentionReleases,
} from "#app/db/schema/invoices.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { registerEvent } from "#app/lib/integrity/register.server.ts";
import { type Cents, formatCents } from "#app/lib/money.ts";
import type { DbTransaction } from "#app/lib/outbox.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { isoDayProblem } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { quoteBillingOverview } from "./detail.server.ts";
import { PAYMENT_METHOD_LABELS } from "./labels.ts";
import { amountOwed } from "./owed.ts";
import {
  activityActor,
  type InvoiceActor,
  InvoiceNotFoundError,
  InvoiceStateError,
  recordInvoiceActivity,
  withLockedInvoice,
} from "./query.server.ts";

/*
 * Money received: a payment on an issued invoice (its status follows) and the release of
 * an accepted quote's retention.
 */

/**
 * The retention of an accepted quote paid by the client at its release: never more than
 * what is still held, on a day that has come; in the quote's history.
 */
export async function recordRetentionRelease(
  db: Database,
  quoteId: string,
  release: { releasedOn: string; amount: Cents; method: PaymentMethod; reference?: string | null },
  actor: InvoiceActor,
  now = new Date(),
): Promise<{ held: Cents }> {
  if (!isUuid(quoteId)) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
  const dayProblem = isoDayProblem(release.releasedOn);
  if (dayProblem) throw new InvoiceStateError(`Date du versement : ${dayProblem}`);
  if (release.releasedOn > parisDay(now)) {
    throw new InvoiceStateError("La date du versement ne peut pas être dans le futur.");
  }
  if (!Number.isSafeInteger(release.amount) || release.amount <= 0) {
    throw new InvoiceStateError("Le montant versé doit être positif.");
  }
  return db.transaction(async (tx) => {
    const [quote] = await tx.select().from(quotes).where(eq(quotes.id, quoteId)).for("update");
    if (!quote) throw new InvoiceNotFoundError("Ce devis n'existe pas.");
    if (quote.status !== "accepte")
      throw new InvoiceStateError("Seul un devis accepté a une retenue de garantie.");
    const overview = await quoteBillingOverview(tx, quote);
    const held = overview?.retention?.held ?? 0;
    if (held <= 0) throw new InvoiceStateError("Aucune retenue de garantie n'est détenue sur ce devis.");
    if (release.amount > held) {
      throw new InvoiceStateError(
        `La retenue encore détenue est de ${formatCents(held)} : vérifiez le montant versé.`,
      );
    }
    const [released] = await tx
      .insert(retentionReleases)
      .values({
        quoteId,
        releasedOn: release.releasedOn,
        ...receiptValues(release, actor),
      })
      .returning({ id: retentionReleases.id });
    if (!released) throw new Error("Versement de la retenue non enregistré.");
    await registerEvent(tx, {
      event: "retenue_liberee",
      subjectId: released.id,
      author: { id: actor.id, email: actor.email },
    });
    await recordActivities(tx, [
      {
        subjectType: "devis",
        subjectId: quoteId,
        kind: "retention_release",
        summary: `Retenue de garantie versée : ${formatCents(release.amount)} (${PAYMENT_METHOD_LABELS[release.method]}) le ${formatDate(release.releasedOn)}`,
        actor: activityActor(actor),
      },
    ]);
    return { held: held - release.amount };
  });
}

/** What a payment and a retention release store alike (db/schema/invoices.ts's receipt columns). */
function receiptValues(
  receipt: { amount: Cents; method: PaymentMethod; reference?: string | null },
  actor: InvoiceActor,
) {
  return {
    amountCents: receipt.amount,
    method: receipt.method,
    reference: receipt.reference ?? null,
    createdBy: actor.id,
  };
}

/**
 * The payment's row and its entry in the integrity register, inside the caller's
 * transaction (« Enregistrer un paiement », a shop order paid at once).
 */
export async function insertPayment(
  tx: DbTransaction,
  payment: {
    invoiceId: string;
    paidOn: string;
    amount: Cents;
    method: PaymentMethod;
    reference?: string | null;
  },
  actor: InvoiceActor,
  at?: Date,
): Promise<void> {
  const [recorded] = await tx
    .insert(invoicePayments)
    .values({
      invoiceId: payment.invoiceId,
      paidOn: payment.paidOn,
      ...receiptValues(payment, actor),
    })
    .returning({ id: invoicePayments.id });
  if (!recorded) throw new Error("Paiement non enregistré.");
  await registerEvent(tx, {
    event: "paiement",
    subjectId: recorded.id,
    author: { id: actor.id, email: actor.email },
    ...(at ? { at } : {}),
  });
}

/** Records a payment; an overpayment is refused. The status follows (partly paid, paid). */
export async function recordPayment(
  db: Database,
  id: string,
  payment: { paidOn: string; amount: Cents; method: PaymentMethod; reference?: string | null },
  actor: InvoiceActor,
): Promise<{ paid: Cents; status: InvoiceRow["status"] }> {
  return withLockedInvoice(db, id, async (tx, row) => {
    if (row.kind === "avoir" || row.status === "brouillon" || row.status === "annulee") {
      throw new InvoiceStateError("Un paiement s'enregistre sur une facture émise et non annulée.");
    }
    const left = amountOwed(row);
    const dayProblem = isoDayProblem(payment.paidOn);
    if (dayProblem) throw new InvoiceStateError(`Date du paiement : ${dayProblem}`);
    if (!Number.isSafeInteger(payment.amount) || payment.amount <= 0) {
      throw new InvoiceStateError("Le montant du paiement doit être positif.");
    }
    if (payment.amount > left) {
      throw new InvoiceStateError(
        `Ce paiement dépasse le reste dû (${formatCents(left)}) : vérifiez le montant.`,
      );
    }
    await insertPayment(tx, { ...payment, invoiceId: id }, actor);
    const paid = row.paidCents + payment.amount;
    // Paid in full: « Payée »; otherwise a late invoice stays « En retard ».
    const status =
      payment.amount >= left ? "payee" : row.status === "en_retard" ? "en_retard" : "partiellement_payee";
    await tx
      .update(invoices)
      .set({ paidCents: paid, status, updatedAt: new Date() })
      .where(eq(invoices.id, id));
    await recordInvoiceActivity(tx, id, actor, {
      kind: "payment",
      summary: `Paiement de ${formatCents(payment.amount)} (${PAYMENT_METHOD_LABELS[payment.method]}) reçu le ${payment.paidOn}`,
    });
    return { paid, status };
  });
}
