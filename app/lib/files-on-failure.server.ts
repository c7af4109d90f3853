import type { FileStorage } from "#app/lib/storage.server.ts";

/*
 * Files written to the storage while a database transaction runs (a photo, a scan, a
 * rendered PDF): if the work fails, no row names them any more, so they are removed. The
 * removal is best effort: a file left behind is only an orphan, and the failure itself is
 * what the caller must hear.
 */

/** Marks a key as written by the work; returns it. */
export type TrackFile = (key: string) => string;

/** Runs `work`; if it throws, every key it marked with `track` is deleted, then the error goes on. */
export async function removeFilesOnFailure<T>(
  storage: FileStorage,
  work: (track: TrackFile) => Promise<T>,
): Promise<T> {
  const written: string[] = [];
  try {
    return await work((key) => {
      written.push(key);
      return key;
    });
  } catch (error) {
    for (const key of written) await storage.delete(key).catch(() => undefined);
    throw error;
  }
}
