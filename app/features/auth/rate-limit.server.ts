import { and, asc, eq, gt, inArray, lt, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { rateLimitHits } from "#app/db/schema.ts";

export type RateRule = { windowSeconds: number; max: number };
export type AttemptDecision =
  | { allowed: true; hitId: number }
  | { allowed: false; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` over a sliding window, in the database so every
 * instance sees the same count: refused once `max` attempts fall within the last
 * `windowSeconds`. Attempts of one key are serialised by a transaction-scoped advisory
 * lock, so a burst of parallel requests cannot slip past the limit. The attempt is
 * recorded before the password is checked; a successful sign-in gives it back
 * (`refundAttempts`), so only wrong attempts add up.
 */
export async function takeAttempt(
  db: Database,
  key: string,
  rule: RateRule,
  now = new Date(),
): Promise<AttemptDecision> {
  const windowMs = rule.windowSeconds * 1000;
  const since = new Date(now.getTime() - windowMs);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${key}`}, 0))`);
    await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.hitAt, since)));
    const hits = await tx
      .select({ hitAt: rateLimitHits.hitAt })
      .from(rateLimitHits)
      .where(and(eq(rateLimitHits.key, key), gt(rateLimitHits.hitAt, since)))
      .orderBy(asc(rateLimitHits.hitAt));
    if (hits.length >= rule.max) {
      // A slot frees up when the oldest attempt that fills the window leaves it.
      const oldest = hits[hits.length - rule.max]?.hitAt ?? now;
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + windowMs - now.getTime()) / 1000));
      return { allowed: false, retryAfterSeconds };
    }
    const [row] = await tx
      .insert(rateLimitHits)
      .values({ key, hitAt: now })
      .returning({ id: rateLimitHits.id });
    if (!row) throw new Error("tentative non enregistrée");
    return { allowed: true, hitId: row.id };
  });
}

/** Gives back attempts that turned out right. */
export async function refundAttempts(db: Database, hitIds: number[]): Promise<void> {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}
