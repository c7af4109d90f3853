import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  assertStorageKey,
  createLocalStorage,
  newStorageKey,
  StorageNotFoundError,
} from "./storage.server.ts";

const root = mkdtempSync(path.join(tmpdir(), "batirade-storage-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("local storage", () => {
  it("writes, reads back and deletes a file under its root", async () => {
    const storage = createLocalStorage(root);
    const key = newStorageKey("devis", "jpg", new Date(Date.UTC(2025, 0, 15)));
    expect(key).toMatch(/^devis\/2025\/01\/[0-9a-f]{32}\.jpg$/);
    await storage.put(key, new Uint8Array([1, 2, 3]), "image/jpeg");
    expect([...(await storage.get(key))]).toEqual([1, 2, 3]);
    // No temporary file is left beside it.
    expect(readdirSync(path.join(root, "devis", "2025", "01"))).toEqual([key.split("/").at(-1)]);
    await storage.delete(key);
    await expect(storage.get(key)).rejects.toBeInstanceOf(StorageNotFoundError);
    await storage.delete(key);
  });

  it("refuses every key that could leave the folder or hide a file", async () => {
    const storage = createLocalStorage(root);
    for (const key of [
      "../secret",
      "devis/../../etc/passwd",
      "/etc/passwd",
      ".env",
      "devis/.cache/x",
      "Devis/x",
      "a//b",
      "",
    ]) {
      expect(() => assertStorageKey(key), key).toThrow();
      await expect(storage.put(key, new Uint8Array([1]))).rejects.toThrow();
    }
  });
});
