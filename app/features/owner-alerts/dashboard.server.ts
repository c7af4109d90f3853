import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import { backupDestinationLabel } from "#app/lib/backup/destination.server.ts";
import {
  BACKUP_MAX_AGE_MS,
  BACKUP_MISSING_ALERT,
  backupStatus,
  missingBackupAlert,
} from "#app/lib/backup/schedule.server.ts";
import { openOwnerAlerts } from "#app/lib/owner-alerts.server.ts";

/** An alert as the owner's block shows it (instants as ISO strings, read the same in the browser). */
export type OwnerAlertView = { kind: string; title: string; message: string; since: string };

export type OwnerAlertsDashboardFigures = {
  alerts: OwnerAlertView[];
  backup: {
    lastSuccessAt: string | null;
    lastSuccessDetail: string | null;
    /** Since when backups are scheduled; null before a server ever scheduled them. */
    watchedSince: string | null;
    destination: string;
  };
};

/**
 * The owner's block of the Espace Pro's home: the open alerts, and the scheduled backups'
 * last success. « No backup for 48 hours » is worked out from that last success too, so it
 * shows even when no daily run came to raise it (a server that cannot run its jobs).
 */
export async function ownerAlertsDashboard(
  db: Database,
  env: Env,
  now = new Date(),
): Promise<OwnerAlertsDashboardFigures> {
  const [open, status] = await Promise.all([openOwnerAlerts(db), backupStatus(db, now)]);
  const alerts: OwnerAlertView[] = open.map((alert) => ({
    kind: alert.kind,
    title: alert.title,
    message: alert.message,
    since: alert.openedAt.toISOString(),
  }));
  if (status.overdue && !alerts.some((alert) => alert.kind === BACKUP_MISSING_ALERT)) {
    // Overdue since 48 hours after the last success (or after backups were first scheduled).
    const reference = status.lastSuccessAt ?? status.watchedSince ?? now;
    const since = new Date(reference.getTime() + BACKUP_MAX_AGE_MS);
    alerts.push({ kind: BACKUP_MISSING_ALERT, ...missingBackupAlert(status), since: since.toISOString() });
  }
  return {
    alerts,
    backup: {
      lastSuccessAt: status.lastSuccessAt?.toISOString() ?? null,
      lastSuccessDetail: status.lastSuccessDetail,
      watchedSince: status.watchedSince?.toISOString() ?? null,
      destination: backupDestinationLabel(env),
    },
  };
}
