import { type ChildProcess, execFile, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { type APIRequestContext, type Browser, chromium, type Page } from "@playwright/test";
import type { QuoteDraftInput, QuoteItemLineInput, QuoteLotInput } from "#app/features/quotes/content.ts";
import { build } from "./build.ts";
import { buildIsFresh } from "./build-stamp.ts";

/**
 * `npm run bench` (fourth part): does a 200-line quote stay fluid to edit? The production
 * server on a fresh data directory, an owner made with `scripts/user-create.ts`, a client
 * and a draft of 200 item lines over 5 lots made through the Espace Pro's own routes, then
 * the editor (/erp/devis/:id) in Chromium:
 *   - opening: navigation start → the last line's quantity shown with the totals (the
 *     server's HTML), then → the same once React has hydrated the page (interactive);
 *   - typing: 20 characters in the quantity of line 100, each from its key press to the
 *     lot's subtotal and the total TTC showing the new value (the DOM change, then the
 *     frame that shows it), with Chrome's long tasks meanwhile;
 *   - « Enregistrer »: the click → « Tout est enregistré »;
 *   - Alt+↓: the key press → the line one place lower, the focus still in it.
 * Times are taken inside the page (performance.now, a MutationObserver, then
 * requestAnimationFrame). The figures are printed, nothing is asserted.
 */

const LOTS = ["Démolition", "Maçonnerie", "Plâtrerie", "Carrelage", "Peinture"];
const LINES_PER_LOT = 40;
const LINE_COUNT = LOTS.length * LINES_PER_LOT;
/** Line 100 of 200: the 20th of the third lot. */
const TYPED_LINE = 100;
const TYPED_LOT = `lot${Math.ceil(TYPED_LINE / LINES_PER_LOT)}`;
const KEYSTROKES = 20;
const LOADS = 3;
const MOVES = 10;
const KEYSTROKE_AIM_MS = 50;
const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const run = promisify(execFile);

// ─── The build, the server, the account ─────────────────────────────────────────────

/**
 * Builds only when no fresh build is there, as scripts/e2e-server.ts does. The stamp
 * covers the origin baked into the prerendered pages, which this benchmark never reads:
 * a build fresh for `npm run bench`'s server (3310), the end-to-end tests' (3210) or
 * `npm start`'s (3000) will do, and a new one is made for `npm run bench`'s.
 */
function ensureBuild(): void {
  const siteUrl = process.env.SITE_URL;
  const benchOrigin = `http://localhost:${process.env.BENCH_PORT ?? 3310}`;
  const candidates = [siteUrl, benchOrigin, "http://localhost:3210", "http://localhost:3000"];
  try {
    for (const candidate of candidates) {
      if (!candidate) continue;
      process.env.SITE_URL = candidate;
      if (buildIsFresh()) return;
    }
    process.env.SITE_URL = siteUrl ?? benchOrigin;
    build();
  } finally {
    if (siteUrl === undefined) delete process.env.SITE_URL;
    else process.env.SITE_URL = siteUrl;
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

type BenchServer = { origin: string; dataDir: string; child: ChildProcess; output: string[] };

/** server/index.ts in production on loopback, on a free port and a fresh data directory. */
async function startServer(): Promise<BenchServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-bench-editeur-"));
  const output: string[] = [];
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      SITE_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const server = { origin, dataDir, child, output };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`Le serveur s'est arrêté (code ${child.exitCode}) :\n${output.join("")}`);
    }
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return server;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(server);
  throw new Error(`Le serveur n'a pas démarré à temps :\n${output.join("")}`);
}

async function stopServer(server: BenchServer): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    const exited = new Promise((resolve) => server.child.once("exit", resolve));
    server.child.kill("SIGTERM");
    await exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

type Account = { email: string; password: string };

/** An owner, through `scripts/user-create.ts`, which goes through the running server. */
async function createOwner(server: BenchServer): Promise<Account> {
  const account = {
    email: `banc-${randomBytes(4).toString("hex")}@batirade.test`,
    password: `mot-de-passe-${randomBytes(6).toString("hex")}`,
  };
  const { stdout } = await run(
    process.execPath,
    ["scripts/user-create.ts", "--email", account.email, "--password", account.password, "--role", "owner"],
    { env: { ...process.env, DATA_DIR: server.dataDir } },
  );
  if (!stdout.includes("via serveur")) throw new Error(`Compte non créé par le serveur : ${stdout}`);
  return account;
}

// ─── The 200-line quote, made through the Espace Pro's routes ───────────────────────

