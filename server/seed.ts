import type { Database } from "#app/db/client.server.ts";
import { seedFaq } from "#app/features/faq/seed.server.ts";
import { seedQuoteLibrary } from "#app/features/quotes/library-seed.server.ts";
import { seedShop } from "#app/features/shop/seed.server.ts";

/**
 * Demo content for a fresh installation. Idempotent: rows are keyed by fixed
 * ids and never overwritten, so running it again (every start does) changes
 * nothing and keeps what the staff edited.
 */
export async function seedDemoContent(
  db: Database,
  { storeId = "batirade-toulon" }: { storeId?: string } = {},
): Promise<void> {
  await seedFaq(db);
  // The shop's demo catalogue, in the store this server serves (STORE_ID).
  await seedShop(db, storeId);
  // A starting price library for the quotes, only while the library is empty.
  await seedQuoteLibrary(db);
}
