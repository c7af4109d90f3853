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
