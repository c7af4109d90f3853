import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * Where uploaded files are kept (quote photos, ...). Keys are relative paths made
 * of lower-case letters, digits, dots, hyphens and slashes ("devis/2025/01/ab12.jpg");
 * nothing here is ever served publicly: files leave only as e-mail attachments or
 * through routes that check who asks.
 */
export interface FileStorage {
  /**
   * Writes the file; an existing file under the same key is replaced. `contentType`
   * (default application/octet-stream) is for stores that keep it, such as S3.
   */
  put(key: string, content: Uint8Array, contentType?: string): Promise<void>;
  /** The file's bytes; throws `StorageNotFoundError` when it does not exist. */
  get(key: string): Promise<Buffer>;
  /** Deletes the file; deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`Fichier introuvable dans le stockage : ${key}`);
    this.name = "StorageNotFoundError";
  }
}

const KEY_PATTERN = /^[a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*$/;

/** Refuses any key that could leave the storage folder or hide a file. */
export function assertStorageKey(key: string): void {
  if (key.length > 200 || !KEY_PATTERN.test(key) || key.split("/").some((part) => part.startsWith("."))) {
    throw new Error(`Clé de stockage invalide : ${JSON.stringify(key)}`);
  }
}

/** A fresh, unguessable key under `prefix`: "devis/2025/01/3f9c…e1.jpg". */
export function newStorageKey(prefix: string, extension: string, now = new Date()): string {
  const month = `${now.getUTCFullYear()}/${String(now.getUTCMonth() + 1).padStart(2, "0")}`;
  const key = `${prefix}/${month}/${randomBytes(16).toString("hex")}.${extension}`;
  assertStorageKey(key);
  return key;
}

/** Local disk, under `root` (DATA_DIR/uploads by default). */
export function createLocalStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    assertStorageKey(key);
    const full = path.resolve(base, ...key.split("/"));
    if (!full.startsWith(base + path.sep)) throw new Error(`Clé de stockage invalide : ${key}`);
    return full;
  };
  return {
    async put(key, content) {
      const target = resolve(key);
      await mkdir(path.dirname(target), { recursive: true });
      // Written aside then renamed: a reader never sees half a file.
      const temporary = `${target}.${randomBytes(6).toString("hex")}.tmp`;
      await writeFile(temporary, content, { mode: 0o640 });
      await rename(temporary, target);
    },
    async get(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") throw new StorageNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

/** The storage the application uses: local disk under DATA_DIR/uploads. */
export function storageFor(env: { DATA_DIR: string }): FileStorage {
  return createLocalStorage(path.join(env.DATA_DIR, "uploads"));
}
