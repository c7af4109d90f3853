import { readFileSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Database, DatabaseDump } from "#app/db/client.server.ts";
import { migrationsFolder } from "#app/db/client.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { type BackupManifest, writeBackupArchive } from "./archive.server.ts";
import { type BackupDestinationEnv, backupDir, backupPrefixAmongFiles } from "./destination.server.ts";
import { archiveName } from "./rotation.ts";

/*
 * `npm run backup`: the database's dump, every stored file (disk or S3) and the manifest
 * (date, build, migration level, each table's row count, each file's SHA-256) in one
 * archive under BACKUP_DIR, encrypted when BACKUP_PASSPHRASE is set. It runs while the
 * server serves: the dump is one snapshot, the files are read one at a time.
 */

export type BackupServices = {
  db: Database;
  storage: FileStorage;
  dump: () => Promise<DatabaseDump>;
  env: BackupDestinationEnv & { BACKUP_PASSPHRASE?: string | undefined };
};

export type BackupResult = { path: string; size: number; sha256: string; manifest: BackupManifest };

// Where archives go on the disk (BACKUP_DIR, or DATA_DIR/sauvegardes), beside the other destinations.
export { backupDir } from "./destination.server.ts";

type Journal = { entries: { idx: number; when: number; tag: string }[] };

/** How many of the code's migrations the database has applied, and the last one's name. */
export async function migrationLevel(db: Database): Promise<BackupManifest["migrations"]> {
  const result = await db.execute(
    sql`select created_at from drizzle.__drizzle_migrations order by created_at`,
  );
  // The rows of a raw statement, whichever driver ran it (PGlite or pg).
  const applied = ((result as { rows?: { created_at: string | number }[] }).rows ?? []) as {
    created_at: string | number;
  }[];
  const journal = JSON.parse(
    readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
  ) as Journal;
  const last = applied.at(-1);
  const tag = last ? journal.entries.find((entry) => entry.when === Number(last.created_at))?.tag : undefined;
  return { count: applied.length, last: tag ?? null };
}

/** The build stamp the production build wrote beside itself, when there is one. */
function buildStamp(): string | null {
  const dir = process.env.BUILD_DIR ?? "build";
  try {
    return readFileSync(path.resolve(dir, "stamp"), "utf8").trim() || null;
  } catch {
    return null;
  }
}

/** Makes one archive in BACKUP_DIR (or at `target`) and returns where, its size and its manifest. */
export async function makeBackup(
  services: BackupServices,
  options: { target?: string; now?: Date } = {},
): Promise<BackupResult> {
  const now = options.now ?? new Date();
  const passphrase = services.env.BACKUP_PASSPHRASE ?? null;
  const target =
    options.target ??
    path.join(backupDir(services.env), archiveName(now, parisDay(now), Boolean(passphrase)));
  await mkdir(path.dirname(target), { recursive: true });
  // The row counts come from the dump's own snapshot: exactly what a restore must find.
  const migrations = await migrationLevel(services.db);
  const dump = await services.dump();
  // The scheduled archives kept in the files' own bucket are not files of the application.
  const leftOut = backupPrefixAmongFiles(services.env);
  const keys = (await services.storage.list()).filter((key) => !leftOut || !key.startsWith(leftOut));
  const storage = services.storage;
  const written = await writeBackupArchive(
    target,
    {
      database: { kind: dump.kind, dump: dump.bytes },
      files: (async function* () {
        for (const key of keys) yield { key, content: await storage.get(key) };
      })(),
      meta: { build: buildStamp(), migrations, tables: dump.tables },
    },
    { passphrase, now },
  );
  return { path: target, ...written };
}

/** What `npm run backup` prints: where the archive is, its size and fingerprint, what it holds. */
export type BackupSummary = {
  path: string;
  size: number;
  sha256: string;
  encrypted: boolean;
  files: number;
  tables: number;
  rows: number;
  migrations: BackupManifest["migrations"];
};

export function backupSummary(result: BackupResult): BackupSummary {
  const { manifest } = result;
  return {
    path: result.path,
    size: result.size,
    sha256: result.sha256,
    encrypted: manifest.encrypted,
    files: manifest.files.length,
    tables: Object.keys(manifest.tables).length,
    rows: Object.values(manifest.tables).reduce((total, count) => total + count, 0),
    migrations: manifest.migrations,
  };
}

/** « 12,4 Mo »: a size the way the commands print it. */
export function formatSize(bytes: number): string {
  const units = ["o", "Ko", "Mo", "Go"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toLocaleString("fr-FR", { maximumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
