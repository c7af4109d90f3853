import { and, count, eq, inArray, lt, max, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";

/**
 * A progressive delay: the first `freeFailures` failures under a key cost nothing; after
 * that, the next attempt must wait `firstDelaySeconds` after the last failure, then twice
 * as long after each further failure, up to `maxDelaySeconds`. A failure is forgotten
 * `memorySeconds` after it happened.
 */
export type DelayRule = {
  freeFailures: number;
  firstDelaySeconds: number;
  maxDelaySeconds: number;
  memorySeconds: number;
};

export type DelayedKey = { key: string; rule: DelayRule };

export type AttemptDecision =
  | { allowed: true; hitIds: Map<string, number> }
  | { allowed: false; retryAfterSeconds: number };

/** How long to wait after the last of `failures` failures before the next attempt, in seconds. */
export function delayAfterFailures(failures: number, rule: DelayRule): number {
  if (failures < rule.freeFailures) return 0;
  const doublings = failures - rule.freeFailures;
  // 2^30 s is far past any cap; stop doubling before the number grows silly.
  if (doublings >= 30) return rule.maxDelaySeconds;
  return Math.min(rule.firstDelaySeconds * 2 ** doublings, rule.maxDelaySeconds);
}

/**
 * Asks to make one attempt under every key (in the database, so every instance agrees).
 * Refused while any key's delay is running, with the seconds left: nothing is recorded
 * then. Allowed, it records the attempt as a failure under every key *before* the caller
 * checks anything, so a burst of parallel requests cannot slip past the count; the caller
 * then gives back what turned out right (`forgetHits`, `forgetKey`). The keys are
 * serialised by transaction-scoped advisory locks, taken in one order so two attempts
 * sharing keys cannot deadlock.
 */
export async function takeDelayedAttempt(
  db: Database,
  keys: DelayedKey[],
  now = new Date(),
): Promise<AttemptDecision> {
  const ordered = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return db.transaction(async (tx) => {
    for (const { key } of ordered) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${key}`}, 0))`);
    }
    let waitMs = 0;
    for (const { key, rule } of ordered) {
      const since = new Date(now.getTime() - rule.memorySeconds * 1000);
      await tx.delete(rateLimitHits).where(and(eq(rateLimitHits.key, key), lt(rateLimitHits.hitAt, since)));
      const [row] = await tx
        .select({ failures: count(), last: max(rateLimitHits.hitAt) })
        .from(rateLimitHits)
        .where(eq(rateLimitHits.key, key));
      const failures = Number(row?.failures ?? 0);
      const last = row?.last ? new Date(row.last) : null;
      const delaySeconds = delayAfterFailures(failures, rule);
      if (last && delaySeconds > 0) {
        waitMs = Math.max(waitMs, last.getTime() + delaySeconds * 1000 - now.getTime());
      }
    }
    if (waitMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    const rows = await tx
      .insert(rateLimitHits)
      .values(ordered.map(({ key }) => ({ key, hitAt: now })))
      .returning({ id: rateLimitHits.id, key: rateLimitHits.key });
    if (rows.length !== ordered.length) throw new Error("tentative non enregistrée");
    return { allowed: true, hitIds: new Map(rows.map((row) => [row.key, row.id])) };
  });
}

/** Gives back attempts that turned out right. */
export async function forgetHits(db: Database, hitIds: number[]): Promise<void> {
  if (hitIds.length > 0) await db.delete(rateLimitHits).where(inArray(rateLimitHits.id, hitIds));
}

/** Forgets every failure under a key (a success clears its own slate). */
export async function forgetKey(db: Database, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${key}`}, 0))`);
    await tx.delete(rateLimitHits).where(eq(rateLimitHits.key, key));
  });
}
