import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { serve } from "@hono/node-server";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import {
  announceServerReady,
  localAdminToken,
  removeServerInfo,
} from "#app/features/auth/server-info.server.ts";
import { signInStaff } from "#app/features/auth/session.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { createApp } from "#server/app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { cookieHeaderFrom, staffTestServices, TEST_AUTH_SECRET } from "#tests/helpers/staff.ts";

const run = promisify(execFile);

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = staffTestServices(database);
});
afterAll(async () => {
  await database.cleanup();
});

// Requests under /api/auth and /internal never reach React Router: no build needed.
const noBuild = () => Promise.reject(new Error("pas de build dans ce test")) as Promise<ServerBuild>;

function app() {
  return createApp({ services, build: noBuild });
}

const loopback = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };
const remote = { incoming: { socket: { remoteAddress: "203.0.113.7" } } };

function signInRequest(email: string, password: string, headers: Record<string, string> = {}) {
  return new Request("http://localhost/api/auth/sign-in/email", {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ email, password }),
  });
}

describe("/api/auth on the HTTP server", () => {
  it("has no public sign-up, and answers 404 outside the paths the product uses", async () => {
    const signUp = await app().request(
      "/api/auth/sign-up/email",
      {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "pirate@example.com", password: "mot-de-passe-tres-long", name: "x" }),
      },
      remote,
    );
    expect(signUp.status).toBe(404);
    expect(await signUp.json()).toEqual({ message: "Adresse inconnue." });
    expect((await app().request("/api/auth/list-users", {}, remote)).status).toBe(404);
    expect(
      await database.db.select().from(authUsers).where(eq(authUsers.email, "pirate@example.com")),
    ).toEqual([]);
  });

  it("has no sign-in either: the only way in is the /erp/login form", async () => {
    await createStaffAccount(services, {
      email: "http@batirade.test",
      password: "mot-de-passe-http",
      role: "staff",
    });
    const response = await app().request(
      signInRequest("http@batirade.test", "mot-de-passe-http"),
      undefined,
      remote,
    );
    expect(response.status).toBe(404);
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it("reads the session of a signed-in browser, and signs it out (clearing the hint)", async () => {
    await createStaffAccount(services, {
      email: "lecture@batirade.test",
      password: "mot-de-passe-http",
      role: "staff",
    });
    const signedIn = await signInStaff(
      new Request("http://localhost/erp/login", { method: "POST" }),
      routerContext(services, "192.0.2.60"),
      {
        email: "lecture@batirade.test",
        password: "mot-de-passe-http",
      },
    );
    if (!signedIn.ok) throw new Error("connexion refusée");
    const cookie = cookieHeaderFrom(signedIn.setCookies);
    const session = await app().request("/api/auth/get-session", { headers: { cookie } }, remote);
    expect(session.headers.get("cache-control")).toContain("no-store");
    expect((await session.json()).user.email).toBe("lecture@batirade.test");
    const out = await app().request(
      "/api/auth/sign-out",
      {
        method: "POST",
        headers: { cookie, origin: "http://localhost", "content-type": "application/json" },
        body: "{}",
      },
      remote,
    );
    expect(out.status).toBe(200);
    expect(out.headers.getSetCookie().some((c) => c.startsWith("erp_hint=;"))).toBe(true);
    const after = await app().request("/api/auth/get-session", { headers: { cookie } }, remote);
    expect(await after.json()).toBeNull();
  });
});

