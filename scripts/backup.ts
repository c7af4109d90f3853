import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { openDatabase } from "#app/db/client.server.ts";
import { type BackupSummary, backupSummary, formatSize, makeBackup } from "#app/lib/backup/backup.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";
import { LOCAL_BACKUP_PATH } from "../server/internal.ts";
import { runHereOrOnServer } from "./server-or-here.ts";

/**
 * `npm run backup`: one archive of the database and every stored file in BACKUP_DIR
 * (DATA_DIR/sauvegardes by default), encrypted when BACKUP_PASSPHRASE is set. It runs
 * while the server serves; with a server holding the embedded database, the server makes
 * it (an embedded database is never opened by two processes).
 */
async function run(): Promise<BackupSummary> {
  const env = loadEnv();
  return runHereOrOnServer(env, {
    path: LOCAL_BACKUP_PATH,
    here: async () => {
      const database = env.DATABASE_URL
        ? await openDatabase({ url: env.DATABASE_URL, poolSize: 2 })
        : await openDatabase({ dataDir: env.DATA_DIR });
      try {
        const storage = storageFor(env);
        return backupSummary(await makeBackup({ db: database.db, storage, dump: database.dump, env }));
      } finally {
        await database.close();
      }
    },
  });
}

if (import.meta.main) {
  try {
    const done = await run();
    console.log(`Sauvegarde faite : ${done.path}`);
    console.log(
      `- ${formatSize(done.size)}${done.encrypted ? ", chiffrée (BACKUP_PASSPHRASE)" : ", non chiffrée : définissez BACKUP_PASSPHRASE pour la chiffrer"}`,
    );
    console.log(
      `- base : ${done.tables} tables, ${done.rows} lignes ; migrations : ${done.migrations.count}`,
    );
    console.log(`- fichiers : ${done.files}`);
    console.log(`- SHA-256 de l'archive : ${done.sha256}`);
  } catch (error) {
    console.error(
      error instanceof EnvError ? error.message : `Sauvegarde impossible : ${(error as Error).message}`,
    );
    process.exit(1);
  }
}
