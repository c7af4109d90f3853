import { lt, sql } from "drizzle-orm";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import type { DbExecutor, DbTransaction } from "./outbox.server.ts";

/**
 * Accepted requests per key over a sliding window, kept in the database so that
 * several instances share the count. `limit` 0 means no limit.
 */
export type RateLimit = { key: string; limit: number; windowMs: number };

/**
 * Records one hit inside the caller's transaction, unless the key is at its limit:
 * returns false then, and records nothing. Two requests of the same key are
 * serialised by a transaction-scoped advisory lock, so the limit holds under load.
 * Two statements (the lock, then an insert conditional on the count): on the embedded
 * database every statement waits its turn, and this runs inside every quote request
 * and order. Hits older than a window are never counted; the daily purge removes them.
 */
export async function recordHit(tx: DbTransaction, rule: RateLimit, now = new Date()): Promise<boolean> {
  if (rule.limit <= 0) return true;
  const since = new Date(now.getTime() - rule.windowMs);
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${rule.key}`}, 0))`);
  const inserted = await tx.execute(sql`
    insert into ${rateLimitHits} (key, hit_at)
    select ${rule.key}, ${now.toISOString()}::timestamptz
    where (
      select count(*) from ${rateLimitHits}
      where ${rateLimitHits.key} = ${rule.key} and ${rateLimitHits.hitAt} > ${since.toISOString()}::timestamptz
    ) < ${rule.limit}
    returning id`);
  return rowsOf(inserted).length > 0;
}

/** The rows of a raw statement's result, whichever driver ran it (PGlite or pg). */
function rowsOf(result: unknown): unknown[] {
  const rows = (result as { rows?: unknown[] }).rows;
  return Array.isArray(rows) ? rows : Array.isArray(result) ? result : [];
}

/** Forgets hits older than a day, whatever their key (addresses that never came back). */
export async function purgeOldHits(db: DbExecutor, now = new Date()): Promise<void> {
  await db.delete(rateLimitHits).where(lt(rateLimitHits.hitAt, new Date(now.getTime() - 24 * 60 * 60_000)));
}
