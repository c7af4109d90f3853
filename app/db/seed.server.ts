import { sql } from "drizzle-orm";
import { faqSeed } from "#app/content/faq-seed.ts";
import { seedShop } from "#app/features/shop/seed.server.ts";
import type { Database } from "./client.server.ts";
import { faq } from "./schema.ts";

/**
 * Demo content for a fresh installation. Idempotent: rows are keyed by fixed
 * ids and never overwritten, so running it again (every start does) changes
 * nothing and keeps what the staff edited.
 */
export async function seedDemoContent(
  db: Database,
  { storeId = "batirade-toulon" }: { storeId?: string } = {},
): Promise<void> {
  await db
    .insert(faq)
    .values(faqSeed.map((item, index) => ({ id: index + 1, question: item.question, answer: item.answer })))
    .onConflictDoNothing({ target: faq.id });
  // Explicit ids do not move the serial sequence; align it for later inserts.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('faq', 'id'), greatest((select max(id) from faq), 1))`,
  );
  // The shop's demo catalogue, in the store this server serves (STORE_ID).
  await seedShop(db, storeId);
}
