import { boolean, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bigNumber, createdAtColumn, textParent, timestampTz } from "./columns.ts";

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
  updatedAt: timestampTz("updated_at")
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
    expiresAt: timestampTz("expires_at").notNull(),
    token: text("token").notNull().unique(),
    createdAt: createdAtColumn(),
    updatedAt: timestampTz("updated_at")
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
    accessTokenExpiresAt: timestampTz("access_token_expires_at"),
    refreshTokenExpiresAt: timestampTz("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAtColumn(),
    updatedAt: timestampTz("updated_at")
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
    expiresAt: timestampTz("expires_at").notNull(),
    createdAt: createdAtColumn(),
    updatedAt: timestampTz("updated_at")
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
  lastRequest: bigNumber("last_request").notNull(),
});
