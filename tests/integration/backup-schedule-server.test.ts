import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { ownerChecks } from "#app/db/schema/alerts.ts";
import { dailyJobRuns } from "#app/db/schema/jobs.ts";
import { verifyBackupArchive } from "#app/lib/backup/archive.server.ts";
import { freePort, waitForHealth } from "#tests/e2e/own-server.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";

// The server process starts the scheduled backup with its other daily jobs: a production
// server on a fresh data directory, its daily jobs' first run a second after start-up,
// makes one archive in BACKUP_DIR; SIGTERM stops the job with the others, and the database,
// reopened, holds the day's run and the last success.

let dataDir: string;
let backupDir: string;
let child: ChildProcess | undefined;
const output: string[] = [];

beforeAll(async () => {
  await loadServerBuild();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-sauvegarde-serveur-"));
  backupDir = path.join(dataDir, "archives");
}, 600_000);

afterAll(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Polls `check` until it holds or the deadline passes (what a slow machine needs, never asserted on time). */
async function until(check: () => boolean, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return check();
}

const archives = () =>
  (existsSync(backupDir) ? readdirSync(backupDir) : []).filter((name) => /\.tar$/.test(name));

describe("the server's daily jobs", () => {
  it("run the scheduled backup: one archive in BACKUP_DIR, the run and its success recorded, stopped on SIGTERM", async () => {
    const port = await freePort();
    child = spawn(process.execPath, ["server/index.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        BACKUP_DIR: backupDir,
        DAILY_JOBS_FIRST_RUN_SECONDS: "1",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => output.push(String(chunk)));
    child.stderr?.on("data", (chunk) => output.push(String(chunk)));
    await waitForHealth(`http://127.0.0.1:${port}/healthz`, child, output);

    const done = await until(() => output.join("").includes("sauvegarde automatique faite"), 120_000);
    expect(done, output.join("")).toBe(true);
    expect(archives()).toHaveLength(1);

    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    child.kill("SIGTERM");
    expect(await exited).toBe(0);

    const [name] = archives();
    const manifest = await verifyBackupArchive(path.join(backupDir, name ?? ""));
    expect(manifest.database.kind).toBe("pglite");

    const reopened = await openDatabase({ dataDir });
    try {
      const runs = await reopened.db.select().from(dailyJobRuns).where(eq(dailyJobRuns.job, "sauvegarde"));
      expect(runs).toHaveLength(1);
      expect(runs[0]?.finishedAt).not.toBeNull();
      const [check] = await reopened.db.select().from(ownerChecks).where(eq(ownerChecks.name, "sauvegarde"));
      expect(check?.lastSuccessDetail).toContain(name);
    } finally {
      await reopened.close();
    }
  }, 300_000);
});
