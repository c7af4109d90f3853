import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { inject } from "vitest";
import { type DatabaseHandle, openDatabase } from "#app/db/client.server.ts";

export type TestDatabase = DatabaseHandle & { cleanup: () => Promise<void> };

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * or a throw-away database on the PostgreSQL server at TEST_DATABASE_URL. Both start from
 * the copy the run's global setup migrated (tests/global-setup.ts); `migrate()` then finds
 * nothing left to apply.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dump = inject("migratedPgliteDump");
    const handle = await openDatabase(
      dump
        ? { memory: true, loadDataDir: new Blob([readFileSync(dump)], { type: "application/x-gzip" }) }
        : { memory: true },
    );
    await handle.migrate();
    return { ...handle, cleanup: handle.close };
  }
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const template = inject("migratedTemplateDatabase");
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(
    template ? `create database "${name}" template "${template}"` : `create database "${name}"`,
  );
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 5 });
  await handle.migrate();
  return {
    ...handle,
    cleanup: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists "${name}" with (force)`);
      await dropper.end();
    },
  };
}

/**
 * What the database answered to an instruction it refused: the error's message and its
 * cause's (a trigger's French message). Throws when the instruction went through.
 */
export async function databaseRefusal(run: () => Promise<unknown>): Promise<string> {
  try {
    await run();
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause;
    return `${(error as Error).message} ${cause?.message ?? ""}`;
  }
  throw new Error("La base de données a accepté l'instruction.");
}
