import { describe, expect, it } from "vitest";
import { addDays, type IsoDay } from "#app/lib/paris-time.ts";
import { archiveDay, archiveName, archivesToDelete, archivesToKeep, type DatedArchive } from "./rotation.ts";

/** Runs the rotation after each day's backups, as the daily job does, and returns what is left. */
function simulate(
  start: IsoDay,
  days: number,
  backupsOn: (day: IsoDay, index: number) => number,
): DatedArchive[] {
  let present: DatedArchive[] = [];
  for (let index = 0; index < days; index += 1) {
    const day = addDays(start, index);
    for (let n = 0; n < backupsOn(day, index); n += 1) present.push({ name: `${day}#${n}`, day });
    const deleted = new Set(archivesToDelete(present, day).map((archive) => archive.name));
    present = present.filter((archive) => !deleted.has(archive.name));
  }
  return present;
}

const lastDayOfMonth = (year: number, month: number): IsoDay =>
  new Date(Date.UTC(year, month + 1, 0)).toISOString().slice(0, 10);

describe("backup rotation", () => {
  it("keeps exactly 7 daily, 4 weekly and 12 monthly archives over 400 days of daily backups", () => {
    const start = "2026-01-01";
    const kept = simulate(start, 400, () => 1);
    const today = addDays(start, 399); // 2027-02-04, a Thursday
    expect(today).toBe("2027-02-04");
    const expected = new Set<IsoDay>();
    // The last 7 days.
    for (let back = 0; back < 7; back += 1) expected.add(addDays(today, -back));
    // The Sundays ending the 3 weeks before this one (this week's newest is today).
    expected.add("2027-01-31");
    expected.add("2027-01-24");
    expected.add("2027-01-17");
    // The last day of each of the 11 months before this one (this month's newest is today).
    for (let back = 1; back <= 11; back += 1) {
      const date = new Date(Date.UTC(2027, 1 - back, 1));
      expected.add(lastDayOfMonth(date.getUTCFullYear(), date.getUTCMonth()));
    }
    expect(new Set(kept.map((archive) => archive.day))).toEqual(expected);
    // 31 January is a Sunday, a month end and one of the last 7 days: 7 + 2 Sundays + 10 month ends.
    expect(kept).toHaveLength(7 + 2 + 10);
    expect(kept.every((archive) => archive.name.endsWith("#0"))).toBe(true);
  });

  it("running it every day keeps what running it once would, with missed days and several backups a day", () => {
    const backupsOn = (_day: IsoDay, index: number) => (index % 11 === 3 ? 0 : index % 17 === 5 ? 2 : 1);
    const start = "2025-10-20";
    const daily = simulate(start, 400, backupsOn);
    const all: DatedArchive[] = [];
    for (let index = 0; index < 400; index += 1) {
      const day = addDays(start, index);
      for (let n = 0; n < backupsOn(day, index); n += 1) all.push({ name: `${day}#${n}`, day });
    }
    const once = archivesToKeep(all, addDays(start, 399));
    expect(new Set(daily.map((archive) => archive.name))).toEqual(once);
    // A day with two backups keeps its newer one as the week's or month's archive.
    for (const archive of daily) {
      const age = (Date.parse(addDays(start, 399)) - Date.parse(archive.day)) / 86_400_000;
      if (age >= 7)
        expect(archive.name.endsWith("#1") || !all.some((a) => a.name === `${archive.day}#1`)).toBe(true);
    }
  });

  it("never deletes an archive dated after today, nor the only one there is", () => {
    expect(archivesToDelete([{ name: "a", day: "2026-12-30" }], "2026-11-27")).toEqual([]);
    expect(archivesToDelete([{ name: "vieille", day: "2020-01-01" }], "2026-11-27")).toEqual([
      { name: "vieille", day: "2020-01-01" },
    ]);
  });

  it("names archives by their Paris day and reads the day back, ignoring other files", () => {
    const name = archiveName(new Date("2026-11-27T02:15:09Z"), "2026-11-27", true);
    expect(name).toBe("sauvegarde-2026-11-27-021509.tar.age");
    expect(archiveDay(name)).toBe("2026-11-27");
    expect(archiveDay("sauvegarde-2026-11-27-021509.tar")).toBe("2026-11-27");
    expect(archiveDay("notes.txt")).toBeNull();
    expect(archiveDay("sauvegarde-2026-02-30-000000.tar")).toBeNull();
  });
});
