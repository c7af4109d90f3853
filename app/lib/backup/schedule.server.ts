import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import type { Database, DatabaseDump } from "#app/db/client.server.ts";
import { ownerChecks } from "#app/db/schema/alerts.ts";
import { type DailyJob, startDailyJob } from "#app/lib/daily-job.server.ts";
import { type FileStorage, StorageUnavailableError } from "#app/lib/file-storage.server.ts";
import type { OutboxSignal } from "#app/lib/outbox.server.ts";
import { raiseOwnerAlert, resolveOwnerAlert } from "#app/lib/owner-alerts.server.ts";
import { formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { BackupArchiveError } from "./archive.server.ts";
import { formatSize, makeBackup } from "./backup.server.ts";
import { type BackupDestination, backupDestination, backupDir } from "./destination.server.ts";
import { archiveDay, archiveName, archivesToDelete, type DatedArchive } from "./rotation.ts";

/*
 * The scheduled backup: the daily job « sauvegarde » (once per Paris day across
 * instances) writes one archive (encrypted when BACKUP_PASSPHRASE is set) to BACKUP_DIR,
 * or to the BACKUP_S3_PREFIX of a bucket, then applies the rotation (7 daily, 4 weekly,
 * 12 monthly) to what the destination holds. The last success is kept in owner_checks,
 * shared by every instance: the dashboard shows it, and « no backup for 48 hours » is
 * measured from it (or, before any success, from when backups were first scheduled).
 * A failure raises the owner alert « sauvegarde » with its reason in French; no success
 * for 48 hours raises « sauvegarde-absente »; a success resolves both.
 */

export const BACKUP_JOB = "sauvegarde";
/** The owner alert of a failed scheduled backup. */
export const BACKUP_FAILED_ALERT = "sauvegarde";
/** The owner alert of no successful backup for BACKUP_MAX_AGE_MS. */
export const BACKUP_MISSING_ALERT = "sauvegarde-absente";
export const BACKUP_MAX_AGE_MS = 48 * 60 * 60 * 1000;

export type ScheduledBackupServices = {
  db: Database;
  storage: FileStorage;
  dumpDatabase: () => Promise<DatabaseDump>;
  env: Env;
  outbox?: Pick<OutboxSignal, "wake">;
};

export type BackupStatus = {
  /** Since when backups are scheduled (null: no server has scheduled them yet). */
  watchedSince: Date | null;
  lastSuccessAt: Date | null;
  /** The last archive's name and size. */
  lastSuccessDetail: string | null;
  lastFailureAt: Date | null;
  /** No success for 48 hours (counted from `watchedSince` before the first one). */
  overdue: boolean;
};

/** Notes when backups start being watched (the first start of a server that schedules them). */
export async function watchBackups(db: Database, now = new Date()): Promise<void> {
  await db.insert(ownerChecks).values({ name: BACKUP_JOB, watchedSince: now }).onConflictDoNothing();
}

/** What the scheduled backups last did, and whether the last success is too old. */
export async function backupStatus(db: Database, now = new Date()): Promise<BackupStatus> {
  const [row] = await db.select().from(ownerChecks).where(eq(ownerChecks.name, BACKUP_JOB));
  const reference = row ? (row.lastSuccessAt ?? row.watchedSince) : null;
  return {
    watchedSince: row?.watchedSince ?? null,
    lastSuccessAt: row?.lastSuccessAt ?? null,
    lastSuccessDetail: row?.lastSuccessDetail ?? null,
    lastFailureAt: row?.lastFailureAt ?? null,
    overdue: reference !== null && now.getTime() - reference.getTime() > BACKUP_MAX_AGE_MS,
  };
}

/** The words of the « no backup for 48 hours » alert, for the e-mail and the dashboard alike. */
export function missingBackupAlert(status: BackupStatus): { title: string; message: string } {
  const title = "Aucune sauvegarde réussie depuis plus de 48 heures";
  const message = status.lastSuccessAt
    ? `La dernière sauvegarde réussie date du ${formatDateTime(status.lastSuccessAt)}. Vérifiez la destination des sauvegardes et le journal du serveur.`
    : `Aucune sauvegarde automatique n'a réussi depuis leur mise en place, le ${formatDateTime(status.watchedSince ?? new Date())}. Vérifiez la destination des sauvegardes et le journal du serveur.`;
  return { title, message };
}

/** A failure's reason in the owner's words: what the disk or the bucket refused. */
export function backupFailureReason(error: unknown): string {
  const { code, path: where, message } = (error ?? {}) as NodeJS.ErrnoException;
  const at = where ? ` (${where})` : "";
  switch (code) {
    case "EACCES":
    case "EPERM":
      return `accès refusé au dossier des sauvegardes${at}`;
    case "ENOSPC":
      return `plus de place sur le disque${at}`;
    case "EROFS":
      return `le disque est en lecture seule${at}`;
    case "ENOTDIR":
    case "EEXIST":
      return `un fichier occupe le chemin du dossier des sauvegardes${at}`;
    case "ENOENT":
      return `chemin introuvable${at}`;
  }
  // The storage's and the archive's own errors are already in French, without a secret.
  if (error instanceof StorageUnavailableError || error instanceof BackupArchiveError) {
    return error.message.replace(/\.$/, "");
  }
  return `erreur inattendue : ${message ?? String(error)}`;
}

export type ScheduledBackupResult = {
  archive: string;
  size: number;
  destination: string;
  /** The older archives the rotation deleted. */
  deleted: string[];
  /** « faite », or why the rotation stopped (the owner is alerted). */
  rotation: string;
};

/** The archives a destination holds (its other files are left alone). */
async function datedArchives(destination: BackupDestination): Promise<DatedArchive[]> {
  const archives: DatedArchive[] = [];
  for (const name of await destination.list()) {
    const day = archiveDay(name);
    if (day) archives.push({ name, day });
  }
  return archives;
}

async function alertOwner(
  services: ScheduledBackupServices,
  alert: { kind: string; title: string; message: string },
  now: Date,
): Promise<void> {
  const { mailed } = await raiseOwnerAlert(services.db, {
    ...alert,
    now,
    siteUrl: services.env.SITE_URL,
    fallbackEmail: services.env.NOTIFY_EMAIL,
  });
  if (mailed) services.outbox?.wake();
}

/** Raises « sauvegarde-absente » when the last success is over 48 hours old, resolves it otherwise. */
export async function checkBackupFreshness(
  services: ScheduledBackupServices,
  now = new Date(),
): Promise<BackupStatus> {
  const status = await backupStatus(services.db, now);
  if (status.overdue)
    await alertOwner(services, { kind: BACKUP_MISSING_ALERT, ...missingBackupAlert(status) }, now);
  else await resolveOwnerAlert(services.db, BACKUP_MISSING_ALERT, now);
  return status;
}

/** The backup could not be made or stored; its message is the owner's reason, in French. */
export class ScheduledBackupError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "ScheduledBackupError";
  }
}

