import { and, inArray, lt, ne } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/client.server.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { type DailyJob, startDailyJob } from "#app/lib/daily-job.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";

/**
 * Issued invoices still owed the day after their due date become « En retard ». Returns
 * how many changed. (The reminders e-mailed at due + 1, + 15 and + 30 days come later.)
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

/** The daily run of `markOverdueInvoices` inside the server process. */
export function startOverdueInvoicesJob(services: { db: Database; logger: Logger }): DailyJob {
  return startDailyJob({
    logger: services.logger,
    task: () => markOverdueInvoices(services.db),
    done: "factures : passage quotidien des factures échues à « En retard » fait",
    failed: "factures : le passage quotidien des factures échues a échoué",
  });
}
