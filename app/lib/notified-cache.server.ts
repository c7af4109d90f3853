import type { Logger } from "pino";
import type { DatabaseHandle } from "#app/db/client.server.ts";

/**
 * An in-memory cache of what is derived from some tables (the shop's catalogue), valid
 * only while this instance hears every change to them: the tables' triggers notify a
 * PostgreSQL channel in the writing transaction, every instance listening drops its
 * entries when the notification arrives (decision 020).
 *
 * - Each change moves the cache to a new generation; a value computed from a read that
 *   began before the change is never kept (it is checked against the generation its
 *   computation started under), so a change that commits during a read is not hidden.
 * - While the listening connection is down, nothing is cached nor served from the cache:
 *   every read goes to the database until it listens again.
 * - Concurrent misses of one key share one computation.
 * - At most `maxEntries` entries, the least recently used leaving first.
 */
export type NotifiedCache = {
  /** The value under `key`, computing (and keeping, when `keep` allows) it on a miss. */
  read<T>(key: string, compute: () => Promise<T>, keep?: (value: T) => boolean): Promise<T>;
  /** The value kept under `key`, without computing anything (undefined when not serving). */
  peek<T>(key: string): T | undefined;
  /** Drops every entry (a change was heard, or is known to have been made here). */
  invalidate(): void;
  /** Cached values are served only while this is true (the instance hears changes). */
  readonly serving: boolean;
  /** Moves at every invalidation; an entry belongs to one generation. */
  readonly generation: number;
  readonly size: number;
  /** Called by the listener: changes are heard (true) or may be missed (false). */
  setServing(listening: boolean): void;
};

export function createNotifiedCache({ maxEntries = 500 }: { maxEntries?: number } = {}): NotifiedCache {
  const entries = new Map<string, unknown>();
  const pending = new Map<string, { generation: number; promise: Promise<unknown> }>();
  let generation = 0;
  let serving = false;

  const invalidate = () => {
    generation += 1;
    entries.clear();
    pending.clear();
  };

  return {
    get serving() {
      return serving;
    },
    get generation() {
      return generation;
    },
    get size() {
      return entries.size;
    },
    setServing(listening) {
      // Either way the entries go: what changed while deaf is unknown.
      invalidate();
      serving = listening;
    },
    invalidate,
    peek<T>(key: string) {
      if (!serving) return undefined;
      const value = entries.get(key) as T | undefined;
      if (value !== undefined) {
        entries.delete(key);
        entries.set(key, value);
      }
      return value;
    },
    async read<T>(key: string, compute: () => Promise<T>, keep: (value: T) => boolean = () => true) {
      if (!serving) return compute();
      if (entries.has(key)) {
        const value = entries.get(key) as T;
        // Most recently used goes last: the first key is the one to evict.
        entries.delete(key);
        entries.set(key, value);
        return value;
      }
      const started = generation;
      const shared = pending.get(key);
      if (shared && shared.generation === started) return shared.promise as Promise<T>;
      const promise = compute();
      pending.set(key, { generation: started, promise });
      try {
        const value = await promise;
        if (serving && generation === started && keep(value)) {
          entries.set(key, value);
          if (entries.size > maxEntries) {
            const oldest = entries.keys().next().value;
            if (oldest !== undefined) entries.delete(oldest);
          }
        }
        return value;
      } finally {
        if (pending.get(key)?.promise === promise) pending.delete(key);
      }
    },
  };
}

/**
 * Keeps `cache` in step with `channel`: invalidated at each notification, not serving
 * while the listening connection is down. Resolves with the function that stops it.
 */
export async function keepCacheInStep(
  database: Pick<DatabaseHandle, "listen">,
  channel: string,
  cache: NotifiedCache,
  logger: Pick<Logger, "warn" | "info">,
): Promise<() => Promise<void>> {
  let wasListening = false;
  return database.listen(channel, {
    onNotify: () => cache.invalidate(),
    onState: (listening) => {
      cache.setServing(listening);
      if (!listening) {
        logger.warn({ channel }, "cache : écoute des changements perdue, lecture directe en base");
      } else if (wasListening === false) {
        logger.info({ channel }, "cache : à l'écoute des changements");
      }
      wasListening = listening;
    },
  });
}
