import type { Logger } from "pino";
import { createContext, type RouterContext } from "react-router";
import type { Env } from "#app/config/env.server.ts";
import type { Database, DatabaseDump } from "#app/db/client.server.ts";
import type { Mailer } from "./mailer.server.ts";
import type { NotifiedCache } from "./notified-cache.server.ts";
import type { OutboxSignal } from "./outbox.server.ts";
import type { FileStorage } from "./storage.server.ts";

/** What the server hands every loader and action (see server/app.ts). */
export type AppServices = {
  db: Database;
  env: Env;
  logger: Logger;
  /** Resolves when the database answers (used by /healthz). */
  pingDatabase: () => Promise<void>;
  /** A consistent copy of the database while it serves (`npm run backup`). */
  dumpDatabase: () => Promise<DatabaseDump>;
  /** Uploaded files (quote photos, ...): DATA_DIR/uploads, never served publicly. */
  storage: FileStorage;
  /** Outgoing mail; code sends through the outbox (app/lib/outbox.server.ts), not directly. */
  mailer: Mailer;
  /** `outbox.wake()` after committing messages: the worker sends them at once. */
  outbox: OutboxSignal;
  /**
   * The shop's public answers (store API listing and products, /store, /product/{id})
   * kept in memory while this instance hears every change to the catalogue (server/
   * catalogue-responses.ts). Absent: everything is read from the database.
   */
  catalogueCache?: NotifiedCache;
};

/**
 * What an Espace Pro action hands the work of its form post (a feature's
 * `answer…Post`): the request, the services and who acts. Each page adds its ids.
 */
export type ActionContext = {
  request: Request;
  services: AppServices;
  actor: { id: string; email: string };
};

/** Facts about the request being served that React Router does not carry. */
export type RequestInfo = {
  /** CSP nonce for the inline scripts of a server-rendered page. */
  nonce: string | undefined;
  requestId: string;
  /** Client address (from X-Forwarded-For only when TRUST_PROXY is set). */
  clientIp: string;
};

// The Node server (run from source) and the built React Router bundle each load
// this module once; keying the contexts on a global symbol makes both copies share
// the same context objects, so values the server sets are the ones loaders read.
type Registry = { services: RouterContext<AppServices | null>; request: RouterContext<RequestInfo> };
const REGISTRY_KEY = Symbol.for("batirade.router-contexts");
const globalRegistry = globalThis as typeof globalThis & { [REGISTRY_KEY]?: Registry };
if (!globalRegistry[REGISTRY_KEY]) {
  globalRegistry[REGISTRY_KEY] = {
    services: createContext<AppServices | null>(null),
    request: createContext<RequestInfo>({ nonce: undefined, requestId: "build", clientIp: "" }),
  };
}
const registry: Registry = globalRegistry[REGISTRY_KEY];

export const servicesContext = registry.services;
export const requestContext = registry.request;

type ContextReader = { get: <T>(context: RouterContext<T>) => T };

/** The application's services, from a loader's or action's `context`. */
export function getServices(context: ContextReader): AppServices {
  const services = context.get(servicesContext);
  if (!services) throw new Error("Services applicatifs absents du contexte de la requête.");
  return services;
}
