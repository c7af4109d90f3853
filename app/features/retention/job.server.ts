import type { Logger } from "pino";
import { type DailyJob, startDailyJob } from "#app/lib/daily-job.server.ts";
import { purgeExpiredData, type RetentionServices } from "./retention.server.ts";

export type RetentionJob = DailyJob;

/** The daily purge inside the server process (the same work as `npm run purge`). */
export function startRetentionJob(
  services: RetentionServices & { logger: Logger },
  { firstRunDelayMs }: { firstRunDelayMs?: number } = {},
): RetentionJob {
  return startDailyJob({
    logger: services.logger,
    db: services.db,
    job: "purge",
    firstRunDelayMs,
    task: () => purgeExpiredData(services),
    done: "conservation des données : purge quotidienne faite",
    failed: "conservation des données : la purge a échoué",
  });
}
