import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileStorage, newStorageKey, StorageNotFoundError } from "#app/lib/storage.server.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";

let s3: TestS3Server;
let bucket: FileStorage;
const folders: string[] = [];

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = s3.storage();
});
afterAll(async () => {
  await s3?.close();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** A fresh DATA_DIR whose uploads folder holds these files (key -> bytes). */
function dataDirWith(files: Record<string, Buffer>): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-migrate-"));
  folders.push(dataDir);
  for (const [key, bytes] of Object.entries(files)) {
    const file = path.join(dataDir, "uploads", ...key.split("/"));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, bytes);
  }
  return dataDir;
}

type Run = { status: number | null; stdout: string; stderr: string };

/**
 * `npm run storage:migrate` as a child process. Spawned asynchronously: the S3 server runs
 * in this process and must keep answering while the command works.
 */
function migrate(dataDir: string, s3Env: Record<string, string>): Promise<Run> {
  const env: Record<string, string | undefined> = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent" };
  for (const name of Object.keys(env))
    if (name.startsWith("S3_") || name.startsWith("AWS_")) delete env[name];
  Object.assign(env, s3Env);
  const child = spawn(process.execPath, ["scripts/storage-migrate.ts"], {
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  return new Promise((resolve, reject) => {
    child.once("error", reject);
    child.once("close", (status) => resolve({ status, stdout, stderr }));
  });
}

const photo = () => newStorageKey("devis", "jpg");

describe("npm run storage:migrate", () => {
  it("refuses to run, in French and with exit code 1, when S3 is not configured", async () => {
    const dataDir = dataDirWith({ [photo()]: randomBytes(100) });
    const run = await migrate(dataDir, {});
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Stockage S3 non configuré : renseignez S3_BUCKET");
  });

  it("copies every file under the same key, then copies nothing on a second run, and keeps the local files", async () => {
    const files = {
      [photo()]: randomBytes(30_000),
      [newStorageKey("devis-pdf", "pdf")]: randomBytes(2_000),
      [newStorageKey("produits", "webp")]: randomBytes(5_000),
    };
    const leftover = `${photo()}.0123456789ab.tmp`;
    const dataDir = dataDirWith({ ...files, [leftover]: randomBytes(10) });

    const first = await migrate(dataDir, s3.env());
    expect(first.stderr).toBe("");
    expect(first.status).toBe(0);
    expect(first.stdout).toContain("Migration de 4 fichier(s)");
    expect(first.stdout).toContain(
      "Migration terminée : 3 copié(s), 0 déjà présent(s), 0 en échec, 1 ignoré(s). Les fichiers locaux sont conservés.",
    );
    for (const [key, bytes] of Object.entries(files)) {
      expect(first.stdout).toContain(`copié : ${key}`);
      expect((await bucket.get(key)).equals(bytes), key).toBe(true);
      expect(readFileSync(path.join(dataDir, "uploads", ...key.split("/"))).equals(bytes)).toBe(true);
    }
    await expect(bucket.get(leftover)).rejects.toBeInstanceOf(StorageNotFoundError);

    const second = await migrate(dataDir, s3.env());
    expect(second.status).toBe(0);
    expect(second.stdout).toContain("Migration terminée : 0 copié(s), 3 déjà présent(s), 0 en échec");
    expect(second.stdout).not.toContain("copié :");
  });

  it("finishes a migration cut short: what is there stays, a different file of the same size is copied again", async () => {
    const [done1, done2, stale, missing] = [photo(), photo(), photo(), photo()];
    const files = {
      [done1]: randomBytes(4_000),
      [done2]: randomBytes(6_000),
      [stale]: randomBytes(5_000),
      [missing]: randomBytes(7_000),
    };
    const dataDir = dataDirWith(files);
    // A first run that got this far: two files copied, one written over with other bytes.
    await bucket.put(done1, files[done1] as Buffer);
    await bucket.put(done2, files[done2] as Buffer);
    await bucket.put(stale, randomBytes(5_000));

    const run = await migrate(dataDir, s3.env());
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("Migration terminée : 2 copié(s), 2 déjà présent(s), 0 en échec");
    expect(run.stdout).toContain(`déjà présent : ${done1}`);
    expect(run.stdout).toContain(`copié : ${stale}`);
    expect(run.stdout).toContain(`copié : ${missing}`);
    for (const [key, bytes] of Object.entries(files))
      expect((await bucket.get(key)).equals(bytes), key).toBe(true);
  });

  it("exits 1 and says which file failed, after copying the others", async () => {
    const good = photo();
    const dataDir = dataDirWith({
      [good]: randomBytes(1_000),
      "devis/Photo Chantier.JPG": randomBytes(1_000),
    });
    const run = await migrate(dataDir, s3.env());
    expect(run.status).toBe(1);
    expect(run.stdout).toContain("échec : devis/Photo Chantier.JPG : Clé de stockage invalide");
    expect(run.stdout).toContain("Migration terminée : 1 copié(s), 0 déjà présent(s), 1 en échec");
    expect(run.stderr).toContain("Des fichiers n'ont pas été copiés");
    expect((await bucket.get(good)).byteLength).toBe(1_000);
    expect(existsSync(path.join(dataDir, "uploads", "devis", "Photo Chantier.JPG"))).toBe(true);
  });

  it("stops before any file, with exit code 1, when the bucket does not exist", async () => {
    const dataDir = dataDirWith({ [photo()]: randomBytes(100) });
    const run = await migrate(dataDir, s3.env("compartiment-absent"));
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Migration impossible : Le stockage des fichiers a refusé l'accès");
    expect(run.stderr).toContain("le compartiment « compartiment-absent » n'existe pas");
    expect(run.stdout).not.toContain("copié");
  });
});
