import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAtColumn, textParent } from "./columns.ts";

// ─── Auth: staff accounts of the Espace Pro (better-auth, Drizzle adapter) ───────────
// Property names are better-auth's field names; the adapter addresses the tables by the
// keys of `authSchema` in app/features/auth/auth.server.ts. No public sign-up: rows are
// created by `npm run user:create` and by owners in the Espace Pro.

/** A staff member. `role`: 'owner' (everything, accounts included) or 'staff'. */
export const authUsers = pgTable("auth_users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  image: text("image"),
  createdAt: createdAtColumn(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  role: text("role").notNull().default("staff"),
  /** A disabled account cannot sign in and has no session left. */
  disabled: boolean("disabled").notNull().default(false),
});

/** A signed-in browser: the cookie holds the signed token. */
export const authSessions = pgTable(
  "auth_sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: textParent("user_id", () => authUsers.id, "cascade"),
  },
  (t) => [index("auth_sessions_user_id_idx").on(t.userId)],
);

/** Credentials of a user (provider 'credential': the scrypt password hash). */
export const authAccounts = pgTable(
  "auth_accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: textParent("user_id", () => authUsers.id, "cascade"),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("auth_accounts_user_id_idx").on(t.userId)],
);

/** One-time values (better-auth's verification table; unused flows stay empty). */
export const authVerifications = pgTable(
  "auth_verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestamp("updated_at", { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index("auth_verifications_identifier_idx").on(t.identifier)],
);

/** Rate-limit counters, in the database so several instances agree. */
export const authRateLimits = pgTable("auth_rate_limits", {
  id: text("id").primaryKey(),
  key: text("key").notNull().unique(),
  count: integer("count").notNull(),
  /** Milliseconds since the epoch. */
  lastRequest: bigint("last_request", { mode: "number" }).notNull(),
});