const UNITS = ["m²", "ml", "u", "forfait", "m³", "h"];

function benchLine(number: number): QuoteItemLineInput {
  const unit = UNITS[number % UNITS.length] ?? "u";
  return {
    id: `l${number}`,
    kind: "item",
    designation: `Ligne ${String(number).padStart(3, "0")} – fourniture et pose, finitions comprises`,
    description: number % 7 === 0 ? "Protection des sols, nettoyage du chantier en fin d'intervention." : "",
    unit,
    quantity: unit === "forfait" ? "1" : `${(number % 37) + 2},${number % 10}`,
    unitPriceHt: `${20 + (number % 83)},${String(number % 100).padStart(2, "0")}`,
    vatCode: number % 4 === 0 ? "20" : "10",
    optional: number % 25 === 13,
    libraryItemId: null,
    cost:
      number % 2 === 0 ? { labourHours: 500 + (number % 9) * 250, materialsCents: 900 + number * 7 } : null,
  };
}

function benchDraft(): QuoteDraftInput {
  const lots: QuoteLotInput[] = LOTS.map((title, lotIndex) => ({
    id: `lot${lotIndex + 1}`,
    title,
    lines: Array.from({ length: LINES_PER_LOT }, (_, index) =>
      benchLine(lotIndex * LINES_PER_LOT + index + 1),
    ),
  }));
  return {
    title: "Rénovation complète d'une maison de ville",
    description: "Démolition, maçonnerie, plâtrerie, carrelage et peinture, lot par lot ci-dessous.",
    site: { street: "14 avenue de la Mer", postalCode: "83130", city: "La Garde" },
    reverseCharge: false,
    offPremises: false,
    lots,
    discount: { kind: "", value: "" },
    travel: { amountHt: "", vatCode: "10" },
    terms: {
      validityDays: "30",
      startOn: "",
      duration: "8 semaines",
      deposit: { kind: "percent", value: "30" },
      depositSchedule: "30 % à la signature, le solde à la réception des travaux.",
      paymentTerms: "Paiement par virement à réception de facture.",
      paid: false,
      priceCents: "",
      noteToClient: "",
      retentionPercent: "",
      retentionBankGuarantee: false,
    },
  };
}

/** The path a redirect answer (302/303) leads to. */
function redirectPath(status: number, location: string | undefined, what: string): string {
  if (status < 300 || status >= 400 || !location)
    throw new Error(`${what} : réponse ${status} sans redirection.`);
  return new URL(location, "http://localhost").pathname;
}

/**
 * A client (POST /erp/clients/nouveau), its draft quote (POST /erp/devis/nouveau), then
 * the 200 lines saved as the editor saves them (POST /erp/devis/:id, intent « enregistrer »
 * over the revision the page shows). The browser's own cookies: it is signed in.
 */
async function createLongQuote(request: APIRequestContext, origin: string): Promise<string> {
  const client = await request.post(`${origin}/erp/clients/nouveau`, {
    form: {
      kind: "particulier",
      name: "Camille Rousseau",
      email: "camille.rousseau@example.fr",
      phone: "",
      billingStreet: "14 avenue de la Mer",
      billingPostalCode: "83130",
      billingCity: "La Garde",
    },
    maxRedirects: 0,
  });
  const clientPath = redirectPath(client.status(), client.headers().location, "Nouveau client");
  const clientId = clientPath.split("/").pop() ?? "";
  const quote = await request.post(`${origin}/erp/devis/nouveau`, { form: { clientId }, maxRedirects: 0 });
  const quotePath = redirectPath(quote.status(), quote.headers().location, "Nouveau devis");

  const html = await (await request.get(`${origin}${quotePath}`)).text();
  const revisionInput = /<input[^>]*name="revision"[^>]*>/.exec(html)?.[0] ?? "";
  const revision = /value="(\d+)"/.exec(revisionInput)?.[1];
  if (revision === undefined) throw new Error("Révision du brouillon introuvable dans la page.");
  const saved = await request.post(`${origin}${quotePath}`, {
    form: { intent: "enregistrer", revision, draft: JSON.stringify(benchDraft()) },
    maxRedirects: 0,
  });
  if (saved.status() !== 200) throw new Error(`Enregistrement des 200 lignes : réponse ${saved.status()}.`);
  return quotePath;
}

// ─── Inside the page ─────────────────────────────────────────────────────────────────

