import { execFile } from "node:child_process";
import { existsSync, readdirSync } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { countRows, openDatabase } from "#app/db/client.server.ts";
import type { FileStorage } from "#app/lib/file-storage.server.ts";
import {
  BackupArchiveError,
  type BackupManifest,
  readBackupArchive,
  verifyBackupArchive,
} from "./archive.server.ts";
import { migrationLevel } from "./backup.server.ts";

/*
 * `npm run restore -- FILE`: puts an archive back into an empty data directory (the
 * embedded database) or an empty PostgreSQL database, and its files into the storage.
 * The whole archive is checked first (every SHA-256, the passphrase); nothing is written
 * before that reading has passed. A target that holds anything is refused unless `force`
 * is given. The code's migrations are applied afterwards, when the archive is older than
 * the code; each table's row count is then compared with the manifest's.
 */

export type RestoreTarget = { kind: "pglite"; dataDir: string } | { kind: "postgresql"; url: string };

export type RestoreResult = {
  manifest: BackupManifest;
  files: number;
  /** Migrations the code applied on top of the archive's. */
  migrated: number;
  /** Tables whose row count differs from the manifest's (before the migrations): none when all is well. */
  mismatches: { table: string; expected: number; found: number }[];
};

const execFileAsync = promisify(execFile);

function pgliteDir(dataDir: string): string {
  return path.resolve(dataDir, "pgdata");
}

/** What the target already holds, in French; null when it is empty. */
async function targetContent(
  target: RestoreTarget,
  storage: FileStorage,
  leaveOut: string | null,
): Promise<string | null> {
  if (target.kind === "pglite") {
    const dir = pgliteDir(target.dataDir);
    if (existsSync(dir) && readdirSync(dir).length > 0)
      return `le dossier ${dir} contient déjà une base de données`;
  } else {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from information_schema.tables where table_schema in ('public', 'drizzle')",
      );
      if (Number(rows[0]?.n ?? 0) > 0) return "la base PostgreSQL de DATABASE_URL contient déjà des tables";
    } finally {
      await client.end();
    }
  }
  const files = (await storage.list()).filter((key) => !leaveOut || !key.startsWith(leaveOut));
  if (files.length > 0) return `le stockage des fichiers contient déjà ${files.length} fichier(s)`;
  return null;
}

/** An archive restores into the kind of database it was taken from. */
function checkKind(target: RestoreTarget, kind: BackupManifest["database"]["kind"]): void {
  if (kind === target.kind) return;
  throw new BackupArchiveError(
    kind === "postgresql"
      ? "Cette archive vient d'une base PostgreSQL : restaurez-la avec DATABASE_URL renseignée."
      : "Cette archive vient de la base intégrée : restaurez-la sans DATABASE_URL, dans un DATA_DIR.",
  );
}

async function restoreDatabase(
  target: RestoreTarget,
  kind: BackupManifest["database"]["kind"],
  dump: Buffer,
) {
  checkKind(target, kind);
  if (target.kind === "pglite") {
    const dir = pgliteDir(target.dataDir);
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
    const database = await PGlite.create(dir, { loadDataDir: new Blob([new Uint8Array(dump)]) });
    await database.close();
    return;
  }
  const child = execFileAsync(
    "pg_restore",
    ["--no-owner", "--no-privileges", "--clean", "--if-exists", "--exit-on-error", "--dbname", target.url],
    { encoding: "buffer", maxBuffer: 64 * 1024 * 1024 },
  );
  child.child.stdin?.end(dump);
  try {
    await child;
  } catch (error) {
    const detail = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
    throw new Error(`La restauration de la base PostgreSQL (pg_restore) a échoué : ${detail.split("\n")[0]}`);
  }
}

async function restoredCounts(target: RestoreTarget): Promise<Record<string, number>> {
  if (target.kind === "pglite") {
    const database = await PGlite.create(pgliteDir(target.dataDir));
    try {
      return await countRows((text) => database.query<Record<string, unknown>>(text));
    } finally {
      await database.close();
    }
  }
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    return await countRows((text) => client.query(text));
  } finally {
    await client.end();
  }
}

export async function restoreBackup(
  source: string,
  target: RestoreTarget,
  storage: FileStorage,
  options: {
    passphrase?: string | null;
    force?: boolean;
    /** The scheduled archives' prefix in the files' bucket (backupPrefixAmongFiles): not files of a company. */
    leaveOut?: string | null;
  } = {},
): Promise<RestoreResult> {
  // 1. The whole archive, checked: nothing is written before.
  const manifest = await verifyBackupArchive(source, options.passphrase);
  checkKind(target, manifest.database.kind);
  // 2. An empty target, unless told otherwise.
  const content = await targetContent(target, storage, options.leaveOut ?? null);
  if (content && !options.force) {
    throw new BackupArchiveError(
      `Restauration refusée : ${content}. Restaurez dans une cible vide, ou ajoutez --force pour la remplacer.`,
    );
  }
  // 3. The database, then the files, read a second time.
  let files = 0;
  await readBackupArchive(source, options.passphrase, {
    database: (kind, dump) => restoreDatabase(target, kind, dump),
    file: async (key, bytes) => {
      await storage.put(key, bytes);
      files += 1;
    },
  });
  // 4. What the dump held, table by table, then the code's migrations on top.
  const counts = await restoredCounts(target);
  const mismatches = Object.entries(manifest.tables)
    .filter(([table, expected]) => counts[table] !== expected)
    .map(([table, expected]) => ({ table, expected, found: counts[table] ?? 0 }));
  const database =
    target.kind === "pglite"
      ? await openDatabase({ dataDir: target.dataDir })
      : await openDatabase({ url: target.url, poolSize: 1 });
  let migrated = 0;
  try {
    const before = (await migrationLevel(database.db)).count;
    await database.migrate();
    migrated = (await migrationLevel(database.db)).count - before;
  } finally {
    await database.close();
  }
  return { manifest, files, migrated, mismatches };
}
