import { describe, expect, it } from "vitest";
import { removeFilesOnFailure } from "./files-on-failure.server.ts";
import type { FileStorage } from "./storage.server.ts";

function memoryStorage() {
  const deleted: string[] = [];
  const storage: FileStorage = {
    put: async () => undefined,
    get: async () => Buffer.alloc(0),
    delete: async (key) => {
      deleted.push(key);
      if (key === "refuses/delete.pdf") throw new Error("storage down");
    },
    list: async () => [],
  };
  return { storage, deleted };
}

describe("removeFilesOnFailure", () => {
  it("keeps the files and answers the work's result when it succeeds", async () => {
    const { storage, deleted } = memoryStorage();
    const result = await removeFilesOnFailure(storage, async (track) => {
      track("a/one.jpg");
      return 42;
    });
    expect(result).toBe(42);
    expect(deleted).toEqual([]);
  });

  it("removes every file marked, even when one removal fails, and rethrows the work's error", async () => {
    const { storage, deleted } = memoryStorage();
    const failure = new Error("row refused");
    await expect(
      removeFilesOnFailure(storage, async (track) => {
        expect(track("refuses/delete.pdf")).toBe("refuses/delete.pdf");
        track("a/two.png");
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(deleted).toEqual(["refuses/delete.pdf", "a/two.png"]);
  });
});
