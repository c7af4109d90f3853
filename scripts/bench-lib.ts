import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import autocannon from "autocannon";

/** Starts the production server (building it if needed) on a fresh data directory. */
export async function startProductionServer(
  port: number,
  extraEnv: Record<string, string> = {},
): Promise<ChildProcess> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-bench-"));
  const child = spawn(process.execPath, ["scripts/e2e-server.ts"], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: "warn", ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté (code ${child.exitCode}).`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return child;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  child.kill("SIGTERM");
  throw new Error("Le serveur n'a pas démarré à temps.");
}

export async function stopServer(child: ChildProcess): Promise<void> {
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  child.kill("SIGTERM");
  await exited;
}

export type LoadResult = {
  label: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
};

export async function load(
  label: string,
  url: string,
  seconds = 10,
  connections = 20,
  acceptEncoding = "br, gzip",
): Promise<LoadResult> {
  const result = await autocannon({
    url,
    duration: seconds,
    connections,
    headers: { "accept-encoding": acceptEncoding },
  });
  return {
    label,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

export function printTable(rows: LoadResult[]): void {
  console.log("\n| cible | req/s | p50 (ms) | p99 (ms) | erreurs | non-2xx |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.errors} | ${row.non2xx} |`,
    );
  }
}
