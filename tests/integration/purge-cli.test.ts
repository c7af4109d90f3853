import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { loadServerBuild } from "#tests/helpers/built-app.ts";

const PORT = 3292;
let server: ChildProcess | undefined;

beforeAll(async () => {
  await loadServerBuild();
}, 180_000);
afterEach(async () => {
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server?.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  }
});

function purge(dataDir: string, ...args: string[]) {
  return command("scripts/purge.ts", dataDir, ...args);
}

function command(script: string, dataDir: string, ...args: string[]) {
  return spawnSync(process.execPath, [script, ...args], {
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: "silent", DATABASE_URL: "" },
    encoding: "utf8",
    timeout: 60_000,
  });
}

/**
 * A request to the test's server. The commands run synchronously (spawnSync), so the
 * keep-alive socket of the previous request may have been closed by the server meanwhile
 * without this process noticing: such a stale socket is retried once, on a new one.
 */
async function local(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    const code = (error as { cause?: { code?: string } }).cause?.code;
    if (code !== "UND_ERR_SOCKET") throw error;
    return fetch(url, init);
  }
}

describe("npm run purge", () => {
  it("lists what would go with --dry-run, and purges without it, on a data directory no server holds", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-purge-"));
    const dry = purge(dataDir, "--dry-run");
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("Simulation");
    expect(dry.stdout).toContain("prospects sans suite");
    const real = purge(dataDir);
    expect(real.status).toBe(0);
    expect(real.stdout).toContain("Purge faite");
  }, 60_000);

  it("goes through the running server that holds the embedded database", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-purge-srv-"));
    server = spawn(process.execPath, ["server/index.ts"], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        DATABASE_URL: "",
      },
      stdio: "ignore",
    });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ok = await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      );
      if (ok) break;
      if (Date.now() > deadline) throw new Error("serveur non démarré");
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // Wait until the server has announced its port for local tools.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const dry = purge(dataDir, "--dry-run");
    expect(dry.stderr).toBe("");
    expect(dry.status).toBe(0);
    expect(dry.stdout).toContain("Simulation");
    // The server still answers: the database was not opened a second time.
    expect((await local(`http://127.0.0.1:${PORT}/faq`)).status).toBe(200);
    // And an outsider without the token is not let in.
    const forged = await local(`http://127.0.0.1:${PORT}/internal/retention`, {
      method: "POST",
      headers: { authorization: "Bearer faux" },
    });
    expect(forged.status).toBe(404);

    // The invoices' daily follow-up goes the same way, as of a given instant.
    const followUp = command("scripts/invoice-follow-up.ts", dataDir, "--at", "2031-03-02T09:00:00Z");
    expect(followUp.stderr).toBe("");
    expect(followUp.status).toBe(0);
    expect(followUp.stdout).toContain("Suivi des factures fait : 0 passée(s) « En retard », 0 relance(s)");
    const badDate = command("scripts/invoice-follow-up.ts", dataDir, "--at", "hier");
    expect(badDate.status).toBe(1);
    expect(badDate.stderr).toContain("Date invalide : hier.");
    const outsider = await local(`http://127.0.0.1:${PORT}/internal/invoice-follow-up`, {
      method: "POST",
      headers: { authorization: "Bearer faux" },
    });
    expect(outsider.status).toBe(404);

    // The integrity register's check too.
    const audit = command("scripts/audit-verify.ts", dataDir);
    expect(audit.stderr).toBe("");
    expect(audit.status).toBe(0);
    expect(audit.stdout).toBe("Registre intègre : 0 entrée, 0 fichier vérifié.\n");
    const auditOutsider = await local(`http://127.0.0.1:${PORT}/internal/audit-verify`, {
      method: "POST",
      headers: { authorization: "Bearer faux" },
    });
    expect(auditOutsider.status).toBe(404);
  }, 90_000);
});

describe("npm run invoices:follow-up", () => {
  it("runs the follow-up here on a data directory no server holds", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-suivi-"));
    const done = command("scripts/invoice-follow-up.ts", dataDir);
    expect(done.status).toBe(0);
    expect(done.stdout).toContain("Suivi des factures fait : 0 passée(s) « En retard »");
  }, 60_000);
});
