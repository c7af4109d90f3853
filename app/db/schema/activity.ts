import { sql } from "drizzle-orm";
import { check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { bigNumber, createdAtColumn } from "./columns.ts";
import { staffRef } from "./staff-columns.ts";

// ─── One activity history for every back-office record ────────────────────────────────
// Who did what, and when, to a lead, a client, a quote, an invoice, a job site... One
// table for all of them, addressed by (subject_type, subject_id): a record's timeline is
// one indexed read, and a new section needs no table of its own. Written through
// app/lib/activity.server.ts, in the transaction of the change it describes.

/** Values kept with an event: before/after of a change, the text of a note, ... (JSON). */
export type ActivityData = { [key: string]: ActivityJson };
export type ActivityJson =
  | string
  | number
  | boolean
  | null
  | ActivityJson[]
  | { [key: string]: ActivityJson };

export const activityEvents = pgTable(
  "activity_events",
  {
    /** Identity: orders the events of one transaction, which share `created_at`. */
    id: bigNumber("id").primaryKey().generatedAlwaysAsIdentity(),
    /** 'lead', 'client', 'devis', 'facture', 'chantier', ... (SubjectType in app/lib/activity.server.ts). */
    subjectType: text("subject_type").notNull(),
    /** The record's id as text (a uuid, a number...): no foreign key, the subjects live in many tables. */
    subjectId: text("subject_id").notNull(),
    /** 'created', 'note', 'status', 'converted', ... */
    kind: text("kind").notNull(),
    /** The sentence the timeline shows, in French: « Statut : Nouveau → Contacté ». */
    summary: text("summary").notNull(),
    data: jsonb("data").$type<ActivityData>(),
    actorId: staffRef("actor_id"),
    /** Kept when the account is deleted; null when the system acted (a daily job). */
    actorEmail: text("actor_email"),
    createdAt: createdAtColumn(),
  },
  (t) => [
    index("activity_events_subject_idx").on(t.subjectType, t.subjectId, t.createdAt),
    // Deleting an account sets its events' actor_id to null: without this, a full scan.
    index("activity_events_actor_idx").on(t.actorId),
    check("activity_events_subject_type_check", sql`${t.subjectType} ~ '^[a-z][a-z_]*$'`),
    check("activity_events_kind_check", sql`${t.kind} ~ '^[a-z][a-z_]*$'`),
    check("activity_events_subject_id_check", sql`${t.subjectId} <> ''`),
    check("activity_events_summary_check", sql`${t.summary} <> ''`),
  ],
);
