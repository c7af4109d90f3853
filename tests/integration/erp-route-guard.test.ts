import path from "node:path";
import { pathToFileURL } from "node:url";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppServices } from "#app/lib/app-context.ts";
import { hasPermission, isRouteAccess, ROLE_PERMISSIONS, type RouteAccess } from "#app/lib/permissions.ts";
import routes from "#app/routes.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

/**
 * Walks the whole route table: every route under /erp and /api/erp must refuse a
 * request without a session (401) in its loader and its action, declare in its handle
 * the permission it needs (app/lib/permissions.ts), and answer 403 to a role without
 * it. A new Espace Pro route that forgets `requirePermission` makes this test fail.
 */

type FlatRoute = { id: string; path: string; file: string };

/** Routes that work without a session by nature, and why. */
const PUBLIC_ERP_ROUTES: Record<string, string> = {
  "erp/login": "the sign-in page itself",
  "erp/logout": "ends whatever session the browser holds and reads nothing",
};

/**
 * Every route with its full path. `prefix()` already wrote full paths on its children;
 * a pathless layout gets the path of its first child (the URL its loader runs for).
 */
function flatten(entries: readonly RouteConfigEntry[]): FlatRoute[] {
  return entries.flatMap((entry) => {
    const children = flatten(entry.children ?? []);
    const routePath = entry.path ?? children[0]?.path ?? "";
    return [{ id: entry.id ?? entry.file, path: routePath, file: entry.file }, ...children];
  });
}

function concretePath(routePath: string): string {
  return `/${routePath
    .split("/")
    .map((segment) => {
      if (segment === "*") return "chemin-inconnu";
      if (segment.startsWith(":")) return "00000000-0000-4000-8000-000000000000";
      return segment;
    })
    .join("/")}`;
}

async function statusOf(run: () => Promise<unknown>): Promise<number> {
  return (await routeOutcome(run)).status;
}

type RouteModule = {
  loader?: (args: unknown) => Promise<unknown>;
  action?: (args: unknown) => Promise<unknown>;
  handle?: { permission?: unknown };
  default?: unknown;
};

const all = flatten(routes);
const erpRoutes = all.filter(
  (r) => r.path === "erp" || r.path.startsWith("erp/") || r.path.startsWith("api/erp/"),
);

let database: TestDatabase;
let services: AppServices;
let staffCookie: string;
let ownerCookie: string;
let workerCookie: string;

beforeAll(async () => {
  database = await createTestDatabase();
  services = staffTestServices(database);
  staffCookie = (await signedInStaff(services, "staff")).cookie;
  ownerCookie = (await signedInStaff(services, "owner")).cookie;
  workerCookie = (await signedInStaff(services, "compagnon")).cookie;
});
afterAll(async () => {
  await database.cleanup();
});

async function load(file: string): Promise<RouteModule> {
  return (await import(pathToFileURL(path.resolve("app", file)).href)) as RouteModule;
}

function call(route: FlatRoute, handler: "loader" | "action", module: RouteModule, cookie?: string) {
  const fn = module[handler];
  if (!fn) throw new Error(`pas de ${handler}`);
  const params = Object.fromEntries(
    route.path
      .split("/")
      .filter((segment) => segment.startsWith(":") || segment === "*")
      .map((segment) =>
        segment === "*"
          ? ["*", "chemin-inconnu"]
          : [segment.slice(1), "00000000-0000-4000-8000-000000000000"],
      ),
  );
  const args = routeArgs(services, concretePath(route.path), {
    cookie,
    params,
    ...(handler === "action" ? { form: { intent: "note", note: "x" } } : {}),
  });
  return () => fn({ ...args, unstable_pattern: `/${route.path}` });
}

/** The access a route declares in its handle (app/lib/permissions.ts), checked to be one. */
function accessOf(module: RouteModule): RouteAccess {
  const access = module.handle?.permission;
  if (!isRouteAccess(access)) throw new Error(`handle.permission absent ou inconnu : ${String(access)}`);
  return access;
}

