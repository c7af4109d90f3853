import { timingSafeEqual } from "node:crypto";
import type { Context, Hono } from "hono";
import { localAdminToken } from "#app/features/auth/server-info.server.ts";
import { planRetention, purgeExpiredData } from "#app/features/retention/retention.server.ts";
import type { AppEnv } from "./app.ts";

export const LOCAL_RETENTION_PATH = "/internal/retention";
const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);
const noStore = { "Cache-Control": "no-store" };

/** A command-line tool on this machine, holding the token the server wrote in DATA_DIR/server.json. */
export function isLocalAdminRequest(c: Context<AppEnv>): boolean {
  const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
  if (!LOOPBACK.has(socket?.remoteAddress ?? "")) return false;
  if (c.req.header("x-forwarded-for") || c.req.header("forwarded")) return false;
  const authorization = c.req.header("authorization") ?? "";
  const given = Buffer.from(authorization.startsWith("Bearer ") ? authorization.slice(7) : "");
  const expected = Buffer.from(localAdminToken());
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * `npm run purge` while the server holds the embedded database: the command asks the
 * server to plan (dry run) or run the purge.
 */
export function mountInternalRoutes(app: Hono<AppEnv>): void {
  app.post(LOCAL_RETENTION_PATH, async (c) => {
    if (!isLocalAdminRequest(c)) return c.json({ message: "Adresse inconnue." }, 404, noStore);
    const services = c.get("services");
    const dryRun = c.req.query("dry-run") === "1";
    const now = new Date();
    if (dryRun) return c.json({ plan: await planRetention(services, now) }, 200, noStore);
    return c.json({ counts: await purgeExpiredData(services, now) }, 200, noStore);
  });
}
