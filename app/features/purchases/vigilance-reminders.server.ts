import { and, eq, gte, inArray, isNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import { company } from "#app/config/company.ts";
import type { Database } from "#app/db/client.server.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { supplierDocuments } from "#app/db/schema/subcontracts.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { dailyJob } from "#app/lib/daily-job.server.ts";
import { reminderDue } from "#app/lib/expiry-reminders.ts";
import { enqueueMails, type OutboxMessageInput, type OutboxSignal } from "#app/lib/outbox.server.ts";
import { addDays, daysBetween, formatDate, parisDay } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import { DOCUMENT_KIND_LABELS, REMINDER_DAYS, REQUIRED_KINDS } from "./vigilance.ts";

/*
 * The vigilance reminders: a subcontractor is e-mailed (its register e-mail, through the
 * outbox) 30 and 7 days before one of its required documents expires, each once: the
 * levels sent are kept on the document (`reminders_sent`). A document already replaced by
 * a newer one of its kind, an archived supplier or one without e-mail is left alone. A
 * day missed (the server stopped) is caught up: the most urgent level due is sent, and
 * the levels it covers are marked sent.
 */

export type SentVigilanceReminder = {
  documentId: string;
  supplierId: string;
  to: string;
  level: number;
  validUntil: string;
};

function reminderMail(input: {
  to: string;
  legalName: string;
  kindLabel: string;
  validUntil: string;
  daysLeft: number;
}): OutboxMessageInput {
  const when = formatDate(input.validUntil);
  const subject = `${input.kindLabel} : expire le ${when}`;
  const text = [
    "Bonjour,",
    "",
    `Le document « ${input.kindLabel} » de ${input.legalName} que nous avons enregistré expire le ${when} (dans ${plural(input.daysLeft, "jour")}).`,
    "",
    "Au titre du devoir de vigilance (Code du travail L8222-1), nous devons détenir un document à jour pour poursuivre nos commandes et nos paiements : merci de nous envoyer le nouveau document en réponse à ce message.",
    "",
    "Cordialement,",
    `Le service Achats de ${company.name}`,
    `${company.phone.display} · ${company.email}`,
  ].join("\n");
  return { kind: "vigilance.reminder", to: input.to, subject, text };
}

/** Queues the reminders due on `now`'s Paris day; returns them. */
export async function sendVigilanceReminders(
  db: Database,
  now = new Date(),
): Promise<SentVigilanceReminder[]> {
  const today = parisDay(now);
  const horizon = addDays(today, Math.max(...REMINDER_DAYS));
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({
        id: supplierDocuments.id,
        supplierId: supplierDocuments.supplierId,
        kind: supplierDocuments.kind,
        validUntil: supplierDocuments.validUntil,
        remindersSent: supplierDocuments.remindersSent,
        legalName: suppliers.legalName,
        email: suppliers.email,
      })
      .from(supplierDocuments)
      .innerJoin(suppliers, eq(suppliers.id, supplierDocuments.supplierId))
      .where(
        and(
          inArray(supplierDocuments.kind, [...REQUIRED_KINDS]),
          eq(suppliers.kind, "sous_traitant"),
          isNull(suppliers.archivedAt),
          gte(supplierDocuments.validUntil, today),
          lte(supplierDocuments.validUntil, horizon),
          // Replaced by a newer document of its kind: nothing to remind.
          sql`not exists (select 1 from ${supplierDocuments} newer where newer.supplier_id = ${supplierDocuments.supplierId} and newer.kind = ${supplierDocuments.kind} and newer.valid_until > ${supplierDocuments.validUntil})`,
        ),
      )
      .for("update", { of: supplierDocuments, skipLocked: true });
    const sent: SentVigilanceReminder[] = [];
    const mails: OutboxMessageInput[] = [];
    for (const document of candidates) {
      if (!document.validUntil || !document.email) continue;
      const daysLeft = daysBetween(today, document.validUntil);
      const due = reminderDue(REMINDER_DAYS, daysLeft, document.remindersSent);
      if (!due) continue;
      const { level } = due;
      await tx
        .update(supplierDocuments)
        .set({ remindersSent: due.sent })
        .where(eq(supplierDocuments.id, document.id));
      mails.push(
        reminderMail({
          to: document.email,
          legalName: document.legalName,
          kindLabel: DOCUMENT_KIND_LABELS[document.kind],
          validUntil: document.validUntil,
          daysLeft,
        }),
      );
      sent.push({
        documentId: document.id,
        supplierId: document.supplierId,
        to: document.email,
        level,
        validUntil: document.validUntil,
      });
    }
    await enqueueMails(tx, mails);
    await recordActivities(
      tx,
      sent.map((reminder) => ({
        subjectType: "fournisseur" as const,
        subjectId: reminder.supplierId,
        kind: "vigilance_reminder",
        summary: `Relance envoyée à ${reminder.to} : document valable jusqu'au ${formatDate(reminder.validUntil)} (J-${reminder.level})`,
        data: { documentId: reminder.documentId, level: reminder.level },
        actor: null,
      })),
    );
    return sent;
  });
}

/** The daily run inside the server process (registered in server/index.ts). */
export const startVigilanceRemindersJob = dailyJob({
  job: "vigilance-relances",
  task: async (services: { db: Database; logger: Logger; outbox: Pick<OutboxSignal, "wake"> }) => {
    const sent = await sendVigilanceReminders(services.db);
    if (sent.length > 0) services.outbox.wake();
    return { reminders: sent.length };
  },
  done: "vigilance : relances des documents bientôt expirés envoyées",
  failed: "vigilance : l'envoi des relances de documents a échoué",
});
