import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DatabaseHandle, openDatabase } from "./client.server.ts";

// The embedded database during a backup: its one connection is busy with the dump, and
// the health check (what an orchestrator polls) must still say it is up.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ memory: true });
  await handle.migrate();
});
afterAll(() => handle.close());

describe("PGlite's ping during a dump", () => {
  it("answers at once while a dump holds the connection, and queries again afterwards", async () => {
    const dumped = handle.dump();
    // The ping settles within a few microtasks: it does not wait for the database's turn
    // (a query would wait for PGlite's work, which no microtask gives it).
    let settled = false;
    const ping = handle.ping().then(() => {
      settled = true;
    });
    for (let turn = 0; turn < 5; turn += 1) await Promise.resolve();
    expect(settled).toBe(true);
    await ping;
    const dump = await dumped;
    expect(dump.kind).toBe("pglite");
    expect(Object.keys(dump.tables).length).toBeGreaterThan(20);
    // The dump over, the ping reads the database again, and fails once it is closed.
    await handle.ping();
    const closed = await openDatabase({ memory: true });
    await closed.close();
    await expect(closed.ping()).rejects.toThrow("base de données fermée");
  });
});
