import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  check,
  date,
  index,
  integer,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";

/*
 * The columns many tables declare alike. Each call makes a new column builder; the SQL is
 * the one each table wrote out before.
 */

/** A calendar day, read and written as `YYYY-MM-DD` text (no time zone to shift it). */
export const isoDate = <Name extends string>(name: Name) => date(name, { mode: "string" });

/** A 64-bit integer read as a JavaScript number: amounts in cents, sizes in bytes. */
export const bigNumber = <Name extends string>(name: Name) => bigint(name, { mode: "number" });

/** An instant, stored with its time zone. */
export const timestampTz = <Name extends string>(name: Name) => timestamp(name, { withTimezone: true });

/** The random UUID primary key. */
export const uuidPrimaryKey = () => uuid("id").primaryKey().defaultRandom();

/** When the row was written. */
export const createdAtColumn = () => timestampTz("created_at").notNull().defaultNow();

/** When the row was last changed. */
export const updatedAtColumn = () => timestampTz("updated_at").notNull().defaultNow();

/** The position among its siblings, first at 0. */
export const sortOrderColumn = () => integer("sort_order").notNull().default(0);

/** The optimistic lock: each change checks and raises it, so a stale form is refused. */
export const revisionColumn = () => integer("revision").notNull().default(1);

/** A text that may be left empty: never null, '' when not given. */
export const optionalText = <Name extends string>(name: Name) => text(name).notNull().default("");

/** Folded words of the record, what its list's search compares. */
export const searchTextColumn = () => optionalText("search_text");

/** Set when archived: hidden from new work, its history kept. */
export const archivedAtColumn = () => timestampTz("archived_at");

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
  expiresAt: timestampTz("expires_at").notNull(),
  usedAt: timestampTz("used_at"),
});

/**
 * What a table of e-mailed codes adds to its columns: the look-up of a record's latest
 * codes (`<table>_<parent>_idx`) and the five tries (`<table>_attempts_check`).
 */
export const emailCodeRules = (
  table: string,
  parent: string,
  parentId: AnyPgColumn,
  t: { createdAt: AnyPgColumn; attempts: AnyPgColumn },
) => [
  index(`${table}_${parent}_idx`).on(parentId, t.createdAt),
  check(`${table}_attempts_check`, sql`${t.attempts} between 0 and 5`),
];
