import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { BackupArchiveError, sha256 } from "#app/lib/backup/archive.server.ts";
import { makeBackup } from "#app/lib/backup/backup.server.ts";
import { type RestoreTarget, restoreBackup } from "#app/lib/backup/restore.server.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { insertClient } from "#tests/helpers/quotes.ts";

// `npm run restore`'s work: an archive of the test database (PGlite here, PostgreSQL in
// CI's second pass) put back into an empty target; refused, with the target untouched,
// when the archive was altered, the passphrase is wrong or the target is not empty.

const PASSPHRASE = "phrase secrète de la restauration";
let source: TestDatabase;
let dir: string;
let archive: string;
let targetDb: { target: RestoreTarget; drop: () => Promise<void> };
const files = {
  "devis/2026/11/signe.pdf": Buffer.from("%PDF-1.7 devis signé"),
  "photos/2026/11/salle-de-bain.jpg": randomBytes(120_000),
};

async function emptyTarget(): Promise<{ target: RestoreTarget; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl)
    return { target: { kind: "pglite", dataDir: path.join(dir, "cible") }, drop: async () => {} };
  const name = `restaure_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    target: { kind: "postgresql", url: url.toString() },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

function openTarget(target: RestoreTarget) {
  return target.kind === "pglite"
    ? openDatabase({ dataDir: target.dataDir })
    : openDatabase({ url: target.url });
}

beforeAll(async () => {
  source = await createTestDatabase();
  dir = mkdtempSync(path.join(tmpdir(), "batirade-restore-"));
  const storage = createLocalStorage(path.join(dir, "source-fichiers"));
  for (const [key, content] of Object.entries(files)) await storage.put(key, content);
  for (let n = 0; n < 4; n += 1) await insertClient(source.db, { email: `client-${n}@example.fr` });
  const made = await makeBackup(
    { db: source.db, storage, dump: source.dump, env: { DATA_DIR: dir, BACKUP_PASSPHRASE: PASSPHRASE } },
    { target: path.join(dir, "archive.tar.age") },
  );
  archive = made.path;
  targetDb = await emptyTarget();
}, 120_000);
afterAll(async () => {
  await source.cleanup();
  await targetDb.drop();
  rmSync(dir, { recursive: true, force: true });
});

async function refusal(run: Promise<unknown>): Promise<string> {
  const error = await run.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(BackupArchiveError);
  return (error as Error).message;
}

/** The e-mail of every client in the target's database, in order. */
async function clientEmails(target: RestoreTarget): Promise<string[]> {
  const database = await openTarget(target);
  try {
    const rows = await database.db.select({ email: clients.email }).from(clients).orderBy(asc(clients.email));
    return rows.map((row) => row.email ?? "");
  } finally {
    await database.close();
  }
}

/** Whether the target holds anything: a database directory or tables, files. */
async function untouched(target: RestoreTarget, storageDir: string): Promise<boolean> {
  const noFiles = !existsSync(storageDir) || (await createLocalStorage(storageDir).list()).length === 0;
  if (target.kind === "pglite") return noFiles && !existsSync(path.join(target.dataDir, "pgdata"));
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from information_schema.tables where table_schema = 'public'",
    );
    return noFiles && Number(rows[0]?.n) === 0;
  } finally {
    await client.end();
  }
}

describe("restoring a backup", () => {
  it("refuses an altered archive, a wrong passphrase or a storage already holding a file, before writing anything", async () => {
    const { target } = targetDb;
    const storageDir = path.join(dir, "cible-fichiers");
    const storage = createLocalStorage(storageDir);
    const bytes = readFileSync(archive);
    const at = Math.floor(bytes.length * 0.8);
    bytes[at] = (bytes[at] ?? 0) ^ 0x10;
    const altered = path.join(dir, "alteree.tar.age");
    writeFileSync(altered, bytes);
    expect(await refusal(restoreBackup(altered, target, storage, { passphrase: PASSPHRASE }))).toMatch(
      /^L'archive est altérée ou incomplète/,
    );
    expect(await untouched(target, storageDir)).toBe(true);
    expect(
      await refusal(restoreBackup(archive, target, storage, { passphrase: "pas la bonne phrase" })),
    ).toMatch(/^Phrase secrète incorrecte/);
    expect(await untouched(target, storageDir)).toBe(true);
    // A storage already holding a file is not empty either: refused, the file left as it was.
    const strayDir = path.join(dir, "cible-occupee");
    const stray = Buffer.from("%PDF-1.7 un fichier déjà là");
    await createLocalStorage(strayDir).put("devis/2026/11/deja-la.pdf", stray);
    expect(
      await refusal(restoreBackup(archive, target, createLocalStorage(strayDir), { passphrase: PASSPHRASE })),
    ).toBe(
      "Restauration refusée : le stockage des fichiers contient déjà 1 fichier(s). Restaurez dans une cible vide, ou ajoutez --force pour la remplacer.",
    );
    expect(await createLocalStorage(strayDir).list()).toEqual(["devis/2026/11/deja-la.pdf"]);
    expect(sha256(await createLocalStorage(strayDir).get("devis/2026/11/deja-la.pdf"))).toBe(sha256(stray));
    expect(await untouched(target, storageDir)).toBe(true);
  }, 120_000);

  it("puts the database and the files back into an empty target, then refuses a non-empty one unless forced", async () => {
    const { target } = targetDb;
    const storageDir = path.join(dir, "cible-fichiers");
    const storage = createLocalStorage(storageDir);
    const restored = await restoreBackup(archive, target, storage, { passphrase: PASSPHRASE });
    expect(restored.mismatches).toEqual([]);
    expect(restored.migrated).toBe(0);
    expect(restored.files).toBe(2);
    for (const [key, content] of Object.entries(files))
      expect(sha256(await storage.get(key))).toBe(sha256(content));
    // The restored database opens, with the clients of the source.
    const database = await openTarget(target);
    try {
      const rows = await database.db.select().from(clients).where(eq(clients.email, "client-3@example.fr"));
      expect(rows).toHaveLength(1);
    } finally {
      await database.close();
    }
    // Again, onto what is now there (and a client added since): refused, nothing changed.
    const added = await openTarget(target);
    try {
      await insertClient(added.db, { email: "ajoute-apres@example.fr" });
    } finally {
      await added.close();
    }
    const before = { rows: await clientEmails(target), files: await storage.list() };
    expect(await refusal(restoreBackup(archive, target, storage, { passphrase: PASSPHRASE }))).toMatch(
      target.kind === "pglite"
        ? /^Restauration refusée : le dossier .* contient déjà une base de données\. Restaurez dans une cible vide, ou ajoutez --force pour la remplacer\.$/
        : /^Restauration refusée : la base PostgreSQL de DATABASE_URL contient déjà des tables\. Restaurez dans une cible vide, ou ajoutez --force pour la remplacer\.$/,
    );
    expect({ rows: await clientEmails(target), files: await storage.list() }).toEqual(before);
    expect(before.rows).toContain("ajoute-apres@example.fr");
    // Forced: the archive's content replaces it.
    const forced = await restoreBackup(archive, target, storage, { passphrase: PASSPHRASE, force: true });
    expect(forced.mismatches).toEqual([]);
    expect(await clientEmails(target)).not.toContain("ajoute-apres@example.fr");
  }, 180_000);
});
