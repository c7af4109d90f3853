import { and, eq, lt } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/client.server.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { dailyJob } from "#app/lib/daily-job.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";

/**
 * Quotes sent and still unanswered the day after their last valid day become
 * « Expiré » (their link then accepts nothing). Returns how many changed.
 */
export async function expireQuotes(db: Database, now = new Date()): Promise<number> {
  const today = parisDay(now);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(quotes)
      .set({ status: "expire", decidedAt: now, updatedAt: now })
      .where(and(eq(quotes.status, "envoye"), lt(quotes.validUntil, today)))
      .returning({ id: quotes.id, validUntil: quotes.validUntil });
    await recordActivities(
      tx,
      expired.map((quote) => ({
        subjectType: "devis" as const,
        subjectId: quote.id,
        kind: "expired",
        summary: `Expiré : valable jusqu'au ${quote.validUntil ? formatDate(quote.validUntil) : "—"}, sans réponse du client`,
        actor: { id: null, email: "système" },
      })),
    );
    return expired.length;
  });
}

/** The daily run of `expireQuotes` inside the server process. */
export const startQuoteExpiryJob = dailyJob({
  job: "devis-expires",
  task: (services: { db: Database; logger: Logger }) => expireQuotes(services.db),
  done: "devis : passage quotidien des devis échus à « Expiré » fait",
  failed: "devis : le passage quotidien des devis échus a échoué",
});
