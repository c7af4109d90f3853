import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dailyJobRuns } from "#app/db/schema/jobs.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { quoteLibraryItems } from "#app/db/schema/quotes.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { LIBRARY_SEED } from "#app/features/quotes/library-seed.server.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import { freePort, waitForHealth } from "#tests/e2e/own-server.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { startS3Server, type TestS3Server } from "#tests/helpers/s3-server.ts";
import { testEnv, testServices } from "#tests/helpers/services.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { cookieHeaderFrom } from "#tests/helpers/staff.ts";

// Issue 16: two production servers on different ports over one PostgreSQL database, one
// S3 server and one SMTP server, as behind a load balancer. Needs PostgreSQL
// (TEST_DATABASE_URL): the embedded database belongs to one process.

const databaseUrl = process.env.TEST_DATABASE_URL;
const AUTH_SECRET = `deux-instances-${randomBytes(16).toString("hex")}`;
const NOTIFY_EMAIL = "bureau@batirade.test";
const QUOTE_LIMIT = 3;
const PASSWORD = "mot-de-passe-solide-2026";
const DAILY_JOBS = [
  "purge",
  "devis-expires",
  "factures-suivi",
  "boutique-impayees",
  "sauvegarde",
  "registre-integrite",
  "vigilance-relances",
  "documents-relances",
];

type Instance = { name: string; origin: string; output: string[]; child: ChildProcess; dataDir: string };

let database: TestDatabase;
let s3: TestS3Server;
let smtp: TestSmtpServer;
let a: Instance;
let b: Instance;
let siteUrl: string;
const owner = { email: "gerant@batirade.test", password: PASSWORD };

async function startInstance(name: string, port: number, url: string): Promise<Instance> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `batirade-instance-${name}-`));
  const output: string[] = [];
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      SITE_URL: siteUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      AUTH_SECRET,
      SMTP_URL: smtp.url,
      NOTIFY_EMAIL,
      LOG_LEVEL: "info",
      // As behind the load balancer: the client's address is the X-Forwarded-For entry.
      TRUST_PROXY: "true",
      QUOTE_RATE_LIMIT: String(QUOTE_LIMIT),
      DAILY_JOBS_FIRST_RUN_SECONDS: "2",
      ...s3.env(),
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  const origin = `http://127.0.0.1:${port}`;
  await waitForHealth(`${origin}/healthz`, child, output);
  return { name, origin, output, child, dataDir };
}

async function stopInstance(instance: Instance | undefined) {
  if (!instance) return;
  if (instance.child.exitCode === null) {
    const exited = new Promise((resolve) => instance.child.once("exit", resolve));
    instance.child.kill("SIGTERM");
    await exited;
  }
  rmSync(instance.dataDir, { recursive: true, force: true });
}

