import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BAD_STORAGE_KEYS, storageContract } from "#tests/helpers/storage-contract.ts";
import {
  assertStorageKey,
  createLocalStorage,
  LOCAL_TEMPORARY_FILE,
  newStorageKey,
  StorageNotFoundError,
  storageFor,
} from "./storage.server.ts";

const root = mkdtempSync(path.join(tmpdir(), "batirade-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("local storage: the storage contract", () => {
  const storage = createLocalStorage(root);
  storageContract(() => storage);
});

describe("local storage", () => {
  it("writes under its root, one file per key, and leaves no temporary file beside it", async () => {
    const storage = createLocalStorage(root);
    const key = newStorageKey("devis", "jpg", new Date(Date.UTC(2025, 0, 15)));
    expect(key).toMatch(/^devis\/2025\/01\/[0-9a-f]{32}\.jpg$/);
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/jpeg");
    await storage.put(key, new Uint8Array([4, 5]), "image/jpeg");
    expect(readdirSync(path.join(root, "devis", "2025", "01"))).toEqual([key.split("/").at(-1)]);
    expect([...(await storage.get(key))]).toEqual([4, 5]);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("names its temporary files so that no key can be taken for one", () => {
    expect(LOCAL_TEMPORARY_FILE.test("photo.jpg.3f9c01ab22e4.tmp")).toBe(true);
    expect(LOCAL_TEMPORARY_FILE.test("photo.jpg")).toBe(false);
    expect(LOCAL_TEMPORARY_FILE.test("rapport.tmp")).toBe(false);
  });

  it("refuses the bad keys with assertStorageKey itself", () => {
    for (const key of BAD_STORAGE_KEYS) expect(() => assertStorageKey(key), key).toThrow();
    expect(() => assertStorageKey("devis/2025/01/ab12.jpg")).not.toThrow();
  });

  it("is the storage the application uses when no bucket is configured", async () => {
    const storage = storageFor({ DATA_DIR: root });
    const key = newStorageKey("choix", "txt");
    await storage.put(key, Buffer.from("sur le disque"));
    expect(readdirSync(path.join(root, "uploads", ...key.split("/").slice(0, -1)))).toEqual([
      key.split("/").at(-1),
    ]);
  });
});
