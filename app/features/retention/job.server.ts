import type { Logger } from "pino";
import { type DailyJob, dailyJob } from "#app/lib/daily-job.server.ts";
import { purgeExpiredData, type RetentionServices } from "./retention.server.ts";

export type RetentionJob = DailyJob;

/** The daily purge inside the server process (the same work as `npm run purge`). */
export const startRetentionJob = dailyJob({
  job: "purge",
  task: (services: RetentionServices & { logger: Logger }) => purgeExpiredData(services),
  done: "conservation des données : purge quotidienne faite",
  failed: "conservation des données : la purge a échoué",
});
