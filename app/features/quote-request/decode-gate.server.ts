/**
 * How many photo decodes run at once in this process. Decoding is the one costly
 * step of an anonymous request (up to the pixel cap of photos.server.ts, about a
 * second of CPU): without a bound, a burst of requests holds both cores and every
 * other page waits. Beyond the bound, requests queue; beyond the queue, or after
 * waiting too long, they are answered "busy, retry later" rather than piled up.
 */

/** A decode that could not get a slot in time; answered 503 with Retry-After. */
export class DecodeBusyError extends Error {
  constructor(reason: "queue-full" | "timeout") {
    super(reason === "queue-full" ? "file d'attente des photos pleine" : "attente des photos trop longue");
    this.name = "DecodeBusyError";
  }
}

export type DecodeGateOptions = {
  /** Decodes at once: the machine's cores, no more (libvips also uses threads). */
  concurrency: number;
  /** Requests allowed to wait for a slot; one more is refused at once. */
  maxWaiting: number;
  /** Longest wait for a slot. */
  maxWaitMs: number;
};

export type DecodeGate = {
  /** Runs `task` once a slot is free; rejects with DecodeBusyError when none comes. */
  run<T>(task: () => Promise<T>): Promise<T>;
  /** For tests and logs. */
  stats(): { running: number; waiting: number };
};

export function createDecodeGate({ concurrency, maxWaiting, maxWaitMs }: DecodeGateOptions): DecodeGate {
  let running = 0;
  const waiting: { grant: () => void }[] = [];

  function acquire(): Promise<void> {
    if (running < concurrency) {
      running += 1;
      return Promise.resolve();
    }
    if (waiting.length >= maxWaiting) return Promise.reject(new DecodeBusyError("queue-full"));
    return new Promise<void>((resolve, reject) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(() => {
        const index = waiting.indexOf(waiter);
        if (index >= 0) waiting.splice(index, 1);
        reject(new DecodeBusyError("timeout"));
      }, maxWaitMs);
      waiting.push(waiter);
    });
  }

  function release() {
    const next = waiting.shift();
    // The slot passes straight to the next waiter: `running` stays as it is.
    if (next) next.grant();
    else running -= 1;
  }

  return {
    async run(task) {
      await acquire();
      try {
        return await task();
      } finally {
        release();
      }
    },
    stats: () => ({ running, waiting: waiting.length }),
  };
}

/** Two decodes at once (the production machine has 2 cores). */
export const DECODE_CONCURRENCY = 2;
/** Enough for a burst of 20 visitors sending a photo at once (the quote benchmark). */
export const DECODE_MAX_WAITING = 32;
/** A request's photos take about a second at worst: 15 s is a long queue already. */
export const DECODE_MAX_WAIT_MS = 15_000;
/** What a refused request is told: retry in this many seconds. */
export const DECODE_RETRY_AFTER_SECONDS = 30;

/** The process-wide gate every quote request's photos go through. */
export const decodeGate = createDecodeGate({
  concurrency: DECODE_CONCURRENCY,
  maxWaiting: DECODE_MAX_WAITING,
  maxWaitMs: DECODE_MAX_WAIT_MS,
});
