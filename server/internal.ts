import type { Hono } from "hono";
import { checkLocalAdmin } from "#app/features/auth/server-info.server.ts";
import { runDailyInvoiceFollowUp } from "#app/features/invoices/overdue.server.ts";
import { planRetention, purgeExpiredData } from "#app/features/retention/retention.server.ts";
import { backupSummary, makeBackup } from "#app/lib/backup/backup.server.ts";
import { verifyRegister } from "#app/lib/integrity/verify.server.ts";
import type { AppEnv } from "./app-env.ts";

export const LOCAL_RETENTION_PATH = "/internal/retention";
export const LOCAL_INVOICE_FOLLOW_UP_PATH = "/internal/invoice-follow-up";
export const LOCAL_BACKUP_PATH = "/internal/backup";
export const LOCAL_AUDIT_VERIFY_PATH = "/internal/audit-verify";
const noStore = { "Cache-Control": "no-store" };

/**
 * `npm run purge` and `npm run invoices:follow-up` while the server holds the embedded
 * database: the command asks the server to plan (dry run) or run the purge, or to run the
 * invoices' daily follow-up (« En retard », reminders) as of `?at=` (an instant, ISO 8601).
 */
export function mountInternalRoutes(app: Hono<AppEnv>): void {
  app.post(LOCAL_RETENTION_PATH, async (c) => {
    const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
    if (checkLocalAdmin(socket?.remoteAddress, (name) => c.req.header(name)) !== "ok") {
      return c.json({ message: "Adresse inconnue." }, 404, noStore);
    }
    const services = c.get("services");
    const dryRun = c.req.query("dry-run") === "1";
    const now = new Date();
    if (dryRun) return c.json({ plan: await planRetention(services, now) }, 200, noStore);
    return c.json({ counts: await purgeExpiredData(services, now) }, 200, noStore);
  });

  app.post(LOCAL_INVOICE_FOLLOW_UP_PATH, async (c) => {
    const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
    if (checkLocalAdmin(socket?.remoteAddress, (name) => c.req.header(name)) !== "ok") {
      return c.json({ message: "Adresse inconnue." }, 404, noStore);
    }
    const at = c.req.query("at");
    const now = at === undefined ? new Date() : new Date(at);
    if (Number.isNaN(now.getTime())) {
      return c.json(
        { message: "Date invalide : donnez un instant ISO 8601 (2027-01-15T09:00:00Z)." },
        400,
        noStore,
      );
    }
    const services = c.get("services");
    const done = await runDailyInvoiceFollowUp({ db: services.db, outbox: services.outbox }, now);
    return c.json({ overdue: done.overdue, reminders: done.reminders.length }, 200, noStore);
  });

  app.post(LOCAL_BACKUP_PATH, async (c) => {
    const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
    if (checkLocalAdmin(socket?.remoteAddress, (name) => c.req.header(name)) !== "ok") {
      return c.json({ message: "Adresse inconnue." }, 404, noStore);
    }
    const services = c.get("services");
    const result = await makeBackup({
      db: services.db,
      storage: services.storage,
      dump: services.dumpDatabase,
      env: services.env,
    });
    services.logger.info({ path: result.path, size: result.size }, "sauvegarde faite");
    return c.json(backupSummary(result), 200, noStore);
  });

  app.post(LOCAL_AUDIT_VERIFY_PATH, async (c) => {
    const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
    if (checkLocalAdmin(socket?.remoteAddress, (name) => c.req.header(name)) !== "ok") {
      return c.json({ message: "Adresse inconnue." }, 404, noStore);
    }
    const services = c.get("services");
    return c.json(await verifyRegister(services), 200, noStore);
  });
}
