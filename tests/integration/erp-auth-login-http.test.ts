import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { addressBucket, pairKey } from "#app/features/auth/sign-in-limit.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { createApp } from "#server/app.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import type { TestDatabase } from "#tests/helpers/db.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { cookieHeaderFrom, openStaffTestServices } from "#tests/helpers/staff.ts";

// The /erp/login page and form through the real Hono server and the production build,
// as a browser without JavaScript uses them.

let database: TestDatabase;
let build: ServerBuild;
let clientDir: string;
let close: () => Promise<void>;
let services: AppServices;

const PASSWORD = "correct-horse-battery";

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  ({ database, services, close } = await openStaffTestServices("batirade-login-http-"));
  await createStaffAccount(services, { email: "gerant@batirade.test", password: PASSWORD, role: "owner" });
  await createStaffAccount(services, { email: "equipe@batirade.test", password: PASSWORD, role: "staff" });
}, 300_000);
afterAll(() => close());

const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

type LoginModule = { loader?: (args: unknown) => Promise<unknown> };

/** The /erp/login route module of the production build. */
function loginModule(): LoginModule {
  const route = build.routes["routes/erp/login"];
  if (!route) throw new Error("route /erp/login absente du build");
  return route.module as unknown as LoginModule;
}

function app() {
  return createApp({ services, build, clientDir });
}

function getLogin(query: string, ip = "192.0.2.10", cookie?: string) {
  return app().request(
    `/erp/login${query}`,
    { headers: { Accept: "text/html", ...(cookie ? { cookie } : {}) } },
    from(ip),
  );
}

function postLogin(fields: Record<string, string>, ip: string) {
  return app().request(
    "/erp/login",
    {
      method: "POST",
      body: new URLSearchParams(fields),
      headers: {
        "content-type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        "Sec-Fetch-Site": "same-origin",
        Accept: "text/html",
      },
    },
    from(ip),
  );
}

/** The redirectTo the sign-in form will post back. */
async function formTarget(response: Response): Promise<string | undefined> {
  const html = await response.text();
  return /name="redirectTo" value="([^"]*)"/.exec(html)?.[1];
}

describe("where /erp/login sends the browser", () => {
  it("never answers 500 to a redirectTo carrying a newline; the page's loader gives its form /erp", async () => {
    for (const query of ["?redirectTo=/erp/../%0a/x", "?redirectTo=/erp/leads%0d%0aSet-Cookie:x=1"]) {
      // The server's address guard may refuse the address itself (400) before the page.
      const response = await getLogin(query);
      expect(response.status, query).toBeLessThan(500);
      if (response.status === 200) expect(await formTarget(response)).toBe("/erp");
      // The page's own loader, from the production build, as the server calls it.
      const loaded = await loginModule().loader?.({
        request: new Request(`http://localhost/erp/login${query}`),
        params: {},
        context: routerContext(services, "192.0.2.10"),
      } as never);
      expect(loaded, query).toMatchObject({ data: { redirectTo: "/erp" } });
      expect((loaded as { init: ResponseInit | null }).init?.status ?? 200).toBe(200);
    }
    for (const query of ["?redirectTo=/erp/%2e%2e//evil.example", "?redirectTo=//evil.example/erp"]) {
      const response = await getLogin(query);
      expect(response.status, query).toBe(200);
      expect(await formTarget(response)).toBe("/erp");
    }
    const kept = await getLogin("?redirectTo=%2Ferp%2Fleads%3Fstatut%3Dnouveau");
    expect(kept.status).toBe(200);
    expect(await formTarget(kept)).toBe("/erp/leads?statut=nouveau");
  });

  it("sends a signed-in browser to /erp, not to another site nor a newline", async () => {
    const signIn = await postLogin(
      { email: "equipe@batirade.test", password: PASSWORD, redirectTo: "/erp" },
      "192.0.2.11",
    );
    const cookie = cookieHeaderFrom(signIn.headers.getSetCookie());
    expect(cookie).toContain("batirade.session_token=");
    for (const query of ["?redirectTo=//evil.example", "?redirectTo=/erp/..//evil.example"]) {
      const response = await getLogin(query, "192.0.2.11", cookie);
      expect(response.status, query).toBe(302);
      expect(response.headers.get("location")).toBe("/erp");
    }
    const thrown = await loginModule()
      .loader?.({
        request: new Request("http://localhost/erp/login?redirectTo=/erp/../%0a/x", { headers: { cookie } }),
        params: {},
        context: routerContext(services, "192.0.2.11"),
      } as never)
      .catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("location")).toBe("/erp");
  });

  it("after a successful sign-in, goes to /erp for a hostile redirectTo and to the page asked otherwise", async () => {
    for (const redirectTo of [
      "/erp/..//%09/evil.example",
      "/erp/../\n/x",
      "/erp/%2e%2e//evil.example",
      "//evil.example",
      "/\\evil.example",
      "https://evil.example/erp",
    ]) {
      const response = await postLogin(
        { email: "equipe@batirade.test", password: PASSWORD, redirectTo },
        "192.0.2.12",
      );
      expect([302, 303], JSON.stringify(redirectTo)).toContain(response.status);
      expect(response.headers.get("location"), JSON.stringify(redirectTo)).toBe("/erp");
      expect(response.headers.getSetCookie().some((c) => c.startsWith("batirade.session_token="))).toBe(true);
    }
    const asked = await postLogin(
      { email: "equipe@batirade.test", password: PASSWORD, redirectTo: "/erp/leads?statut=nouveau" },
      "192.0.2.12",
    );
    expect(asked.headers.get("location")).toBe("/erp/leads?statut=nouveau");
  });
});

