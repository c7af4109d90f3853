import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { BackupArchiveError, verifyBackupArchive } from "#app/lib/backup/archive.server.ts";

/**
 * `npm run backup:verify -- FILE`: checks an archive without restoring it: every entry
 * against the manifest's SHA-256, with BACKUP_PASSPHRASE when it is encrypted. Prints
 * « Archive intègre » and what it holds, or why it cannot be used (exit 1).
 */
if (import.meta.main) {
  const file = process.argv.slice(2).find((argument) => !argument.startsWith("-"));
  if (!file) {
    console.error("Indiquez l'archive à vérifier : npm run backup:verify -- FICHIER");
    process.exit(1);
  }
  try {
    const env = loadEnv();
    const manifest = await verifyBackupArchive(file, env.BACKUP_PASSPHRASE ?? null);
    const rows = Object.values(manifest.tables).reduce((total, count) => total + count, 0);
    console.log(`Archive intègre : ${file}`);
    console.log(`- faite le ${manifest.createdAt}${manifest.encrypted ? ", chiffrée" : ""}`);
    console.log(
      `- base ${manifest.database.kind} : ${Object.keys(manifest.tables).length} tables, ${rows} lignes ; migrations : ${manifest.migrations.count}`,
    );
    console.log(`- fichiers : ${manifest.files.length}`);
  } catch (error) {
    console.error(
      error instanceof EnvError || error instanceof BackupArchiveError
        ? error.message
        : `Vérification impossible : ${(error as Error).message}`,
    );
    process.exit(1);
  }
}
