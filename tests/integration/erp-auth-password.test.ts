import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import {
  AccountError,
  createStaffAccount,
  resetAccountPassword,
} from "#app/features/auth/accounts.server.ts";
import { getStaffSession, signInStaff } from "#app/features/auth/session.server.ts";
import { addressBucket, pairKey } from "#app/features/auth/sign-in-limit.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import * as accountsRoute from "#app/routes/erp/comptes/index.tsx";
import { createApp } from "#server/app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { cookieHeaderFrom, signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The password rules wherever a password is set, and POST /api/auth/change-password
// through the real Hono server (requests under /api/auth never reach React Router).

let database: TestDatabase;
let services: AppServices;

beforeAll(async () => {
  database = await createTestDatabase();
  services = staffTestServices(database);
});
afterAll(async () => {
  await database.cleanup();
});

const COMMON = "Ce mot de passe est trop courant : choisissez-en un autre.";
const IS_EMAIL = "Le mot de passe ne peut pas être votre adresse e-mail.";
const BLANK = "Le mot de passe ne peut pas être composé uniquement d'espaces.";
const PASSWORD = "correct-horse-battery";

const noBuild = () => Promise.reject(new Error("pas de build dans ce test")) as Promise<ServerBuild>;
const from = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

async function browser(email: string, password: string, ip: string): Promise<string> {
  const result = await signInStaff(
    new Request("http://localhost/erp/login", { method: "POST" }),
    routerContext(services, ip),
    { email, password },
  );
  if (!result.ok) throw new Error(`connexion refusée : ${result.reason}`);
  return cookieHeaderFrom(result.setCookies);
}

