import { pgTable, serial, text } from "drizzle-orm/pg-core";

/** Questions shown on /faq, ordered by id. */
export const faq = pgTable("faq", {
  id: serial("id").primaryKey(),
  question: text("question").notNull(),
  answer: text("answer").notNull(),
});
