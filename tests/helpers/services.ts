import pino from "pino";
import { RouterContextProvider } from "react-router";
import { type Env, loadEnv } from "#app/config/env.server.ts";
import { type AppServices, requestContext, servicesContext } from "#app/lib/app-context.ts";
import { createMailer } from "#app/lib/mailer.server.ts";
import { createOutboxSignal } from "#app/lib/outbox.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";
import type { TestDatabase } from "./db.ts";

export function testEnv(overrides: Record<string, string> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    DATA_DIR: "./data/test",
    SITE_URL: "https://www.example.test",
    // Never the real geocoding service: a closed loopback port (the discard port, which no
    // test binds), so code that geocodes meets « unreachable » unless a test starts
    // tests/helpers/geoplateforme-stub.ts and passes its url.
    GEOCODING_URL: "http://127.0.0.1:9/geocodage",
    ...overrides,
  });
}

/** Application services over a test database, with a silent logger. */
export function testServices(database: TestDatabase, env: Env = testEnv()): AppServices {
  return {
    db: database.db,
    env,
    logger: pino({ level: "silent" }),
    pingDatabase: database.ping,
    dumpDatabase: database.dump,
    // Files and .eml messages under env.DATA_DIR (pass a temporary one); SMTP when env.SMTP_URL is set.
    storage: storageFor(env),
    mailer: createMailer(env),
    outbox: createOutboxSignal(),
  };
}

/** The `context` a loader or action receives from the server. */
export function routerContext(services: AppServices, clientIp = "127.0.0.1"): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(servicesContext, services);
  context.set(requestContext, { nonce: "test-nonce", requestId: "test-request", clientIp });
  return context;
}
