import type { AppServices } from "#app/lib/app-context.ts";

/** Hono's typing of this server's context: what every middleware may read. */
export type AppEnv = {
  Variables: { requestId: string; nonce: string; clientIp: string; services: AppServices };
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
};
