import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, uniqueIndex } from "drizzle-orm/pg-core";
import { isoDate, timestampTz, updatedAtColumn, uuidPrimaryKey } from "./columns.ts";

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
    openedAt: timestampTz("opened_at").notNull().defaultNow(),
    /** The last time it was raised again (the message then is the latest one). */
    updatedAt: updatedAtColumn(),
    resolvedAt: timestampTz("resolved_at"),
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
    day: isoDate("day").notNull(),
    sentAt: timestampTz("sent_at").notNull().defaultNow(),
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
  watchedSince: timestampTz("watched_since").notNull().defaultNow(),
  lastSuccessAt: timestampTz("last_success_at"),
  /** What the last success produced, for the owner (« sauvegarde-2026-11-27-031500.tar.age, 12,4 Mo »). */
  lastSuccessDetail: text("last_success_detail"),
  lastFailureAt: timestampTz("last_failure_at"),
});
