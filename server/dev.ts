import { createServer } from "node:http";
import { getRequestListener } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { loadEnv } from "#app/config/env.server.ts";
import {
  announceServerReady,
  announceServerStarting,
  removeServerInfo,
} from "#app/features/auth/server-info.server.ts";
import { startOutboxWorker } from "#app/lib/outbox.server.ts";
import { createApp } from "./app.ts";
import { createLogger } from "./logger.ts";
import { startServices } from "./services.ts";

// `npm run dev`: the same Hono app, with Vite in middleware mode for hot reload.
process.env.NODE_ENV = "development";
const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const vite = await createViteServer({ server: { middlewareMode: true }, appType: "custom" });
// The embedded database is single-process: `npm run user:create` reads this to go through us.
await announceServerStarting(env.DATA_DIR);
process.on("exit", () => removeServerInfo(env.DATA_DIR));
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => process.exit(0));
const services = await startServices(env, logger);
startOutboxWorker(services);
const app = createApp({
  services,
  development: true,
  build: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
});
const listener = getRequestListener(app.fetch);
createServer((req, res) => {
  vite.middlewares(req, res, () => listener(req, res));
}).listen(env.PORT, env.HOST, () => {
  announceServerReady(env.DATA_DIR, env.PORT);
  console.log(`Serveur de développement sur http://localhost:${env.PORT}`);
});
