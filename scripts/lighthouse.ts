import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startProductionServer, stopServer } from "./bench-lib.ts";

/**
 * `npm run lighthouse`: starts the production server (building it when stale),
 * runs Lighthouse with its default mobile settings (simulated slow 4G, mid-range
 * phone) on the main public pages, and prints the four category scores with LCP,
 * TBT, CLS and the JavaScript bytes transferred. A benchmark, not a test: it
 * prints figures and fails only when a page cannot be audited.
 */

const port = Number(process.env.LIGHTHOUSE_PORT ?? 3330);
const chromePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const defaultPaths = [
  "/",
  "/services",
  "/services/renovation-toulon",
  "/realisations",
  "/a-propos",
  "/contact",
  "/faq",
];
// LIGHTHOUSE_PATHS="/,/contact" audits only those; LIGHTHOUSE_REPORT_DIR keeps each full JSON report.
const paths = process.env.LIGHTHOUSE_PATHS?.split(",").map((item) => item.trim()) ?? defaultPaths;
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR;
/**
 * Each page is audited LIGHTHOUSE_RUNS times (3 by default) and the table gives the
 * median of each figure over the runs (each run's figures are printed above it):
 * simulated metrics start from the observed trace, so one run on a shared machine
 * can be off by several points.
 */
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
/** A trace can come back broken (NO_NAVSTART, NO_FCP) on a busy machine: try again. */
const ATTEMPTS = 3;
const categories = ["performance", "accessibility", "best-practices", "seo"] as const;

type Row = {
  path: string;
  scores: Record<(typeof categories)[number], number | null>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  failing: string[];
};

type NetworkItem = { resourceType?: string; transferSize?: number };

function score(value: number | null | undefined): number | null {
  return typeof value === "number" ? Math.round(value * 100) : null;
}

async function audit(url: string, chromePort: number): Promise<Omit<Row, "path">> {
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...categories],
    // The full-page screenshot resizes the window to the whole page, which would
    // bring lazily loaded third-party content (the /contact map) into view.
    disableFullPageScreenshot: true,
  });
  if (!result) throw new Error(`Lighthouse n'a rien renvoyé pour ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url} : ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  if (reportDir) {
    mkdirSync(reportDir, { recursive: true });
    const name = new URL(url).pathname.replace(/^\/$/, "/accueil").slice(1).replaceAll("/", "_");
    writeFileSync(path.join(reportDir, `${name}.json`), JSON.stringify(lhr, null, 2));
  }
  const audits = lhr.audits;
  const items = ((audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ??
    []) as NetworkItem[];
  const jsBytes = items
    .filter((item) => item.resourceType === "Script")
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  // Audits that cost points, so a score under 100 says why.
  const failing = Object.values(lhr.categories).flatMap((category) =>
    category.auditRefs
      .filter((ref) => ref.weight > 0)
      .map((ref) => audits[ref.id])
      .filter((item) => item && item.score !== null && item.score < 0.9)
      .map((item) => `${category.id}/${item?.id} (${score(item?.score)})`),
  );
  return {
    scores: {
      performance: score(lhr.categories.performance?.score),
      accessibility: score(lhr.categories.accessibility?.score),
      "best-practices": score(lhr.categories["best-practices"]?.score),
      seo: score(lhr.categories.seo?.score),
    },
    fcpMs: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    lcpMs: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    tbtMs: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    jsBytes,
    failing,
  };
}

function printTable(rows: Row[]): void {
  const cell = (value: number | null) => (value === null ? "–" : String(value));
  console.log(
    "\n| page | performance | accessibilité | bonnes pratiques | SEO | FCP (ms) | LCP (ms) | TBT (ms) | CLS | JS transféré (Kio) |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const row of rows) {
    console.log(
      `| ${row.path} | ${cell(row.scores.performance)} | ${cell(row.scores.accessibility)} | ${cell(
        row.scores["best-practices"],
      )} | ${cell(row.scores.seo)} | ${Math.round(row.fcpMs)} | ${Math.round(row.lcpMs)} | ${Math.round(row.tbtMs)} | ${row.cls.toFixed(
        3,
      )} | ${(row.jsBytes / 1024).toFixed(1)} |`,
    );
  }
  const notes = rows.filter((row) => row.failing.length > 0);
  if (notes.length > 0) {
    console.log("\nAudits sous 90 :");
    for (const row of notes) console.log(`- ${row.path} : ${row.failing.join(", ")}`);
  }
}

const server = await startProductionServer(port);
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: [
      "--headless=new",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
    ],
  });
  const rows: Row[] = [];
  for (const pagePath of paths) {
    // localhost, not 127.0.0.1: the prerendered pages' canonical origin is http://localhost:PORT.
    const results: Omit<Row, "path">[] = [];
    for (let run = 0; run < runs; run += 1) {
      let row: Omit<Row, "path"> | undefined;
      for (let attempt = 1; !row; attempt += 1) {
        try {
          row = await audit(`http://localhost:${port}${pagePath}`, chrome.port);
        } catch (error) {
          if (attempt >= ATTEMPTS) throw error;
          console.warn(`${pagePath} : nouvel essai (${error instanceof Error ? error.message : error})`);
        }
      }
      results.push(row);
    }
    // Each figure is the median of its own runs (scores, LCP, JS bytes alike); the
    // failing audits are those of the run with the median performance score.
    const byScore = [...results].sort((a, b) => (a.scores.performance ?? 0) - (b.scores.performance ?? 0));
    const medianRun = byScore[Math.floor(byScore.length / 2)] as Omit<Row, "path">;
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const medianScore = (name: (typeof categories)[number]) => {
      const values = results.map((result) => result.scores[name]).filter((value) => value !== null);
      return values.length > 0 ? median(values) : null;
    };
    rows.push({
      path: pagePath,
      scores: Object.fromEntries(categories.map((name) => [name, medianScore(name)])) as Row["scores"],
      fcpMs: median(results.map((result) => result.fcpMs)),
      lcpMs: median(results.map((result) => result.lcpMs)),
      tbtMs: median(results.map((result) => result.tbtMs)),
      cls: median(results.map((result) => result.cls)),
      jsBytes: median(results.map((result) => result.jsBytes)),
      failing: medianRun.failing,
    });
    console.log(
      `${pagePath} : performance ${results.map((result) => result.scores.performance ?? "–").join(", ")} ; LCP ${results
        .map((result) => Math.round(result.lcpMs))
        .join(", ")} ms ; JS ${results.map((result) => (result.jsBytes / 1024).toFixed(1)).join(", ")} Kio`,
    );
  }
  printTable(rows);
} finally {
  chrome?.kill();
  await stopServer(server);
}
