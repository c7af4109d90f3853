import { describe, expect, it } from "vitest";
import { awaitAll } from "./await-all.ts";

describe("awaitAll", () => {
  it("gives each key what its promise gave, in the same order, plain values included", async () => {
    const result = await awaitAll({ a: Promise.resolve(1), b: null, c: Promise.resolve("trois") });
    expect(result).toEqual({ a: 1, b: null, c: "trois" });
    expect(Object.keys(result)).toEqual(["a", "b", "c"]);
  });

  it("fails with the refusal of any of its promises", async () => {
    await expect(
      awaitAll({ ok: Promise.resolve(1), failed: Promise.reject(new Error("raté")) }),
    ).rejects.toThrow("raté");
  });
});
