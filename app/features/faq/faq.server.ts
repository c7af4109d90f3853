import { asc } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { faq } from "#app/db/schema/site.ts";

export type FaqItem = { id: number; question: string; answer: string };

/** Every question, in the order the company wrote them (id ascending). */
export async function listFaq(db: Database): Promise<FaqItem[]> {
  return db.select().from(faq).orderBy(asc(faq.id));
}
