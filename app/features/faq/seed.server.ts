import { sql } from "drizzle-orm";
import { faqSeed } from "#app/content/faq-seed.ts";
import type { Database } from "#app/db/client.server.ts";
import { faq } from "#app/db/schema/site.ts";

/** The demo questions of /faq, keyed by fixed ids and never overwritten (staff edits stay). */
export async function seedFaq(db: Database): Promise<void> {
  await db
    .insert(faq)
    .values(faqSeed.map((item, index) => ({ id: index + 1, question: item.question, answer: item.answer })))
    .onConflictDoNothing({ target: faq.id });
  // Explicit ids do not move the serial sequence; align it for later inserts.
  await db.execute(
    sql`select setval(pg_get_serial_sequence('faq', 'id'), greatest((select max(id) from faq), 1))`,
  );
}
