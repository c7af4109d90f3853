import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as activity from "./schema/activity.ts";
import * as auth from "./schema/auth.ts";
import * as clients from "./schema/clients.ts";
import * as documents from "./schema/documents.ts";
import * as invoices from "./schema/invoices.ts";
import * as leads from "./schema/leads.ts";
import * as outbox from "./schema/outbox.ts";
import * as quoteRequests from "./schema/quote-requests.ts";
import * as quotes from "./schema/quotes.ts";
import * as rateLimits from "./schema/rate-limits.ts";
import * as settings from "./schema/settings.ts";
import * as shop from "./schema/shop.ts";
import * as site from "./schema/site.ts";

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
};

/** The one database type the application codes against: PGlite and PostgreSQL alike. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export type DatabaseHandle = {
  db: Database;
  kind: "pglite" | "postgres";
  /** Resolves when the database answers a trivial query. */
  ping: () => Promise<void>;
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

export const migrationsFolder = fileURLToPath(new URL("../../drizzle", import.meta.url));

/** Arbitrary constant: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_ID = 839_201_771;

export type OpenDatabaseOptions = { url: string; poolSize?: number } | { dataDir: string } | { memory: true };

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
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if ("dataDir" in options) {
    const dir = path.resolve(options.dataDir, "pgdata");
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  } else {
    client = await PGlite.create();
  }
  const pgliteDb = drizzlePglite({ client, schema });
  const db = pgliteDb as unknown as Database;
  return {
    db,
    kind: "pglite",
    ping: async () => {
      if (client.closed) throw new Error("base de données fermée");
      await db.execute(sql`select 1`);
    },
    migrate: () => migratePglite(pgliteDb, { migrationsFolder }),
    close: async () => {
      if (!client.closed) await client.close();
    },
  };
}
