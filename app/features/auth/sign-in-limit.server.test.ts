import { like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { authUsers } from "#app/db/schema/auth.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { staffTestDatabase, staffTestServices } from "#tests/helpers/staff.ts";
import { createStaffAccount, setAccountDisabled } from "./accounts.server.ts";
import { SIGN_IN_ADDRESS_RULE, SIGN_IN_PAIR_RULE } from "./auth.server.ts";
import { delayAfterFailures } from "./rate-limit.server.ts";
import { type SignInResult, signInStaff } from "./session.server.ts";
import { addressBucket } from "./sign-in-limit.server.ts";

const staff = staffTestDatabase();

const PASSWORD = "correct-horse-battery";
const WRONG = "mauvais-mot-de-passe";
const T0 = new Date("2031-03-10T08:00:00.000Z");
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

/** A staff account with the right password, PASSWORD. */
const createMember = (email: string) =>
  createStaffAccount(staff.services, { email, password: PASSWORD, role: "staff" });

function signIn(
  email: string,
  password: string,
  ip: string,
  now: Date,
  from: AppServices = staff.services,
  headers: Record<string, string> = {},
): Promise<SignInResult> {
  return signInStaff(
    new Request("http://localhost/erp/login", { method: "POST", headers }),
    routerContext(from, ip),
    { email, password },
    now,
  );
}

const invalid = { ok: false, reason: "invalid" };
const limited = (retryAfterSeconds: number) => ({ ok: false, reason: "rate-limited", retryAfterSeconds });

describe("the delay rule", () => {
  it("is free for the first five failures of a pair, then 1 s, 2 s, 4 s … capped at 15 minutes", () => {
    expect([0, 1, 4].map((n) => delayAfterFailures(n, SIGN_IN_PAIR_RULE))).toEqual([0, 0, 0]);
    expect([5, 6, 7, 8, 14].map((n) => delayAfterFailures(n, SIGN_IN_PAIR_RULE))).toEqual([1, 2, 4, 8, 512]);
    expect(delayAfterFailures(15, SIGN_IN_PAIR_RULE)).toBe(900);
    expect(delayAfterFailures(10_000, SIGN_IN_PAIR_RULE)).toBe(900);
    expect(delayAfterFailures(19, SIGN_IN_ADDRESS_RULE)).toBe(0);
    expect(delayAfterFailures(20, SIGN_IN_ADDRESS_RULE)).toBe(1);
  });

  it("counts an IPv6 host by its /64 and an IPv4-mapped address as its IPv4", () => {
    expect(addressBucket("203.0.113.5")).toBe("203.0.113.5");
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("2001:0DB8:0001:0002:ffff:ffff:ffff:fffe")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("[2001:db8:1:2::9]")).toBe("2001:db8:1:2::/64");
    expect(addressBucket("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressBucket("inconnue")).toBe("inconnue");
  });
});

describe("wrong passwords slow down the attacker's address, never the owner elsewhere", () => {
  it("answers 'rate-limited' before the delay is over, and checks again once it is", async () => {
    await createMember("delai@batirade.test");
    const ip = "198.51.100.10";
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await signIn("delai@batirade.test", WRONG, ip, at(0)), `tentative ${attempt}`).toEqual(invalid);
    }
    expect(await signIn("delai@batirade.test", WRONG, ip, at(0))).toEqual(limited(1));
    expect(await signIn("delai@batirade.test", WRONG, ip, at(0.5))).toEqual(limited(1));
    expect(await signIn("delai@batirade.test", WRONG, ip, at(1))).toEqual(invalid);
    expect(await signIn("delai@batirade.test", WRONG, ip, at(1))).toEqual(limited(2));
    expect(await signIn("delai@batirade.test", WRONG, ip, at(3))).toEqual(invalid);
    expect(await signIn("delai@batirade.test", WRONG, ip, at(6.9))).toEqual(limited(1));
    expect(await signIn("delai@batirade.test", WRONG, ip, at(7))).toEqual(invalid);
    // Even the right password is not checked before the delay is over.
    expect(await signIn("delai@batirade.test", PASSWORD, ip, at(10))).toEqual(limited(5));
    // A refused attempt does not count: the delay is still 8 s after the last failure.
    const after = await signIn("delai@batirade.test", PASSWORD, ip, at(15));
    expect(after.ok).toBe(true);
  });

  it("caps the delay at 15 minutes however long the attack lasts", async () => {
    const ip = "198.51.100.11";
    let clock = 0;
    let last: SignInResult | undefined;
    for (let failure = 1; failure <= 25; failure++) {
      last = await signIn("plafond@batirade.test", WRONG, ip, at(clock));
      expect(last, `échec ${failure}`).toEqual(invalid);
      clock += delayAfterFailures(failure, SIGN_IN_PAIR_RULE);
    }
    expect(await signIn("plafond@batirade.test", WRONG, ip, at(clock - 900))).toEqual(limited(900));
    expect(await signIn("plafond@batirade.test", WRONG, ip, at(clock - 1))).toEqual(limited(1));
    expect(await signIn("plafond@batirade.test", WRONG, ip, at(clock))).toEqual(invalid);
  });

  it("lets the owner in with the right password from another address while the account is under attack", async () => {
    const created = await createStaffAccount(staff.services, {
      email: "gerant-cible@batirade.test",
      password: PASSWORD,
      role: "owner",
    });
    const attacker = "203.0.113.66";
    let clock = 0;
    for (let failure = 1; failure <= 12; failure++) {
      expect(
        await signIn("gerant-cible@batirade.test", `faux-${failure}-xxxxxxxx`, attacker, at(clock)),
      ).toEqual(invalid);
      clock += delayAfterFailures(failure, SIGN_IN_PAIR_RULE);
    }
    // The attacker hammers on: refused unchecked, right password or not.
    expect(await signIn("gerant-cible@batirade.test", WRONG, attacker, at(clock - 10))).toMatchObject({
      reason: "rate-limited",
    });
    expect(await signIn("gerant-cible@batirade.test", PASSWORD, attacker, at(clock - 10))).toMatchObject({
      reason: "rate-limited",
    });
    // The owner, from home, at the same moment: a typo is an ordinary failure, then in.
    const owner = "192.0.2.200";
    expect(await signIn("gerant-cible@batirade.test", WRONG, owner, at(clock - 10))).toEqual(invalid);
    const signedIn = await signIn("gerant-cible@batirade.test", PASSWORD, owner, at(clock - 9));
    expect(signedIn.ok).toBe(true);
    // Still in from another instance and another address, on the same database.
    const other = staffTestServices(staff.database, { SITE_URL: "http://127.0.0.1:4000" });
    expect(
      (await signIn("gerant-cible@batirade.test", PASSWORD, "192.0.2.201", at(clock - 8), other)).ok,
    ).toBe(true);
    expect(created.role).toBe("owner");
  });

  it("a success clears that pair's failures: the next typos are free again", async () => {
    await createMember("distrait@batirade.test");
    const ip = "198.51.100.12";
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn("distrait@batirade.test", WRONG, ip, at(0));
    }
    expect(await signIn("distrait@batirade.test", WRONG, ip, at(0))).toMatchObject({
      reason: "rate-limited",
    });
    expect((await signIn("distrait@batirade.test", PASSWORD, ip, at(1))).ok).toBe(true);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await signIn("distrait@batirade.test", WRONG, ip, at(2)), `tentative ${attempt}`).toEqual(
        invalid,
      );
    }
    expect(await signIn("distrait@batirade.test", WRONG, ip, at(2))).toEqual(limited(1));
  });

  it("forgets failures after a day", async () => {
    const ip = "198.51.100.13";
    for (let attempt = 1; attempt <= 5; attempt++) await signIn("oubli@batirade.test", WRONG, ip, at(0));
    expect(await signIn("oubli@batirade.test", WRONG, ip, at(0))).toEqual(limited(1));
    const nextDay = 24 * 60 * 60 + 1;
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await signIn("oubli@batirade.test", WRONG, ip, at(nextDay)), `tentative ${attempt}`).toEqual(
        invalid,
      );
    }
    expect(await signIn("oubli@batirade.test", WRONG, ip, at(nextDay))).toEqual(limited(1));
  });

  it("slows down an address spraying many accounts after 20 failures, not the other addresses", async () => {
    const sprayer = "203.0.113.77";
    await createMember("claire@batirade.test");
    for (let attempt = 1; attempt <= 20; attempt++) {
      const email = attempt === 7 ? "claire@batirade.test" : `inconnu${attempt}@batirade.test`;
      expect(await signIn(email, WRONG, sprayer, at(0)), `tentative ${attempt}`).toEqual(invalid);
    }
    expect(await signIn("autre@batirade.test", WRONG, sprayer, at(0))).toEqual(limited(1));
    expect(await signIn("claire@batirade.test", PASSWORD, sprayer, at(0))).toEqual(limited(1));
    expect((await signIn("claire@batirade.test", PASSWORD, "203.0.113.78", at(0))).ok).toBe(true);
    // A success from the spraying address does not wash it: the next failure doubles the delay.
    expect((await signIn("claire@batirade.test", PASSWORD, sprayer, at(1))).ok).toBe(true);
    expect(await signIn("autre@batirade.test", WRONG, sprayer, at(1))).toEqual(invalid);
    expect(await signIn("encore@batirade.test", WRONG, sprayer, at(1))).toEqual(limited(2));
  });

  it("counts an IPv6 attacker by its /64, whatever address of it each attempt uses", async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect(await signIn("v6@batirade.test", WRONG, `2001:db8:5:6::${attempt.toString(16)}`, at(0))).toEqual(
        invalid,
      );
    }
    expect(await signIn("v6@batirade.test", WRONG, "2001:db8:5:6:ffff::1", at(0))).toEqual(limited(1));
    expect(await signIn("v6@batirade.test", WRONG, "2001:db8:5:7::1", at(0))).toEqual(invalid);
  });

  it("takes the address from the server, not from headers the browser sends", async () => {
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn("forge@batirade.test", WRONG, "203.0.113.90", at(0), staff.services, {
        "x-batirade-client-ip": `10.1.0.${attempt}`,
        "x-forwarded-for": `10.2.0.${attempt}`,
      });
    }
    expect(
      await signIn("forge@batirade.test", WRONG, "203.0.113.90", at(0), staff.services, {
        "x-batirade-client-ip": "10.1.0.99",
        "x-forwarded-for": "10.2.0.99",
      }),
    ).toEqual(limited(1));
  });

  it("keeps the count in the database, so a second instance on the same database agrees", async () => {
    const other = staffTestServices(staff.database, { SITE_URL: "http://127.0.0.1:4000" });
    for (let attempt = 1; attempt <= 5; attempt++) {
      await signIn(
        "partage@batirade.test",
        WRONG,
        "203.0.113.50",
        at(0),
        attempt % 2 === 0 ? staff.services : other,
      );
    }
    expect(await signIn("partage@batirade.test", WRONG, "203.0.113.50", at(0), other)).toEqual(limited(1));
    expect(await signIn("partage@batirade.test", WRONG, "203.0.113.50", at(0), staff.services)).toEqual(
      limited(1),
    );
  });

  it("a burst of parallel wrong attempts gets exactly the five free checks", async () => {
    await createMember("rafale@batirade.test");
    const results = await Promise.all(
      Array.from({ length: 12 }, () => signIn("rafale@batirade.test", WRONG, "203.0.113.40", at(0))),
    );
    expect(results.filter((r) => !r.ok && r.reason === "invalid")).toHaveLength(5);
    expect(results.filter((r) => !r.ok && r.reason === "rate-limited")).toHaveLength(7);
  });

  it("answers an unknown e-mail, a wrong password and a disabled account alike, delay included", async () => {
    const owner = await createStaffAccount(staff.services, {
      email: "patronne@batirade.test",
      password: PASSWORD,
      role: "owner",
    });
    const member = await createMember("parti@batirade.test");
    await setAccountDisabled(staff.services, owner.id, member.id, true);
    await createMember("present@batirade.test");
    const answers = async (email: string, password: string, ip: string) => {
      const seen: SignInResult[] = [];
      for (let attempt = 1; attempt <= 7; attempt++) seen.push(await signIn(email, password, ip, at(0)));
      return seen;
    };
    const unknown = await answers("personne@batirade.test", WRONG, "192.0.2.71");
    const wrong = await answers("present@batirade.test", WRONG, "192.0.2.72");
    const disabled = await answers("parti@batirade.test", PASSWORD, "192.0.2.73");
    expect(unknown).toEqual([invalid, invalid, invalid, invalid, invalid, limited(1), limited(1)]);
    expect(wrong).toEqual(unknown);
    expect(disabled).toEqual(unknown);
  });

  it("stores no e-mail address in the counters", async () => {
    const rows = await staff.database.db.select({ key: rateLimitHits.key }).from(rateLimitHits);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.key.includes("@"))).toBe(false);
    const pairs = await staff.database.db
      .select({ key: rateLimitHits.key })
      .from(rateLimitHits)
      .where(like(rateLimitHits.key, "sign-in:pair:%"));
    expect(pairs.every((row) => /^sign-in:pair:[0-9a-f]{64}$/.test(row.key))).toBe(true);
    expect((await staff.database.db.select().from(authUsers)).length).toBeGreaterThan(0);
  });
});