/**
 * One scheduled backup, now: the archive to its destination, the rotation there, the
 * success recorded and the alerts resolved, or the failure alerted and thrown (the daily
 * job then gives the day back, so the next start tries again).
 */
export async function runScheduledBackup(
  services: ScheduledBackupServices,
  now = new Date(),
): Promise<ScheduledBackupResult> {
  await watchBackups(services.db, now);
  const destination = backupDestination(services.env);
  const name = archiveName(now, parisDay(now), Boolean(services.env.BACKUP_PASSPHRASE));
  let staging: string | null = null;
  try {
    let archive: Awaited<ReturnType<typeof makeBackup>>;
    try {
      await destination.check();
      staging = destination.local ? null : await mkdtemp(path.join(tmpdir(), "batirade-sauvegarde-"));
      const target = path.join(staging ?? backupDir(services.env), name);
      archive = await makeBackup(
        {
          db: services.db,
          storage: services.storage,
          dump: services.dumpDatabase,
          env: services.env,
        },
        { target, now },
      );
      await destination.put(name, archive.path);
    } catch (error) {
      const reason = backupFailureReason(error);
      await services.db
        .update(ownerChecks)
        .set({ lastFailureAt: now })
        .where(eq(ownerChecks.name, BACKUP_JOB));
      await alertOwner(
        services,
        {
          kind: BACKUP_FAILED_ALERT,
          title: "La sauvegarde automatique a échoué",
          message: `La sauvegarde du ${formatDateTime(now)} vers ${destination.label} n'a pas pu être faite : ${reason}.`,
        },
        now,
      );
      await checkBackupFreshness(services, now);
      throw new ScheduledBackupError(`Sauvegarde automatique impossible : ${reason}.`, { cause: error });
    }
    await services.db
      .update(ownerChecks)
      .set({ lastSuccessAt: now, lastSuccessDetail: `${name}, ${formatSize(archive.size)}` })
      .where(eq(ownerChecks.name, BACKUP_JOB));
    await resolveOwnerAlert(services.db, BACKUP_FAILED_ALERT, now);
    await resolveOwnerAlert(services.db, BACKUP_MISSING_ALERT, now);
    const deleted: string[] = [];
    try {
      const expired = archivesToDelete(await datedArchives(destination), parisDay(now));
      for (const old of expired) {
        await destination.delete(old.name);
        deleted.push(old.name);
      }
    } catch (error) {
      // The day's archive is safe: the day stays done, the owner is told, the next run retries.
      const reason = backupFailureReason(error);
      await alertOwner(
        services,
        {
          kind: BACKUP_FAILED_ALERT,
          title: "Les anciennes sauvegardes n'ont pas pu être supprimées",
          message: `La sauvegarde du ${formatDateTime(now)} est faite (${name}), mais la suppression des anciennes archives de ${destination.label} a échoué : ${reason}.`,
        },
        now,
      );
      return { archive: name, size: archive.size, destination: destination.label, deleted, rotation: reason };
    }
    return { archive: name, size: archive.size, destination: destination.label, deleted, rotation: "faite" };
  } finally {
    if (staging) await rm(staging, { recursive: true, force: true });
    destination.close();
  }
}

/** The daily scheduled backup inside the server process. */
export function startBackupSchedule(
  services: ScheduledBackupServices & { logger: Logger },
  { firstRunDelayMs, now = () => new Date() }: { firstRunDelayMs?: number; now?: () => Date } = {},
): DailyJob {
  // Watched from the first start on: « no backup for 48 hours » holds even if no run ever ends.
  watchBackups(services.db, now()).catch((error) =>
    services.logger.error({ err: error }, "sauvegardes : suivi impossible à enregistrer"),
  );
  return startDailyJob({
    logger: services.logger,
    db: services.db,
    job: BACKUP_JOB,
    firstRunDelayMs,
    task: () => runScheduledBackup(services, now()),
    done: "sauvegarde automatique faite",
    failed: "sauvegarde automatique échouée",
  });
}
