import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq, inArray, like } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#app/db/client.server.ts";
import { issuedDocuments } from "#app/db/schema/clients.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { createCreditNoteDraft, createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { issueInvoice } from "#app/features/invoices/issue.server.ts";
import { InvoiceNotIssuableError } from "#app/features/invoices/query.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { sha256Hex } from "#app/lib/pdf/store.server.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import type { TestDatabase } from "#tests/helpers/db.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { acceptedQuoteFor, insertClient } from "#tests/helpers/quotes.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// Invoice numbers under concurrency, through the real « Émettre » (issueInvoice: the
// Factur-X PDF rendered and stored, the register row, the frozen invoice), on both
// engines: PGlite always; PostgreSQL when TEST_DATABASE_URL is set (CI's second pass), on
// a database of its own with a pool of 10 connections, so that the issues really run at
// the same time and queue on the counter's row lock. The clock is the `now` each issue
// is given: 2027 and 2028, years nothing else in this database numbers.

const serverUrl = process.env.TEST_DATABASE_URL;
const POOL_SIZE = 10;
/** Drafts issued at the same moment. */
const CONCURRENT = 12;

type Engine = {
  database: TestDatabase;
  /** PostgreSQL: how many statements wait for a lock right now (read outside the pool). */
  waiting?: () => Promise<number>;
};

async function openPglite(): Promise<Engine> {
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  return { database: { ...handle, cleanup: handle.close } };
}

