import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { claimDataDirForCli, isProcessAlive, readServerInfo } from "#app/features/auth/server-info.server.ts";
import { BackupArchiveError } from "#app/lib/backup/archive.server.ts";
import { backupPrefixAmongFiles } from "#app/lib/backup/destination.server.ts";
import { restoreBackup } from "#app/lib/backup/restore.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";

/**
 * `npm run restore -- FILE [--force]`: puts an archive of `npm run backup` back: the
 * database into DATA_DIR (embedded) or the database of DATABASE_URL, the files into the
 * storage (disk or S3). Checks every hash (and the passphrase, BACKUP_PASSPHRASE) before
 * writing anything; refuses a target that holds anything unless --force; applies the
 * code's migrations when the archive is older; prints what it restored. The server must
 * not be running on the embedded database.
 */
if (import.meta.main) {
  const args = process.argv.slice(2);
  const file = args.find((argument) => !argument.startsWith("-"));
  const force = args.includes("--force");
  if (!file) {
    console.error("Indiquez l'archive à restaurer : npm run restore -- FICHIER [--force]");
    process.exit(1);
  }
  let release = () => {};
  try {
    const env = loadEnv();
    if (!env.DATABASE_URL) {
      const info = readServerInfo(env.DATA_DIR);
      const claim = info && isProcessAlive(info.pid) ? null : claimDataDirForCli(env.DATA_DIR);
      if (!claim?.claimed) {
        throw new BackupArchiveError(
          `Un serveur ou une commande utilise ${env.DATA_DIR} : arrêtez-le avant de restaurer.`,
        );
      }
      release = claim.release;
    }
    const target = env.DATABASE_URL
      ? { kind: "postgresql" as const, url: env.DATABASE_URL }
      : { kind: "pglite" as const, dataDir: env.DATA_DIR };
    const restored = await restoreBackup(file, target, storageFor(env), {
      passphrase: env.BACKUP_PASSPHRASE ?? null,
      force,
      // The daily archives kept in the files' own bucket do not make it « not empty ».
      leaveOut: backupPrefixAmongFiles(env),
    });
    const { manifest } = restored;
    const rows = Object.values(manifest.tables).reduce((total, count) => total + count, 0);
    console.log(`Restauration faite depuis ${file} (sauvegarde du ${manifest.createdAt}) :`);
    console.log(`- base : ${Object.keys(manifest.tables).length} tables, ${rows} lignes`);
    console.log(`- fichiers : ${restored.files}`);
    console.log(
      restored.migrated > 0
        ? `- migrations appliquées en plus de celles de l'archive : ${restored.migrated}`
        : "- migrations : la base est au niveau du code",
    );
    if (restored.mismatches.length > 0) {
      for (const { table, expected, found } of restored.mismatches) {
        console.error(`- ${table} : ${found} lignes restaurées, ${expected} attendues`);
      }
      process.exitCode = 1;
    } else console.log("- chaque table a le nombre de lignes de la sauvegarde");
  } catch (error) {
    console.error(
      error instanceof EnvError || error instanceof BackupArchiveError
        ? error.message
        : `Restauration impossible : ${(error as Error).message}`,
    );
    process.exitCode = 1;
  } finally {
    release();
  }
}
