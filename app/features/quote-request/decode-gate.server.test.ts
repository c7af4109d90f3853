import { describe, expect, it } from "vitest";
import { createDecodeGate, DecodeBusyError } from "./decode-gate.server.ts";

/** A task that runs until the test lets it finish. */
function blocker() {
  let finish: () => void = () => {};
  const done = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { done, finish };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("the decode gate", () => {
  it("never runs more tasks at once than its concurrency; the others wait their turn", async () => {
    const gate = createDecodeGate({ concurrency: 2, maxWaiting: 10, maxWaitMs: 5_000 });
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const tasks = Array.from({ length: 8 }, (_, index) =>
      gate.run(async () => {
        running += 1;
        most = Math.max(most, running);
        await tick();
        order.push(index);
        running -= 1;
        return index;
      }),
    );
    expect(gate.stats()).toEqual({ running: 2, waiting: 6 });
    expect(await Promise.all(tasks)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(most).toBe(2);
    // First come, first served.
    expect(order.slice(0, 2).sort()).toEqual([0, 1]);
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("refuses at once beyond its waiting queue", async () => {
    const gate = createDecodeGate({ concurrency: 1, maxWaiting: 2, maxWaitMs: 5_000 });
    const held = blocker();
    const first = gate.run(() => held.done);
    const queued = [gate.run(async () => "a"), gate.run(async () => "b")];
    await expect(gate.run(async () => "c")).rejects.toBeInstanceOf(DecodeBusyError);
    held.finish();
    await first;
    expect(await Promise.all(queued)).toEqual(["a", "b"]);
    // Room again once the queue drained.
    expect(await gate.run(async () => "d")).toBe("d");
  });

  it("gives up a wait that lasts too long, and the slot still serves the next one", async () => {
    const gate = createDecodeGate({ concurrency: 1, maxWaiting: 5, maxWaitMs: 30 });
    const held = blocker();
    const first = gate.run(() => held.done);
    const started = performance.now();
    await expect(gate.run(async () => "trop tard")).rejects.toThrow(DecodeBusyError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(25);
    expect(gate.stats()).toEqual({ running: 1, waiting: 0 });
    held.finish();
    await first;
    expect(await gate.run(async () => "ensuite")).toBe("ensuite");
    expect(gate.stats()).toEqual({ running: 0, waiting: 0 });
  });

  it("a failing task frees its slot", async () => {
    const gate = createDecodeGate({ concurrency: 1, maxWaiting: 1, maxWaitMs: 1_000 });
    await expect(
      gate.run(async () => {
        throw new Error("illisible");
      }),
    ).rejects.toThrow("illisible");
    expect(await gate.run(async () => 42)).toBe(42);
  });
});
