import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pino from "pino";
import { afterAll, describe, expect, it } from "vitest";
import { testEnv } from "#tests/helpers/services.ts";
import { startServices } from "./services.ts";

// One data directory for the three starts: the first migrates it, the others find it done.
const dataDir = mkdtempSync(path.join(tmpdir(), "batirade-services-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function servicesWith(overrides: Record<string, string>) {
  return startServices(testEnv({ DATA_DIR: dataDir, ...overrides }), pino({ level: "silent" }), {
    seed: false,
  });
}

// The first start migrates an embedded database on disk: slow on a busy machine.
describe("the shop's cache at start-up", { timeout: 180_000 }, () => {
  it("is kept for the built-in store, listening to its changes", async () => {
    const services = await servicesWith({});
    try {
      expect(services.catalogueCache?.serving).toBe(true);
    } finally {
      await services.close();
    }
  });

  it("is never kept for a hosted store (STORE_API_URL), whose changes nobody announces", async () => {
    const services = await servicesWith({ STORE_API_URL: "http://127.0.0.1:9/api" });
    try {
      expect(services.catalogueCache).toBeUndefined();
    } finally {
      await services.close();
    }
  });

  it("is off with SHOP_CACHE=off", async () => {
    const services = await servicesWith({ SHOP_CACHE: "off" });
    try {
      expect(services.catalogueCache).toBeUndefined();
    } finally {
      await services.close();
    }
  });
});