/** A throw-away database on the server (the shared helper's pool of 5 would queue the issues). */
async function openPostgres(url: string): Promise<Engine> {
  const name = `test_invoice_numbering_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: databaseUrl.toString(), poolSize: POOL_SIZE });
  await handle.migrate();
  const observer = new pg.Client({ connectionString: databaseUrl.toString() });
  await observer.connect();
  return {
    database: {
      ...handle,
      cleanup: async () => {
        await observer.end();
        await handle.close();
        const dropper = new pg.Client({ connectionString: url });
        await dropper.connect();
        await dropper.query(`drop database if exists "${name}" with (force)`);
        await dropper.end();
      },
    },
    waiting: async () => {
      const result = await observer.query<{ waiting: string }>(
        // A row lock is waited for on the holder's transaction id, a lock with no database:
        // the waiters are found by their session's database.
        "select count(*) as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()",
      );
      return Number(result.rows[0]?.waiting ?? 0);
    },
  };
}

/** The most lock waiters seen while `run` runs (sampled every 10 ms); 0 without an observer. */
async function watchWaiters<T>(engine: Engine, run: Promise<T>): Promise<{ result: T; maxWaiters: number }> {
  let maxWaiters = 0;
  let done = false;
  const sampling = (async () => {
    while (!done && engine.waiting) {
      maxWaiters = Math.max(maxWaiters, await engine.waiting());
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  try {
    return { result: await run, maxWaiters };
  } finally {
    done = true;
    await sampling;
  }
}

/** A storage that refuses every write, as a full disk or an unreachable S3 would. */
function refusingStorage(inner: FileStorage): FileStorage & { attempts: string[] } {
  const attempts: string[] = [];
  return {
    attempts,
    put: async (key) => {
      attempts.push(key);
      throw new Error("Stockage indisponible (disque plein).");
    },
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
    list: () => inner.list(),
  };
}

/** A storage that writes the file, then fails (the answer lost on the way back). */
function failingAfterWriteStorage(inner: FileStorage): FileStorage & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    put: async (key, content, contentType) => {
      await inner.put(key, content, contentType);
      written.push(key);
      throw new Error("Délai dépassé en attendant la réponse du stockage.");
    },
    get: (key) => inner.get(key),
    delete: (key) => inner.delete(key),
    list: () => inner.list(),
  };
}

function describeEngine(label: string, open: () => Promise<Engine>) {
  describe(`invoice numbering on ${label}`, () => {
    let engine: Engine;
    let services: AppServices;
    let dataDir: string;
    let actor: { id: string; email: string };
    let template: typeof quotes.$inferSelect;
    let cloned = 0;

    beforeAll(async () => {
      engine = await open();
      dataDir = mkdtempSync(path.join(tmpdir(), "erp-invoice-numbering-"));
      services = staffTestServices(engine.database, { DATA_DIR: dataDir });
      const staff = await signedInStaff(services, "owner", "numerotation@batirade.test");
      actor = { id: staff.userId, email: staff.email };
      await fillInvoiceSettings(services.db);
      await seedCompliance(services.db, { decennaleUntil: "2030-12-31" });
      // One quote sent and accepted through the real functions: the template of the others.
      const clientId = await insertClient(services.db, { email: "modele@example.fr" });
      const id = await acceptedQuoteFor(services, actor, clientId);
      const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
      if (!row) throw new Error("devis modèle introuvable");
      template = row;
    }, 120_000);

    afterAll(async () => {
      await engine.database.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    });

    /**
     * Another accepted quote like the template, for a client of its own: issues on
     * different quotes and clients share nothing but the invoice counter.
     */
    async function acceptedQuote(): Promise<string> {
      cloned += 1;
      const clientId = await insertClient(services.db, {
        name: `Client ${cloned}`,
        email: `client-${cloned}@example.fr`,
      });
      const id = randomUUID();
      await services.db.insert(quotes).values({
        ...template,
        id,
        seriesId: id,
        clientId,
        number: `DEV-2026-${String(100 + cloned).padStart(4, "0")}`,
        issuedDocumentId: null,
      });
      return id;
    }

    async function depositDraft(quoteId?: string): Promise<string> {
      const { id } = await createInvoiceDraft(
        services.db,
        quoteId ?? (await acceptedQuote()),
        { kind: "acompte", deposit: { kind: "percent", basisPoints: 3000 } },
        actor,
      );
      return id;
    }

    async function issue(id: string, now: Date, storage: FileStorage = services.storage) {
      return issueInvoice(
        services.db,
        { storage, identity: await documentIdentity(services.db), now },
        id,
        actor,
      );
    }

    /** The numbers of a series in the database: the invoices' and the register's. */
    async function numbersOf(prefix: string): Promise<{ invoices: string[]; register: string[] }> {
      const rows = await services.db
        .select({ number: invoices.number })
        .from(invoices)
        .where(like(invoices.number, `${prefix}-%`))
        .orderBy(asc(invoices.number));
      const register = await services.db
        .select({ number: issuedDocuments.number })
        .from(issuedDocuments)
        .where(like(issuedDocuments.number, `${prefix}-%`))
        .orderBy(asc(issuedDocuments.number));
      return { invoices: rows.map((row) => row.number ?? ""), register: register.map((row) => row.number) };
    }

    const series = (prefix: string, count: number) =>
      Array.from({ length: count }, (_, index) => `${prefix}-${String(index + 1).padStart(4, "0")}`);

    it(`${CONCURRENT} drafts issued at the same moment take FAC-2027-0001 to ${CONCURRENT}, no gap, no duplicate`, async () => {
      const drafts: string[] = [];
      for (let index = 0; index < CONCURRENT; index++) drafts.push(await depositDraft());
      const at = new Date("2027-03-10T09:00:00Z");
      const started = performance.now();
      const { result: issued, maxWaiters } = await watchWaiters(
        engine,
        Promise.all(drafts.map((id) => issue(id, at))),
      );
      const elapsed = Math.round(performance.now() - started);

      const expected = series("FAC-2027", CONCURRENT);
      expect(issued.map((result) => result.number).sort()).toEqual(expected);
      expect(await numbersOf("FAC-2027")).toEqual({ invoices: expected, register: expected });
      // Each invoice holds the number it was given, and its stored PDF is the one registered.
      const rows = await services.db.select().from(invoices).where(inArray(invoices.id, drafts));
      for (const [index, id] of drafts.entries()) {
        const row = rows.find((candidate) => candidate.id === id);
        expect(row?.number).toBe(issued[index]?.number);
        expect(row?.status).toBe("emise");
        const bytes = await services.storage.get(row?.pdfStorageKey ?? "");
        expect(sha256Hex(bytes)).toBe(row?.pdfSha256);
      }
      console.log(
        `[numérotation des factures] ${label} : ${CONCURRENT} émissions lancées ensemble en ${elapsed} ms, ` +
          `${engine.waiting ? `jusqu'à ${maxWaiters} en attente d'un verrou, ` : ""}` +
          `${expected[0]} à ${expected.at(-1)} sans trou ni doublon`,
      );
      // On PostgreSQL, proof that the issues really ran at once and queued on a lock.
      if (engine.waiting) expect(maxWaiters).toBeGreaterThan(0);
    });

    it("an issue that fails halfway consumes no number: the next one takes it, no gap", async () => {
      const before = (await numbersOf("FAC-2027")).invoices.length;
      const next = `FAC-2027-${String(before + 1).padStart(4, "0")}`;

      // The storage refuses the PDF: the number was taken, then given back.
      const refused = await depositDraft();
      const refusing = refusingStorage(services.storage);
      await expect(issue(refused, new Date("2027-03-11T09:00:00Z"), refusing)).rejects.toThrow(
        "Stockage indisponible",
      );
      expect(refusing.attempts).toEqual([`documents/facture/2027/${next.toLowerCase()}.pdf`]);
      // The PDF stored, then the storage's answer lost: the transaction rolls back too.
      const lost = await depositDraft();
      const failing = failingAfterWriteStorage(services.storage);
      await expect(issue(lost, new Date("2027-03-11T09:05:00Z"), failing)).rejects.toThrow("Délai dépassé");
      expect(failing.written).toEqual([`documents/facture/2027/${next.toLowerCase()}.pdf`]);
      // A mention missing (the client's address): refused before any number is taken.
      const noAddressQuote = await acceptedQuote();
      const [quote] = await services.db.select().from(quotes).where(eq(quotes.id, noAddressQuote));
      const withoutAddress = await insertClient(services.db, {
        name: "Sans Adresse",
        email: "sans-adresse@example.fr",
        billingStreet: null,
        billingPostalCode: null,
        billingCity: null,
      });
      const orphanQuote = randomUUID();
      await services.db.insert(quotes).values({
        ...(quote as typeof quotes.$inferSelect),
        id: orphanQuote,
        seriesId: orphanQuote,
        clientId: withoutAddress,
        number: "DEV-2026-0999",
      });
      const missing = await depositDraft(orphanQuote);
      const error = await issue(missing, new Date("2027-03-11T09:10:00Z")).catch((thrown: unknown) => thrown);
      expect(error).toBeInstanceOf(InvoiceNotIssuableError);
      expect((error as InvoiceNotIssuableError).missing.join(" ")).toContain(
        "L'adresse du client est incomplète",
      );

      // None of the three holds a number, nor left a row in the register.
      const failed = await services.db
        .select({ status: invoices.status, number: invoices.number, pdf: invoices.pdfSha256 })
        .from(invoices)
        .where(inArray(invoices.id, [refused, lost, missing]));
      expect(failed).toEqual([
        { status: "brouillon", number: null, pdf: null },
        { status: "brouillon", number: null, pdf: null },
        { status: "brouillon", number: null, pdf: null },
      ]);
      expect((await numbersOf("FAC-2027")).register).toHaveLength(before);

      // The next issue takes the number given back, and overwrites the PDF left by the lost answer.
      const retried = await issue(lost, new Date("2027-03-11T09:15:00Z"));
      expect(retried.number).toBe(next);
      const [row] = await services.db.select().from(invoices).where(eq(invoices.id, lost));
      expect(sha256Hex(await services.storage.get(row?.pdfStorageKey ?? ""))).toBe(retried.sha256);
      const after = await issue(refused, new Date("2027-03-11T09:20:00Z"));
      expect(after.number).toBe(`FAC-2027-${String(before + 2).padStart(4, "0")}`);
      const all = series("FAC-2027", before + 2);
      expect(await numbersOf("FAC-2027")).toEqual({ invoices: all, register: all });
    });

    it("credit notes have their own AV- sequence, concurrent ones included; invoices go on from where they were", async () => {
      const invoicesBefore = (await numbersOf("FAC-2027")).invoices.length;
      const credited = await services.db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(like(invoices.number, "FAC-2027-%"), eq(invoices.status, "emise")))
        .orderBy(asc(invoices.number))
        .limit(4);
      const notes: string[] = [];
      for (const invoice of credited) {
        notes.push((await createCreditNoteDraft(services.db, invoice.id, { kind: "total" }, actor)).id);
      }
      const at = new Date("2027-04-02T08:00:00Z");
      // Two credit notes and an invoice issued together: one counter each.
      const invoice = await depositDraft();
      const [first, second, third] = await Promise.all([
        issue(notes[0] ?? "", at),
        issue(notes[1] ?? "", at),
        issue(invoice, at),
      ]);
      expect([first?.number, second?.number].sort()).toEqual(["AV-2027-0001", "AV-2027-0002"]);
      expect(third?.number).toBe(`FAC-2027-${String(invoicesBefore + 1).padStart(4, "0")}`);
      const rest = await Promise.all(notes.slice(2).map((id) => issue(id, new Date("2027-04-03T08:00:00Z"))));
      expect(rest.map((result) => result.number).sort()).toEqual(["AV-2027-0003", "AV-2027-0004"]);
      const avoirs = series("AV-2027", 4);
      expect(await numbersOf("AV-2027")).toEqual({ invoices: avoirs, register: avoirs });
      // Each credited invoice is cancelled by its credit note.
      const statuses = await services.db
        .select({ status: invoices.status })
        .from(invoices)
        .where(
          inArray(
            invoices.id,
            credited.map((row) => row.id),
          ),
        );
      expect(statuses.map((row) => row.status)).toEqual(["annulee", "annulee", "annulee", "annulee"]);
    });

    it("a new Paris year restarts both series at 0001 (the clock moved to New Year's night)", async () => {
      const lastOf2027 = (await numbersOf("FAC-2027")).invoices.length;
      // 31 December 2027, 23:30 in Paris (22:30 UTC): still 2027.
      const late = await issue(await depositDraft(), new Date("2027-12-31T22:30:00Z"));
      expect(late.number).toBe(`FAC-2027-${String(lastOf2027 + 1).padStart(4, "0")}`);
      // 1 January 2028, 00:30 in Paris, still 31 December in UTC: 2028.
      const drafts = [await depositDraft(), await depositDraft(), await depositDraft()];
      const newYear = new Date("2027-12-31T23:30:00Z");
      const issued = await Promise.all(drafts.map((id) => issue(id, newYear)));
      expect(issued.map((result) => result.number).sort()).toEqual(series("FAC-2028", 3));
      const [row] = await services.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, drafts[0] ?? ""));
      expect(row?.issuedOn).toBe("2028-01-01");
      const note = await createCreditNoteDraft(services.db, drafts[0] ?? "", { kind: "total" }, actor);
      expect((await issue(note.id, new Date("2028-01-02T10:00:00Z"))).number).toBe("AV-2028-0001");
      expect(await numbersOf("FAC-2028")).toEqual({
        invoices: series("FAC-2028", 3),
        register: series("FAC-2028", 3),
      });
      // 2027 is closed as it was: its last number is the 31 December one, nothing after it.
      const closed = series("FAC-2027", lastOf2027 + 1);
      expect(await numbersOf("FAC-2027")).toEqual({ invoices: closed, register: closed });
    });
  });
}

describeEngine("PGlite", openPglite);

if (serverUrl) {
  describeEngine("PostgreSQL", () => openPostgres(serverUrl));
} else {
  describe("invoice numbering on PostgreSQL", () => {
    it.skip("ignoré : TEST_DATABASE_URL n'est pas défini (CI le définit ; en local : TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)", () => {});
  });
}
