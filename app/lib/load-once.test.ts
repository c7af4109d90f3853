import { describe, expect, it } from "vitest";
import { loadOnce } from "./load-once.ts";

describe("loadOnce", () => {
  it("loads once and hands every caller the same module", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      return { value: calls };
    });
    const [first, second] = await Promise.all([load(), load()]);
    expect(first).toBe(second);
    expect(await load()).toBe(first);
    expect(calls).toBe(1);
  });

  it("tries again after a failed download, and keeps the module once it came", async () => {
    let calls = 0;
    const load = loadOnce(async () => {
      calls += 1;
      if (calls === 1) throw new Error("réseau coupé");
      return "module";
    });
    await expect(load()).rejects.toThrow("réseau coupé");
    expect(await load()).toBe("module");
    expect(await load()).toBe("module");
    expect(calls).toBe(2);
  });
});
