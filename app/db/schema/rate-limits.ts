import { index, pgTable, text } from "drizzle-orm/pg-core";
import { bigNumber, timestampTz } from "./columns.ts";

/** Accepted requests per key (e.g. 'devis:<address>'), counted over a sliding window. */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    id: bigNumber("id").primaryKey().generatedAlwaysAsIdentity(),
    key: text("key").notNull(),
    hitAt: timestampTz("hit_at").notNull().defaultNow(),
  },
  (t) => [index("rate_limit_hits_key_idx").on(t.key, t.hitAt)],
);
