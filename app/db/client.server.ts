import { execFile } from "node:child_process";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as activity from "./schema/activity.ts";
import * as alerts from "./schema/alerts.ts";
import * as auth from "./schema/auth.ts";
import * as clients from "./schema/clients.ts";
import * as companyDocuments from "./schema/company-documents.ts";
import * as documents from "./schema/documents.ts";
import * as integrity from "./schema/integrity.ts";
import * as invoices from "./schema/invoices.ts";
import * as jobSites from "./schema/job-sites.ts";
import * as jobs from "./schema/jobs.ts";
import * as leads from "./schema/leads.ts";
import * as outbox from "./schema/outbox.ts";
import * as purchaseOrders from "./schema/purchase-orders.ts";
import * as purchases from "./schema/purchases.ts";
import * as quoteRequests from "./schema/quote-requests.ts";
import * as quotes from "./schema/quotes.ts";
import * as rateLimits from "./schema/rate-limits.ts";
import * as receptions from "./schema/receptions.ts";
import * as settings from "./schema/settings.ts";
import * as shop from "./schema/shop.ts";
import * as site from "./schema/site.ts";
import * as siteLog from "./schema/site-log.ts";
import * as subcontracts from "./schema/subcontracts.ts";
import * as supplierInvoiceMatching from "./schema/supplier-invoice-matching.ts";
import * as supplierInvoices from "./schema/supplier-invoices.ts";
import * as timeSheets from "./schema/time-sheets.ts";

/** Every table, one file per domain under ./schema (drizzle-kit reads the same folder). */
const schema = {
  ...site,
  ...shop,
  ...auth,
  ...quoteRequests,
  ...outbox,
  ...rateLimits,
  ...leads,
  ...documents,
  ...activity,
  ...clients,
  ...settings,
  ...quotes,
  ...invoices,
  ...jobs,
  ...jobSites,
  ...receptions,
  ...siteLog,
  ...timeSheets,
  ...purchases,
  ...subcontracts,
  ...supplierInvoices,
  ...purchaseOrders,
  ...supplierInvoiceMatching,
  ...integrity,
  ...alerts,
  ...companyDocuments,
};

/** The one database type the application codes against: PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

/**
 * A consistent copy of the whole database, for a backup (app/lib/backup), with each
 * table's row count in that same copy (what a restore must find again).
 */
export type DatabaseDump = {
  kind: "pglite" | "postgresql";
  bytes: Uint8Array;
  tables: Record<string, number>;
};

const TABLES_QUERY = `select table_name as name from information_schema.tables
  where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`;

/** Each table of the public schema and its row count, through `query` (one connection, one snapshot). */
export async function countRows(
  query: (text: string) => Promise<{ rows: Record<string, unknown>[] }>,
): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of (await query(TABLES_QUERY)).rows) {
    const name = String(row.name);
    const result = await query(`select count(*) as count from "${name.replaceAll('"', '""')}"`);
    counts[name] = Number(result.rows[0]?.count ?? 0);
  }
  return counts;
}

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  migrate: () => Promise<void>;
  /**
   * Runs `work` while no other process runs it over the same database (a PostgreSQL
   * advisory lock): instances starting together seed the demo content one after the other.
   */
  serialised: <T>(work: () => Promise<T>) => Promise<T>;
  /**
   * Listens to a PostgreSQL notification channel. `onNotify` runs for each notification
   * (delivered at the sender's commit); `onState(false)` when the listening connection is
   * lost (notifications may be missed from then on), `onState(true)` once it listens
   * again (it reconnects by itself). Resolves, listening, with the function that stops it.
   */
  listen: (channel: string, handlers: ListenHandlers) => Promise<() => Promise<void>>;
  /**
   * A consistent dump while the database serves: pg_dump's custom format (Debian's
   * PostgreSQL client, one snapshot), or PGlite's data directory as a gzipped tar, taken
   * between two queries (what a restart after a power cut would find: committed work).
   */
  dump: () => Promise<DatabaseDump>;
  close: () => Promise<void>;
};

const execFileAsync = promisify(execFile);

/**
 * pg_dump of the database at `url`, custom format, from a snapshot this connection exports
 * and counts its rows in: the counts are exactly those of the dump, whatever is written
 * meanwhile. Its French failure when it cannot.
 */
