import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { createdAtColumn, timestampTz, uuidPrimaryKey } from "./columns.ts";

/** An e-mail waiting in the outbox; attachments are storage keys, read at send time. */
export type OutboxMailPayload = {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; contentType: string; storageKey: string }[];
};

/** Outgoing e-mails, written in the caller's transaction and sent by the outbox worker. */
export const outboxMessages = pgTable(
  "outbox_messages",
  {
    id: uuidPrimaryKey(),
    /** What the message is, for logs and the back-office: 'quote.notification', 'order.confirmation', ... */
    kind: text("kind").notNull(),
    payload: jsonb("payload").$type<OutboxMailPayload>().notNull(),
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestampTz("next_attempt_at").notNull().defaultNow(),
    /** Set while a worker holds the message; another worker skips it until then. */
    lockedUntil: timestampTz("locked_until"),
    lastError: text("last_error"),
    createdAt: createdAtColumn(),
    sentAt: timestampTz("sent_at"),
  },
  (t) => [
    index("outbox_messages_due_idx").on(t.status, t.nextAttemptAt),
    check("outbox_messages_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
  ],
);
