import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { openDatabase } from "#app/db/client.server.ts";

declare module "vitest" {
  interface ProvidedContext {
    /** A PGlite data directory (gzipped tar) holding the migrated schema, or "" when there is none. */
    migratedPgliteDump: string;
    /** A database on the PostgreSQL server at TEST_DATABASE_URL holding the migrated schema, or "". */
    migratedTemplateDatabase: string;
  }
}

/**
 * Migrates one database for the whole run, so that each test file starts from a copy of it
 * (tests/helpers/db.ts) instead of running every migration again: a PGlite dump, or on the
 * PostgreSQL pass a template database. A file still runs `migrate()` on its copy, which finds
 * every migration applied.
 */
export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_modele_${randomBytes(4).toString("hex")}`;
    await adminQuery(serverUrl, `create database "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString(), poolSize: 1 });
    await handle.migrate();
    await handle.close();
    project.provide("migratedTemplateDatabase", name);
    project.provide("migratedPgliteDump", "");
    return async () => {
      await adminQuery(serverUrl, `drop database if exists "${name}" with (force)`);
    };
  }
  const dir = mkdtempSync(path.join(tmpdir(), "batirade-tests-modele-"));
  const handle = await openDatabase({ memory: true });
  await handle.migrate();
  const dump = await handle.dump();
  await handle.close();
  const file = path.join(dir, "pgdata.tar.gz");
  writeFileSync(file, dump.bytes);
  project.provide("migratedPgliteDump", file);
  project.provide("migratedTemplateDatabase", "");
  return () => rmSync(dir, { recursive: true, force: true });
}

async function adminQuery(serverUrl: string, text: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
