import { sql } from "drizzle-orm";
import { date, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { updatedAtColumn, uuidPrimaryKey } from "./columns.ts";

/**
 * What the owner must know about the system itself (a failed backup, no backup for
 * 48 hours, later a broken integrity chain), one open alert per kind at most: raising it
 * again updates the open one, resolving it closes it and keeps it as history
 * (app/lib/owner-alerts.server.ts).
 */
export const ownerAlerts = pgTable(
  "owner_alerts",
  {
    id: uuidPrimaryKey(),
    /** What went wrong, as the code names it: « sauvegarde », « sauvegarde-absente »… */
    kind: text("kind").notNull(),
    /** The owner's words: a title and what happened, in French. */
    title: text("title").notNull(),
    message: text("message").notNull(),
    openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
    /** The last time it was raised again (the message then is the latest one). */
    updatedAt: updatedAtColumn(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("owner_alerts_open_kind_unique").on(t.kind).where(sql`${t.resolvedAt} is null`),
    index("owner_alerts_opened_idx").on(t.openedAt),
  ],
);

/**
 * One row per alert kind and Paris day on which the owner was e-mailed about it: the
 * first instance to insert it sends the day's e-mail, any other raise that day is silent.
 */
export const ownerAlertMails = pgTable(
  "owner_alert_mails",
  {
    kind: text("kind").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.day] })],
);

/**
 * What a daily check last achieved, shared by every instance: the scheduled backup's last
 * success (what the dashboard shows, and what « no backup in 48 hours » is measured from).
 */
export const ownerChecks = pgTable("owner_checks", {
  /** The check's name (« sauvegarde »). */
  name: text("name").primaryKey(),
  /** Since when it is watched (the first start of a server that schedules it). */
  watchedSince: timestamp("watched_since", { withTimezone: true }).notNull().defaultNow(),
  lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  /** What the last success produced, for the owner (« sauvegarde-2026-11-27-031500.tar.age, 12,4 Mo »). */
  lastSuccessDetail: text("last_success_detail"),
  lastFailureAt: timestamp("last_failure_at", { withTimezone: true }),
});
