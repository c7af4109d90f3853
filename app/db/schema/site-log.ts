import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { authUsers } from "./auth.ts";
import {
  bigNumber,
  createdAtColumn,
  isoDate,
  optionalText,
  revisionColumn,
  textParent,
  timestampTz,
  uuidParent,
  uuidPrimaryKey,
} from "./columns.ts";
import { jobSites } from "./job-sites.ts";

// ─── Espace Pro › Chantiers › Journal de chantier ─────────────────────────────────────
// The site log: dated entries written on site (text, weather, who was there, a « problème »
// flag) with their photos. An entry may be corrected by its author for 24 hours after it
// was written; after that it can only be answered: the log is evidence in a dispute.
// Answers are entries too (`answer_to`), one level deep.

/** The weather an entry may record ('' : not said). Labels in app/features/site-log/schema.ts. */
export const SITE_LOG_WEATHER_VALUES = ["ensoleille", "nuageux", "pluie", "vent_fort", "gel_neige"] as const;
export type SiteLogWeather = (typeof SITE_LOG_WEATHER_VALUES)[number];

export const jobSiteLogEntries = pgTable(
  "job_site_log_entries",
  {
    id: uuidPrimaryKey(),
    jobSiteId: uuidParent("job_site_id", () => jobSites.id, "cascade"),
    authorId: textParent("author_id", () => authUsers.id, "restrict"),
    /** The entry this one answers (same site); null for an entry of the log itself. */
    answerTo: uuid("answer_to").references((): AnyPgColumn => jobSiteLogEntries.id, { onDelete: "cascade" }),
    body: text("body").notNull(),
    weather: text("weather").$type<SiteLogWeather | "">().notNull().default(""),
    peoplePresent: optionalText("people_present"),
    isProblem: boolean("is_problem").notNull().default(false),
    /** The Paris day the entry is about (the day it was written). */
    occurredOn: isoDate("occurred_on").notNull(),
    createdAt: createdAtColumn(),
    /** The last correction by its author (within 24 hours of `created_at`); null if never corrected. */
    editedAt: timestampTz("edited_at"),
    revision: revisionColumn(),
  },
  (t) => [
    // The log page: a site's entries newest first, by pages (keyset on created_at, id).
    index("job_site_log_entries_site_idx").on(t.jobSiteId, t.createdAt.desc(), t.id.desc()),
    index("job_site_log_entries_answer_idx").on(t.answerTo, t.createdAt),
    check(
      "job_site_log_entries_weather_check",
      sql`${t.weather} in ('', 'ensoleille', 'nuageux', 'pluie', 'vent_fort', 'gel_neige')`,
    ),
    check("job_site_log_entries_answer_check", sql`${t.answerTo} is null or ${t.answerTo} <> ${t.id}`),
  ],
);

export type SiteLogEntryRow = typeof jobSiteLogEntries.$inferSelect;

/** The photos of an entry: re-encoded without EXIF (no location), the capture time kept here. */
export const jobSiteLogPhotos = pgTable(
  "job_site_log_photos",
  {
    id: uuidPrimaryKey(),
    entryId: uuidParent("entry_id", () => jobSiteLogEntries.id, "cascade"),
    storageKey: text("storage_key").notNull().unique("job_site_log_photos_key_unique"),
    contentType: text("content_type").notNull(),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    /** EXIF DateTimeOriginal, read before the metadata is stripped; null when the photo had none. */
    takenAt: timestampTz("taken_at"),
    /** Bytes of the stored (re-encoded) file. */
    byteSize: bigNumber("byte_size").notNull(),
    /** Order within the entry, from 0. */
    position: integer("position").notNull(),
    createdAt: createdAtColumn(),
  },
  (t) => [
    uniqueIndex("job_site_log_photos_position_unique").on(t.entryId, t.position),
    check("job_site_log_photos_size_check", sql`${t.width} > 0 and ${t.height} > 0 and ${t.byteSize} > 0`),
  ],
);

export type SiteLogPhotoRow = typeof jobSiteLogPhotos.$inferSelect;
