import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { and, asc, eq, isNotNull } from "drizzle-orm";
import pg from "pg";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "#app/config/env.server.ts";
import { countRows, type Database } from "#app/db/client.server.ts";
import { issuedDocuments } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { quoteDecisions, quotes } from "#app/db/schema/quotes.ts";
import { shopProducts } from "#app/db/schema/shop.ts";
import { createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { sendQuote } from "#app/features/quotes/send.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { addProductImage } from "#app/features/shop/admin/catalogue-images.server.ts";
import { sha256, verifyBackupArchive } from "#app/lib/backup/archive.server.ts";
import { createLocalStorage, type FileStorage } from "#app/lib/storage.server.ts";
import { startServices } from "#server/services.ts";
import { freePort, waitForHealth } from "#tests/e2e/own-server.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { billingSteps, fillInvoiceSettings, readInvoiceRow } from "#tests/helpers/invoices.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { acceptedQuoteFor, filledDraftQuote, insertClient } from "#tests/helpers/quotes.ts";
import { STORE_ID } from "#tests/helpers/shop.ts";
import { cookieHeaderFrom } from "#tests/helpers/staff.ts";

// Issue 25's restore drill, on the embedded database (always) and on PostgreSQL (when
// TEST_DATABASE_URL names a server, as in CI's second pass):
//   1. a company made through the application's own functions: leads with their photos,
//      clients, a sent and an accepted quote (its signed copy stored), issued invoices, a
//      credit note, payments, product images;
//   2. `npm run backup` while the production server answers requests on that data (on the
//      embedded database the command goes through the server's /internal/backup);
//   3. `npm run restore` into a fresh data directory or database, then a production server
//      started on what it restored;
//   4. the checks, one step each: sign-in on the restored server, every table's row count,
//      every stored file's and issued PDF's SHA-256.

const PASSWORD = "mot-de-passe-du-gerant-2026";
const OWNER = "gerant@batirade.test";
const PASSPHRASE = "phrase secrète de l'exercice de restauration";
const AUTH_SECRET = `exercice-${randomBytes(16).toString("hex")}`;

type Place = {
  /** DATA_DIR: the embedded database (pgdata/), the stored files (uploads/), the archives. */
  dataDir: string;
  /** The variables a server or a command gets for this place. */
  env: Record<string, string>;
  /** Each table's row count, read from the database itself (no server may hold it). */
  counts: () => Promise<Record<string, number>>;
  drop: () => Promise<void>;
};

type Engine = { name: string; place: (label: string) => Promise<Place> };

/** A fresh data directory; its own database inside on PGlite. */
async function pglitePlace(label: string): Promise<Place> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `batirade-exercice-${label}-`));
  return {
    dataDir,
    env: { DATA_DIR: dataDir },
    counts: async () => {
      const database = await PGlite.create(path.join(dataDir, "pgdata"));
      try {
        return await countRows((text) => database.query<Record<string, unknown>>(text));
      } finally {
        await database.close();
      }
    },
    drop: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

/** A fresh data directory (for the files) and a fresh database on the PostgreSQL server. */
function postgresPlace(serverUrl: string) {
  return async (label: string): Promise<Place> => {
    const dataDir = mkdtempSync(path.join(tmpdir(), `batirade-exercice-${label}-`));
    const name = `exercice_${label}_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database "${name}"`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return {
      dataDir,
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      counts: async () => {
        const client = new pg.Client({ connectionString: url.toString() });
        await client.connect();
        try {
          return await countRows((text) => client.query(text));
        } finally {
          await client.end();
        }
      },
      drop: async () => {
        const dropper = new pg.Client({ connectionString: serverUrl });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  };
}

type Server = { origin: string; child: ChildProcess; output: string[] };

/** The production server (server/index.ts on the build) on a place, as `npm start` runs it. */
async function startServer(place: Place): Promise<Server> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child = spawn(process.execPath, ["server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      SITE_URL: origin,
      AUTH_SECRET,
      BACKUP_PASSPHRASE: PASSPHRASE,
      LOG_LEVEL: "warn",
      // No daily job during the drill: what is counted is what the company made.
      DAILY_JOBS_FIRST_RUN_SECONDS: "86400",
      ...place.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => output.push(String(chunk)));
  child.stderr?.on("data", (chunk) => output.push(String(chunk)));
  await waitForHealth(`${origin}/healthz`, child, output);
  return { origin, child, output };
}

async function stopServer(server: Server | undefined): Promise<void> {
  if (!server || server.child.exitCode !== null) return;
  const exited = new Promise((resolve) => server.child.once("exit", resolve));
  server.child.kill("SIGTERM");
  await exited;
}

/** A command of package.json (`npm run backup`, `npm run restore`) on a place. */
/** What the commands run with: production, silent, the drill's passphrase, the place's variables. */
function commandEnv(place: Place): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: "production",
    LOG_LEVEL: "silent",
    BACKUP_PASSPHRASE: PASSPHRASE,
    ...place.env,
  };
}

function command(script: string, args: string[], place: Place) {
  const result = spawnSync(process.execPath, [script, ...args], {
    encoding: "utf8",
    env: commandEnv(place),
    timeout: 180_000,
  });
  return { status: result.status, out: result.stdout, err: result.stderr };
}

/** The same command without blocking this process (a server of this test answers meanwhile). */
function commandAsync(script: string, args: string[], place: Place) {
  return new Promise<{ status: number | null; out: string; err: string }>((resolve) => {
    const child = spawn(process.execPath, [script, ...args], {
      env: commandEnv(place),
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    let err = "";
    child.stdout.on("data", (chunk) => {
      out += String(chunk);
    });
    child.stderr.on("data", (chunk) => {
      err += String(chunk);
    });
    child.on("exit", (status) => resolve({ status, out, err }));
  });
}

/**
 * GET a page as a browser does: a request that a kept-alive connection loses (reset when
 * the server closes it as idle just as the request leaves) is sent once more, on a new
 * connection. An answer, or the error of the second try.
 */
async function fetchPage(url: string, cookie: string): Promise<Response> {
  const get = () => fetch(url, { headers: { cookie }, redirect: "manual" });
  try {
    return await get();
  } catch (error) {
    const code = ((error as Error).cause as { code?: string } | undefined)?.code;
    if (code !== "ECONNRESET" && code !== "UND_ERR_SOCKET") throw error;
    return get();
  }
}

async function signIn(origin: string): Promise<Response> {
  return fetch(`${origin}/erp/login`, {
    method: "POST",
    body: new URLSearchParams({ email: OWNER, password: PASSWORD, redirectTo: "/erp" }),
    redirect: "manual",
    headers: { Origin: origin, "Sec-Fetch-Site": "same-origin", Accept: "text/html" },
  });
}

/** Each stored file's SHA-256, by key. */
async function fileHashes(storage: FileStorage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const key of await storage.list()) hashes[key] = sha256(await storage.get(key));
  return hashes;
}

/** Every issued document's file and the SHA-256 its row holds: the register, quotes, invoices and credit notes, signed copies. */
async function issuedFiles(db: Database): Promise<{ what: string; key: string; sha256: string }[]> {
  const registered = await db
    .select({
      number: issuedDocuments.number,
      key: issuedDocuments.pdfStorageKey,
      sha: issuedDocuments.pdfSha256,
    })
    .from(issuedDocuments)
    .orderBy(asc(issuedDocuments.number));
  const quoteFiles = await db
    .select({ number: quotes.number, key: quotes.pdfStorageKey, sha: quotes.pdfSha256 })
    .from(quotes)
    .where(isNotNull(quotes.pdfStorageKey))
    .orderBy(asc(quotes.number));
  const invoiceFiles = await db
    .select({ number: invoices.number, key: invoices.pdfStorageKey, sha: invoices.pdfSha256 })
    .from(invoices)
    .where(isNotNull(invoices.number))
    .orderBy(asc(invoices.number));
  const signed = await db
    .select({
      quoteId: quoteDecisions.quoteId,
      key: quoteDecisions.signedCopyStorageKey,
      sha: quoteDecisions.signedCopySha256,
    })
    .from(quoteDecisions)
    .where(and(eq(quoteDecisions.decision, "accepte"), isNotNull(quoteDecisions.signedCopyStorageKey)));
  return [
    ...registered.map((row) => ({ what: `registre ${row.number}`, key: row.key, sha256: row.sha })),
    ...quoteFiles.map((row) => ({ what: `devis ${row.number}`, key: row.key ?? "", sha256: row.sha ?? "" })),
    ...invoiceFiles.map((row) => ({
      what: `facture ${row.number}`,
      key: row.key ?? "",
      sha256: row.sha ?? "",
    })),
    ...signed.map((row) => ({
      what: `copie signée du devis ${row.quoteId}`,
      key: row.key ?? "",
      sha256: row.sha ?? "",
    })),
  ];
}

function describeDrill(engine: Engine) {
  describe(`restore drill on ${engine.name}`, () => {
    let source: Place;
    let restored: Place;
    let sourceServer: Server | undefined;
    let restoredServer: Server | undefined;
    /** What the company holds once made, before the backup. */
    const made = {
      files: {} as Record<string, string>,
      issued: [] as Awaited<ReturnType<typeof issuedFiles>>,
      invoiceId: "",
      invoicePdfSha256: "",
    };
    let archive = "";
    let archiveTables: Record<string, number> = {};
    let restoredCounts: Record<string, number> = {};

    beforeAll(async () => {
      await loadServerBuild();
      source = await engine.place("source");
      restored = await engine.place("restauree");
    }, 600_000);
    afterAll(async () => {
      await stopServer(sourceServer);
      await stopServer(restoredServer);
      await source?.drop();
      await restored?.drop();
    });

    it("1. makes a company through the application's functions", async () => {
      const services = await startServices(
        loadEnv({ NODE_ENV: "test", AUTH_SECRET, SITE_URL: "http://localhost", ...source.env }),
        pino({ level: "silent" }),
      );
      try {
        const owner = await createStaffAccount(services, { email: OWNER, password: PASSWORD, role: "owner" });
        const actor = { id: owner.id, email: owner.email };
        await fillInvoiceSettings(services.db);
        // Leads from the site, with their photos.
        for (const [index, name] of ["Camille Martin", "Lucas Bernard"].entries()) {
          const lead = await insertQuoteRequest(services.db, { nom: name, email: `lead${index}@example.fr` });
          await attachPhoto(services.db, services.storage, lead, await jpeg(320, 240, "#8a6d4b"));
          await attachPhoto(
            services.db,
            services.storage,
            lead,
            await jpeg(640, 480, "#2e86c1"),
            "cuisine.jpg",
          );
        }
        // Clients; a quote sent and waiting, another sent and accepted (its signed copy stored).
        const waiting = await insertClient(services.db, { name: "Hugo Durand", email: "hugo@example.fr" });
        const accepting = await insertClient(services.db, {
          name: "Élodie Garnier",
          email: "elodie@example.fr",
        });
        await insertClient(services.db, { name: "Inès Faure", email: "ines@example.fr" });
        const sent = await filledDraftQuote(services.db, actor, waiting);
        const identity = await documentIdentity(services.db);
        await sendQuote(
          services.db,
          { storage: services.storage, identity, siteUrl: "http://localhost" },
          sent,
          actor,
        );
        const accepted = await acceptedQuoteFor(services, actor, accepting);
        // Invoices issued from it, a credit note, payments.
        const steps = billingSteps(services, actor);
        const deposit = await steps.invoice(accepted, {
          kind: "acompte",
          deposit: { kind: "percent", basisPoints: 3000 },
        });
        await steps.pay(deposit, 20_000);
        await steps.pay(deposit, 10_000);
        const final = await steps.invoice(accepted, { kind: "solde" });
        await steps.creditNote(final, { kind: "amount", ttc: 5_000 });
        await steps.pay(final, 30_000);
        made.invoiceId = final;
        made.invoicePdfSha256 = (await readInvoiceRow(services.db, final)).pdfSha256 ?? "";
        // Product images on a product of the shop.
        const [product] = await services.db
          .select({ id: shopProducts.id })
          .from(shopProducts)
          .where(eq(shopProducts.storeId, STORE_ID))
          .orderBy(asc(shopProducts.sortOrder))
          .limit(1);
        for (const color of ["#c0392b", "#27ae60"]) {
          await addProductImage(
            services.db,
            services.storage,
            STORE_ID,
            product?.id ?? "",
            await jpeg(1200, 900, color),
            "Vue de l'outil",
            actor,
          );
        }
        made.files = await fileHashes(services.storage);
        made.issued = await issuedFiles(services.db);
      } finally {
        await services.close();
      }
      // Four lead photos, two quote PDFs and a signed copy, three invoice PDFs, the images' variants.
      expect(Object.keys(made.files).length).toBeGreaterThanOrEqual(4 + 3 + 3 + 2);
      const kinds = made.issued.map((entry) => entry.what.replace(/ .*/, ""));
      expect(kinds.filter((kind) => kind === "devis")).toHaveLength(2);
      expect(made.issued.filter((entry) => /^facture AV-/.test(entry.what))).toHaveLength(1);
      expect(made.issued.filter((entry) => /^facture FAC-/.test(entry.what))).toHaveLength(2);
      expect(kinds.filter((kind) => kind === "copie")).toHaveLength(1);
      expect(kinds.filter((kind) => kind === "registre")).toHaveLength(5);
    }, 300_000);

    it("2. backs it up with `npm run backup` while the server answers requests", async () => {
      sourceServer = await startServer(source);
      const origin = sourceServer.origin;
      const signedIn = await signIn(origin);
      expect(signedIn.status).toBe(302);
      const cookie = cookieHeaderFrom(signedIn.headers.getSetCookie());
      // Pages and files a visitor and the staff ask for (not /healthz: its 2-second deadline
      // on the database is for the load balancer, and the embedded database is busy while
      // it copies itself).
      const pages = [
        "/",
        "/store",
        "/erp",
        "/erp/leads",
        "/erp/clients",
        "/erp/devis",
        "/erp/factures",
        `/erp/factures/${made.invoiceId}`,
        `/erp/factures/${made.invoiceId}/pdf`,
      ];
      const get = (page: string) => fetchPage(`${origin}${page}`, cookie);
      // Each page once first: what a page fills on its first visit is there before the backup.
      for (const page of pages) expect([page, (await get(page)).status]).toEqual([page, 200]);

      let backingUp = true;
      const answers: { page: string; status: number; duringBackup: boolean }[] = [];
      const visitor = async (offset: number) => {
        for (let n = offset; backingUp; n += 1) {
          const page = pages[n % pages.length] as string;
          const response = await get(page);
          await response.arrayBuffer();
          answers.push({ page, status: response.status, duringBackup: backingUp });
        }
      };
      const visitors = [0, 3, 6].map(visitor);
      const backup = await commandAsync("scripts/backup.ts", [], source);
      backingUp = false;
      await Promise.all(visitors);

      expect(backup.err).toBe("");
      expect(backup.status).toBe(0);
      archive = /^Sauvegarde faite : (.*)$/m.exec(backup.out)?.[1] ?? "";
      expect(archive.startsWith(path.join(source.dataDir, "sauvegardes"))).toBe(true);
      expect(backup.out).toContain(", chiffrée (BACKUP_PASSPHRASE)");
      // Every request got its answer while the backup ran, none an error.
      expect(answers.filter((answer) => answer.duringBackup).length).toBeGreaterThan(pages.length);
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      // The archive checks out whole, and holds every file made.
      const manifest = await verifyBackupArchive(archive, PASSPHRASE);
      expect(manifest.database.kind).toBe(engine.name === "PGlite" ? "pglite" : "postgresql");
      expect(Object.fromEntries(manifest.files.map((file) => [file.key, file.sha256]))).toEqual(made.files);
      archiveTables = manifest.tables;

      await stopServer(sourceServer);
      // What the backup counted is what the source holds: nothing was lost nor added meanwhile.
      expect(await source.counts()).toEqual(archiveTables);
    }, 300_000);

    it("3. restores it with `npm run restore` into a fresh place, and a server starts on it", async () => {
      const restore = command("scripts/restore.ts", [archive], restored);
      expect(restore.err).toBe("");
      expect(restore.status).toBe(0);
      expect(restore.out).toMatch(/^Restauration faite depuis /);
      expect(restore.out).toContain(`- fichiers : ${Object.keys(made.files).length}`);
      expect(restore.out).toContain("- chaque table a le nombre de lignes de la sauvegarde");
      // Counted before any server runs on it (a server writes its sessions).
      restoredCounts = await restored.counts();
      restoredServer = await startServer(restored);
    }, 300_000);

    it("4a. the staff account made before the backup signs in on the restored server", async () => {
      const origin = restoredServer?.origin ?? "";
      const wrong = await fetch(`${origin}/erp/login`, {
        method: "POST",
        body: new URLSearchParams({ email: OWNER, password: "pas-le-bon-mot-de-passe", redirectTo: "/erp" }),
        redirect: "manual",
        headers: { Origin: origin, "Sec-Fetch-Site": "same-origin", Accept: "text/html" },
      });
      expect(wrong.status).not.toBe(302);
      const signedIn = await signIn(origin);
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/erp");
      const cookie = cookieHeaderFrom(signedIn.headers.getSetCookie());
      const dashboard = await fetch(`${origin}/erp`, { headers: { cookie }, redirect: "manual" });
      expect(dashboard.status).toBe(200);
      // An issued invoice's PDF, served by the restored server, is the one issued.
      const pdf = await fetch(`${origin}/erp/factures/${made.invoiceId}/pdf`, { headers: { cookie } });
      expect(pdf.status).toBe(200);
      expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(made.invoicePdfSha256);
    }, 120_000);

    it("4b. every table has the row count of the source", () => {
      expect(Object.keys(restoredCounts).length).toBeGreaterThan(20);
      expect(restoredCounts).toEqual(archiveTables);
      for (const table of [
        "erp_submissions",
        "erp_submission_photos",
        "clients",
        "quotes",
        "invoices",
        "invoice_payments",
        "shop_product_images",
      ]) {
        expect([table, (restoredCounts[table] ?? 0) > 0]).toEqual([table, true]);
      }
    });

    it("4c. every stored file and every issued PDF reads back from the restored storage with its SHA-256", async () => {
      const storage = createLocalStorage(path.join(restored.dataDir, "uploads"));
      expect(await fileHashes(storage)).toEqual(made.files);
      for (const entry of made.issued) {
        expect([entry.what, sha256(await storage.get(entry.key))]).toEqual([entry.what, entry.sha256]);
      }
    });

    it("4d. `npm run audit:verify` says the restored integrity register is « intègre »", async () => {
      // On PGlite the restored server holds the data directory: the command goes through it.
      const audit = await commandAsync("scripts/audit-verify.ts", [], restored);
      expect(audit.err).toBe("");
      expect(audit.status).toBe(0);
      // Two quotes sent, one accepted on paper, a deposit and a final invoice, a credit note, three payments.
      expect(audit.out).toMatch(
        /^Registre intègre : 9 entrées, 6 fichiers vérifiés \(devis envoyé : 2, devis accepté : 1, facture émise : 2, avoir émis : 1, paiement enregistré : 3\)\.\n/,
      );
    }, 120_000);
  });
}

// One engine per pass: the embedded database when the tests run on PGlite (CI's first
// pass, `npm test`), PostgreSQL when TEST_DATABASE_URL names a server (CI's second pass).
const serverUrl = process.env.TEST_DATABASE_URL;
if (serverUrl) {
  describeDrill({ name: "PostgreSQL", place: postgresPlace(serverUrl) });
} else {
  describeDrill({ name: "PGlite", place: pglitePlace });
}
