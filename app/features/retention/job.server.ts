import type { Logger } from "pino";
import { purgeExpiredData, type RetentionServices } from "./retention.server.ts";

const DAY_MS = 24 * 60 * 60 * 1000;
/** First run shortly after start-up, then once a day. */
const FIRST_RUN_DELAY_MS = 60_000;

export type RetentionJob = { stop: () => Promise<void>; runNow: () => Promise<void> };

/** The daily purge inside the server process (the same work as `npm run purge`). */
export function startRetentionJob(services: RetentionServices & { logger: Logger }): RetentionJob {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = async () => {
    if (stopped || running) return running ?? undefined;
    running = (async () => {
      try {
        const counts = await purgeExpiredData(services);
        services.logger.info({ retention: counts }, "conservation des données : purge quotidienne faite");
      } catch (error) {
        services.logger.error({ err: error }, "conservation des données : la purge a échoué");
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
