import { setTimeout as sleep } from "node:timers/promises";
import type { Env } from "#app/config/env.server.ts";
import { claimDataDirForCli, isProcessAlive, readServerInfo } from "#app/features/auth/server-info.server.ts";

/**
 * A command's work where it may run: here on a PostgreSQL database (shared safely by any
 * number of processes) or on an embedded one no server holds (claimed for the time of the
 * work); otherwise asked of the server that holds it, over loopback, at `path` with the
 * token it wrote in DATA_DIR/server.json (an embedded PGlite database is never opened by
 * two processes). Waits up to a minute for a server that is starting.
 */
export async function runHereOrOnServer<T>(
  env: Env,
  options: { path: string; here: () => Promise<T> },
): Promise<T> {
  if (env.DATABASE_URL) return options.here();
  const deadline = Date.now() + 60_000;
  for (;;) {
    const info = readServerInfo(env.DATA_DIR);
    if (!info || !isProcessAlive(info.pid)) {
      const claim = claimDataDirForCli(env.DATA_DIR);
      if (claim.claimed) {
        try {
          return await options.here();
        } finally {
          claim.release();
        }
      }
      continue;
    }
    if (info.state === "ready") {
      const response = await fetch(`http://127.0.0.1:${info.port}${options.path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${info.token}` },
      }).catch(() => null);
      if (response?.ok) return (await response.json()) as T;
      if (response) {
        const body = (await response.json().catch(() => ({}))) as { message?: string };
        throw new Error(body.message ?? `Le serveur a répondu ${response.status}.`);
      }
    }
    if (Date.now() > deadline)
      throw new Error(`Un serveur (pid ${info.pid}) tient la base de données mais ne répond pas.`);
    await sleep(200);
  }
}