describe("the local admin endpoint of user:create", () => {
  const body = (email: string) => JSON.stringify({ email, password: "mot-de-passe-local", role: "staff" });

  it("is invisible from outside the machine and behind a proxy", async () => {
    const headers = { authorization: `Bearer ${localAdminToken()}`, "content-type": "application/json" };
    const outside = await app().request(
      "/internal/staff-users",
      { method: "POST", headers, body: body("a@b.fr") },
      remote,
    );
    expect(outside.status).toBe(404);
    const proxied = await app().request(
      "/internal/staff-users",
      { method: "POST", headers: { ...headers, "x-forwarded-for": "203.0.113.1" }, body: body("a@b.fr") },
      loopback,
    );
    expect(proxied.status).toBe(404);
  });

  it("wants the token of this process", async () => {
    const response = await app().request(
      "/internal/staff-users",
      {
        method: "POST",
        headers: { authorization: "Bearer faux", "content-type": "application/json" },
        body: body("a@b.fr"),
      },
      loopback,
    );
    expect(response.status).toBe(401);
  });

  it("creates the account with the token, and refuses a short password in French", async () => {
    const headers = { authorization: `Bearer ${localAdminToken()}`, "content-type": "application/json" };
    const created = await app().request(
      "/internal/staff-users",
      { method: "POST", headers, body: body("local@batirade.test") },
      loopback,
    );
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ email: "local@batirade.test", role: "staff" });
    const short = await app().request(
      "/internal/staff-users",
      {
        method: "POST",
        headers,
        body: JSON.stringify({ email: "c@batirade.test", password: "court", role: "staff" }),
      },
      loopback,
    );
    expect(short.status).toBe(400);
    expect((await short.json()).message).toBe("Le mot de passe doit contenir au moins 12 caractères.");
  });
});

describe("npm run user:create", () => {
  const cli = (dataDir: string, ...args: string[]) =>
    run(process.execPath, ["scripts/user-create.ts", ...args], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        AUTH_SECRET: TEST_AUTH_SECRET,
        NODE_ENV: "production",
        LOG_LEVEL: "silent",
      },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );

  // Several runs of the command, the first migrating a new embedded database (22 migrations):
  // over a minute on this 2-core machine when it is busy.
  it("on a new data directory: applies the migrations, refuses under 12 characters, accepts 64", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "user-create-"));
    try {
      const short = await cli(
        dataDir,
        "--email",
        "court@batirade.test",
        "--password",
        "a".repeat(11),
        "--role",
        "staff",
      );
      expect(short.code).toBe(1);
      expect(short.stderr).toContain("Le mot de passe doit contenir au moins 12 caractères.");
      const badRole = await cli(
        dataDir,
        "--email",
        "r@batirade.test",
        "--password",
        "b".repeat(20),
        "--role",
        "admin",
      );
      expect(badRole.code).toBe(1);
      expect(badRole.stderr).toContain("Le rôle doit être");
      const long = "p".repeat(64);
      const ok = await cli(dataDir, "--email", "Patron@Batirade.test", "--password", long, "--role", "owner");
      expect(ok.stderr).toBe("");
      expect(ok.stdout).toContain("Compte créé : patron@batirade.test (owner) via base de données.");
      const again = await cli(
        dataDir,
        "--email",
        "patron@batirade.test",
        "--password",
        long,
        "--role",
        "owner",
      );
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("Un compte existe déjà avec cette adresse e-mail.");
      // The database is left closed and in order: it opens, and holds the account.
      const handle = await openDatabase({ dataDir });
      try {
        const rows = await handle.db.select().from(authUsers);
        expect(rows.map((row) => [row.email, row.role])).toEqual([["patron@batirade.test", "owner"]]);
      } finally {
        await handle.close();
      }
      expect(existsSync(path.join(dataDir, "user-create.lock"))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);

  it("with a server running on the data directory: goes through it and never opens the database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "user-create-live-"));
    const server = serve({ fetch: app().fetch, port: 0, hostname: "127.0.0.1" });
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    try {
      announceServerReady(dataDir, (server.address() as AddressInfo).port);
      expect(statSync(path.join(dataDir, "server.json")).mode & 0o777).toBe(0o600);
      const result = await cli(
        dataDir,
        "--email",
        "via-serveur@batirade.test",
        "--password",
        "q".repeat(16),
        "--role",
        "staff",
      );
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(
        /Compte créé : via-serveur@batirade\.test \(staff\) via serveur \(port \d+\)\./,
      );
      // Created in the server's database; the data directory's own database was never created.
      const [row] = await database.db
        .select()
        .from(authUsers)
        .where(eq(authUsers.email, "via-serveur@batirade.test"));
      expect(row?.role).toBe("staff");
      expect(existsSync(path.join(dataDir, "pgdata"))).toBe(false);
    } finally {
      removeServerInfo(dataDir);
      await new Promise((resolve) => server.close(resolve));
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);
});
