import pino from "pino";
import { RouterContextProvider } from "react-router";
import { type Env, loadEnv } from "#app/config/env.server.ts";
import { type AppServices, requestContext, servicesContext } from "#app/lib/app-context.ts";
import type { TestDatabase } from "./db.ts";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    DATA_DIR: "./data/test",
    SITE_URL: "https://www.example.test",
    ...overrides,
  });
}

/** Application services over a test database, with a silent logger. */
export function testServices(database: TestDatabase, env: Env = testEnv()): AppServices {
  return { db: database.db, env, logger: pino({ level: "silent" }), pingDatabase: database.ping };
}

/** The `context` a loader or action receives from the server. */
export function routerContext(services: AppServices, clientIp = "127.0.0.1"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, { nonce: "test-nonce", requestId: "test-request", clientIp });
  return context;
}
