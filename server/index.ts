import { existsSync, mkdirSync } from "node:fs";
import type { Server } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { serve } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { EnvError, loadEnv } from "#app/config/env.server.ts";
import {
  announceServerReady,
  announceServerStarting,
  removeServerInfo,
} from "#app/features/auth/server-info.server.ts";
import { startDocumentRemindersJob } from "#app/features/documents/document-reminders.server.ts";
import { startIntegrityCheckJob } from "#app/features/integrity-register/job.server.ts";
import { startOverdueInvoicesJob } from "#app/features/invoices/overdue.server.ts";
import { startVigilanceRemindersJob } from "#app/features/purchases/vigilance-reminders.server.ts";
import { startQuoteExpiryJob } from "#app/features/quotes/expiry.server.ts";
import { startRetentionJob } from "#app/features/retention/job.server.ts";
import { startUnpaidOrdersJob } from "#app/features/shop/admin/unpaid.server.ts";
import { startBackupSchedule } from "#app/lib/backup/schedule.server.ts";
import { startOutboxWorker } from "#app/lib/outbox.server.ts";
import { createApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { startServices } from "./services.ts";

const SHUTDOWN_GRACE_MS = 10_000;

async function main() {
  let env: ReturnType<typeof loadEnv>;
  try {
    env = loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(env.LOG_LEVEL);
  mkdirSync(env.DATA_DIR, { recursive: true });

  const buildDir = path.resolve(process.env.BUILD_DIR ?? "build");
  const serverBuildPath = path.join(buildDir, "server", "index.js");
  if (!existsSync(serverBuildPath)) {
    logger.fatal("Aucun build de production : lancez `npm run build` (ou `npm start`, qui le fait).");
    process.exit(1);
  }
  const build = (await import(pathToFileURL(serverBuildPath).href)) as ServerBuild;
  // The embedded database is single-process: `npm run user:create` reads this to go through us.
  await announceServerStarting(env.DATA_DIR);
  process.on("exit", () => removeServerInfo(env.DATA_DIR));
  const services = await startServices(env, logger);
  const app = createApp({ services, build, clientDir: path.join(buildDir, "client") });
  // Sends the e-mails written by quote requests and orders (retries included).
  const outboxWorker = startOutboxWorker(services);
  // The daily jobs: a first run DAILY_JOBS_FIRST_RUN_SECONDS after start-up, then every
  // 24 hours; each runs once per Paris day whatever the number of instances.
  const jobTiming = { firstRunDelayMs: env.DAILY_JOBS_FIRST_RUN_SECONDS * 1000 };
  // Deletes what the privacy page says is no longer kept, once a day.
  const retentionJob = startRetentionJob(services, jobTiming);
  // Marks the quotes past their validity « Expiré », once a day.
  const quoteExpiryJob = startQuoteExpiryJob(services, jobTiming);
  // Marks the invoices past their due date and still owed « En retard », then queues the
  // reminders due (due date + 1, + 15, + 30 days), once a day.
  const overdueJob = startOverdueInvoicesJob(services, jobTiming);
  // Cancels the shop orders to pay by transfer or cash still unpaid after
  // SHOP_UNPAID_ORDER_DAYS days (their stock returns, the buyer is told), once a day.
  const unpaidOrdersJob = startUnpaidOrdersJob(services, jobTiming);
  // Writes one backup archive to BACKUP_DIR or the BACKUP_S3_PREFIX of a bucket, deletes
  // those the rotation no longer keeps, and alerts the owner on a failure or when no backup
  // succeeded for 48 hours, once a day.
  const backupJob = startBackupSchedule(services, jobTiming);
  // Walks the integrity register (chain, records, stored files) and alerts the owner on an
  // anomaly, once a day.
  const integrityJob = startIntegrityCheckJob(services, jobTiming);
  // E-mails the subcontractors whose vigilance documents expire in 30 or 7 days, once each.
  const vigilanceJob = startVigilanceRemindersJob(services, jobTiming);
  // E-mails the owners 60, 30 and 7 days before a document of the compliance register
  // expires, once each.
  const documentsJob = startDocumentRemindersJob(services, jobTiming);

  const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
    const shownHost = env.HOST === "0.0.0.0" || env.HOST === "::" ? "localhost" : env.HOST;
    logger.info({ port: info.port }, "serveur démarré");
    announceServerReady(env.DATA_DIR, info.port);
    console.log(`Site disponible sur http://${shownHost}:${info.port}`);
  }) as Server;

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "arrêt : plus de nouvelles requêtes, fin de celles en cours");
    const force = setTimeout(() => {
      logger.warn("arrêt forcé après le délai de grâce");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    server.close(async () => {
      await retentionJob.stop().catch((error) => logger.error({ err: error }, "arrêt de la purge"));
      await overdueJob.stop().catch((error) => logger.error({ err: error }, "arrêt du suivi des échéances"));
      await unpaidOrdersJob
        .stop()
        .catch((error) => logger.error({ err: error }, "arrêt de l'annulation des commandes impayées"));
      await backupJob.stop().catch((error) => logger.error({ err: error }, "arrêt de la sauvegarde"));
      await integrityJob
        .stop()
        .catch((error) => logger.error({ err: error }, "arrêt de la vérification du registre"));
      await vigilanceJob
        .stop()
        .catch((error) => logger.error({ err: error }, "arrêt des relances de vigilance"));
      await documentsJob
        .stop()
        .catch((error) => logger.error({ err: error }, "arrêt des relances du registre de conformité"));
      await quoteExpiryJob
        .stop()
        .catch((error) => logger.error({ err: error }, "arrêt de l'expiration des devis"));
      await outboxWorker
        .stop()
        .catch((error) => logger.error({ err: error }, "arrêt de l'envoi des e-mails"));
      await services.close().catch((error) => logger.error({ err: error }, "fermeture de la base"));
      logger.info("arrêt terminé");
      process.exit(0);
    });
    server.closeIdleConnections();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
}

await main();
