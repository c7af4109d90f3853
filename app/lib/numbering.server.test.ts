import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, asc, eq, sql } from "drizzle-orm";
import { integer, pgTable, text } from "drizzle-orm/pg-core";
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/db/client.server.ts";
import { documentCounters } from "#app/db/schema/documents.ts";
import {
  type DocumentKind,
  type DocumentNumber,
  formatDocumentNumber,
  NumberingOrderError,
  takeNextNumber,
} from "./numbering.server.ts";

// Gap-free numbering, proved on both engines: PGlite always; PostgreSQL when
// TEST_DATABASE_URL is set (CI's second pass), on a database of its own with a pool of
// 12 connections, so that the 50 issuers really run at the same time and queue on the
// counter's row lock.

const serverUrl = process.env.TEST_DATABASE_URL;
const POOL_SIZE = 12;

type Engine = { handle: DatabaseHandle; cleanup: () => Promise<void> };

async function openPglite(): Promise<Engine> {
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  return { handle, cleanup: handle.close };
}

/** A throw-away database on the server (the shared helper's pool of 5 is too small here). */
async function openPostgres(url: string): Promise<Engine & { url: string }> {
  const name = `test_numbering_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const databaseUrl = new URL(url);
  databaseUrl.pathname = `/${name}`;
  const handle = await openDatabase({ url: databaseUrl.toString(), poolSize: POOL_SIZE });
  await handle.migrate();
  return {
    handle,
    url: databaseUrl.toString(),
    cleanup: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

function issue(engine: Engine, kind: DocumentKind, issuedAt: Date): Promise<DocumentNumber> {
  return engine.handle.db.transaction((tx) => takeNextNumber(tx, kind, issuedAt));
}

async function counter(engine: Engine, kind: DocumentKind, year: number) {
  const [row] = await engine.handle.db
    .select()
    .from(documentCounters)
    .where(and(eq(documentCounters.kind, kind), eq(documentCounters.year, year)));
  return row;
}

class PlannedRollback extends Error {}

/** The "documents" of the race: created by the test, outside the migrations. */
const numberingRace = pgTable("numbering_race", {
  sequence: integer("sequence").primaryKey(),
  number: text("number").notNull().unique(),
  worker: integer("worker").notNull(),
});

const WORKERS = 50;
/** Every 7th issuer throws after taking its number and inserting its row. */
const rollsBack = (worker: number) => worker % 7 === 6;

/**
 * 50 transactions at once: each takes a number, holds it a moment, inserts a row in a
 * test table, and commits, or throws (every 7th). Returns what the run saw.
 */
async function race(engine: Engine, sampleWaiters?: () => Promise<number>) {
  const db = engine.handle.db;
  await db.execute(sql`drop table if exists numbering_race`);
  await db.execute(
    sql`create table numbering_race (sequence integer primary key, number text not null unique, worker integer not null)`,
  );
  const issuedAt = new Date("2026-06-15T08:00:00Z");
  let open = 0;
  let maxOpen = 0;
  let maxWaiters = 0;
  let racing = true;
  let heldForObserver = false;
  const sampler = (async () => {
    while (sampleWaiters && racing) {
      maxWaiters = Math.max(maxWaiters, await sampleWaiters());
      await sleep(2);
    }
  })();
  const outcomes = await Promise.allSettled(
    Array.from({ length: WORKERS }, (_, worker) =>
      db.transaction(async (tx) => {
        open += 1;
        maxOpen = Math.max(maxOpen, open);
        try {
          const taken = await takeNextNumber(tx, "facture", issuedAt);
          // Hold the lock while the "document" is written: the others queue behind it.
          // The first holder, where waiters can be observed, keeps it until one is seen (at
          // most 5 s): the proof of queueing then does not hang on the sampler's timing on
          // a loaded machine.
          if (sampleWaiters && !heldForObserver) {
            heldForObserver = true;
            const deadline = Date.now() + 5_000;
            while (Date.now() < deadline) {
              const waiting = await sampleWaiters();
              maxWaiters = Math.max(maxWaiters, waiting);
              if (waiting > 0) break;
              await sleep(5);
            }
          }
          await sleep(2);
          await tx.insert(numberingRace).values({ sequence: taken.sequence, number: taken.number, worker });
          if (rollsBack(worker)) throw new PlannedRollback(taken.number);
          return taken;
        } finally {
          open -= 1;
        }
      }),
    ),
  );
  racing = false;
  await sampler;
  const committed = outcomes.flatMap((outcome) => (outcome.status === "fulfilled" ? [outcome.value] : []));
  const failures = outcomes.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason] : []));
  const rows = await db.select().from(numberingRace).orderBy(asc(numberingRace.sequence));
  return { committed, failures, rows, maxOpen, maxWaiters };
}

function describeEngine(
  label: string,
  open: () => Promise<Engine>,
  sampler?: (engine: Engine) => () => Promise<number>,
) {
  describe(label, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await open();
    });
    afterAll(async () => {
      await engine?.cleanup();
    });
    beforeEach(async () => {
      await engine.handle.db.delete(documentCounters);
    });

    it("numbers each kind on its own: DEV, FAC, AV, BC, from 0001", async () => {
      const at = new Date("2026-03-10T09:00:00Z");
      expect((await issue(engine, "devis", at)).number).toBe("DEV-2026-0001");
      expect((await issue(engine, "devis", at)).number).toBe("DEV-2026-0002");
      expect(await issue(engine, "facture", at)).toEqual({
        number: "FAC-2026-0001",
        kind: "facture",
        year: 2026,
        sequence: 1,
      });
      expect((await issue(engine, "avoir", at)).number).toBe("AV-2026-0001");
      expect((await issue(engine, "bon_commande", at)).number).toBe("BC-2026-0001");
      expect((await issue(engine, "devis", at)).number).toBe("DEV-2026-0003");
    });

    it("takes the year in Paris time: 31 December 23:30 is 2026, 1 January 00:30 is 2027", async () => {
      // Paris is UTC+1 in winter.
      const lastEvening = new Date("2026-12-31T22:30:00Z");
      const newYear = new Date("2026-12-31T23:30:00Z");
      expect((await issue(engine, "facture", lastEvening)).number).toBe("FAC-2026-0001");
      expect((await issue(engine, "facture", newYear)).number).toBe("FAC-2027-0001");
      expect((await issue(engine, "facture", newYear)).number).toBe("FAC-2027-0002");
      expect((await counter(engine, "facture", 2026))?.lastNumber).toBe(1);
      expect((await counter(engine, "facture", 2027))?.lastIssuedOn).toBe("2027-01-01");
    });

    it("grows beyond four digits", async () => {
      const at = new Date("2026-05-04T10:00:00Z");
      await issue(engine, "facture", at);
      await engine.handle.db
        .update(documentCounters)
        .set({ lastNumber: 9998 })
        .where(eq(documentCounters.kind, "facture"));
      expect((await issue(engine, "facture", at)).number).toBe("FAC-2026-9999");
      expect((await issue(engine, "facture", at)).number).toBe("FAC-2026-10000");
      expect(formatDocumentNumber("avoir", 2031, 123456)).toBe("AV-2031-123456");
    });

    it("gives a rolled-back number to the next document", async () => {
      const at = new Date("2026-02-02T10:00:00Z");
      expect((await issue(engine, "avoir", at)).number).toBe("AV-2026-0001");
      await expect(
        engine.handle.db.transaction(async (tx) => {
          expect((await takeNextNumber(tx, "avoir", at)).number).toBe("AV-2026-0002");
          throw new PlannedRollback("le document n'a pas pu être émis");
        }),
      ).rejects.toThrow(PlannedRollback);
      expect((await issue(engine, "avoir", at)).number).toBe("AV-2026-0002");
    });

    it("refuses a document dated before the last one of its sequence, and consumes nothing", async () => {
      await issue(engine, "facture", new Date("2026-03-05T09:00:00Z"));
      const attempt = issue(engine, "facture", new Date("2026-03-04T09:00:00Z"));
      await expect(attempt).rejects.toThrow(NumberingOrderError);
      await expect(attempt).rejects.toThrow(
        "Numérotation impossible : ce document serait daté du 4 mars 2026, avant le dernier de la série FAC-2026 (5 mars 2026).",
      );
      expect((await counter(engine, "facture", 2026))?.lastNumber).toBe(1);
      // Earlier the same Paris day is the same date on paper: accepted.
      expect((await issue(engine, "facture", new Date("2026-03-04T23:30:00Z"))).number).toBe("FAC-2026-0002");
      expect((await issue(engine, "facture", new Date("2026-03-06T09:00:00Z"))).number).toBe("FAC-2026-0003");
    });

    it("cannot hold two counters for one kind and year, nor a number below 1", async () => {
      await issue(engine, "devis", new Date("2026-01-15T10:00:00Z"));
      await expect(
        engine.handle.db
          .insert(documentCounters)
          .values({ kind: "devis", year: 2026, lastNumber: 1, lastIssuedOn: "2026-01-15" }),
      ).rejects.toThrow();
      await expect(
        engine.handle.db
          .update(documentCounters)
          .set({ lastNumber: 0 })
          .where(eq(documentCounters.kind, "devis")),
      ).rejects.toThrow();
      await expect(
        engine.handle.db.execute(
          sql`insert into document_counters (kind, year, last_number, last_issued_on) values ('ticket', 2026, 1, '2026-01-15')`,
        ),
      ).rejects.toThrow();
    });

    it(`${WORKERS} concurrent issuers, every 7th rolling back: committed numbers are 1..N, no gap, no duplicate`, async () => {
      const { committed, failures, rows, maxOpen, maxWaiters } = await race(engine, sampler?.(engine));
      const rolledBack = Array.from({ length: WORKERS }, (_, worker) => worker).filter(rollsBack).length;
      const expected = WORKERS - rolledBack;

      expect(failures).toHaveLength(rolledBack);
      for (const failure of failures) expect(failure).toBeInstanceOf(PlannedRollback);
      expect(committed).toHaveLength(expected);

      const sequences = committed.map((taken) => taken.sequence).sort((a, b) => a - b);
      expect(sequences).toEqual(Array.from({ length: expected }, (_, index) => index + 1));
      expect(new Set(committed.map((taken) => taken.number)).size).toBe(expected);
      // What the committed transactions wrote is exactly what they were given.
      expect(rows.map((row) => [row.sequence, row.number])).toEqual(
        sequences.map((sequence) => [sequence, formatDocumentNumber("facture", 2026, sequence)]),
      );
      expect(rows.some((row) => rollsBack(row.worker))).toBe(false);

      const next = await issue(engine, "facture", new Date("2026-06-15T09:00:00Z"));
      expect(next.number).toBe(formatDocumentNumber("facture", 2026, expected + 1));

      console.log(
        `[numérotation] ${label} : ${WORKERS} transactions lancées ensemble, au plus ${maxOpen} ouverte(s) en même temps, ` +
          `${sampler ? `jusqu'à ${maxWaiters} en attente du verrou, ` : ""}` +
          `${committed.length} validées, ${failures.length} annulées ; numéros validés ` +
          `${formatDocumentNumber("facture", 2026, 1)} à ${formatDocumentNumber("facture", 2026, expected)}, ` +
          `sans trou ni doublon ; suivant : ${next.number}`,
      );
      if (sampler) {
        // Proof that the issuers really ran at once and queued on the row lock.
        expect(maxOpen).toBeGreaterThanOrEqual(POOL_SIZE - 2);
        expect(maxWaiters).toBeGreaterThan(0);
      }
    });
  });
}

describeEngine("PGlite", openPglite);

if (serverUrl) {
  let observer: pg.Client | undefined;
  describeEngine(
    "PostgreSQL",
    async () => {
      const engine = await openPostgres(serverUrl);
      // A connection outside the pool, which watches the transactions waiting for a lock.
      observer = new pg.Client({ connectionString: engine.url });
      await observer.connect();
      return {
        handle: engine.handle,
        cleanup: async () => {
          await observer?.end();
          await engine.cleanup();
        },
      };
    },
    () => async () => {
      const result = await observer?.query<{ waiting: string }>(
        // Joined to the sessions of this test's database: a transaction waiting on
        // another's row waits on its transaction id, a lock that names no database.
        "select count(*) as waiting from pg_locks l join pg_stat_activity a on a.pid = l.pid where not l.granted and a.datname = current_database()",
      );
      return Number(result?.rows[0]?.waiting ?? 0);
    },
  );
} else {
  describe("PostgreSQL", () => {
    it.skip("ignoré : TEST_DATABASE_URL n'est pas défini (CI le définit ; en local : TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test)", () => {});
  });
}
