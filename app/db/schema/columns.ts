import { type AnyPgColumn, integer, text, timestamp, uuid } from "drizzle-orm/pg-core";

/*
 * The columns many tables declare alike. Each call makes a new column builder; the SQL is
 * the one each table wrote out before.
 */

/** The random UUID primary key. */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/** When the row was written. */
export const createdAtColumn = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();

/** When the row was last changed. */
export const updatedAtColumn = () => timestamp("updated_at", { withTimezone: true }).notNull().defaultNow();

/** The position among its siblings, first at 0. */
export const sortOrderColumn = () => integer("sort_order").notNull().default(0);

type OnDelete = "cascade" | "restrict";

/** The row it belongs to, by UUID: deleted with it (`cascade`) or keeping it (`restrict`). */
export const uuidParent = (name: string, parent: () => AnyPgColumn, onDelete: OnDelete) =>
  uuid(name).notNull().references(parent, { onDelete });

/** The row it belongs to, by text id: deleted with it (`cascade`) or keeping it (`restrict`). */
export const textParent = (name: string, parent: () => AnyPgColumn, onDelete: OnDelete) =>
  text(name).notNull().references(parent, { onDelete });

/**
 * A six-digit code e-mailed to prove a signer's address: its HMAC-SHA-256 (keyed by the
 * server's secret, lower-case hex), the address it went to, the tries so far, when it was
 * sent and when it stops, and when it was used up (`used_at`: it cannot be used after).
 */
export const emailCodeColumns = () => ({
  codeHash: text("code_hash").notNull(),
  email: text("email").notNull(),
  attempts: integer("attempts").notNull().default(0),
  createdAt: createdAtColumn(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  usedAt: timestamp("used_at", { withTimezone: true }),
});
