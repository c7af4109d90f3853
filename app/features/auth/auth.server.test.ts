import { eq } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { authSessions, authUsers } from "#app/db/schema/auth.ts";
import { routerContext } from "#tests/helpers/services.ts";
import {
  cookieHeaderFrom,
  signedInStaff,
  staffTestDatabase,
  staffTestServices,
} from "#tests/helpers/staff.ts";
import {
  AccountError,
  createStaffAccount,
  endAccountSessions,
  listStaffAccounts,
  resetAccountPassword,
  setAccountDisabled,
} from "./accounts.server.ts";
import { SESSION_EXPIRES_IN_SECONDS } from "./auth.server.ts";
import {
  getStaffSession,
  requireOwner,
  requireStaff,
  type SignInResult,
  signInStaff,
  signOutStaff,
  staffSessionMiddleware,
} from "./session.server.ts";

const staff = staffTestDatabase();

const PASSWORD = "correct-horse-battery";

function request(cookie?: string, path = "/erp") {
  return new Request(`http://localhost${path}`, { headers: cookie ? { cookie } : {} });
}

function signIn(email: string, password: string, ip = "192.0.2.10"): Promise<SignInResult> {
  return signInStaff(
    new Request("http://localhost/erp/login", { method: "POST" }),
    routerContext(staff.services, ip),
    {
      email,
      password,
    },
  );
}

async function statusOf(promise: Promise<unknown>): Promise<number> {
  try {
    await promise;
    return 200;
  } catch (error) {
    if (error instanceof Response) return error.status;
    const init = (error as { init?: { status?: number } }).init;
    if (init?.status) return init.status;
    throw error;
  }
}

