import { hostname } from "node:os";
import { and, eq, sql } from "drizzle-orm";
import type { Logger } from "pino";
import type { Database } from "#app/db/client.server.ts";
import { dailyJobRuns } from "#app/db/schema/jobs.ts";
import { parisDay } from "./paris-time.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** First run shortly after start-up, then once a day. */
export const FIRST_RUN_DELAY_MS = 60_000;

export type DailyJob = { stop: () => Promise<void>; runNow: () => Promise<void> };

/** Names this process in the job runs' table: « host:pid ». */
const INSTANCE = `${hostname()}:${process.pid}`;

export type JobClaim = "taken" | "already-done";

/**
 * Takes the day's run of `job` for this instance: « already-done » when another
 * instance (or an earlier start of this one) took it for this Paris day.
 */
export async function claimDailyRun(db: Database, job: string, now = new Date()): Promise<JobClaim> {
  const taken = await db
    .insert(dailyJobRuns)
    .values({ job, day: parisDay(now), instance: INSTANCE, startedAt: now })
    .onConflictDoNothing()
    .returning({ job: dailyJobRuns.job });
  return taken.length > 0 ? "taken" : "already-done";
}

async function finishRun(db: Database, job: string, day: string, ok: boolean): Promise<void> {
  const where = and(eq(dailyJobRuns.job, job), eq(dailyJobRuns.day, day));
  // A failed run gives the day back: the next start (or the next day) tries again.
  if (ok) await db.update(dailyJobRuns).set({ finishedAt: sql`now()` }).where(where);
  else await db.delete(dailyJobRuns).where(where);
}

/**
 * A task the server runs once a day (the retention purge, the quotes' expiry…): a
 * first run a minute after start-up, then every 24 hours; never two runs at once; a
 * failure is logged and the next day tries again. With several instances over one
 * database, only the first to claim the Paris day runs it (daily_job_runs); the
 * others log that it is done. `stop` waits for a run under way.
 */
export function startDailyJob({
  logger,
  db,
  job,
  task,
  done,
  failed,
  firstRunDelayMs = FIRST_RUN_DELAY_MS,
}: {
  logger: Logger;
  /** Where the day's run is claimed. */
  db: Database;
  /** The job's name in daily_job_runs (« purge », « devis-expires »…). */
  job: string;
  /** The work; what it returns is logged with `done`. */
  task: () => Promise<unknown>;
  /** The log line of a successful run, in French. */
  done: string;
  /** The log line of a failed run, in French. */
  failed: string;
  firstRunDelayMs?: number;
}): DailyJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    if (stopped || running) return running ?? undefined;
    running = (async () => {
      const day = parisDay(new Date());
      let claimed = false;
      try {
        if ((await claimDailyRun(db, job)) === "already-done") {
          logger.info({ job, day }, "tâche quotidienne déjà faite aujourd'hui (par une autre instance)");
          return;
        }
        claimed = true;
        const result = await task();
        await finishRun(db, job, day, true);
        logger.info({ job, result }, done);
      } catch (error) {
        logger.error({ err: error, job }, failed);
        if (claimed) await finishRun(db, job, day, false).catch(() => {});
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(run, firstRunDelayMs);
  const daily = setInterval(run, DAY_MS);
  first.unref();
  daily.unref();
  return {
    runNow: run,
    stop: async () => {
      stopped = true;
      clearTimeout(first);
      clearInterval(daily);
      await running;
    },
  };
}

/**
 * The starter of a daily job whose work needs only the server's services: called with
 * them (and, in tests, the first run's delay), it starts the job under its name.
 */
export function dailyJob<Services extends { db: Database; logger: Logger }>(spec: {
  job: string;
  task: (services: Services) => Promise<unknown>;
  done: string;
  failed: string;
}) {
  return (services: Services, { firstRunDelayMs }: { firstRunDelayMs?: number } = {}): DailyJob =>
    startDailyJob({
      logger: services.logger,
      db: services.db,
      job: spec.job,
      firstRunDelayMs,
      task: () => spec.task(services),
      done: spec.done,
      failed: spec.failed,
    });
}