function changePassword(cookie: string | undefined, body: unknown, ip = "192.0.2.150") {
  return createApp({ services, build: noBuild }).request(
    "/api/auth/change-password",
    {
      method: "POST",
      headers: {
        ...(cookie ? { cookie } : {}),
        origin: "http://localhost",
        "content-type": "application/json",
      },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    from(ip),
  );
}

const signedIn = async (cookie: string) =>
  (
    await getStaffSession(
      new Request("http://localhost/erp", { headers: { cookie } }),
      routerContext(services),
    )
  )?.user.email ?? null;

async function accountError(promise: Promise<unknown>): Promise<AccountError> {
  const error = await promise.catch((e: unknown) => e);
  if (!(error instanceof AccountError)) throw new Error(`pas d'AccountError : ${String(error)}`);
  return error;
}

describe("creating an account and an owner's reset refuse weak passwords, in French", () => {
  it("refuses a common password, the account's e-mail and blanks at creation", async () => {
    for (const [password, message] of [
      ["Password1234", COMMON],
      ["qwerty123456", COMMON],
      ["Nouveau.Compte@Batirade.test", IS_EMAIL],
      [" ".repeat(16), BLANK],
    ] as const) {
      const error = await accountError(
        createStaffAccount(services, { email: "nouveau.compte@batirade.test", password, role: "staff" }),
      );
      expect(error.message, password).toBe(message);
      expect(error.status).toBe(400);
    }
    await createStaffAccount(services, {
      email: "nouveau.compte@batirade.test",
      password: PASSWORD,
      role: "staff",
    });
  });

  it("refuses them at an owner's reset, and leaves the account's sessions open then", async () => {
    const member = await signedInStaff(services, "staff", "remise.a.zero.longue@batirade.test");
    for (const [password, message] of [
      ["iloveyou1234", COMMON],
      ["REMISE.A.ZERO.LONGUE@batirade.test", IS_EMAIL],
      ["remise.a.zero.longue", IS_EMAIL],
      ["\t".repeat(12), BLANK],
    ] as const) {
      expect((await accountError(resetAccountPassword(services, member.userId, password))).message).toBe(
        message,
      );
    }
    expect(await signedIn(member.cookie)).toBe("remise.a.zero.longue@batirade.test");
    // A good one still ends every session of the account.
    await resetAccountPassword(services, member.userId, "un-tout-autre-mot-de-passe");
    expect(await signedIn(member.cookie)).toBeNull();
  });

  it("the « Comptes de l'équipe » page answers 400 with the French message", async () => {
    const owner = await signedInStaff(services, "owner");
    const member = await signedInStaff(services, "staff");
    const post = (form: Record<string, string>) =>
      accountsRoute.action({
        request: new Request("http://localhost/erp/comptes", {
          method: "POST",
          headers: { cookie: owner.cookie },
          body: new URLSearchParams(form),
        }),
        params: {},
        context: routerContext(services),
      } as never) as Promise<{ data: unknown; init: ResponseInit | null }>;
    const created = await post({
      intent: "creer",
      email: "page@batirade.test",
      password: "Sunshine2025!",
      role: "staff",
    });
    expect(created.init?.status).toBe(400);
    // The refusal names its form (intent) so the page shows it in the right place.
    expect(created.data).toMatchObject({ ok: false, message: COMMON, intent: "creer" });
    const reset = await post({ intent: "mot-de-passe", userId: member.userId, password: "password1234" });
    expect(reset.init?.status).toBe(400);
    expect(reset.data).toMatchObject({
      ok: false,
      message: COMMON,
      intent: "mot-de-passe",
      userId: member.userId,
    });
    expect(await signedIn(member.cookie)).toBe(member.email);
  });
});

describe("POST /api/auth/change-password", () => {
  it("refuses a weak new password with 400 and a French message, changing nothing", async () => {
    await createStaffAccount(services, { email: "faible@batirade.test", password: PASSWORD, role: "staff" });
    const cookie = await browser("faible@batirade.test", PASSWORD, "192.0.2.151");
    const other = await browser("faible@batirade.test", PASSWORD, "192.0.2.152");
    for (const [newPassword, message] of [
      ["password1234", COMMON],
      ["FAIBLE@batirade.test", IS_EMAIL],
      [" ".repeat(12), BLANK],
      ["court", "Le mot de passe doit contenir au moins 12 caractères."],
    ] as const) {
      const response = await changePassword(cookie, { currentPassword: PASSWORD, newPassword });
      expect(response.status, newPassword).toBe(400);
      expect(response.headers.get("content-type")).toContain("application/json");
      expect(await response.json()).toEqual({ message });
    }
    expect(await signedIn(cookie)).toBe("faible@batirade.test");
    expect(await signedIn(other)).toBe("faible@batirade.test");
    expect(await browser("faible@batirade.test", PASSWORD, "192.0.2.153")).toContain(
      "batirade.session_token=",
    );
  });

  it("ends every other session of the account even when the body asks not to, and keeps this browser in", async () => {
    await createStaffAccount(services, { email: "change@batirade.test", password: PASSWORD, role: "staff" });
    const bystander = await signedInStaff(services, "staff");
    const here = await browser("change@batirade.test", PASSWORD, "192.0.2.160");
    const phone = await browser("change@batirade.test", PASSWORD, "192.0.2.161");
    const office = await browser("change@batirade.test", PASSWORD, "192.0.2.162");
    const response = await changePassword(
      here,
      { currentPassword: PASSWORD, newPassword: "nouvelle-phrase-de-passe-2031", revokeOtherSessions: false },
      "192.0.2.160",
    );
    expect(response.status).toBe(200);
    // The browser that changed it stays signed in, with the cookie it was given.
    const renewed = cookieHeaderFrom(response.headers.getSetCookie());
    expect(renewed).toContain("batirade.session_token=");
    expect(await signedIn(renewed)).toBe("change@batirade.test");
    expect(await signedIn(phone)).toBeNull();
    expect(await signedIn(office)).toBeNull();
    // Other accounts are untouched.
    expect(await signedIn(bystander.cookie)).toBe(bystander.email);
    // Only the new password opens the account.
    const old = await signInStaff(
      new Request("http://localhost/erp/login", { method: "POST" }),
      routerContext(services, "192.0.2.163"),
      { email: "change@batirade.test", password: PASSWORD },
    );
    expect(old).toEqual({ ok: false, reason: "invalid" });
    expect(await browser("change@batirade.test", "nouvelle-phrase-de-passe-2031", "192.0.2.164")).toContain(
      "batirade.session_token=",
    );
  });

  it("answers a wrong current password in French, and counts it as a failed sign-in", async () => {
    await createStaffAccount(services, { email: "devine@batirade.test", password: PASSWORD, role: "staff" });
    const ip = "192.0.2.170";
    const cookie = await browser("devine@batirade.test", PASSWORD, ip);
    const pair = pairKey("devine@batirade.test", addressBucket(ip));
    const failures = async () =>
      (await database.db.select().from(rateLimitHits).where(eq(rateLimitHits.key, pair))).length;
    for (let attempt = 1; attempt <= 3; attempt++) {
      const response = await changePassword(
        cookie,
        { currentPassword: `essai-${attempt}-xxxxxxx`, newPassword: "nouvelle-phrase-de-passe-2031" },
        ip,
      );
      expect(response.status, `essai ${attempt}`).toBe(400);
      expect(await response.json()).toEqual({ message: "Le mot de passe actuel est incorrect." });
    }
    expect(await failures()).toBe(3);
    // A guessing run that has gone on: nine more failures of this account from this address.
    await database.db
      .insert(rateLimitHits)
      .values(Array.from({ length: 9 }, () => ({ key: pair, hitAt: new Date() })));
    const limited = await changePassword(
      cookie,
      { currentPassword: PASSWORD, newPassword: "nouvelle-phrase-de-passe-2031" },
      ip,
    );
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(60);
    expect((await limited.json()).message).toMatch(
      /^Trop de tentatives de connexion\. Veuillez réessayer dans \d+ secondes\.$/,
    );
    // Not checked: the password did not change, and the session is still there.
    expect(await signedIn(cookie)).toBe("devine@batirade.test");
    expect(await browser("devine@batirade.test", PASSWORD, "192.0.2.171")).toContain(
      "batirade.session_token=",
    );
  });

  it("wants a session and a JSON body", async () => {
    const anonymous = await changePassword(undefined, {
      currentPassword: PASSWORD,
      newPassword: "nouvelle-phrase-de-passe-2031",
    });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({
      message: "Connexion requise : veuillez vous connecter à l'Espace Pro.",
    });
    const member = await signedInStaff(services, "staff");
    const garbage = await changePassword(member.cookie, "{pas du json");
    expect(garbage.status).toBe(400);
    expect(await garbage.json()).toEqual({ message: "Corps JSON invalide." });
  });
});