type Probe = { input: number; dom: number; frame: number };
type BenchApi = {
  longTasks: { start: number; duration: number }[];
  load: { shown?: number; interactive?: number };
  pending: Promise<Probe> | null;
  armKeystroke: (inputId: string, lotId: string, key: string) => void;
  armSave: () => void;
  armMove: (lineId: string) => void;
};
type BenchWindow = Window & { __bench: BenchApi };

/**
 * Installed before the page's own scripts (addInitScript, serialized: self-contained).
 * Collects Chrome's long tasks; on the quote's page, watches each frame for the opening;
 * and arms the probes: a probe starts at the awaited input event (its timestamp, taken
 * when the browser received it) and ends at the first DOM change after which `done()`
 * holds, then at the frame that shows it (requestAnimationFrame, then the task after it).
 */
function installBench({ quotePath, lastQuantityId }: { quotePath: string; lastQuantityId: string }) {
  const longTasks: BenchApi["longTasks"] = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        longTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  } catch {
    // no long-task timing in this browser
  }

  const lotSubtotal = (lotId: string) =>
    document.getElementById(`devis-lot-${lotId}`)?.querySelector("p strong")?.textContent ?? null;
  const totalTtc = () => {
    const totals = document.querySelector('section[aria-labelledby="devis-totaux-titre"]');
    const label = [...(totals?.querySelectorAll("dt") ?? [])].find((dt) => dt.textContent === "Total TTC");
    return label?.nextElementSibling?.textContent ?? null;
  };
  const saveBar = () => document.querySelector('button[aria-keyshortcuts="Control+S Meta+S"]')?.parentElement;
  const indexOf = (element: Element | null) =>
    element?.parentElement ? [...element.parentElement.children].indexOf(element) : -1;

  function arm(type: "keydown" | "click", key: string | null, done: () => boolean): Promise<Probe> {
    const probe = new Promise<Probe>((resolve, reject) => {
      let input = -1;
      const onInput = (event: Event) => {
        if (key !== null && (event as KeyboardEvent).key !== key) return;
        document.removeEventListener(type, onInput, true);
        const now = performance.now();
        input =
          event.timeStamp > 0 && event.timeStamp <= now && now - event.timeStamp < 1000
            ? event.timeStamp
            : now;
      };
      const timer = setTimeout(() => {
        observer.disconnect();
        reject(new Error(`Aucun changement attendu dans la page après « ${key ?? type} ».`));
      }, 20_000);
      const observer = new MutationObserver(() => {
        if (input < 0 || !done()) return;
        observer.disconnect();
        clearTimeout(timer);
        const dom = performance.now();
        requestAnimationFrame(() => {
          const channel = new MessageChannel();
          channel.port1.onmessage = () => resolve({ input, dom, frame: performance.now() });
          channel.port2.postMessage(null);
        });
      });
      document.addEventListener(type, onInput, true);
      observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    probe.catch(() => undefined);
    return probe;
  }

  const api: BenchApi = {
    longTasks,
    load: {},
    pending: null,
    armKeystroke(inputId, lotId, key) {
      const input = document.getElementById(inputId) as HTMLInputElement;
      input.focus();
      input.select();
      const subtotal = lotSubtotal(lotId);
      const ttc = totalTtc();
      api.pending = arm("keydown", key, () => lotSubtotal(lotId) !== subtotal && totalTtc() !== ttc);
    },
    armSave() {
      api.pending = arm("click", null, () =>
        Boolean(saveBar()?.textContent?.includes("Tout est enregistré")),
      );
    },
    armMove(lineId) {
      const rowId = `devis-ligne-${lineId}`;
      const from = indexOf(document.getElementById(rowId));
      api.pending = arm("keydown", "ArrowDown", () => {
        const row = document.getElementById(rowId);
        return indexOf(row) === from + 1 && Boolean(row?.contains(document.activeElement));
      });
    },
  };
  (window as unknown as BenchWindow).__bench = api;

  if (location.pathname !== quotePath) return;
  const tick = () => {
    const last = document.getElementById(lastQuantityId);
    const shown = Boolean(last?.checkVisibility()) && /€/.test(totalTtc() ?? "");
    if (shown && api.load.shown === undefined) api.load.shown = performance.now();
    if (shown && document.documentElement.hasAttribute("data-hydrated")) {
      api.load.interactive = performance.now();
      return;
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function probeDone(page: Page): Promise<Probe> {
  const probe = await page.evaluate(() => (window as unknown as BenchWindow).__bench.pending);
  if (!probe) throw new Error("Aucune mesure armée.");
  return probe;
}

async function longTasksBetween(page: Page, from: number, to: number) {
  const tasks = await page.evaluate(() => (window as unknown as BenchWindow).__bench.longTasks);
  const within = tasks.filter((task) => task.start >= from && task.start <= to);
  return { count: within.length, max: Math.max(0, ...within.map((task) => task.duration)) };
}

// ─── The measures ────────────────────────────────────────────────────────────────────

type Row = { label: string; samples: number[]; aim?: number };

async function signIn(page: Page, origin: string, account: Account): Promise<void> {
  await page.goto(`${origin}/erp/login`);
  await page.getByLabel("Identifiant (e-mail)").fill(account.email);
  await page.getByLabel("Mot de passe", { exact: true }).fill(account.password);
  await page.getByRole("button", { name: "Connexion" }).click();
  await page.getByRole("button", { name: "Déconnexion" }).waitFor({ timeout: 30_000 });
}

async function measureEditor(browser: Browser, origin: string, account: Account) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    locale: "fr-FR",
    timezoneId: "Europe/Paris",
  });
  try {
    const page = await context.newPage();
    await signIn(page, origin, account);
    const quotePath = await createLongQuote(context.request, origin);
    await context.addInitScript(installBench, {
      quotePath,
      lastQuantityId: `devis-ligne-l${LINE_COUNT}-quantity`,
    });

    // (a) Opening, LOADS times (the first with a cold cache).
    const shown: number[] = [];
    const interactive: number[] = [];
    let openingTasks = { count: 0, max: 0 };
    for (let load = 0; load < LOADS; load += 1) {
      await page.goto(`${origin}${quotePath}`, { waitUntil: "commit" });
      await page.waitForFunction(
        () => (window as unknown as BenchWindow).__bench?.load.interactive !== undefined,
        null,
        { timeout: 60_000, polling: 100 },
      );
      const times = await page.evaluate(() => (window as unknown as BenchWindow).__bench.load);
      shown.push(times.shown ?? Number.NaN);
      interactive.push(times.interactive ?? Number.NaN);
      if (load === 0) openingTasks = await longTasksBetween(page, 0, times.interactive ?? 0);
    }
    const rows = await page.locator('li[id^="devis-ligne-"]').count();
    if (rows !== LINE_COUNT) throw new Error(`${rows} lignes dans l'éditeur au lieu de ${LINE_COUNT}.`);

    // (b) 20 characters in the quantity of line 100: each typed over the field's content
    // (selected first, untimed), a different digit each time, so every one changes the figures.
    const quantityId = `devis-ligne-l${TYPED_LINE}-quantity`;
    await page.locator(`#${quantityId}`).scrollIntoViewIfNeeded();
    await page.waitForTimeout(500);
    const typedDom: number[] = [];
    const typedFrame: number[] = [];
    let typingFrom = Number.POSITIVE_INFINITY;
    let typingTo = 0;
    for (let stroke = 0; stroke < KEYSTROKES; stroke += 1) {
      const key = String((stroke % 9) + 1);
      await page.evaluate(
        ({ inputId, lotId, key }) =>
          (window as unknown as BenchWindow).__bench.armKeystroke(inputId, lotId, key),
        { inputId: quantityId, lotId: TYPED_LOT, key },
      );
      await page.keyboard.press(key);
      const probe = await probeDone(page);
      typedDom.push(probe.dom - probe.input);
      typedFrame.push(probe.frame - probe.input);
      typingFrom = Math.min(typingFrom, probe.input);
      typingTo = Math.max(typingTo, probe.frame);
    }
    const lastKey = String(((KEYSTROKES - 1) % 9) + 1);
    const typedValue = await page.locator(`#${quantityId}`).inputValue();
    if (typedValue !== lastKey) throw new Error(`Quantité de la ligne ${TYPED_LINE} : « ${typedValue} ».`);
    const typingTasks = await longTasksBetween(page, typingFrom, typingTo);

    // (c) « Enregistrer » → « Tout est enregistré ».
    const saves: number[] = [];
    const save = async () => {
      await page.evaluate(() => (window as unknown as BenchWindow).__bench.armSave());
      await page.getByRole("button", { name: "Enregistrer", exact: true }).click();
      const probe = await probeDone(page);
      saves.push(probe.frame - probe.input);
    };
    await save();

    // (d) Alt+↓ from the designation of line 100, MOVES times (the focus follows the line).
    await page.locator(`#devis-ligne-l${TYPED_LINE}-designation`).focus();
    await page.waitForTimeout(300);
    const moves: number[] = [];
    let movesFrom = Number.POSITIVE_INFINITY;
    let movesTo = 0;
    for (let move = 0; move < MOVES; move += 1) {
      await page.evaluate(
        (lineId) => (window as unknown as BenchWindow).__bench.armMove(lineId),
        `l${TYPED_LINE}`,
      );
      await page.keyboard.press("Alt+ArrowDown");
      const probe = await probeDone(page);
      moves.push(probe.frame - probe.input);
      movesFrom = Math.min(movesFrom, probe.input);
      movesTo = Math.max(movesTo, probe.frame);
    }
    const movedTo = await page.locator(`#devis-ligne-l${TYPED_LINE}-quantity`).getAttribute("aria-label");
    const movingTasks = await longTasksBetween(page, movesFrom, movesTo);
    // Saved too: the second figure of « Enregistrer ».
    await save();

    const table: Row[] = [
      { label: "ouverture : navigation → 200 lignes et totaux affichés (HTML)", samples: shown },
      { label: "ouverture : navigation → éditeur interactif (hydraté)", samples: interactive },
      {
        label: `frappe (ligne ${TYPED_LINE}) → sous-total du lot et total TTC à jour (DOM)`,
        samples: typedDom,
        aim: KEYSTROKE_AIM_MS,
      },
      {
        label: `frappe (ligne ${TYPED_LINE}) → image affichée`,
        samples: typedFrame,
        aim: KEYSTROKE_AIM_MS,
      },
      { label: "« Enregistrer » → « Tout est enregistré »", samples: saves },
      { label: "Alt+↓ → ligne déplacée, focus dedans (image affichée)", samples: moves },
    ];
    return { table, openingTasks, typingTasks, movingTasks, movedTo };
  } finally {
    await context.close();
  }
}

// ─── The table ───────────────────────────────────────────────────────────────────────

/** Nearest rank: the value below which `share` of the samples fall. */
function rank(sorted: number[], share: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(sorted.length * share) - 1))] ?? Number.NaN;
}

