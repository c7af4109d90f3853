import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import {
  planRetention,
  purgeExpiredData,
  type RetentionCounts,
  type RetentionPlan,
} from "#app/features/retention/retention.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";
import { LOCAL_RETENTION_PATH } from "../server/internal.ts";
import { runHereOrOnServer } from "./server-or-here.ts";

/**
 * `npm run purge -- --dry-run`: lists what the retention rules would remove now.
 * `npm run purge`: removes it and prints the counts.
 * With a server running on an embedded database, the work is asked of that server.
 */
type Outcome = { plan: RetentionPlan } | { counts: RetentionCounts };

async function run(dryRun: boolean): Promise<Outcome> {
  const env = loadEnv();
  const direct = async (): Promise<Outcome> => {
    const database = env.DATABASE_URL
      ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
      : await openDatabase({ dataDir: env.DATA_DIR });
    try {
      await database.migrate();
      const services = { db: database.db, storage: storageFor(env), env };
      return dryRun ? { plan: await planRetention(services) } : { counts: await purgeExpiredData(services) };
    } finally {
      await database.close();
    }
  };
  return runHereOrOnServer(env, {
    path: `${LOCAL_RETENTION_PATH}${dryRun ? "?dry-run=1" : ""}`,
    here: direct,
  });
}

function printPlan(plan: RetentionPlan): void {
  console.log(`Simulation au ${plan.now} : rien n'est supprimé.`);
  console.log(`- prospects sans suite (dernière activité > 3 ans) : ${plan.prospects.length}`);
  for (const row of plan.prospects)
    console.log(`    ${row.id}  dernière activité ${row.lastActivityAt}  statut ${row.status}`);
  console.log(`- clients archivés depuis plus de 5 ans : ${plan.customers.length}`);
  for (const row of plan.customers) console.log(`    ${row.id}  dernière activité ${row.lastActivityAt}`);
  console.log(`- photos à effacer : ${plan.photoFiles.length}`);
  console.log(`- commandes à anonymiser (> 5 ans) : ${plan.ordersToAnonymise.length}`);
  console.log(`- commandes à supprimer (> 10 ans) : ${plan.ordersToDelete.length}`);
  console.log(`- e-mails envoyés ou en échec de plus de 30 jours : ${plan.outboxMessages}`);
  console.log(`- copies .eml de plus de 3 ans : ${plan.mailFiles.length}`);
  console.log(
    `- adresses des limites de débit de plus de 24 h : ${plan.rateLimitHits + plan.authRateLimits}`,
  );
  console.log(`- sessions expirées : ${plan.expiredSessions}`);
  console.log(`- lignes d'heures des salariés de plus de 5 ans : ${plan.timeRecords}`);
  console.log(
    `- factures fournisseurs déposées sans suite depuis plus de 7 jours : ${plan.stagedImports.length}`,
  );
}

if (import.meta.main) {
  const dryRun = process.argv.includes("--dry-run");
  try {
    const outcome = await run(dryRun);
    if ("plan" in outcome) printPlan(outcome.plan);
    else console.log(`Purge faite : ${JSON.stringify(outcome.counts)}`);
  } catch (error) {
    console.error(
      error instanceof EnvError ? error.message : `Purge impossible : ${(error as Error).message}`,
    );
    process.exit(1);
  }
}
