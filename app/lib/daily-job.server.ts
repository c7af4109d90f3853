import type { Logger } from "pino";

const DAY_MS = 24 * 60 * 60 * 1000;
/** First run shortly after start-up, then once a day. */
const FIRST_RUN_DELAY_MS = 60_000;

export type DailyJob = { stop: () => Promise<void>; runNow: () => Promise<void> };

/**
 * A task the server runs once a day (the retention purge, the quotes' expiry…): a
 * first run a minute after start-up, then every 24 hours; never two runs at once; a
 * failure is logged and the next day tries again. `stop` waits for a run under way.
 */
export function startDailyJob({
  logger,
  task,
  done,
  failed,
}: {
  logger: Logger;
  /** The work; what it returns is logged with `done`. */
  task: () => Promise<unknown>;
  /** The log line of a successful run, in French. */
  done: string;
  /** The log line of a failed run, in French. */
  failed: string;
}): DailyJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    if (stopped || running) return running ?? undefined;
    running = (async () => {
      try {
        const result = await task();
        logger.info({ result }, done);
      } catch (error) {
        logger.error({ err: error }, failed);
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(run, FIRST_RUN_DELAY_MS);
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