/** The URL of the test database, which both instances share. */
function urlOf(db: TestDatabase): string {
  return (db.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
}

function form(fields: Record<string, string>): URLSearchParams {
  return new URLSearchParams(fields);
}

/** A browser's post to a page of the site, from `ip` as the proxy reports it. */
function post(instance: Instance, pathname: string, body: BodyInit, ip: string, cookie = "") {
  return fetch(`${instance.origin}${pathname}`, {
    method: "POST",
    body,
    redirect: "manual",
    headers: {
      Origin: siteUrl,
      "Sec-Fetch-Site": "same-origin",
      "X-Forwarded-For": ip,
      Accept: "text/html",
      ...(cookie ? { Cookie: cookie } : {}),
    },
  });
}

function get(instance: Instance, pathname: string, cookie = "", ip = "192.0.2.200") {
  return fetch(`${instance.origin}${pathname}`, {
    redirect: "manual",
    headers: { "X-Forwarded-For": ip, ...(cookie ? { Cookie: cookie } : {}) },
  });
}

async function signIn(instance: Instance, ip: string): Promise<string> {
  const response = await post(instance, "/erp/login", form({ ...owner, redirectTo: "/erp" }), ip);
  expect(response.status).toBe(302);
  const cookie = cookieHeaderFrom(response.headers.getSetCookie());
  expect(cookie).toContain("session_token=");
  return cookie;
}

async function quoteForm(index: number, photo?: Buffer): Promise<FormData> {
  const body = new FormData();
  body.set("user_name", `Client Deux Instances ${index}`);
  body.set("user_email", `client${index}.${randomBytes(3).toString("hex")}@deux-instances.test`);
  body.set("user_phone", "06 12 34 56 78");
  body.set("work_type", "Rénovation complète");
  body.set("budget", "5 000 € - 15 000 €");
  body.set("message", `Demande numéro ${index} envoyée à une des deux instances.`);
  body.set("consent", "on");
  body.set("source", "modal");
  body.set("js", "1");
  if (photo) body.append("photos", new File([new Uint8Array(photo)], "facade.jpg", { type: "image/jpeg" }));
  return body;
}

async function until(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return check();
}

describe.skipIf(!databaseUrl)("two instances over one PostgreSQL, one bucket, one mail server", () => {
  beforeAll(async () => {
    await loadServerBuild();
    database = await createTestDatabase();
    [s3, smtp] = await Promise.all([startS3Server(), startSmtpServer()]);
    const services = testServices(database, testEnv());
    await createStaffAccount(services, { ...owner, role: "owner" });
    const [portA, portB] = [await freePort(), await freePort()];
    siteUrl = `http://localhost:${portA}`;
    // Both at once, as a deployment starts them: the migrations are serialised by a lock.
    [a, b] = await Promise.all([
      startInstance("a", portA, urlOf(database)),
      startInstance("b", portB, urlOf(database)),
    ]);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await Promise.all([database?.cleanup(), s3?.close(), smtp?.close()]);
  });

  it("started together, they migrated and seeded the database once", async () => {
    const [library] = await database.db.select({ count: sql<number>`count(*)::int` }).from(quoteLibraryItems);
    expect(library?.count).toBe(LIBRARY_SEED.length);
    for (const instance of [a, b]) expect((await get(instance, "/store")).status).toBe(200);
  });

  it("a quote request with a photo posted to A is in B's Espace Pro, photo included", async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#7a5c3e" } })
      .jpeg()
      .toBuffer();
    const sent = await post(a, "/devis.data", await quoteForm(1, photo), "198.51.100.1");
    expect(sent.status).toBe(200);
    const [submission] = await database.db
      .select({ id: erpSubmissions.id })
      .from(erpSubmissions)
      .where(sql`${erpSubmissions.data}->>'nom' = 'Client Deux Instances 1'`);
    expect(submission).toBeDefined();
    const [stored] = await database.db
      .select({ id: erpSubmissionPhotos.id })
      .from(erpSubmissionPhotos)
      .where(eq(erpSubmissionPhotos.submissionId, submission?.id ?? ""));
    const cookie = await signIn(b, "198.51.100.2");
    const page = await get(b, `/erp/leads/${submission?.id}`, cookie);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Client Deux Instances 1");
    expect(html).toContain(`/api/erp/photos/${stored?.id}`);
    const file = await get(b, `/api/erp/photos/${stored?.id}`, cookie);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("image/jpeg");
    expect((await file.arrayBuffer()).byteLength).toBeGreaterThan(1000);
  });

  it("sends every e-mail of the outbox exactly once while both workers run", async () => {
    // Ten requests, alternately to A and B, from ten addresses: twenty e-mails to send.
    const posts = [];
    for (let index = 10; index < 20; index += 1) {
      const target = index % 2 === 0 ? a : b;
      posts.push(post(target, "/devis.data", await quoteForm(index), `198.51.100.${index}`));
    }
    for (const response of await Promise.all(posts)) expect(response.status).toBe(200);
    const drained = await until(async () => {
      const [row] = await database.db
        .select({ pending: sql<number>`count(*)::int` })
        .from(outboxMessages)
        .where(eq(outboxMessages.status, "pending"));
      return row?.pending === 0;
    }, 30_000);
    expect(drained).toBe(true);
    const rows = await database.db.select().from(outboxMessages);
    expect(rows.every((row) => row.status === "sent")).toBe(true);
    // Give a duplicate the time to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.messages).toHaveLength(rows.length);
    const received = smtp.messages.map((mail) => `${mail.envelope.to.join(",")} ${mail.parsed?.subject}`);
    expect(new Set(received).size).toBe(received.length);
  });

  it("a session opened on A works on B, and signing out on B ends it on A", async () => {
    const cookie = await signIn(a, "198.51.100.30");
    expect((await get(a, "/erp", cookie)).status).toBe(200);
    expect((await get(b, "/erp", cookie)).status).toBe(200);
    const out = await post(b, "/erp/logout", form({}), "198.51.100.30", cookie);
    expect(out.status).toBeLessThan(400);
    // Without a session the Espace Pro answers 401 with its sign-in screen.
    const after = await get(a, "/erp", cookie);
    expect(after.status).toBe(401);
    expect(await after.text()).toContain("Identifiant (e-mail)");
  });

  it("counts the sign-in and quote limits across both instances", async () => {
    const wrong = form({ email: owner.email, password: "pas-le-bon-mot-de-passe", redirectTo: "/erp" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      const target = attempt % 2 === 0 ? a : b;
      statuses.push((await post(target, "/erp/login", wrong, "203.0.113.40")).status);
    }
    expect(statuses.slice(0, 5)).not.toContain(429);
    expect(statuses[5]).toBe(429);

    const quotes: number[] = [];
    for (let index = 0; index <= QUOTE_LIMIT; index += 1) {
      const target = index % 2 === 0 ? a : b;
      quotes.push((await post(target, "/devis.data", await quoteForm(40 + index), "203.0.113.41")).status);
    }
    expect(quotes.slice(0, QUOTE_LIMIT)).toEqual(Array(QUOTE_LIMIT).fill(200));
    expect(quotes[QUOTE_LIMIT]).toBe(429);
  });

  it("a catalogue change made on A is on B's /store within a second", async () => {
    const cookie = await signIn(a, "198.51.100.50");
    // B has the page in memory.
    expect(await (await get(b, "/store")).text()).toContain("Casque de chantier ventilé EN 397");
    const title = `Casque changé sur A ${randomBytes(3).toString("hex")}`;
    const saved = await post(
      a,
      "/erp/boutique/produits/casque-chantier",
      form({
        intent: "fiche",
        title,
        subtitle: "Harnais 6 points à crémaillère",
        ribbonText: "",
        description: "<p>Casque léger et aéré.</p>",
      }),
      "198.51.100.50",
      cookie,
    );
    expect(saved.status).toBeLessThan(400);
    const started = Date.now();
    expect(await until(async () => (await (await get(b, "/store")).text()).includes(title), 1000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it("runs each daily job once, not once per instance", async () => {
    const day = parisDay(new Date());
    const ran = await until(async () => {
      const rows = await database.db.select().from(dailyJobRuns).where(eq(dailyJobRuns.day, day));
      return rows.filter((row) => row.finishedAt !== null).length === DAILY_JOBS.length;
    }, 20_000);
    expect(ran).toBe(true);
    const rows = await database.db.select().from(dailyJobRuns).where(eq(dailyJobRuns.day, day));
    expect(rows.map((row) => row.job).sort()).toEqual([...DAILY_JOBS].sort());
    // Each instance tried every job: one ran it, the other found it done.
    await until(async () => {
      const skipped = [...a.output, ...b.output].join("").match(/déjà faite aujourd'hui/g) ?? [];
      return skipped.length === DAILY_JOBS.length;
    }, 5_000);
    const skipped = [...a.output, ...b.output].join("").match(/déjà faite aujourd'hui/g) ?? [];
    expect(skipped).toHaveLength(DAILY_JOBS.length);
  });
});
