import { APIError, BASE_ERROR_CODES, betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { eq } from "drizzle-orm";
import type { Logger } from "pino";
import type { Env } from "#app/config/env.server.ts";
import type { Database } from "#app/db/client.server.ts";
import {
  authAccounts,
  authRateLimits,
  authSessions,
  authUsers,
  authVerifications,
} from "#app/db/schema/auth.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import type { DelayRule } from "./rate-limit.server.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./schema.ts";
import { resolveAuthSecret } from "./secret.server.ts";

/** A working week: a session unused for this long is over. */
export const SESSION_EXPIRES_IN_SECONDS = 5 * 24 * 60 * 60;
/** A session in use has its end pushed back at most once an hour (one write per hour, not per page). */
export const SESSION_UPDATE_AGE_SECONDS = 60 * 60;
/**
 * Wrong sign-in attempts of one account from one address (`signInStaff`): five are free,
 * then each further attempt waits 1 s, 2 s, 4 s … after the last failure, at most 15
 * minutes. A success from that address clears them; they are forgotten after a day (the
 * retention purge of `rate_limit_hits` keeps a day too). There is no limit per account
 * alone, so an attacker elsewhere never locks the owner out.
 */
export const SIGN_IN_PAIR_RULE: DelayRule = {
  freeFailures: 5,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};
/**
 * Wrong sign-in attempts from one address, whatever the account (spraying many accounts,
 * or an office behind one address): twenty are free, then the same doubling delay. A
 * success does not clear them, or one known account would wash an attacker's address.
 */
export const SIGN_IN_ADDRESS_RULE: DelayRule = {
  freeFailures: 20,
  firstDelaySeconds: 1,
  maxDelaySeconds: 15 * 60,
  memorySeconds: 24 * 60 * 60,
};
/**
 * The client address as the server saw it (server/app.ts, TRUST_PROXY-aware). The Hono
 * mount sets it on every request it hands to better-auth, after dropping any value the
 * client sent; loaders and actions set it from the router context.
 */
export const CLIENT_IP_HEADER = "x-batirade-client-ip";
export const COOKIE_PREFIX = "batirade";
export const AUTH_BASE_PATH = "/api/auth";

/** better-auth's tables, keyed by its model names (see app/db/schema/auth.ts). */
const authSchema = {
  user: authUsers,
  session: authSessions,
  account: authAccounts,
  verification: authVerifications,
  rateLimit: authRateLimits,
};

function createStaffAuth(db: Database, env: Env, logger: Logger) {
  return betterAuth({
    appName: "Espace Pro",
    baseURL: env.SITE_URL,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(env),
    database: drizzleAdapter(db, { provider: "pg", schema: authSchema }),
    telemetry: { enabled: false },
    emailAndPassword: {
      enabled: true,
      // Accounts come from `npm run user:create` and from owners, never from the public.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
    },
    disabledPaths: [
      "/sign-up/email",
      "/update-user",
      "/delete-user",
      "/change-email",
      "/request-password-reset",
      "/reset-password",
      "/verify-email",
      "/send-verification-email",
    ],
    user: {
      additionalFields: {
        role: { type: "string", required: true, defaultValue: "staff", input: false },
        disabled: { type: "boolean", required: true, defaultValue: false, input: false },
      },
    },
    session: {
      expiresIn: SESSION_EXPIRES_IN_SECONDS,
      updateAge: SESSION_UPDATE_AGE_SECONDS,
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 60,
      // Sign-in is slowed down per account and address, and per address, by
      // `signInStaff` (session.server.ts), the only way in, and a wrong current password
      // at /change-password counts the same way (http.server.ts); the built-in
      // per-address rule would otherwise refuse the 4th attempt in 10 s, wrong or not,
      // and in English.
      customRules: { "/sign-in/email": false, "/change-password": false },
    },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: env.SITE_URL.startsWith("https://"),
      defaultCookieAttributes: { sameSite: "lax", httpOnly: true, path: "/" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    logger: {
      // Not "warn": at warn, error or debug better-auth also prints every refused
      // request to the console itself (api/index.mjs, onError); at "info" it all comes here.
      level: "info",
      log: (level, message, ...args) => {
        const payload = args.length > 0 ? { details: args.map(String) } : {};
        logger[level]({ ...payload, module: "auth" }, message);
      },
    },
    databaseHooks: {
      session: {
        create: {
          // A disabled account gets the same answer as a wrong password.
          before: async (session) => {
            const [row] = await db
              .select({ disabled: authUsers.disabled })
              .from(authUsers)
              .where(eq(authUsers.id, session.userId));
            if (!row || row.disabled) {
              throw APIError.from("UNAUTHORIZED", BASE_ERROR_CODES.INVALID_EMAIL_OR_PASSWORD);
            }
          },
        },
      },
    },
  });
}

export type StaffAuth = ReturnType<typeof createStaffAuth>;

const instances = new WeakMap<Database, Map<string, StaffAuth>>();

/** The better-auth instance over the application's database (one per database and site). */
export function getStaffAuth(services: Pick<AppServices, "db" | "env" | "logger">): StaffAuth {
  let bySite = instances.get(services.db);
  if (!bySite) {
    bySite = new Map();
    instances.set(services.db, bySite);
  }
  const key = `${services.env.SITE_URL} ${services.env.AUTH_SECRET ?? ""}`;
  let auth = bySite.get(key);
  if (!auth) {
    auth = createStaffAuth(services.db, services.env, services.logger);
    bySite.set(key, auth);
  }
  return auth;
}
