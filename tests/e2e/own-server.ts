import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { type ReceivedMail, startSmtpServer, type TestSmtpServer } from "../helpers/smtp-server.ts";
import { expect, type StaffUser, signIn } from "./erp-fixtures.ts";

// A production server of a spec's own, whose mail goes to a loopback SMTP server the spec
// reads (erp-quotes.spec.ts, erp-invoices.spec.ts), and the small readings and steps those
// specs share.

const run = promisify(execFile);

/** Where the server sends the staff's notifications. */
export const NOTIFY_EMAIL = "bureau@batirade.test";

export function sha256(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The value beside `label` in a list of facts or figures (`<dt>label</dt><dd>value</dd>`). */
export function fact(scope: Locator, label: string): Locator {
  return scope
    .locator("dt")
    .filter({ hasText: new RegExp(`^${escapeRegExp(label)}$`) })
    .locator("+ dd");
}

/** The page is laid out at the screen's width (`width` CSS px) and no wider: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page, width: number) {
  const widths = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
    viewport: window.innerWidth,
  }));
  expect(widths.viewport, "largeur de la fenêtre de mise en page").toBe(width);
  expect(widths.scroll, "largeur du document").toBeLessThanOrEqual(widths.client);
}

/** A tiny real JPEG, made here rather than shipped. */
export async function jpegPhoto(name: string) {
  const buffer = await sharp({ create: { width: 640, height: 480, channels: 3, background: "#8a6d4b" } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: "image/jpeg", buffer };
}

/** ISO day (Paris) `days` from now. */
export function isoDayIn(days: number): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(
    new Date(Date.now() + days * 86_400_000),
  );
}

/** « Ajouter une ligne » in the lot (of a quote or an invoice), then its designation, quantity and unit price. */
export async function addLine(page: Page, lot: string, designation: string, quantity: string, price: string) {
  await page.getByRole("button", { name: `Ajouter une ligne au lot ${lot}` }).click();
  const field = page.locator(":focus");
  await expect(field).toHaveAccessibleName(new RegExp(`^Désignation, ligne (\\d+), lot ${lot}$`));
  const position = /ligne (\d+)/.exec((await field.getAttribute("aria-label")) ?? "")?.[1];
  const where = `ligne ${position}, lot ${lot}`;
  await field.fill(designation);
  await page.getByRole("textbox", { name: `Quantité, ${where}` }).fill(quantity);
  await page.getByRole("textbox", { name: `Prix unitaire HT en euros, ${where}` }).fill(price);
}

// ─── A server of its own, whose mail goes to a loopback SMTP server ─────────────────

export type OwnServer = {
  origin: string;
  dataDir: string;
  smtp: TestSmtpServer;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
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

export async function waitForHealth(url: string, child: ChildProcess, output: string[]) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`Le serveur s'est arrêté :\n${output.join("")}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${url} ne répond pas :\n${output.join("")}`);
}

let template: Promise<string> | undefined;

/**
 * A data directory migrated once per test worker: each server of its own starts from a copy
 * of its database, which is much cheaper than running every migration again for each.
 */
function migratedTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "batirade-e2e-modele-"));
    process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
    const { DATABASE_URL: _ignored, ...env } = process.env;
    await run(process.execPath, ["scripts/db-migrate.ts"], { env: { ...env, DATA_DIR: dir } });
    return dir;
  })();
  return template;
}

/**
 * Another production server, from the build the shared test server uses (never rebuilding
 * it under that server's feet), on a fresh data directory (`batirade-e2e-<name>-…`) holding
 * a copy of the migrated database,
 * sending its mail over SMTP to a server of this test. `prepare` fills the data directory
 * before the server opens it (the embedded database takes one process at a time).
 */
