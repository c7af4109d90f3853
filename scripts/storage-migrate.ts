import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir, readFile, stat } from "node:fs/promises";
import path from "node:path";
import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { createS3Storage, type S3FileStorage, s3ConfigFrom } from "#app/lib/s3-storage.server.ts";
import { assertStorageKey, LOCAL_TEMPORARY_FILE } from "#app/lib/storage.server.ts";

/**
 * `npm run storage:migrate`: copies every file under DATA_DIR/uploads to the bucket of the
 * S3_* variables, under the same key. A key already in the bucket with the same size (and the
 * same MD5, when its ETag is one) is left alone, so a second run copies nothing and a run cut
 * short is finished by the next one: S3 shows an object only once it is whole. Local files
 * are never deleted. Exits 1 when S3 is not configured or a file could not be copied.
 */

const PARALLEL = 4;

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
  heic: "image/heic",
  pdf: "application/pdf",
  xml: "application/xml",
  txt: "text/plain; charset=utf-8",
  csv: "text/csv; charset=utf-8",
};

class MigrationError extends Error {}

type Summary = { copied: number; present: number; failed: number; ignored: number; interrupted: boolean };

/** Every file under `root`, as storage keys ("devis/2025/01/ab12.jpg"), sorted. */
async function localKeys(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .sort();
}

const md5 = (bytes: Uint8Array) => createHash("md5").update(bytes).digest("hex");

/** Whether the bucket already holds this very file. */
async function alreadyThere(storage: S3FileStorage, key: string, file: string): Promise<boolean> {
  const remote = await storage.stat(key);
  if (!remote) return false;
  const { size } = await stat(file);
  if (remote.size !== size) return false;
  // A multipart or KMS-encrypted object's ETag is not the MD5 of its bytes: the size decides.
  if (!/^[0-9a-f]{32}$/.test(remote.etag)) return true;
  return md5(await readFile(file)) === remote.etag;
}

const kilobytes = (bytes: number) => `${Math.max(1, Math.round(bytes / 1024)).toLocaleString("fr-FR")} Ko`;

async function migrate(): Promise<Summary> {
  const env = loadEnv();
  const config = s3ConfigFrom(env);
  if (!config) {
    throw new MigrationError(
      "Stockage S3 non configuré : renseignez S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID et S3_SECRET_ACCESS_KEY " +
        "(et S3_ENDPOINT pour un service compatible S3, voir .env.example), puis relancez.",
    );
  }
  const root = path.resolve(env.DATA_DIR, "uploads");
  const storage = createS3Storage(config);
  const summary: Summary = { copied: 0, present: 0, failed: 0, ignored: 0, interrupted: false };
  try {
    // Before any file: a bucket that is absent or refuses would fail every one of them.
    await storage.checkBucket();
    const keys = existsSync(root) ? await localKeys(root) : [];
    console.log(
      `Migration de ${keys.length} fichier(s) de ${root} vers le compartiment « ${config.bucket} »` +
        `${config.endpoint ? ` (${config.endpoint})` : ""}.`,
    );
    let stopping = false;
    process.once("SIGINT", () => {
      stopping = true;
      console.log("Interruption demandée : les copies en cours se terminent ; relancez pour continuer.");
    });
    let next = 0;
    let done = 0;
    const progress = (text: string) => console.log(`[${++done}/${keys.length}] ${text}`);
    const worker = async () => {
      while (!stopping && next < keys.length) {
        const key = keys[next++] as string;
        const file = path.join(root, ...key.split("/"));
        const name = key.split("/").at(-1) ?? key;
        if (LOCAL_TEMPORARY_FILE.test(name) || name.startsWith(".")) {
          // A write cut short (the disk writes aside, then renames) or a hidden file: no key names it.
          summary.ignored++;
          progress(`ignoré (fichier temporaire ou caché) : ${key}`);
          continue;
        }
        try {
          assertStorageKey(key);
          if (await alreadyThere(storage, key, file)) {
            summary.present++;
            progress(`déjà présent : ${key}`);
            continue;
          }
          const bytes = await readFile(file);
          const extension = name.includes(".") ? (name.split(".").at(-1) ?? "") : "";
          await storage.put(key, bytes, CONTENT_TYPES[extension] ?? "application/octet-stream");
          summary.copied++;
          progress(`copié : ${key} (${kilobytes(bytes.byteLength)})`);
        } catch (error) {
          summary.failed++;
          progress(`échec : ${key} : ${(error as Error).message}`);
        }
      }
    };
    await Promise.all(Array.from({ length: PARALLEL }, worker));
    summary.interrupted = stopping && next < keys.length;
    return summary;
  } finally {
    storage.close();
  }
}

if (import.meta.main) {
  try {
    const summary = await migrate();
    console.log(
      `Migration ${summary.interrupted ? "interrompue" : "terminée"} : ${summary.copied} copié(s), ` +
        `${summary.present} déjà présent(s), ${summary.failed} en échec` +
        `${summary.ignored ? `, ${summary.ignored} ignoré(s)` : ""}. Les fichiers locaux sont conservés.`,
    );
    if (summary.interrupted) {
      console.log("Relancez npm run storage:migrate pour copier les fichiers restants.");
      process.exitCode = 130;
    } else if (summary.failed > 0) {
      console.error(
        "Des fichiers n'ont pas été copiés : corrigez la cause ci-dessus et relancez la commande.",
      );
      process.exitCode = 1;
    }
  } catch (error) {
    console.error(
      error instanceof EnvError || error instanceof MigrationError
        ? error.message
        : `Migration impossible : ${(error as Error).message}`,
    );
    process.exitCode = 1;
  }
}
