import { randomBytes } from "node:crypto";
import type { Dirent } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { assertStorageKey, type FileStorage, StorageNotFoundError } from "./file-storage.server.ts";

function isStorageKey(key: string): boolean {
  try {
    assertStorageKey(key);
    return true;
  } catch {
    return false;
  }
}

import { createS3Storage, type S3EnvSettings, s3ConfigFrom } from "./s3-storage.server.ts";

// The contract lives in file-storage.server.ts (see why there); the rest of the application
// imports it from here, beside the choice of storage.
export {
  assertStorageKey,
  type FileStorage,
  newStorageKey,
  StorageNotFoundError,
  StorageUnavailableError,
} from "./file-storage.server.ts";

/** The name of a file the disk writes aside before renaming it ("x.jpg.3f9c01ab22e4.tmp"). */
export const LOCAL_TEMPORARY_FILE = /\.[0-9a-f]{12}\.tmp$/;

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
        // A key that names a folder ("devis/2025"), or runs through a file, names no file either.
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "EISDIR" || code === "ENOTDIR") throw new StorageNotFoundError(key);
        throw error;
      }
    },
    async delete(key) {
      await rm(resolve(key), { force: true });
    },
    async list(prefix = "") {
      // Only the folder the prefix names is read: « a/b/c » reads a/b, « a/b/ » reads a/b.
      const folder = prefix.includes("/") ? prefix.slice(0, prefix.lastIndexOf("/")) : "";
      if (folder && !isStorageKey(folder)) return [];
      let entries: Dirent[];
      try {
        entries = await readdir(folder ? resolve(folder) : base, { recursive: true, withFileTypes: true });
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === "ENOENT" || code === "ENOTDIR") return [];
        throw error;
      }
      // Files under a valid key: not folders, nor the temporary file of a write under way.
      return entries
        .filter((entry) => entry.isFile())
        .map((entry) =>
          path.relative(base, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"),
        )
        .filter((key) => key.startsWith(prefix) && !LOCAL_TEMPORARY_FILE.test(key) && isStorageKey(key))
        .sort();
    },
  };
}

/**
 * The storage the application uses: the S3 bucket of the S3_* variables when S3_BUCKET is set
 * (several instances then share the files), else the local disk under DATA_DIR/uploads.
 */
export function storageFor(env: { DATA_DIR: string } & S3EnvSettings): FileStorage {
  const s3 = s3ConfigFrom(env);
  return s3 ? createS3Storage(s3) : createLocalStorage(path.join(env.DATA_DIR, "uploads"));
}