describe("an attack on the owner's account", () => {
  it("gets the attacker's address 429 with Retry-After, while the owner signs in from elsewhere", async () => {
    const attacker = "203.0.113.66";
    const guess = (password: string) =>
      postLogin({ email: "gerant@batirade.test", password, redirectTo: "/erp" }, attacker);
    // The first five failures are free.
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await guess(`essai-${attempt}-xxxxxxxx`)).status, `essai ${attempt}`).toBe(401);
    }
    // Then each further attempt waits 1 s, 2 s, 4 s … after the last failure; a slow
    // machine may let one through before its delay is over, never many.
    let refused: Response | undefined;
    for (let attempt = 6; attempt <= 10 && !refused; attempt++) {
      const response = await guess(`essai-${attempt}-xxxxxxxx`);
      if (response.status === 429) refused = response;
      else expect(response.status, `essai ${attempt}`).toBe(401);
    }
    if (!refused) throw new Error("aucun refus 429");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(await refused.text()).toMatch(
      /Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes?\./,
    );
    // An attack that has gone on: ten more failures of this account from this address.
    const pair = pairKey("gerant@batirade.test", addressBucket(attacker));
    await database.db
      .insert(rateLimitHits)
      .values(Array.from({ length: 10 }, () => ({ key: pair, hitAt: new Date() })));
    // The right password from the attacker's address is not even checked now.
    const rightButLimited = await guess(PASSWORD);
    expect(rightButLimited.status).toBe(429);
    expect(Number(rightButLimited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect(rightButLimited.headers.getSetCookie().some((c) => c.startsWith("batirade.session_token="))).toBe(
      false,
    );

    // The owner, from another address, at the same moment.
    const owner = await postLogin(
      { email: "gerant@batirade.test", password: PASSWORD, redirectTo: "/erp/leads" },
      "192.0.2.200",
    );
    expect([302, 303]).toContain(owner.status);
    expect(owner.headers.get("location")).toBe("/erp/leads");
    const cookie = cookieHeaderFrom(owner.headers.getSetCookie());
    expect(cookie).toContain("batirade.session_token=");
    const session = await app().request(
      "/api/auth/get-session",
      { headers: { cookie } },
      from("192.0.2.200"),
    );
    expect((await session.json()).user.email).toBe("gerant@batirade.test");
  });
});
