import { describe, expect, it } from "vitest";
import { addDays } from "#app/lib/paris-time.ts";
import { parseSpan, type WorkedSpan } from "./durations.ts";
import { type TimeWarning, timeWarnings, type WarningEntry, type WarningRule } from "./warnings.ts";

function span(day: string, start: string, end: string, breakMinutes = 0): WorkedSpan {
  const result = parseSpan({ day, start, end, breakMinutes });
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.span;
}

const only = <Rule extends WarningRule>(rule: Rule, entries: WarningEntry[]) =>
  timeWarnings(entries).filter(
    (warning): warning is Extract<TimeWarning, { rule: Rule }> => warning.rule === rule,
  );

describe("daily maximum, 10 hours (L3121-18)", () => {
  it("10 hours exactly is no warning, 10 h 15 is one", () => {
    expect(timeWarnings([span("2026-11-23", "07:00", "18:00", 60)])).toEqual([]);
    expect(timeWarnings([span("2026-11-23", "07:00", "18:15", 60)])).toEqual([
      {
        rule: "daily_max",
        article: "L3121-18",
        day: "2026-11-23",
        workedMinutes: 615,
        message:
          "Plus de 10\u00a0h de travail le lundi 23 novembre 2026 (durée quotidienne maximale, art. L3121-18).",
      },
    ]);
  });

  it("adds up a day's entries on several sites, hours entered as a number included", () => {
    expect(
      only("daily_max", [span("2026-11-23", "07:00", "12:00"), { day: "2026-11-23", workedMinutes: 300 }]),
    ).toEqual([]);
    expect(
      only("daily_max", [
        span("2026-11-23", "07:00", "12:00"),
        { day: "2026-11-23", workedMinutes: 315 },
      ]).map((warning) => warning.day),
    ).toEqual(["2026-11-23"]);
  });

  it("counts a night for the day it starts, at its real length", () => {
    // 20:00 to 07:15 across the October change: 12 h 15 real (11 h 15 on the clocks),
    // less an hour of break.
    expect(only("daily_max", [span("2026-10-24", "20:00", "07:15", 60)])).toMatchObject([
      { day: "2026-10-24", workedMinutes: 675 },
    ]);
    // 20:00 to 07:15 across the March change: 10 h 15 real, less an hour of break.
    expect(only("daily_max", [span("2026-03-28", "20:00", "07:15", 60)])).toEqual([]);
  });
});

describe("daily rest, 11 hours (L3131-1)", () => {
  it("11 hours exactly is no warning, 10 h 45 is one", () => {
    expect(
      timeWarnings([span("2026-11-23", "10:00", "19:00", 60), span("2026-11-24", "06:00", "12:00")]),
    ).toEqual([]);
    expect(
      timeWarnings([span("2026-11-23", "10:00", "19:00", 60), span("2026-11-24", "05:45", "12:00")]),
    ).toEqual([
      {
        rule: "daily_rest",
        article: "L3131-1",
        day: "2026-11-24",
        previousDay: "2026-11-23",
        restMinutes: 645,
        message:
          "Moins de 11\u00a0h de repos entre le lundi 23 novembre 2026 et le mardi 24 novembre 2026 (repos quotidien minimal, art. L3131-1).",
      },
    ]);
  });

  it("measures from the day's last end to the next day's first start, in any order given", () => {
    const entries = [
      span("2026-11-24", "13:00", "17:00"),
      span("2026-11-23", "14:00", "20:00"),
      span("2026-11-24", "06:45", "12:00"),
      span("2026-11-23", "07:00", "12:00"),
    ];
    expect(only("daily_rest", entries)).toMatchObject([{ day: "2026-11-24", restMinutes: 645 }]);
    // Two entries of the same day are never a rest to check, however close.
    expect(
      only("daily_rest", [span("2026-11-23", "07:00", "12:00"), span("2026-11-23", "12:15", "17:00")]),
    ).toEqual([]);
  });

  it("counts the real hours across the clock changes", () => {
    // 29 March 2026: 19:00 to 07:00 is 12 hours on the clocks, 11 real.
    expect(
      only("daily_rest", [span("2026-03-28", "08:00", "19:00"), span("2026-03-29", "07:00", "12:00")]),
    ).toEqual([]);
    expect(
      only("daily_rest", [span("2026-03-28", "08:00", "19:00"), span("2026-03-29", "07:45", "12:00")]),
    ).toEqual([]);
    expect(
      only("daily_rest", [span("2026-03-28", "08:00", "19:15"), span("2026-03-29", "07:00", "12:00")]),
    ).toMatchObject([{ restMinutes: 645 }]);
    // 25 October 2026: 20:00 to 06:00 is 10 hours on the clocks, 11 real.
    expect(
      only("daily_rest", [span("2026-10-24", "08:00", "20:00"), span("2026-10-25", "06:00", "12:00")]),
    ).toEqual([]);
  });

  it("a night followed by a morning: the rest starts when the night ends", () => {
    expect(
      only("daily_rest", [span("2026-11-23", "22:00", "06:00"), span("2026-11-24", "14:00", "18:00")]),
    ).toMatchObject([{ day: "2026-11-24", previousDay: "2026-11-23", restMinutes: 8 * 60 }]);
    // A day's entry that overlaps the night before leaves no rest at all.
    expect(
      only("daily_rest", [span("2026-11-23", "22:00", "06:00"), span("2026-11-24", "05:00", "12:00")]),
    ).toMatchObject([{ restMinutes: 0 }]);
  });

  it("ignores entries without times, and days further apart", () => {
    expect(
      only("daily_rest", [{ day: "2026-11-23", workedMinutes: 600 }, span("2026-11-24", "00:00", "08:00")]),
    ).toEqual([]);
    expect(
      only("daily_rest", [span("2026-11-23", "14:00", "24:00"), span("2026-11-25", "00:00", "08:00")]),
    ).toEqual([]);
  });
});

