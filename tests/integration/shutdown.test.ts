import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";

const PORT = 3291;
let child: ChildProcess | undefined;

beforeAll(async () => {
  await loadServerBuild();
}, 180_000);
afterEach(() => {
  if (child && child.exitCode === null) child.kill("SIGKILL");
});

async function waitForHealth(): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/healthz`)).ok) return;
    } catch {
      // still starting
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error("le serveur n'a pas démarré");
}

describe("server process", () => {
  it("stops taking requests on SIGTERM, finishes those in flight, closes the database and exits 0", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-shutdown-"));
    child = spawn(process.execPath, ["server/index.ts"], {
      env: {
        ...process.env,
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        LOG_LEVEL: "silent",
        NODE_ENV: "production",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout?.on("data", (chunk) => {
      output += chunk;
    });
    await waitForHealth();
    expect(output).toContain(`http://127.0.0.1:${PORT}`);

    const exited = new Promise<number | null>((resolve) => child?.once("exit", (code) => resolve(code)));
    // A request in flight when the signal arrives still gets its full answer.
    const inFlight = fetch(`http://127.0.0.1:${PORT}/faq`).then(async (response) => ({
      status: response.status,
      body: await response.text(),
    }));
    await new Promise((resolve) => setTimeout(resolve, 5));
    child.kill("SIGTERM");
    const answered = await inFlight;
    expect(answered.status).toBe(200);
    expect(answered.body).toContain("</html>");
    expect(await exited).toBe(0);

    // Closed cleanly: the embedded database opens again with its data.
    const reopened = await openDatabase({ dataDir });
    const rows = await reopened.db.execute("select count(*)::int as n from faq");
    await reopened.close();
    expect((rows as unknown as { rows: { n: number }[] }).rows[0]?.n).toBeGreaterThanOrEqual(8);
    await expect(fetch(`http://127.0.0.1:${PORT}/healthz`)).rejects.toThrow();
  }, 90_000);

  it("refuses to start with a list of every invalid variable", async () => {
    child = spawn(process.execPath, ["server/index.ts"], {
      env: { ...process.env, PORT: "pas-un-port", LOG_LEVEL: "bavard" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let errors = "";
    child.stderr?.on("data", (chunk) => {
      errors += chunk;
    });
    const code = await new Promise<number | null>((resolve) => child?.once("exit", (c) => resolve(c)));
    expect(code).toBe(1);
    expect(errors).toContain("Configuration invalide");
    expect(errors).toContain("PORT");
    expect(errors).toContain("LOG_LEVEL");
  }, 30_000);
});
