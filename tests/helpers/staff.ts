import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";
import type { Env } from "#app/config/env.server.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { signInStaff } from "#app/features/auth/session.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { createTestDatabase, type TestDatabase } from "./db.ts";
import { routerContext, testEnv, testServices } from "./services.ts";

/** A fixed secret for tests, so no file is written in DATA_DIR; the site on plain http, as in development. */
export const TEST_AUTH_SECRET = "test-secret-0123456789-abcdefghijklmnopqrstuvwxyz";

export function staffTestEnv(overrides: Record<string, string> = {}): Env {
  return testEnv({ AUTH_SECRET: TEST_AUTH_SECRET, SITE_URL: "http://localhost", ...overrides });
}

export function staffTestServices(
  database: TestDatabase,
  overrides: Record<string, string> = {},
): AppServices {
  return testServices(database, staffTestEnv(overrides));
}

/** The Cookie header a browser would send back after these Set-Cookie headers. */
export function cookieHeaderFrom(setCookies: string[]): string {
  return setCookies
    .map((cookie) => cookie.split(";")[0] ?? "")
    .filter((pair) => pair && !pair.endsWith("="))
    .join("; ");
}

let counter = 0;

/** Creates an account and signs it in; returns the Cookie header of its session. */
export async function signedInStaff(
  services: AppServices,
  role: "owner" | "staff" | "compagnon" = "staff",
  email = `membre${++counter}-${role}@batirade.test`,
): Promise<{ cookie: string; userId: string; email: string }> {
  const password = "mot-de-passe-solide-2025";
  const account = await createStaffAccount(services, { email, password, role });
  const result = await signInStaff(
    new Request("http://localhost/erp/login", { method: "POST" }),
    // One address per sign-in, so helpers never hit the per-address limit.
    routerContext(services, `10.9.${Math.floor(counter / 250)}.${(counter % 250) + 1}`),
    { email, password },
  );
  if (!result.ok) throw new Error(`connexion de test impossible : ${result.reason}`);
  return { cookie: cookieHeaderFrom(result.setCookies), userId: account.id, email };
}

/**
 * A fresh database and a temporary DATA_DIR (named after `name`) for one test file, with
 * staff services over them; `close` drops both.
 */
export async function openStaffTestServices(
  name: string,
  env: Record<string, string> = {},
): Promise<{ database: TestDatabase; services: AppServices; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(path.join(tmpdir(), name));
  return {
    database,
    services: staffTestServices(database, { DATA_DIR: dataDir, ...env }),
    close: async () => {
      await database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Called at a test file's top level: a fresh database with staff services, opened before
 * the file's tests and dropped after them. Its fields are read inside tests and hooks,
 * once they are set.
 */
export function staffTestDatabase(): { database: TestDatabase; services: AppServices } {
  const opened = {} as { database: TestDatabase; services: AppServices };
  beforeAll(async () => {
    opened.database = await createTestDatabase();
    opened.services = staffTestServices(opened.database);
  });
  afterAll(async () => {
    await opened.database.cleanup();
  });
  return opened;
}