describe("weekly maximum, 48 hours (L3121-20)", () => {
  const week = (monday: string, minutesPerDay: number[]): WarningEntry[] =>
    minutesPerDay.map((workedMinutes, index) => ({ day: addDays(monday, index), workedMinutes }));

  it("48 hours exactly is no warning, 48 h 15 is one, by the Paris week Monday to Sunday", () => {
    expect(only("weekly_max", week("2026-11-23", [600, 600, 600, 480, 300, 300]))).toEqual([]);
    expect(only("weekly_max", week("2026-11-23", [600, 600, 600, 480, 300, 315]))).toEqual([
      {
        rule: "weekly_max",
        article: "L3121-20",
        week: "2026-11-23",
        workedMinutes: 48 * 60 + 15,
        message:
          "Plus de 48\u00a0h de travail la semaine du 23 novembre 2026 (durée hebdomadaire maximale, art. L3121-20).",
      },
    ]);
    // 48 h 15 spread over Wednesday to Tuesday is two weeks within the limit.
    expect(only("weekly_max", week("2026-11-25", [600, 600, 600, 480, 300, 300, 15]))).toEqual([]);
  });
});

describe("12-week average, 44 hours (L3121-22)", () => {
  const weeks = (firstMonday: string, minutesPerWeek: number[]): WarningEntry[] =>
    minutesPerWeek.map((workedMinutes, index) => ({ day: addDays(firstMonday, 7 * index), workedMinutes }));
  const FORTY_FOUR = 44 * 60;

  it("12 weeks at 44 hours exactly is no warning, 15 minutes more is one", () => {
    expect(only("weekly_average_max", weeks("2026-01-05", Array(12).fill(FORTY_FOUR)))).toEqual([]);
    const over = Array(12).fill(FORTY_FOUR);
    over[4] += 15;
    expect(only("weekly_average_max", weeks("2026-01-05", over))).toEqual([
      {
        rule: "weekly_average_max",
        article: "L3121-22",
        week: "2026-03-23",
        firstWeek: "2026-01-05",
        totalMinutes: 12 * FORTY_FOUR + 15,
        message:
          "Plus de 44\u00a0h en moyenne sur les 12 semaines du 5 janvier 2026 au 29 mars 2026 (durée hebdomadaire moyenne maximale, art. L3121-22).",
      },
    ]);
  });

  it("slides: each window of 12 consecutive weeks is checked on its own", () => {
    const minutes = Array(13).fill(FORTY_FOUR);
    minutes[0] += 15;
    // Weeks 1 to 12 are over; weeks 2 to 13 are not.
    expect(only("weekly_average_max", weeks("2026-01-05", minutes)).map((warning) => warning.week)).toEqual([
      "2026-03-23",
    ]);
    minutes[0] -= 15;
    minutes[12] += 15;
    expect(only("weekly_average_max", weeks("2026-01-05", minutes)).map((warning) => warning.week)).toEqual([
      "2026-03-30",
    ]);
  });

  it("counts a week without entries as 0 hours", () => {
    const minutes = Array(12).fill(48 * 60);
    // Eleven weeks at 48 h and a week off: 528 hours, no warning.
    expect(only("weekly_average_max", weeks("2026-01-05", minutes.slice(0, 11)))).toEqual([]);
    expect(only("weekly_average_max", weeks("2026-01-05", minutes))).toHaveLength(1);
  });
});

describe("timeWarnings", () => {
  it("lists warnings by date, then rule, and refuses worked minutes that cannot be", () => {
    const entries = [span("2026-11-23", "06:00", "22:00", 60), span("2026-11-24", "06:00", "22:00", 60)];
    expect(
      timeWarnings(entries).map((warning) => [warning.rule, "day" in warning ? warning.day : warning.week]),
    ).toEqual([
      ["daily_max", "2026-11-23"],
      ["daily_max", "2026-11-24"],
      ["daily_rest", "2026-11-24"],
    ]);
    expect(() => timeWarnings([{ day: "2026-11-23", workedMinutes: -60 }])).toThrow(
      "Durée travaillée invalide",
    );
  });
});