describe("route table walk: every Espace Pro route checks the session on the server", () => {
  it("finds the Espace Pro routes in app/routes.ts", () => {
    const paths = erpRoutes.map((r) => r.path);
    for (const expected of [
      "erp",
      "erp/leads",
      "erp/leads/:id",
      "erp/devis",
      "erp/temps",
      "erp/boutique",
      "erp/boutique/commandes",
      "erp/boutique/commandes/:id",
      "api/erp/leads/export.csv",
    ]) {
      expect(paths).toContain(expected);
    }
    // The layout (whose loader guards the frame) is walked too.
    expect(erpRoutes.map((r) => r.file)).toContain("routes/erp/layout.tsx");
    expect(erpRoutes.length).toBeGreaterThanOrEqual(16);
  });

  for (const route of erpRoutes) {
    if (PUBLIC_ERP_ROUTES[route.path]) continue;

    describe(`/${route.path} (${route.file}, ${route.id})`, () => {
      it("has a server loader (so the page is never served without a check)", async () => {
        const module = await load(route.file);
        expect(typeof module.loader).toBe("function");
      });

      it("answers 401 without a session, in its loader and its action", async () => {
        const module = await load(route.file);
        expect(await statusOf(call(route, "loader", module))).toBe(401);
        if (module.action) expect(await statusOf(call(route, "action", module))).toBe(401);
      });

      it("answers 401 to a forged session cookie", async () => {
        const module = await load(route.file);
        expect(
          await statusOf(call(route, "loader", module, "batirade.session_token=inventé.signature")),
        ).toBe(401);
      });

      it("declares the permission it needs in its handle", async () => {
        expect(isRouteAccess((await load(route.file)).handle?.permission)).toBe(true);
      });

      it("lets a role with the permission in, and answers 403 to a role without it", async () => {
        const module = await load(route.file);
        const access = accessOf(module);
        expect(await statusOf(call(route, "loader", module, ownerCookie))).not.toBeOneOf([401, 403]);
        const staffStatus = await statusOf(call(route, "loader", module, staffCookie));
        if (hasPermission("staff", access)) {
          expect(staffStatus).not.toBeOneOf([401, 403]);
        } else {
          expect(staffStatus).toBe(403);
          if (module.action) expect(await statusOf(call(route, "action", module, staffCookie))).toBe(403);
        }
      });

      it("answers 403 to a site worker (compagnon) everywhere but their own pages", async () => {
        const module = await load(route.file);
        const access = accessOf(module);
        const loaderStatus = await statusOf(call(route, "loader", module, workerCookie));
        if (route.file === "routes/erp/dashboard.tsx") {
          // The office's home sends a worker to their sites, showing nothing.
          expect(loaderStatus).toBe(302);
        } else if (hasPermission("compagnon", access)) {
          expect(loaderStatus).not.toBeOneOf([401, 403]);
        } else {
          expect(loaderStatus).toBe(403);
        }
        if (module.action && !hasPermission("compagnon", access)) {
          expect(await statusOf(call(route, "action", module, workerCookie))).toBe(403);
        }
      });

      it("checks the permission in its loader and its action, not only in the menu", async () => {
        const module = await load(route.file);
        if (accessOf(module) === "session" || accessOf(module) === "terrain") return;
        // Staff lose every permission for this check: the route must now refuse them.
        const saved = new Set(ROLE_PERMISSIONS.staff);
        ROLE_PERMISSIONS.staff.clear();
        try {
          expect(await statusOf(call(route, "loader", module, staffCookie))).toBe(403);
          if (module.action) expect(await statusOf(call(route, "action", module, staffCookie))).toBe(403);
        } finally {
          for (const permission of saved) ROLE_PERMISSIONS.staff.add(permission);
        }
      });
    });
  }

  it("keeps the exempted routes free of Espace Pro data", async () => {
    // Data only the Espace Pro shows: a client and the signed-in member's address.
    const marker = `Client-témoin-${Date.now()}`;
    await insertClient(services.db, { name: marker, email: `${marker.toLowerCase()}@example.fr` });
    const member = await signedInStaff(services, "owner", `exempt-${Date.now()}@batirade.test`);
    const exempted = erpRoutes.filter((route) => PUBLIC_ERP_ROUTES[route.path]);
    expect(exempted.map((route) => route.path).sort()).toEqual(Object.keys(PUBLIC_ERP_ROUTES).sort());
    for (const route of exempted) {
      const module = await load(route.file);
      for (const handler of ["loader", "action"] as const) {
        if (!module[handler]) continue;
        for (const cookie of [undefined, member.cookie]) {
          const label = `${handler} de /${route.path} ${cookie ? "avec" : "sans"} session`;
          const outcome = await routeOutcome(call(route, handler, module, cookie));
          expect(outcome.status, label).toBeLessThan(500);
          const body = outcome.data instanceof Response ? await outcome.data.clone().text() : outcome.data;
          const answer = JSON.stringify({ body: body ?? null, location: outcome.headers.get("location") });
          expect(answer, label).not.toContain(marker);
          expect(answer, label).not.toContain(member.email);
          expect(answer, label).not.toContain(member.userId);
        }
      }
    }
    // The sign-in page gets back only where to go after signing in.
    const login = await load("routes/erp/login.tsx");
    const result = (await login.loader?.({
      request: new Request("http://localhost/erp/login?redirectTo=/erp/leads"),
      params: {},
      context: routerContext(services),
      unstable_pattern: "/erp/login",
    })) as { data: unknown };
    expect(result.data).toEqual({ redirectTo: "/erp/leads" });
  });
});
