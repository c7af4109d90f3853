import { and, asc, count, eq, gt } from "drizzle-orm";
import type { z } from "zod";
import { authAccounts, authSessions, authUsers } from "#app/db/schema/auth.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { getStaffAuth } from "./auth.server.ts";
import { newPasswordProblem } from "./password-rules.server.ts";
import { PasswordSchema, roleOf, StaffAccountSchema, type StaffRole } from "./schema.ts";

type AuthServices = Pick<AppServices, "db" | "env" | "logger">;

export class AccountError extends Error {
  readonly status: number;
  constructor(message: string, status = 400) {
    super(message);
    this.name = "AccountError";
    this.status = status;
  }
}

export type StaffAccount = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  disabled: boolean;
  createdAt: Date;
  activeSessions: number;
};

function firstIssue(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Données invalides.";
}

/** The e-mail and password sign-in of an account (better-auth's « credential » provider). */
function credentialAccount(userId: string, hash: string, now: Date) {
  return {
    id: crypto.randomUUID(),
    accountId: userId,
    providerId: "credential",
    userId,
    password: hash,
    createdAt: now,
    updatedAt: now,
  };
}

/**
 * Creates a staff account with an e-mail and password (the command line and owners use
 * it; there is no public sign-up). The password follows the rules of
 * `newPasswordProblem` and is hashed by better-auth (scrypt).
 */
export async function createStaffAccount(
  services: AuthServices,
  input: unknown,
): Promise<{ id: string; email: string; role: StaffRole }> {
  const parsed = StaffAccountSchema.safeParse(input);
  if (!parsed.success) throw new AccountError(firstIssue(parsed.error));
  const { email, password, role, name } = parsed.data;
  const problem = newPasswordProblem(password, email);
  if (problem) throw new AccountError(problem);
  const ctx = await getStaffAuth(services).$context;
  const existing = await ctx.internalAdapter.findUserByEmail(email);
  if (existing) throw new AccountError("Un compte existe déjà avec cette adresse e-mail.", 409);
  const hash = await ctx.password.hash(password);
  const id = await services.db.transaction(async (tx) => {
    const userId = crypto.randomUUID();
    const now = new Date();
    await tx.insert(authUsers).values({
      id: userId,
      email,
      name: name || email.split("@")[0] || email,
      emailVerified: true,
      role,
      disabled: false,
      createdAt: now,
      updatedAt: now,
    });
    await tx.insert(authAccounts).values(credentialAccount(userId, hash, now));
    return userId;
  });
  services.logger.info({ userId: id, role }, "compte Espace Pro créé");
  return { id, email, role };
}

/** Every account, owners first, then by e-mail, with its number of live sessions. */
export async function listStaffAccounts(services: AuthServices): Promise<StaffAccount[]> {
  const { db } = services;
  const live = db
    .select({ userId: authSessions.userId, n: count().as("n") })
    .from(authSessions)
    .where(gt(authSessions.expiresAt, new Date()))
    .groupBy(authSessions.userId)
    .as("live");
  const rows = await db
    .select({
      id: authUsers.id,
      email: authUsers.email,
      name: authUsers.name,
      role: authUsers.role,
      disabled: authUsers.disabled,
      createdAt: authUsers.createdAt,
      activeSessions: live.n,
    })
    .from(authUsers)
    .leftJoin(live, eq(live.userId, authUsers.id))
    .orderBy(asc(authUsers.role), asc(authUsers.email));
  return rows.map((row) => ({
    ...row,
    role: roleOf(row.role),
    activeSessions: Number(row.activeSessions ?? 0),
  }));
}

async function findAccount(services: AuthServices, userId: string) {
  const [row] = await services.db.select().from(authUsers).where(eq(authUsers.id, userId));
  if (!row) throw new AccountError("Ce compte n'existe pas.", 404);
  return row;
}

/** Ends every session of an account at once (its browsers are signed out on their next request). */
export async function endAccountSessions(services: AuthServices, userId: string): Promise<number> {
  await findAccount(services, userId);
  const deleted = await services.db
    .delete(authSessions)
    .where(eq(authSessions.userId, userId))
    .returning({ id: authSessions.id });
  return deleted.length;
}

/**
 * Disables (or enables again) an account. Disabling ends its sessions in the same
 * transaction, so no request made after it can use them.
 */
export async function setAccountDisabled(
  services: AuthServices,
  actorId: string,
  userId: string,
  disabled: boolean,
): Promise<void> {
  if (disabled && actorId === userId) {
    throw new AccountError("Vous ne pouvez pas désactiver votre propre compte.", 409);
  }
  await findAccount(services, userId);
  await services.db.transaction(async (tx) => {
    await tx.update(authUsers).set({ disabled, updatedAt: new Date() }).where(eq(authUsers.id, userId));
    if (disabled) await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
  services.logger.info({ userId, disabled, actorId }, "compte Espace Pro modifié");
}

/** Sets a new password chosen by an owner (same rules as any new password), and ends the account's sessions. */
export async function resetAccountPassword(
  services: AuthServices,
  userId: string,
  password: unknown,
): Promise<void> {
  const parsed = PasswordSchema.safeParse(password);
  if (!parsed.success) throw new AccountError(firstIssue(parsed.error));
  const account = await findAccount(services, userId);
  const problem = newPasswordProblem(parsed.data, account.email);
  if (problem) throw new AccountError(problem);
  const ctx = await getStaffAuth(services).$context;
  const hash = await ctx.password.hash(parsed.data);
  await services.db.transaction(async (tx) => {
    const updated = await tx
      .update(authAccounts)
      .set({ password: hash, updatedAt: new Date() })
      .where(and(eq(authAccounts.userId, userId), eq(authAccounts.providerId, "credential")))
      .returning({ id: authAccounts.id });
    if (updated.length === 0) {
      await tx.insert(authAccounts).values(credentialAccount(userId, hash, new Date()));
    }
    await tx.delete(authSessions).where(eq(authSessions.userId, userId));
  });
  services.logger.info({ userId }, "mot de passe Espace Pro réinitialisé");
}
