import { pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { isoDate, timestampTz } from "./columns.ts";

/**
 * One row per daily job and Paris day, taken by the instance that runs it: with several
 * instances over one database, the first to insert the row does the day's work and the
 * others see it taken (decision 020). A failed run gives its row back.
 */
export const dailyJobRuns = pgTable(
  "daily_job_runs",
  {
    job: text("job").notNull(),
    day: isoDate("day").notNull(),
    /** Which instance ran it (host and process id), for the logs. */
    instance: text("instance").notNull(),
    startedAt: timestampTz("started_at").notNull().defaultNow(),
    finishedAt: timestampTz("finished_at"),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
