import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authRateLimits } from "#app/db/schema.ts";

export type RateRule = { windowSeconds: number; max: number };
export type RateDecision = { allowed: boolean; retryAfterSeconds: number };

/**
 * Counts one attempt under `key` in the database (so every instance sees the same
 * count) and says whether it is allowed. The window starts again once `windowSeconds`
 * have passed since the last allowed attempt: any `max + 1` attempts within one window
 * are refused from the `max + 1`-th. A single statement decides and increments, so
 * concurrent attempts cannot all slip through. A refused attempt saturates the count
 * at `max + 1` and leaves the window's clock alone.
 */
export async function consumeAttempt(db: Database, key: string, rule: RateRule): Promise<RateDecision> {
  const now = Date.now();
  const windowMs = rule.windowSeconds * 1000;
  const expired = sql`${authRateLimits.lastRequest} <= ${now - windowMs}`;
  const full = sql`${authRateLimits.count} >= ${rule.max}`;
  const [row] = await db
    .insert(authRateLimits)
    .values({ id: randomUUID(), key, count: 1, lastRequest: now })
    .onConflictDoUpdate({
      target: authRateLimits.key,
      set: {
        count: sql`case when ${expired} then 1 when ${full} then ${rule.max + 1} else ${authRateLimits.count} + 1 end`,
        lastRequest: sql`case when ${expired} then ${now} when ${full} then ${authRateLimits.lastRequest} else ${now} end`,
      },
    })
    .returning({ count: authRateLimits.count, lastRequest: authRateLimits.lastRequest });
  if (!row) throw new Error("compteur de tentatives introuvable");
  const allowed = row.count <= rule.max;
  const retryAfterSeconds = allowed
    ? 0
    : Math.max(1, Math.ceil((Number(row.lastRequest) + windowMs - now) / 1000));
  return { allowed, retryAfterSeconds };
}
