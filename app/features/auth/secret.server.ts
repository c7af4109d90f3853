import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Env, EnvError } from "#app/config/env.server.ts";

export const AUTH_SECRET_FILE = "auth-secret";

/** A site served from this machine only (development, the end-to-end tests, `npm start` on a laptop). */
function isLocalSite(siteUrl: string): boolean {
  const host = new URL(siteUrl).hostname;
  return host === "localhost" || host === "127.0.0.1" || host === "[::1]" || host.endsWith(".localhost");
}

/**
 * The secret that signs session cookies: AUTH_SECRET when set; otherwise one generated
 * once and kept in DATA_DIR/auth-secret (0600), so sessions survive a restart. A public
 * production site (NODE_ENV=production on a non-local SITE_URL) must set AUTH_SECRET,
 * unless such a generated secret already exists in DATA_DIR: start-up stops otherwise.
 */
export function resolveAuthSecret(env: Env): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, AUTH_SECRET_FILE);
  if (existsSync(file)) return readSecretFile(file);
  if (env.NODE_ENV === "production" && !isLocalSite(env.SITE_URL)) {
    throw new EnvError([
      "AUTH_SECRET : obligatoire en production (au moins 32 caractères, par exemple `openssl rand -base64 32`).",
    ]);
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  try {
    // "wx": two processes starting together keep the first secret written.
    writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readSecretFile(file);
  }
  chmodSync(file, 0o600);
  return secret;
}

function readSecretFile(file: string): string {
  const secret = readFileSync(file, "utf8").trim();
  if (secret.length < 32) {
    throw new EnvError([`${file} : le secret de session doit contenir au moins 32 caractères.`]);
  }
  return secret;
}
