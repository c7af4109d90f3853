import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { type IntegrityReport, integritySummary, verifyRegister } from "#app/lib/integrity/verify.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";
import { LOCAL_AUDIT_VERIFY_PATH } from "../server/internal.ts";
import { runHereOrOnServer } from "./server-or-here.ts";

/**
 * `npm run audit:verify`: walks the integrity register, recomputes every entry's hash,
 * every record's fingerprint and every stored file's SHA-256. Prints « Registre intègre »
 * with the counts (exit 0), or the anomalies, the first entry where anything differs
 * first (exit 1). With a server holding the embedded database, the server checks.
 */
async function run(): Promise<IntegrityReport> {
  const env = loadEnv();
  return runHereOrOnServer(env, {
    path: LOCAL_AUDIT_VERIFY_PATH,
    here: async () => {
      const database = env.DATABASE_URL
        ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
        : await openDatabase({ dataDir: env.DATA_DIR });
      try {
        return await verifyRegister({ db: database.db, storage: storageFor(env) });
      } finally {
        await database.close();
      }
    },
  });
}

/** How many anomalies are printed one by one; the count says the rest. */
const LISTED = 20;

if (import.meta.main) {
  try {
    const report = await run();
    console.log(integritySummary(report));
    if (report.headHash) console.log(`- empreinte de la dernière entrée : ${report.headHash}`);
    for (const problem of report.problems.slice(0, LISTED)) console.log(`- ${problem.message}`);
    if (report.problems.length > LISTED) console.log(`- … et ${report.problems.length - LISTED} autres.`);
    if (!report.ok) process.exit(1);
  } catch (error) {
    console.error(
      error instanceof EnvError ? error.message : `Vérification impossible : ${(error as Error).message}`,
    );
    process.exit(2);
  }
}
