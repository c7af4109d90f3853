import { describe, expect, it } from "vitest";
import { createNotifiedCache } from "./notified-cache.server.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

function serving(maxEntries?: number) {
  const cache = createNotifiedCache({ maxEntries });
  cache.setServing(true);
  return cache;
}

describe("notified cache", () => {
  it("computes once, then answers from memory until invalidated", async () => {
    const cache = serving();
    let computed = 0;
    const compute = async () => ++computed;
    expect(await cache.read("a", compute)).toBe(1);
    expect(await cache.read("a", compute)).toBe(1);
    cache.invalidate();
    expect(await cache.read("a", compute)).toBe(2);
  });

  it("never keeps a value whose computation began before a change", async () => {
    const cache = serving();
    const gate = deferred<string>();
    const stale = cache.read("a", () => gate.promise);
    // The change commits while the old value is being read.
    cache.invalidate();
    gate.resolve("avant");
    expect(await stale).toBe("avant");
    expect(await cache.read("a", async () => "après")).toBe("après");
  });

  it("shares one computation between concurrent misses of a key", async () => {
    const cache = serving();
    const gate = deferred<number>();
    let calls = 0;
    const compute = () => {
      calls += 1;
      return gate.promise;
    };
    const reads = [cache.read("a", compute), cache.read("a", compute), cache.read("a", compute)];
    gate.resolve(7);
    expect(await Promise.all(reads)).toEqual([7, 7, 7]);
    expect(calls).toBe(1);
  });

  it("keeps nothing and serves nothing while it does not hear the changes", async () => {
    const cache = serving();
    await cache.read("a", async () => "gardé");
    cache.setServing(false);
    expect(cache.size).toBe(0);
    let computed = 0;
    expect(await cache.read("a", async () => `lu ${++computed}`)).toBe("lu 1");
    expect(await cache.read("a", async () => `lu ${++computed}`)).toBe("lu 2");
    expect(cache.size).toBe(0);
    // Listening again: caching resumes from an empty cache.
    cache.setServing(true);
    expect(await cache.read("a", async () => "neuf")).toBe("neuf");
    expect(await cache.read("a", async () => "autre")).toBe("neuf");
  });

  it("keeps only what `keep` accepts, and a failed computation keeps nothing", async () => {
    const cache = serving();
    await cache.read(
      "a",
      async () => null,
      (value) => value !== null,
    );
    expect(cache.size).toBe(0);
    await expect(
      cache.read("b", async () => {
        throw new Error("base indisponible");
      }),
    ).rejects.toThrow("base indisponible");
    expect(await cache.read("b", async () => "ok")).toBe("ok");
  });

  it("evicts the least recently used entry past its size", async () => {
    const cache = serving(2);
    await cache.read("a", async () => "a");
    await cache.read("b", async () => "b");
    await cache.read("a", async () => "a2");
    await cache.read("c", async () => "c");
    expect(cache.size).toBe(2);
    expect(await cache.read("a", async () => "recalculé")).toBe("a");
    expect(await cache.read("b", async () => "recalculé")).toBe("recalculé");
  });
});
