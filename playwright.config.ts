import { defineConfig, devices } from "@playwright/test";
import { e2eChromiumPath } from "./scripts/e2e-browser.ts";

const port = Number(process.env.E2E_PORT ?? 3210);
/** Loopback stand-in for the third-party trackers (tests/stubs/tracker-server.ts). */
export const trackerPort = Number(process.env.TRACKER_PORT ?? port + 89);
export const chromiumPath = e2eChromiumPath();

export default defineConfig({
  testDir: "./tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 60_000,
  expect: { timeout: 7_000 },
  outputDir: process.env.PW_OUTPUT_DIR ?? "test-results/e2e",
  reporter: [["list"], ["json", { outputFile: process.env.PW_JSON_REPORT ?? "test-results/e2e.json" }]],
  use: {
    baseURL: `http://localhost:${port}`,
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      // Closed network: keep Chromium from calling home (see the machine notes).
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: [
    {
      command: "node tests/stubs/tracker-server.ts",
      url: `http://127.0.0.1:${trackerPort}/healthz`,
      reuseExistingServer: false,
      timeout: 30_000,
      stdout: "ignore",
      env: { TRACKER_PORT: String(trackerPort) },
    },
    {
      command: "node scripts/e2e-server.ts",
      url: `http://localhost:${port}/healthz`,
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "ignore",
      stderr: "pipe",
      // Both trackers configured (pointed at the loopback stand-in): the consent
      // tests prove nothing loads before « Accepter » even so.
      env: {
        PORT: String(port),
        LOG_LEVEL: "warn",
        // Every test submits from the same loopback address; the limit itself is
        // covered by the integration tests (tests/integration/quote*.test.ts).
        QUOTE_RATE_LIMIT: "1000",
        // Nothing listens there: the geocoding service is « unreachable », never the real one.
        GEOCODING_URL: "http://127.0.0.1:9",
        TIKTOK_PIXEL_ID: "CTESTPIXEL01",
        TIKTOK_PIXEL_ORIGIN: `http://127.0.0.1:${trackerPort}`,
        TRACKING_SCRIPT_URL: `http://127.0.0.1:${trackerPort}/tracker.js`,
      },
    },
  ],
});
