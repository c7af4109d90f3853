import { bigint, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/** Accepted requests per key (e.g. 'devis:<address>'), counted over a sliding window. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    hitAt: timestamp("hit_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.hitAt)],
);