export async function startOwnServer(
  name: string,
  {
    prepare,
    env = {},
  }: {
    prepare?: (dataDir: string) => Promise<void>;
    /** More settings for this server (a loopback stub's URL…). */
    env?: Record<string, string>;
  } = {},
): Promise<OwnServer> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `batirade-e2e-${name}-`));
  try {
    const migrated = path.join(await migratedTemplate(), "pgdata");
    if (existsSync(migrated)) cpSync(migrated, path.join(dataDir, "pgdata"), { recursive: true });
    await prepare?.(dataDir);
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const smtp = await startSmtpServer();
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      // Its own origin: the links it e-mails lead to it.
      SITE_URL: origin,
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL,
      // Nothing listens there: the geocoding service is « unreachable », never the real one.
      GEOCODING_URL: "http://127.0.0.1:9",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  try {
    await waitForHealth(`${origin}/healthz`, child, output);
  } catch (error) {
    child.kill("SIGTERM");
    await smtp.close();
    throw error;
  }
  return {
    origin,
    dataDir,
    smtp,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * `startOwnServer`, its data directory filled first by the seed script `tests/e2e/<script>`
 * run on it with `args` (tests/e2e/seed-script.ts); returns the server and the ids the
 * script printed.
 */
export async function startSeededServer<Seeded = undefined>(
  name: string,
  [script, ...args]: [string, ...string[]],
  options: { env?: Record<string, string> } = {},
): Promise<{ server: OwnServer; seeded: Seeded }> {
  let seeded: Seeded | undefined;
  const server = await startOwnServer(name, {
    ...options,
    prepare: async (dataDir) => {
      const { stdout } = await run(process.execPath, [`tests/e2e/${script}`, dataDir, ...args]);
      seeded = stdout.trim() ? (JSON.parse(stdout) as Seeded) : undefined;
    },
  });
  return { server, seeded: seeded as Seeded };
}

/** The sign-in details of an account yet to be made (by a seed script, say). */
export function newStaffUser(role: StaffUser["role"] = "owner"): StaffUser {
  return {
    email: `gerant-${randomBytes(4).toString("hex")}@batirade.test`,
    password: `mot-de-passe-${randomBytes(6).toString("hex")}`,
    role,
  };
}

/**
 * The sign-in details of an owner and a site worker sharing one password, as the team seed
 * scripts (planning-seed.ts, time-sheets-seed.ts) make them: `[…, owner.email,
 * worker.email, password]`.
 */
export function newTeam(): { password: string; owner: StaffUser; worker: StaffUser } {
  const owner = newStaffUser();
  const worker: StaffUser = {
    email: `compagnon-${randomBytes(4).toString("hex")}@batirade.test`,
    password: owner.password,
    role: "compagnon",
  };
  return { password: owner.password, owner, worker };
}

/** An account on that server, through `npm run user:create` (which goes through the running server). */
export async function createUserOn(server: OwnServer, role: StaffUser["role"]): Promise<StaffUser> {
  const user: StaffUser = {
    email: `${role}-${randomBytes(4).toString("hex")}@batirade.test`,
    password: `mot-de-passe-${randomBytes(6).toString("hex")}`,
    role,
  };
  const { stdout } = await run(
    process.execPath,
    ["scripts/user-create.ts", "--email", user.email, "--password", user.password, "--role", role],
    { env: { ...process.env, DATA_DIR: server.dataDir } },
  );
  expect(stdout).toContain(`Compte créé : ${user.email} (${role}) via serveur`);
  return user;
}

/** The first message to `to` whose subject matches, once the SMTP server has it. */
export async function mailTo(smtp: TestSmtpServer, to: string, subject: RegExp): Promise<ReceivedMail> {
  const find = () =>
    smtp.messages.find(
      (message) => message.envelope.to.includes(to) && subject.test(message.parsed?.subject ?? ""),
    );
  await expect
    .poll(() => find() !== undefined, { message: `e-mail « ${subject} » à ${to}`, timeout: 15_000 })
    .toBe(true);
  const mail = find();
  if (!mail?.parsed) throw new Error("e-mail introuvable");
  return mail;
}

/**
 * An owner of that server gives the décennale a year of validity and the bank details, then
 * signs out: an invoice cannot be issued without them. Returns the owner and the default
 * payment terms in days.
 */
export async function setUpInvoicing(
  page: Page,
  server: OwnServer,
): Promise<{ owner: StaffUser; termsDays: number }> {
  const owner = await createUserOn(server, "owner");
  // The décennale is filed in the register (decision 035): a renewal of the one copied
  // from the former settings, valid a year, with its attestation.
  await signIn(
    page,
    owner,
    `${server.origin}/erp/login?redirectTo=${encodeURIComponent("/erp/docs/nouveau?type=decennale")}`,
  );
  await expect(page.getByRole("heading", { level: 1, name: "Renouveler un document" })).toBeVisible();
  await page.getByLabel(/^Date d'émission ou de début de validité/).fill(isoDayIn(0));
  await page.getByLabel(/^Fin de validité/).fill(isoDayIn(365));
  await page.getByLabel(/^Fichier \(PDF, JPEG ou PNG/).setInputFiles({
    name: "attestation-decennale.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n"),
  });
  await page.getByRole("button", { name: "Enregistrer le renouvellement" }).click();
  await expect(page.getByText(/^Document renouvelé/)).toBeVisible();
  await page.goto(`${server.origin}/erp/parametres`);
  await expect(page.getByRole("heading", { level: 1, name: "Paramètres de l'entreprise" })).toBeVisible();
  await page.getByLabel("Titulaire du compte").fill("Batirade SASU");
  await page.getByLabel("IBAN", { exact: true }).fill("FR7630006000011234567890189");
  await page.getByLabel("BIC", { exact: true }).fill("AGRIFRPP");
  const termsDays = Number(await page.getByLabel(/^Délai de paiement par défaut \(jours\)/).inputValue());
  expect(termsDays).toBeGreaterThanOrEqual(0);
  await page.getByRole("button", { name: "Enregistrer les paramètres" }).click();
  await expect(page.getByText("Paramètres enregistrés.", { exact: true })).toBeVisible();
  await expect(page.getByLabel("IBAN", { exact: true })).toHaveValue(/^FR76\s?3000/);
  await page.getByRole("button", { name: "Déconnexion" }).click();
  await expect(page.getByLabel("Identifiant (e-mail)")).toBeVisible();
  return { owner, termsDays };
}
