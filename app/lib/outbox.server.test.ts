import { describe, expect, it } from "vitest";
import {
  createOutboxSignal,
  GIVE_UP_AFTER_MS,
  nextAttemptAfterFailure,
  RETRY_DELAYS_MS,
  retryDelay,
} from "./outbox.server.ts";

describe("outbox retry policy", () => {
  it("waits longer after each failure, then every 4 hours", () => {
    const delays = Array.from({ length: 12 }, (_, index) => retryDelay(index + 1));
    for (let index = 1; index < delays.length; index++) {
      expect(delays[index]).toBeGreaterThanOrEqual(delays[index - 1] ?? 0);
    }
    expect(delays[0]).toBe(30_000);
    expect(delays.at(-1)).toBe(4 * 60 * 60_000);
    expect(RETRY_DELAYS_MS.length).toBeLessThan(12);
  });

  it("keeps retrying for at least 24 hours, then gives up", () => {
    const created = new Date("2025-03-01T08:00:00Z");
    let now = created;
    let attempts = 0;
    let next: Date | null = created;
    while (next) {
      now = next;
      attempts += 1;
      next = nextAttemptAfterFailure(created, attempts, now);
    }
    // The last attempt happened 24 hours or more after the message was written.
    expect(now.getTime() - created.getTime()).toBeGreaterThanOrEqual(GIVE_UP_AFTER_MS);
    expect(attempts).toBeGreaterThan(RETRY_DELAYS_MS.length);
    expect(
      nextAttemptAfterFailure(created, 1, new Date(created.getTime() + GIVE_UP_AFTER_MS - 1)),
    ).not.toBeNull();
  });

  it("wakes every listener, and forgets one that unsubscribed", () => {
    const signal = createOutboxSignal();
    const calls: string[] = [];
    const stop = signal.onWake(() => calls.push("a"));
    signal.onWake(() => calls.push("b"));
    signal.wake();
    stop();
    signal.wake();
    expect(calls).toEqual(["a", "b", "b"]);
  });
});
