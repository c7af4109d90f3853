import { randomBytes, timingSafeEqual } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

/**
 * An embedded PGlite database must be opened by one process only. A running server
 * announces itself in DATA_DIR/server.json (its pid, then its port and a random local
 * admin token, 0600) so `npm run user:create` goes through it instead of opening the
 * database a second time. The command line marks its own direct use of the database
 * with DATA_DIR/user-create.lock; each side writes its marker before reading the
 * other's, so they never both open the database.
 */
export const SERVER_INFO_FILE = "server.json";
export const CLI_LOCK_FILE = "user-create.lock";
export const LOCAL_ADMIN_PATH = "/internal/staff-users";

export type ServerInfo =
  | { pid: number; state: "starting" }
  | { pid: number; state: "ready"; port: number; token: string };

let token: string | undefined;

/** The random token of this process that the local admin endpoint accepts. */
export function localAdminToken(): string {
  token ??= randomBytes(32).toString("base64url");
  return token;
}

const LOOPBACK = new Set(["127.0.0.1", "::1", "::ffff:127.0.0.1"]);

/**
 * Who is calling a loopback-only admin endpoint: a command-line tool on this machine
 * holding our token ("ok"), a local caller with a wrong token ("bad-token"), or
 * anything else ("not-local": another address, or a request relayed by a proxy).
 */
export function checkLocalAdmin(
  remoteAddress: string | undefined,
  header: (name: string) => string | undefined,
): "ok" | "bad-token" | "not-local" {
  if (!LOOPBACK.has(remoteAddress ?? "")) return "not-local";
  if (header("x-forwarded-for") || header("forwarded")) return "not-local";
  const authorization = header("authorization") ?? "";
  const given = Buffer.from(authorization.startsWith("Bearer ") ? authorization.slice(7) : "");
  const expected = Buffer.from(localAdminToken());
  return given.length === expected.length && timingSafeEqual(given, expected) ? "ok" : "bad-token";
}

export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function infoPath(dataDir: string): string {
  return path.resolve(dataDir, SERVER_INFO_FILE);
}

function writeInfo(dataDir: string, info: ServerInfo): void {
  mkdirSync(path.resolve(dataDir), { recursive: true });
  writeFileSync(infoPath(dataDir), `${JSON.stringify(info)}\n`, { mode: 0o600 });
}

export function readServerInfo(dataDir: string): ServerInfo | null {
  try {
    const info = JSON.parse(readFileSync(infoPath(dataDir), "utf8")) as ServerInfo;
    return typeof info.pid === "number" ? info : null;
  } catch {
    return null;
  }
}

function readLockPid(dataDir: string): number | null {
  try {
    const pid = Number(readFileSync(path.resolve(dataDir, CLI_LOCK_FILE), "utf8").trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/**
 * Called by the server before it opens the database: announces it, then waits while
 * a `user:create` that opened the database directly finishes (a few seconds at most).
 */
export async function announceServerStarting(dataDir: string, waitMs = 60_000): Promise<void> {
  writeInfo(dataDir, { pid: process.pid, state: "starting" });
  const deadline = Date.now() + waitMs;
  for (;;) {
    const pid = readLockPid(dataDir);
    if (pid === null || !isProcessAlive(pid)) return;
    if (Date.now() > deadline) {
      throw new Error(`La commande user:create (pid ${pid}) utilise encore la base de données.`);
    }
    await sleep(100);
  }
}

/** Called once the server listens: the command line can now reach it. */
export function announceServerReady(dataDir: string, port: number): void {
  writeInfo(dataDir, { pid: process.pid, state: "ready", port, token: localAdminToken() });
}

/** Called when the server stops (only removes its own announcement). */
export function removeServerInfo(dataDir: string): void {
  const info = readServerInfo(dataDir);
  if (info && info.pid !== process.pid) return;
  rmSync(infoPath(dataDir), { force: true });
}

/** The command line's side: claims the data directory for a direct use, or says who holds it. */
export function claimDataDirForCli(
  dataDir: string,
): { claimed: true; release: () => void } | { claimed: false } {
  mkdirSync(path.resolve(dataDir), { recursive: true });
  const lock = path.resolve(dataDir, CLI_LOCK_FILE);
  const stalePid = readLockPid(dataDir);
  if (stalePid !== null && !isProcessAlive(stalePid)) rmSync(lock, { force: true });
  try {
    writeFileSync(lock, `${process.pid}\n`, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") {
      throw new Error("Une autre commande user:create est en cours sur ce dossier de données.");
    }
    throw error;
  }
  const release = () => rmSync(lock, { force: true });
  const info = readServerInfo(dataDir);
  if (info && isProcessAlive(info.pid)) {
    release();
    return { claimed: false };
  }
  if (info && existsSync(infoPath(dataDir))) rmSync(infoPath(dataDir), { force: true });
  return { claimed: true, release };
}
