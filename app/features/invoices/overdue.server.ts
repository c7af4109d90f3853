import { and, inArray, lt, ne } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/client.server.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { dailyJob } from "#app/lib/daily-job.server.ts";
import type { OutboxSignal } from "#app/lib/outbox.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { type SentReminder, sendDueReminders } from "./reminders.server.ts";

/**
 * Issued invoices still owed the day after their due date become « En retard ». Returns
 * how many changed. The reminders e-mailed at due + 1, + 15 and + 30 days follow in the
 * same daily run (`runDailyInvoiceFollowUp`, ./reminders.server.ts).
 */
export async function markOverdueInvoices(db: Database, now = new Date()): Promise<number> {
  const today = parisDay(now);
  return db.transaction(async (tx) => {
    const late = await tx
      .update(invoices)
      .set({ status: "en_retard", updatedAt: now })
      .where(
        and(
          inArray(invoices.status, ["emise", "partiellement_payee"]),
          ne(invoices.kind, "avoir"),
          lt(invoices.dueOn, today),
        ),
      )
      .returning({ id: invoices.id, dueOn: invoices.dueOn, number: invoices.number });
    await recordActivities(
      tx,
      late.map((invoice) => ({
        subjectType: "facture" as const,
        subjectId: invoice.id,
        kind: "overdue",
        summary: `En retard : échéance du ${invoice.dueOn ? formatDate(invoice.dueOn) : "—"} dépassée`,
        actor: { id: null, email: "système" },
      })),
    );
    return late.length;
  });
}

export type DailyInvoiceFollowUp = { overdue: number; reminders: SentReminder[] };

/**
 * The invoices' daily run: first the late invoices become « En retard », then the
 * reminders due are queued; the outbox is woken when there is mail to send.
 */
export async function runDailyInvoiceFollowUp(
  services: { db: Database; outbox?: Pick<OutboxSignal, "wake"> },
  now = new Date(),
): Promise<DailyInvoiceFollowUp> {
  const overdue = await markOverdueInvoices(services.db, now);
  const reminders = await sendDueReminders(services.db, now);
  if (reminders.length > 0) services.outbox?.wake();
  return { overdue, reminders };
}

/** The daily run of `runDailyInvoiceFollowUp` inside the server process. */
export const startOverdueInvoicesJob = dailyJob({
  job: "factures-suivi",
  task: async (services: { db: Database; logger: Logger; outbox: Pick<OutboxSignal, "wake"> }) => {
    const { overdue, reminders } = await runDailyInvoiceFollowUp(services);
    return { overdue, reminders: reminders.map(({ number, level }) => ({ number, level })) };
  },
  done: "factures : passage quotidien fait (factures échues « En retard », relances envoyées)",
  failed: "factures : le passage quotidien (factures en retard et relances) a échoué",
});