describe("staff accounts", () => {
  it("refuses a password under 12 characters and accepts one of 64 and more", async () => {
    await expect(
      createStaffAccount(staff.services, {
        email: "court@batirade.test",
        password: "a".repeat(11),
        role: "staff",
      }),
    ).rejects.toThrow("au moins 12 caractères");
    const long = "p".repeat(64);
    await createStaffAccount(staff.services, { email: "long@batirade.test", password: long, role: "staff" });
    expect((await signIn("long@batirade.test", long, "192.0.2.1")).ok).toBe(true);
    const longer = "q".repeat(128);
    await createStaffAccount(staff.services, {
      email: "plus-long@batirade.test",
      password: longer,
      role: "owner",
    });
    expect((await signIn("plus-long@batirade.test", longer, "192.0.2.1")).ok).toBe(true);
  });

  it("refuses a second account on the same e-mail, whatever its case, and a bad role", async () => {
    await createStaffAccount(staff.services, {
      email: "Double@Batirade.test",
      password: PASSWORD,
      role: "staff",
    });
    const error = await createStaffAccount(staff.services, {
      email: "double@batirade.test",
      password: PASSWORD,
      role: "staff",
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AccountError);
    expect((error as AccountError).status).toBe(409);
    await expect(
      createStaffAccount(staff.services, { email: "role@batirade.test", password: PASSWORD, role: "admin" }),
    ).rejects.toThrow("Le rôle doit être");
  });
});

describe("sign-in and sessions", () => {
  it("signs in with an HttpOnly, SameSite=Lax session cookie (not Secure on http) and a new session id each time", async () => {
    await createStaffAccount(staff.services, {
      email: "anne@batirade.test",
      password: PASSWORD,
      role: "owner",
    });
    const first = await signIn("ANNE@batirade.test", PASSWORD, "192.0.2.2");
    const second = await signIn("anne@batirade.test", PASSWORD, "192.0.2.2");
    if (!first.ok || !second.ok) throw new Error("connexion refusée");
    const sessionCookie = first.setCookies.find((c) => c.startsWith("batirade.session_token="));
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i);
    expect(sessionCookie).toMatch(`Max-Age=${SESSION_EXPIRES_IN_SECONDS}`);
    const hint = first.setCookies.find((c) => c.startsWith("erp_hint="));
    expect(hint).toMatch(/^erp_hint=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);

    const a = await getStaffSession(
      request(cookieHeaderFrom(first.setCookies)),
      routerContext(staff.services),
    );
    const b = await getStaffSession(
      request(cookieHeaderFrom(second.setCookies)),
      routerContext(staff.services),
    );
    expect(a?.user.email).toBe("anne@batirade.test");
    expect(a?.user.role).toBe("owner");
    expect(b?.user.id).toBe(a?.user.id);
    expect(a?.sessionId).not.toBe(b?.sessionId);
  });

  it("marks the session cookie Secure when the site is served over https", async () => {
    const secureServices = staffTestServices(staff.database, { SITE_URL: "https://www.batirade.test" });
    await createStaffAccount(secureServices, {
      email: "https@batirade.test",
      password: PASSWORD,
      role: "staff",
    });
    const result = await signInStaff(
      new Request("https://www.batirade.test/erp/login", { method: "POST" }),
      routerContext(secureServices, "192.0.2.3"),
      { email: "https@batirade.test", password: PASSWORD },
    );
    if (!result.ok) throw new Error("connexion refusée");
    const sessionCookie = result.setCookies.find((c) => c.includes("batirade.session_token="));
    expect(sessionCookie).toMatch(/^__Secure-batirade\.session_token=/);
    expect(sessionCookie).toMatch(/; Secure/i);
  });

  it("answers an unknown e-mail exactly as a wrong password", async () => {
    await createStaffAccount(staff.services, {
      email: "bruno@batirade.test",
      password: PASSWORD,
      role: "staff",
    });
    const wrong = await signIn("bruno@batirade.test", "mauvais-mot-de-passe", "192.0.2.4");
    const unknown = await signIn("personne@batirade.test", "mauvais-mot-de-passe", "192.0.2.4");
    expect(wrong).toEqual({ ok: false, reason: "invalid" });
    expect(unknown).toEqual(wrong);
  });

  it("counts only wrong attempts: right ones from a busy address are never refused", async () => {
    await createStaffAccount(staff.services, {
      email: "bureau@batirade.test",
      password: PASSWORD,
      role: "staff",
    });
    for (let attempt = 1; attempt <= 15; attempt++) {
      expect(
        (await signIn("bureau@batirade.test", PASSWORD, "203.0.113.80")).ok,
        `connexion ${attempt}`,
      ).toBe(true);
    }
  });

  it("sign-out ends the session on the server: the old cookie no longer opens anything", async () => {
    const { cookie } = await signedInStaff(staff.services);
    expect(await getStaffSession(request(cookie), routerContext(staff.services))).not.toBeNull();
    const cleared = await signOutStaff(request(cookie), routerContext(staff.services));
    expect(cleared.some((c) => /^batirade\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    expect(cleared.some((c) => /^erp_hint=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    // A browser that kept the cookie anyway is still signed out.
    expect(await getStaffSession(request(cookie), routerContext(staff.services))).toBeNull();
    expect(await statusOf(requireStaff(request(cookie), routerContext(staff.services)))).toBe(401);
  });

  it("a disabled account loses its sessions at once and can no longer sign in; enabled again, it can", async () => {
    const owner = await signedInStaff(staff.services, "owner");
    const member = await signedInStaff(staff.services, "staff", "denis@batirade.test");
    const second = await signIn("denis@batirade.test", "mot-de-passe-solide-2025", "192.0.2.20");
    if (!second.ok) throw new Error("connexion refusée");
    await setAccountDisabled(staff.services, owner.userId, member.userId, true);
    expect(await getStaffSession(request(member.cookie), routerContext(staff.services))).toBeNull();
    expect(
      await getStaffSession(request(cookieHeaderFrom(second.setCookies)), routerContext(staff.services)),
    ).toBeNull();
    expect(await signIn("denis@batirade.test", "mot-de-passe-solide-2025", "192.0.2.21")).toEqual({
      ok: false,
      reason: "invalid",
    });
    await setAccountDisabled(staff.services, owner.userId, member.userId, false);
    expect((await signIn("denis@batirade.test", "mot-de-passe-solide-2025", "192.0.2.21")).ok).toBe(true);
  });

  it("an owner cannot disable their own account", async () => {
    const owner = await signedInStaff(staff.services, "owner");
    await expect(setAccountDisabled(staff.services, owner.userId, owner.userId, true)).rejects.toThrow(
      "votre propre compte",
    );
  });

  it("a password reset by an owner ends the account's sessions and only the new password works", async () => {
    const member = await signedInStaff(staff.services, "staff", "emma@batirade.test");
    await expect(resetAccountPassword(staff.services, member.userId, "court")).rejects.toThrow("au moins 12");
    await resetAccountPassword(staff.services, member.userId, "nouveau-mot-de-passe-2025");
    expect(await getStaffSession(request(member.cookie), routerContext(staff.services))).toBeNull();
    expect((await signIn("emma@batirade.test", "mot-de-passe-solide-2025", "192.0.2.30")).ok).toBe(false);
    expect((await signIn("emma@batirade.test", "nouveau-mot-de-passe-2025", "192.0.2.31")).ok).toBe(true);
  });

  it("ending every session of an account signs out all its browsers", async () => {
    const member = await signedInStaff(staff.services, "staff", "fabien@batirade.test");
    const other = await signIn("fabien@batirade.test", "mot-de-passe-solide-2025", "192.0.2.40");
    if (!other.ok) throw new Error("connexion refusée");
    const before = (await listStaffAccounts(staff.services)).find((a) => a.id === member.userId);
    expect(before?.activeSessions).toBe(2);
    expect(await endAccountSessions(staff.services, member.userId)).toBe(2);
    expect(await getStaffSession(request(member.cookie), routerContext(staff.services))).toBeNull();
    expect(
      await getStaffSession(request(cookieHeaderFrom(other.setCookies)), routerContext(staff.services)),
    ).toBeNull();
  });

  it("401 without a session (JSON on data endpoints), 403 for staff on owner-only checks", async () => {
    expect(await statusOf(requireStaff(request(), routerContext(staff.services)))).toBe(401);
    const apiError = await requireStaff(
      request(undefined, "/api/erp/leads/export.csv"),
      routerContext(staff.services),
    ).catch((e: unknown) => e);
    expect(apiError).toBeInstanceOf(Response);
    expect((apiError as Response).status).toBe(401);
    expect(await (apiError as Response).json()).toEqual({
      message: "Connexion requise : veuillez vous connecter à l'Espace Pro.",
    });
    const member = await signedInStaff(staff.services, "staff");
    expect(await statusOf(requireStaff(request(member.cookie), routerContext(staff.services)))).toBe(200);
    expect(await statusOf(requireOwner(request(member.cookie), routerContext(staff.services)))).toBe(403);
    const owner = await signedInStaff(staff.services, "owner");
    expect(await statusOf(requireOwner(request(owner.cookie), routerContext(staff.services)))).toBe(200);
    // A forged cookie is no session.
    expect(
      await statusOf(requireStaff(request("batirade.session_token=abc.def"), routerContext(staff.services))),
    ).toBe(401);
  });
});

describe("session lifetime", () => {
  async function runMiddleware(
    cookie: string,
  ): Promise<{ response: Response; context: RouterContextProvider }> {
    const context = routerContext(staff.services);
    const response = await staffSessionMiddleware(
      { request: request(cookie), context, params: {}, unstable_pattern: "/erp" } as never,
      async () => new Response("ok"),
    );
    return { response: response as Response, context };
  }

  it("a session in use is renewed for another working week, with a renewed cookie", async () => {
    const member = await signedInStaff(staff.services);
    // As if it was last renewed two hours ago.
    const [row] = await staff.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() + (SESSION_EXPIRES_IN_SECONDS - 2 * 3600) * 1000) })
      .where(eq(authSessions.userId, member.userId))
      .returning();
    const { response } = await runMiddleware(member.cookie);
    const cookies = response.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith("batirade.session_token=") && /Max-Age=432000/.test(c))).toBe(
      true,
    );
    const [after] = await staff.database.db
      .select()
      .from(authSessions)
      .where(eq(authSessions.id, row?.id ?? ""));
    expect(after?.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_EXPIRES_IN_SECONDS - 60) * 1000);
  });

  it("a session unused for a working week is over, and the hint cookie is cleared", async () => {
    const member = await signedInStaff(staff.services);
    await staff.database.db
      .update(authSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authSessions.userId, member.userId));
    const { response } = await runMiddleware(`${member.cookie}; erp_hint=1`);
    expect(await getStaffSession(request(member.cookie), routerContext(staff.services))).toBeNull();
    expect(response.headers.getSetCookie().some((c) => /^erp_hint=;/.test(c))).toBe(true);
  });

  it("a disabled flag set directly in the database is enough to refuse the session", async () => {
    const member = await signedInStaff(staff.services);
    await staff.database.db.update(authUsers).set({ disabled: true }).where(eq(authUsers.id, member.userId));
    expect(await getStaffSession(request(member.cookie), routerContext(staff.services))).toBeNull();
  });
});
