import { date, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per daily job and Paris day, taken by the instance that runs it: with several
 * instances over one database, the first to insert the row does the day's work and the
 * others see it taken (decision 020). A failed run gives its row back.
 */
export const dailyJobRuns = pgTable(
  "daily_job_runs",
  {
    job: text("job").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    /** Which instance ran it (host and process id), for the logs. */
    instance: text("instance").notNull(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.job, t.day] })],
);
