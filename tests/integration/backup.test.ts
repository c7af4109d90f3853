import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countRows, migrationsFolder } from "#app/db/client.server.ts";
import { readBackupArchive, sha256, verifyBackupArchive } from "#app/lib/backup/archive.server.ts";
import { backupDir, makeBackup } from "#app/lib/backup/backup.server.ts";
import { archiveDay } from "#app/lib/backup/rotation.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { insertClient } from "#tests/helpers/quotes.ts";

// `npm run backup`'s work on the test database (PGlite here, PostgreSQL in CI's second
// pass): one archive with the dump, every stored file and the manifest, made while rows
// are being written; the dump holds exactly the rows the manifest counts.

let database: TestDatabase;
let dataDir: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-backup-"));
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The row counts a dump holds, read back from it: PGlite loads it, PostgreSQL restores it into a fresh database. */
async function countsInDump(kind: "pglite" | "postgresql", dump: Buffer): Promise<Record<string, number>> {
  if (kind === "pglite") {
    const copy = await PGlite.create({ loadDataDir: new Blob([new Uint8Array(dump)]) });
    try {
      return await countRows((text) => copy.query<Record<string, unknown>>(text));
    } finally {
      await copy.close();
    }
  }
  const serverUrl = process.env.TEST_DATABASE_URL as string;
  const name = `restauration_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    execFileSync("pg_restore", ["--no-owner", "--no-privileges", "--dbname", url.toString()], {
      input: dump,
    });
    const client = new pg.Client({ connectionString: url.toString() });
    await client.connect();
    try {
      return await countRows((text) => client.query(text));
    } finally {
      await client.end();
    }
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

describe("npm run backup", () => {
  it("archives the database and every stored file while rows are being written; the dump holds what the manifest counts", async () => {
    const storage = createLocalStorage(path.join(dataDir, "uploads"));
    const files = {
      "devis/2026/11/signe.pdf": Buffer.from("%PDF-1.7 devis signé"),
      "photos/2026/11/cuisine.jpg": randomBytes(200_000),
    };
    for (const [key, content] of Object.entries(files)) await storage.put(key, content);
    for (let n = 0; n < 5; n += 1) await insertClient(database.db, { email: `avant-${n}@example.fr` });

    // Clients keep being added while the backup runs.
    let writing = true;
    let written = 0;
    const writer = (async () => {
      while (writing) {
        await insertClient(database.db, { email: `pendant-${written}@example.fr` });
        written += 1;
        // As requests arrive: between two, the server's other work (file writes) goes on.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    const env = { DATA_DIR: dataDir, BACKUP_PASSPHRASE: "une phrase secrète assez longue" };
    const now = new Date("2026-11-27T02:30:00Z");
    const result = await makeBackup({ db: database.db, storage, dump: database.dump, env }, { now });
    writing = false;
    await writer;

    expect(path.dirname(result.path)).toBe(backupDir(env));
    expect(backupDir(env)).toBe(path.resolve(dataDir, "sauvegardes"));
    expect(path.basename(result.path)).toBe("sauvegarde-2026-11-27-023000.tar.age");
    expect(archiveDay(path.basename(result.path))).toBe("2026-11-27");
    expect(sha256(readFileSync(result.path))).toBe(result.sha256);

    // The manifest: the migrations the code has, each file's hash, each table's count.
    const journal = JSON.parse(
      readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8"),
    ) as {
      entries: { tag: string }[];
    };
    const manifest = await verifyBackupArchive(result.path, env.BACKUP_PASSPHRASE);
    expect(manifest).toEqual(result.manifest);
    expect(manifest.migrations).toEqual({ count: journal.entries.length, last: journal.entries.at(-1)?.tag });
    expect(manifest.encrypted).toBe(true);
    expect(manifest.database.kind).toBe(process.env.TEST_DATABASE_URL ? "postgresql" : "pglite");
    expect(manifest.files).toEqual(
      Object.entries(files)
        .map(([key, content]) => ({ key, size: content.byteLength, sha256: sha256(content) }))
        .sort((a, b) => a.key.localeCompare(b.key)),
    );
    expect(manifest.tables.clients).toBeGreaterThanOrEqual(5);
    expect(manifest.tables.clients).toBeLessThanOrEqual(5 + written);
    expect(Object.keys(manifest.tables)).toEqual(expect.arrayContaining(["clients", "invoices", "quotes"]));

    // The dump in the archive holds exactly the rows the manifest counts, table by table.
    let dump: Buffer | null = null;
    await readBackupArchive(result.path, env.BACKUP_PASSPHRASE, {
      database: async (_kind, bytes) => {
        dump = bytes;
      },
    });
    expect(dump).not.toBeNull();
    expect(await countsInDump(manifest.database.kind, dump as unknown as Buffer)).toEqual(manifest.tables);
  }, 120_000);
});
