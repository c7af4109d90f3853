import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { e2eChromiumPath } from "./e2e-browser.ts";

/**
 * `npm test`: lint, types, unit and integration tests, then the end-to-end
 * tests in Chromium. Ends with one summary line: "N passed, N failed".
 */
const ci = process.env.CI === "true" || process.env.CI === "1";
// One origin for the whole run, so the build made for the server tests is the one
// the end-to-end server uses (SITE_URL is baked into prerendered pages).
const e2ePort = process.env.E2E_PORT ?? "3210";
process.env.E2E_PORT = e2ePort;
process.env.SITE_URL ??= `http://localhost:${e2ePort}`;
const chromiumPath = e2eChromiumPath();
let failed = false;

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  const ok = result.status === 0;
  if (!ok) {
    console.error(`✗ ${label} : échec (code ${result.status ?? result.signal})`);
    failed = true;
  }
  return ok;
}

type Counts = { passed: number; failed: number; skipped: number };
const totals: Counts = { passed: 0, failed: 0, skipped: 0 };

function readVitest(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
}

function readPlaywright(file: string) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, "utf8")) as {
    stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  };
  totals.passed += report.stats.expected + report.stats.flaky;
  totals.failed += report.stats.unexpected;
  totals.skipped += report.stats.skipped;
}

mkdirSync("test-results", { recursive: true });
run("Lint et format (Biome)", "npx", ["biome", "ci", "."]);
run("Types (react-router typegen && tsc)", "npx", ["react-router", "typegen"]) && run("tsc", "npx", ["tsc"]);
// The server tests exercise the production build: build it once, first.
run("Build de production", "node", ["scripts/build.ts", "--if-stale"]);
run("Tests unitaires et d'intégration (Vitest)", "npx", [
  "vitest",
  "run",
  "--reporter=default",
  "--reporter=json",
  "--outputFile.json=test-results/vitest.json",
]);
readVitest("test-results/vitest.json");

if (existsSync(chromiumPath)) {
  run("Tests de bout en bout (Playwright + Chromium)", "npx", ["playwright", "test"], {
    CHROMIUM_PATH: chromiumPath,
  });
  readPlaywright("test-results/e2e.json");
} else if (ci) {
  console.error(`\n✗ Chromium introuvable (${chromiumPath}) : les tests navigateur sont obligatoires en CI.`);
  failed = true;
} else {
  console.warn(
    `\n!!!!! TESTS NAVIGATEUR IGNORÉS : Chromium introuvable (${chromiumPath}). Installez-le avec \`apt-get install chromium-headless-shell\` (ou \`chromium\`), ou indiquez CHROMIUM_PATH. !!!!!\n`,
  );
}

console.log(`\n${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(failed || totals.failed > 0 ? 1 : 0);
