import type { IsoDay } from "./paris-time.ts";

/*
 * A supplier invoice file that needs a second step (a supplier to create, fields to type) waits
 * in the storage under the day it was dropped: `factures-fournisseurs/attente/<day>/<sha256>.<ext>`.
 * The import finds it again by its hash within STAGED_IMPORT_DAYS days; the daily purge deletes
 * what was left waiting longer (retention), so an abandoned import never stays for good.
 */

export const STAGED_IMPORTS_PREFIX = "factures-fournisseurs/attente/";

/** How many days a dropped file waits for its second step before the daily purge deletes it. */
export const STAGED_IMPORT_DAYS = 7;

export function stagedImportKey(day: IsoDay, sha256: string, extension: string): string {
  return `${STAGED_IMPORTS_PREFIX}${day}/${sha256}.${extension}`;
}

/**
 * The day a staged key was dropped on; null for a key under the prefix without one (the
 * layout before the day was kept: its age is unknown, so the purge treats it as old).
 */
export function stagedImportDay(key: string): IsoDay | null {
  if (!key.startsWith(STAGED_IMPORTS_PREFIX)) return null;
  const day = /^(\d{4}-\d{2}-\d{2})\//.exec(key.slice(STAGED_IMPORTS_PREFIX.length))?.[1];
  return day ?? null;
}
