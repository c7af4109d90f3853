import { mkdir, readdir, rm } from "node:fs/promises";
import path from "node:path";
import type { Env } from "#app/config/env.server.ts";
import { createS3Storage, type S3FileStorage, type S3StorageConfig } from "#app/lib/s3-storage.server.ts";

/*
 * Where the scheduled backups go: BACKUP_DIR on the disk, or, when BACKUP_S3_PREFIX is
 * set, that prefix on an S3 bucket: BACKUP_S3_BUCKET, else the files' own S3_BUCKET. Each
 * BACKUP_S3_* setting left unset takes its S3_* counterpart (env.server.ts checks that
 * the result is complete). A destination lists its archive names, takes a new one written
 * on the disk, and deletes old ones: the rotation works the same on both.
 */

export type BackupDestinationEnv = Pick<Env, "DATA_DIR"> &
  Partial<
    Pick<
      Env,
      | "BACKUP_DIR"
      | "BACKUP_S3_PREFIX"
      | "BACKUP_S3_BUCKET"
      | "BACKUP_S3_ENDPOINT"
      | "BACKUP_S3_REGION"
      | "BACKUP_S3_ACCESS_KEY_ID"
      | "BACKUP_S3_SECRET_ACCESS_KEY"
      | "BACKUP_S3_FORCE_PATH_STYLE"
      | "S3_BUCKET"
      | "S3_ENDPOINT"
      | "S3_REGION"
      | "S3_ACCESS_KEY_ID"
      | "S3_SECRET_ACCESS_KEY"
      | "S3_FORCE_PATH_STYLE"
    >
  >;

export type BackupDestination = {
  /** For the owner and the logs: « le dossier /srv/sauvegardes », « s3://bucket/sauvegardes/ ». */
  label: string;
  /** Resolves when the destination can take an archive (the folder made, the bucket answering). */
  check(): Promise<void>;
  /** The names of the files there (archives and anything else; the caller picks the archives). */
  list(): Promise<string[]>;
  /** Puts the archive written at `source` there under `name`. */
  put(name: string, source: string): Promise<void>;
  delete(name: string): Promise<void>;
  /** Where the archive is written first: the folder itself on the disk, else a temporary folder. */
  readonly local: boolean;
  close(): void;
};

/** Where archives go on the disk: BACKUP_DIR, or DATA_DIR/sauvegardes. */
export function backupDir(env: { DATA_DIR: string; BACKUP_DIR?: string | undefined }): string {
  return path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, "sauvegardes"));
}

/** The bucket the scheduled backups go to, or null when they stay on the disk. */
export function backupS3Config(env: BackupDestinationEnv): (S3StorageConfig & { prefix: string }) | null {
  if (!env.BACKUP_S3_PREFIX) return null;
  const bucket = env.BACKUP_S3_BUCKET ?? env.S3_BUCKET;
  const region = env.BACKUP_S3_REGION ?? env.S3_REGION;
  const accessKeyId = env.BACKUP_S3_ACCESS_KEY_ID ?? env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.BACKUP_S3_SECRET_ACCESS_KEY ?? env.S3_SECRET_ACCESS_KEY;
  if (!bucket || !region || !accessKeyId || !secretAccessKey) {
    throw new Error(
      "Sauvegardes sur S3 incomplètes : compartiment, région ou clés manquants (voir BACKUP_S3_* et S3_*).",
    );
  }
  return {
    prefix: env.BACKUP_S3_PREFIX.endsWith("/") ? env.BACKUP_S3_PREFIX : `${env.BACKUP_S3_PREFIX}/`,
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    endpoint: env.BACKUP_S3_ENDPOINT ?? env.S3_ENDPOINT,
    forcePathStyle: env.BACKUP_S3_FORCE_PATH_STYLE ?? env.S3_FORCE_PATH_STYLE ?? false,
  };
}

/**
 * The prefix the scheduled archives take in the bucket that also holds the application's
 * files, or null: a backup must leave those archives out, or each would hold all the
 * earlier ones.
 */
export function backupPrefixAmongFiles(env: BackupDestinationEnv): string | null {
  const s3 = env.S3_BUCKET ? backupS3Config(env) : null;
  if (!s3) return null;
  return s3.bucket === env.S3_BUCKET && s3.endpoint === env.S3_ENDPOINT ? s3.prefix : null;
}

function diskDestination(dir: string): BackupDestination {
  return {
    label: `le dossier ${dir}`,
    local: true,
    async check() {
      await mkdir(dir, { recursive: true });
    },
    async list() {
      try {
        const entries = await readdir(dir, { withFileTypes: true });
        return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
        throw error;
      }
    },
    async put() {
      // The archive is written in the folder itself (makeBackup's target): nothing to move.
      await mkdir(dir, { recursive: true });
    },
    async delete(name) {
      await rm(path.join(dir, path.basename(name)), { force: true });
    },
    close() {},
  };
}

function s3Destination(config: S3StorageConfig & { prefix: string }): BackupDestination {
  const storage: S3FileStorage = createS3Storage(config);
  const { prefix } = config;
  return {
    label: `s3://${config.bucket}/${prefix}`,
    local: false,
    // Before the archive is made: a missing bucket or refused keys, said at once and clearly
    // (a refusal in the middle of an upload reads as a broken connection).
    check: () => storage.checkBucket(),
    async list() {
      const keys = await storage.list(prefix);
      // Only what sits right under the prefix: a sub-folder is someone else's.
      return keys.map((key) => key.slice(prefix.length)).filter((name) => name !== "" && !name.includes("/"));
    },
    put(name, source) {
      return storage.upload(`${prefix}${name}`, source, "application/octet-stream");
    },
    delete(name) {
      return storage.delete(`${prefix}${name}`);
    },
    close() {
      storage.close();
    },
  };
}

/** Where the scheduled backups go, in words (the dashboard shows it to the owner). */
export function backupDestinationLabel(env: BackupDestinationEnv): string {
  const s3 = backupS3Config(env);
  return s3 ? `s3://${s3.bucket}/${s3.prefix}` : `le dossier ${backupDir(env)}`;
}

/** The scheduled backups' destination the environment names. */
export function backupDestination(env: BackupDestinationEnv): BackupDestination {
  const s3 = backupS3Config(env);
  return s3 ? s3Destination(s3) : diskDestination(backupDir(env));
}
