import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { dailyJob } from "#app/lib/daily-job.server.ts";
import { verifyRegister } from "#app/lib/integrity/verify.server.ts";
import type { OutboxSignal } from "#app/lib/outbox.server.ts";
import { raiseOwnerAlert, resolveOwnerAlert } from "#app/lib/owner-alerts.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";

/** The owner alert's kind and the daily job's name. */
export const INTEGRITY_ALERT = "registre-integrite";

type CheckServices = {
  db: Database;
  storage: FileStorage;
  env: Pick<Env, "SITE_URL" | "NOTIFY_EMAIL">;
  outbox?: Pick<OutboxSignal, "wake">;
};

/** How many anomalies the alert names; the page lists them all. */
const NAMED = 5;

/**
 * The register's daily check: walks it like `npm run audit:verify`; an anomaly raises the
 * owner alert « registre-integrite » (one e-mail a day, the dashboard's « Surveillance »
 * block) naming the first entries; a whole register resolves it.
 */
export async function runIntegrityCheck(
  services: CheckServices,
  now = new Date(),
): Promise<{ ok: boolean; entries: number; problems: number }> {
  const report = await verifyRegister(services);
  if (report.ok) {
    await resolveOwnerAlert(services.db, INTEGRITY_ALERT, now);
  } else {
    const named = report.problems.slice(0, NAMED).map((problem) => problem.message);
    const more = report.problems.length - named.length;
    const { mailed } = await raiseOwnerAlert(services.db, {
      kind: INTEGRITY_ALERT,
      title: "Le registre d'intégrité a été altéré",
      message: `${report.problems.length === 1 ? "Une anomalie" : `${report.problems.length} anomalies`} : ${named.join(" ")}${more > 0 ? ` (et ${more} autres)` : ""} Voyez Paramètres › Registre d'intégrité, et cherchez qui a eu accès à la base de données ou au stockage.`,
      now,
      siteUrl: services.env.SITE_URL,
      fallbackEmail: services.env.NOTIFY_EMAIL,
    });
    if (mailed) services.outbox?.wake();
  }
  return { ok: report.ok, entries: report.entries, problems: report.problems.length };
}

/** The daily run of `runIntegrityCheck` inside the server process. */
export const startIntegrityCheckJob = dailyJob({
  job: INTEGRITY_ALERT,
  task: (services: CheckServices & { logger: Logger }) => runIntegrityCheck(services),
  done: "registre d'intégrité vérifié",
  failed: "vérification du registre d'intégrité impossible",
});