async function pgDump(pool: pg.Pool, url: string): Promise<DatabaseDump> {
  const client = await pool.connect();
  try {
    await client.query("begin isolation level repeatable read read only");
    const snapshot =
      (await client.query<{ id: string }>("select pg_export_snapshot() as id")).rows[0]?.id ?? "";
    const tables = await countRows((text) => client.query(text));
    let bytes: Buffer;
    try {
      ({ stdout: bytes } = await execFileAsync(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--snapshot=${snapshot}`, "--dbname", url],
        { encoding: "buffer", maxBuffer: 8 * 1024 ** 3 },
      ));
    } catch (error) {
      const detail = String((error as { stderr?: Buffer }).stderr ?? (error as Error).message).trim();
      throw new Error(`La copie de la base PostgreSQL (pg_dump) a échoué : ${detail.split("\n")[0]}`);
    }
    return { kind: "postgresql", bytes, tables };
  } finally {
    await client.query("rollback").catch(() => {});
    client.release();
  }
}

/** PGlite's data directory (gzipped tar) and the row counts read back from that very copy. */
async function pgliteDump(client: PGlite): Promise<DatabaseDump> {
  const archive = await client.dumpDataDir("gzip");
  const copy = await PGlite.create({ loadDataDir: archive });
  try {
    const tables = await countRows((text) => copy.query<Record<string, unknown>>(text));
    return { kind: "pglite", bytes: new Uint8Array(await archive.arrayBuffer()), tables };
  } finally {
    await copy.close();
  }
}

export type ListenHandlers = {
  onNotify: (payload: string) => void;
  onState: (listening: boolean) => void;
};

const CHANNEL_PATTERN = /^[a-z_][a-z0-9_]*$/;
const RECONNECT_DELAYS_MS = [100, 250, 500, 1000, 2000, 5000];

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries): when it
 * drops, `onState(false)` at once, then new connections until one listens again.
 */
async function listenOnPostgres(
  url: string,
  channel: string,
  handlers: ListenHandlers,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let attempt = 0;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    let lost = false;
    const onLost = () => {
      if (lost) return;
      lost = true;
      next.removeAllListeners("notification");
      next.end().catch(() => {});
      if (client === next) client = null;
      if (stopped) return;
      handlers.onState(false);
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt, RECONNECT_DELAYS_MS.length - 1)];
      attempt += 1;
      retry = setTimeout(() => {
        connect().catch(() => {});
      }, delay);
      retry.unref();
    };
    next.on("error", onLost);
    next.on("end", onLost);
    next.on("notification", (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? "");
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${channel}`);
    } catch (error) {
      onLost();
      throw error;
    }
    if (stopped) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    attempt = 0;
    handlers.onState(true);
  };

  await connect().catch((error: unknown) => {
    // Not listening at start-up is the caller's to handle: no retries behind its back.
    stopped = true;
    clearTimeout(retry);
    throw error;
  });
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const current = client;
    client = null;
    if (current) {
      current.removeAllListeners();
      current.on("error", () => {});
      await current.end().catch(() => {});
    }
  };
}

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 839_201_771;
/** Another one for `serialised` (the seed runs after the migrations, on other connections). */
const STARTUP_LOCK_ID = 839_201_772;

export type OpenDatabaseOptions =
  | { url: string; poolSize?: number }
  | { dataDir: string }
  /** In memory; from `loadDataDir` (a PGlite data-directory dump) when given, else empty. */
  | { memory: true; loadDataDir?: Blob };

export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if ("url" in options) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 10 });
    // A dropped idle connection must not crash the process; the next query reconnects.
    pool.on("error", () => {});
    const db = drizzleNodePg({ client: pool, schema }) as unknown as Database;
    return {
      db,
      kind: "postgres",
      ping: async () => {
        await pool.query("select 1");
      },
      migrate: async () => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
          await migrateNodePg(drizzleNodePg({ client, schema }), { migrationsFolder });
        } finally {
          await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      serialised: async (work) => {
        const client = await pool.connect();
        try {
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK_ID]);
          return await work();
        } finally {
          await client.query("select pg_advisory_unlock($1)", [STARTUP_LOCK_ID]).catch(() => {});
          client.release();
        }
      },
      listen: (channel, handlers) => {
        if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Canal de notification invalide : ${channel}`);
        return listenOnPostgres(options.url, channel, handlers);
      },
      dump: () => pgDump(pool, options.url),
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if ("dataDir" in options) {
    const dir = path.resolve(options.dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {});
  }
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Database;
  // A dump (a backup) holds the one connection for its time: the database is busy, not
  // down, and /healthz must not tell an orchestrator to restart the server mid-backup.
  let dumping = 0;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      if (client.closed) throw new Error("base de données fermée");
      if (dumping > 0) return;
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    // One process owns the embedded database.
    serialised: (work) => work(),
    // One process, one connection: notifications arrive before the commit that sent them
    // resolves, and the connection cannot drop.
    listen: async (channel, handlers) => {
      if (!CHANNEL_PATTERN.test(channel)) throw new Error(`Canal de notification invalide : ${channel}`);
      const unlisten = await client.listen(channel, handlers.onNotify);
      handlers.onState(true);
      return async () => {
        if (!client.closed) await unlisten();
      };
    },
    dump: async () => {
      dumping += 1;
      try {
        return await pgliteDump(client);
      } finally {
        dumping -= 1;
      }
    },
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