function printTable(rows: Row[]): void {
  const ms = (value: number) => value.toFixed(1);
  console.log("\n| mesure | n | médiane (ms) | p95 (ms) | max (ms) | objectif |");
  console.log("|---|---|---|---|---|---|");
  for (const row of rows) {
    const sorted = [...row.samples].sort((a, b) => a - b);
    const median = rank(sorted, 0.5);
    const aim =
      row.aim === undefined
        ? "–"
        : `médiane < ${row.aim} ms : ${median < row.aim ? "atteint" : "au-dessus de l'objectif"}`;
    console.log(
      `| ${row.label} | ${sorted.length} | ${ms(median)} | ${ms(rank(sorted, 0.95))} | ${ms(sorted.at(-1) ?? Number.NaN)} | ${aim} |`,
    );
  }
}

// ─── Run ─────────────────────────────────────────────────────────────────────────────

ensureBuild();
const server = await startServer();
let browser: Browser | undefined;
try {
  const account = await createOwner(server);
  browser = await chromium.launch({
    executablePath: chromiumPath,
    // As playwright.config.ts: a closed network, nothing calling home.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const result = await measureEditor(browser, server.origin, account);
  console.log(
    `\nÉditeur de devis, ${LINE_COUNT} lignes en ${LOTS.length} lots (Chromium sans interface, 1280 × 900, serveur de production en local) ;` +
      `\nouverture ${LOADS} fois (la première sans cache), ${KEYSTROKES} frappes dans la quantité de la ligne ${TYPED_LINE}` +
      ` (du « keydown » au changement des chiffres), 2 enregistrements (après la frappe, après les déplacements), ${MOVES} Alt+↓ :`,
  );
  printTable(result.table);
  const tasks = (label: string, figures: { count: number; max: number }) =>
    `${label} : ${figures.count} tâche(s) longue(s) (> 50 ms)${figures.count > 0 ? `, la plus longue ${figures.max.toFixed(0)} ms` : ""}`;
  console.log(
    [
      "",
      tasks("Pendant la frappe", result.typingTasks),
      tasks("Pendant les déplacements", result.movingTasks),
      tasks("Pendant la première ouverture (jusqu'à l'hydratation)", result.openingTasks),
      `Après ${MOVES} Alt+↓, la ligne ${TYPED_LINE} est devenue : « ${result.movedTo} ».`,
    ].join("\n"),
  );
} finally {
  await browser?.close();
  await stopServer(server);
}
