import type { Hono } from "hono";
import { checkLocalAdmin } from "#app/features/auth/server-info.server.ts";
import { planRetention, purgeExpiredData } from "#app/features/retention/retention.server.ts";
import type { AppEnv } from "./app-env.ts";

export const LOCAL_RETENTION_PATH = "/internal/retention";
const noStore = { "Cache-Control": "no-store" };

/**
 * `npm run purge` while the server holds the embedded database: the command asks the
 * server to plan (dry run) or run the purge.
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
}
