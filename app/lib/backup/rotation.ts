import { addDays, daysBetween, type IsoDay, parisWeek } from "#app/lib/paris-time.ts";

/*
 * Which backup archives to keep: 7 daily, 4 weekly and 12 monthly (the usual
 * grandfather-father-son rotation). An archive is kept when it is
 * - of one of the last 7 days (today included);
 * - the newest of its week (Monday to Sunday), for this week and the 3 before;
 * - the newest of its month, for this month and the 11 before.
 * Everything else is deleted. The newest archive of a period stays the newest for good
 * once the period is over, so running the rotation every day keeps exactly what running
 * it once would: nothing deleted ever comes back, nothing kept is deleted too early.
 */

export const KEEP_DAILY = 7;
export const KEEP_WEEKLY = 4;
export const KEEP_MONTHLY = 12;

export type DatedArchive = { name: string; day: IsoDay };

const monthIndex = (day: IsoDay) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7)) - 1;

/** The names of the archives to keep on `today`, from those present (several a day allowed). */
export function archivesToKeep(archives: readonly DatedArchive[], today: IsoDay): Set<string> {
  const keep = new Set<string>();
  // The newest first: the first seen of a period is its newest (the name breaks a tie on a day).
  const sorted = [...archives].sort((a, b) =>
    a.day === b.day ? b.name.localeCompare(a.name) : b.day.localeCompare(a.day),
  );
  const thisWeek = parisWeek(today).monday;
  const seenWeeks = new Set<IsoDay>();
  const seenMonths = new Set<number>();
  for (const archive of sorted) {
    if (archive.day > today) {
      // Dated in the future (a clock put back): kept, never a reason to delete the others.
      keep.add(archive.name);
      continue;
    }
    const age = daysBetween(archive.day, today);
    if (age < KEEP_DAILY) keep.add(archive.name);
    const week = parisWeek(archive.day).monday;
    if (!seenWeeks.has(week)) {
      seenWeeks.add(week);
      if (daysBetween(week, thisWeek) < KEEP_WEEKLY * 7) keep.add(archive.name);
    }
    const month = monthIndex(archive.day);
    if (!seenMonths.has(month)) {
      seenMonths.add(month);
      if (monthIndex(today) - month < KEEP_MONTHLY) keep.add(archive.name);
    }
  }
  return keep;
}

/** The archives to delete on `today`: those present that `archivesToKeep` does not keep. */
export function archivesToDelete(archives: readonly DatedArchive[], today: IsoDay): DatedArchive[] {
  const keep = archivesToKeep(archives, today);
  return archives.filter((archive) => !keep.has(archive.name));
}

/** « sauvegarde-2026-11-27-031500.tar.age »: the name of an archive, its day readable at a glance. */
export function archiveName(instant: Date, day: IsoDay, encrypted: boolean): string {
  const time = instant.toISOString().slice(11, 19).replaceAll(":", "");
  return `sauvegarde-${day}-${time}.tar${encrypted ? ".age" : ""}`;
}

/** The day of an archive from its name, or null for a file that is not one. */
export function archiveDay(name: string): IsoDay | null {
  const match = /^sauvegarde-(\d{4}-\d{2}-\d{2})-\d{6}\.tar(?:\.age)?$/.exec(name);
  if (!match?.[1]) return null;
  try {
    addDays(match[1], 0);
    return match[1];
  } catch {
    return null;
  }
}
