import { and, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { companyDocuments } from "#app/db/schema/company-documents.ts";
import { dailyJob } from "#app/lib/daily-job.server.ts";
import { reminderDue } from "#app/lib/expiry-reminders.ts";
import { enqueueMails, type OutboxMessageInput, type OutboxSignal } from "#app/lib/outbox.server.ts";
import { ownerRecipients } from "#app/lib/owner-alerts.server.ts";
import { addDays, daysBetween, formatDate, parisDay } from "#app/lib/paris-time.ts";
import { plural } from "#app/lib/plural.ts";
import { COMPANY_DOCUMENT_KIND_LABELS, documentPath, REMINDER_DAYS } from "./company-documents.ts";

/*
 * The register's reminders: the owners (the active owner accounts; with none, NOTIFY_EMAIL)
 * are e-mailed, through the outbox, 60, 30 and 7 days before a current document's last
 * valid day, each level once: the levels sent are kept on the document (`reminders_sent`).
 * A version already replaced is left alone. A day missed (the server stopped) is caught
 * up: the most urgent level due is sent, and the levels it covers are marked sent.
 */

export const DOCUMENT_REMINDERS_JOB = "documents-relances";

export type SentDocumentReminder = {
  documentId: string;
  to: string;
  level: number;
  validUntil: string;
};

function reminderMail(input: {
  to: string;
  kindLabel: string;
  label: string;
  validUntil: string;
  daysLeft: number;
  link: string | null;
}): OutboxMessageInput {
  const when = formatDate(input.validUntil);
  const what = input.label ? `${input.kindLabel} (${input.label})` : input.kindLabel;
  const subject = `À renouveler : ${what}, valable jusqu'au ${when}`;
  const text = [
    "Bonjour,",
    "",
    `Le document « ${what} » du registre de conformité est valable jusqu'au ${when} (encore ${plural(input.daysLeft, "jour")}).`,
    "",
    "Demandez dès maintenant le nouveau document à son émetteur, puis enregistrez-le avec « Renouveler » dans Documents : la version actuelle restera dans l'historique.",
    ...(input.link ? ["", input.link] : []),
  ].join("\n");
  return { kind: "documents.reminder", to: input.to, subject, text };
}

/** Queues the reminders due on `now`'s Paris day; returns them. */
export async function sendDocumentReminders(
  db: Database,
  { now = new Date(), fallbackEmail, siteUrl }: { now?: Date; fallbackEmail?: string; siteUrl?: string } = {},
): Promise<SentDocumentReminder[]> {
  const today = parisDay(now);
  const horizon = addDays(today, Math.max(...REMINDER_DAYS));
  return db.transaction(async (tx) => {
    const candidates = await tx
      .select({
        id: companyDocuments.id,
        kind: companyDocuments.kind,
        label: companyDocuments.label,
        validUntil: companyDocuments.validUntil,
        remindersSent: companyDocuments.remindersSent,
      })
      .from(companyDocuments)
      .where(
        and(
          isNotNull(companyDocuments.validUntil),
          gte(companyDocuments.validUntil, today),
          lte(companyDocuments.validUntil, horizon),
          // Replaced by a newer version: nothing to remind.
          sql`not exists (select 1 from company_documents newer where newer.replaces_id = ${companyDocuments.id})`,
        ),
      )
      .for("update", { skipLocked: true });
    if (candidates.length === 0) return [];
    const to = (await ownerRecipients(tx, fallbackEmail)).join(", ");
    const origin = siteUrl ? siteUrl.replace(/\/+$/, "") : null;
    const sent: SentDocumentReminder[] = [];
    const mails: OutboxMessageInput[] = [];
    for (const document of candidates) {
      if (!document.validUntil) continue;
      const daysLeft = daysBetween(today, document.validUntil);
      const due = reminderDue(REMINDER_DAYS, daysLeft, document.remindersSent);
      if (!due) continue;
      const { level } = due;
      await tx
        .update(companyDocuments)
        .set({ remindersSent: due.sent })
        .where(eq(companyDocuments.id, document.id));
      mails.push(
        reminderMail({
          to,
          kindLabel: COMPANY_DOCUMENT_KIND_LABELS[document.kind],
          label: document.label,
          validUntil: document.validUntil,
          daysLeft,
          link: origin ? `${origin}${documentPath(document.id)}` : null,
        }),
      );
      sent.push({ documentId: document.id, to, level, validUntil: document.validUntil });
    }
    await enqueueMails(tx, mails);
    return sent;
  });
}

/** The daily run inside the server process (registered in server/index.ts). */
export const startDocumentRemindersJob = dailyJob({
  job: DOCUMENT_REMINDERS_JOB,
  task: async (services: {
    db: Database;
    logger: Logger;
    env: Pick<Env, "NOTIFY_EMAIL" | "SITE_URL">;
    outbox: Pick<OutboxSignal, "wake">;
  }) => {
    const sent = await sendDocumentReminders(services.db, {
      fallbackEmail: services.env.NOTIFY_EMAIL,
      siteUrl: services.env.SITE_URL,
    });
    if (sent.length > 0) services.outbox.wake();
    return { reminders: sent.length };
  },
  done: "documents : relances des documents à renouveler envoyées",
  failed: "documents : l'envoi des relances de renouvellement a échoué",
});
