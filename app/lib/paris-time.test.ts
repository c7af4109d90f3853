import { describe, expect, it } from "vitest";
import {
  addDays,
  daysBetween,
  formatDate,
  formatDateTime,
  formatMonth,
  formatTime,
  parisDay,
  parisInstant,
  parisMidnight,
  parisWeek,
} from "./paris-time.ts";

describe("parisDay", () => {
  it("is the calendar day in Paris, not in UTC", () => {
    // 23:30 UTC on 9 March is 00:30 on 10 March in Paris (winter, UTC+1).
    expect(parisDay(new Date("2025-03-09T23:30:00Z"))).toBe("2025-03-10");
    expect(parisDay(new Date("2025-03-09T22:59:59Z"))).toBe("2025-03-09");
    // Summer (UTC+2): 22:00 UTC is already the next day.
    expect(parisDay(new Date("2026-07-14T21:59:59Z"))).toBe("2026-07-14");
    expect(parisDay(new Date("2026-07-14T22:00:00Z"))).toBe("2026-07-15");
    // New Year's Eve crosses the year.
    expect(parisDay(new Date("2025-12-31T23:00:00Z"))).toBe("2026-01-01");
  });

  it("defaults to now", () => {
    const before = parisDay(new Date());
    const today = parisDay();
    expect([before, addDays(before, 1)]).toContain(today);
  });

  it("refuses an invalid date", () => {
    expect(() => parisDay(new Date("nope"))).toThrow("Date invalide");
  });
});

describe("day arithmetic", () => {
  it("moves across month, year and leap-day ends", () => {
    expect(addDays("2026-01-31", 1)).toBe("2026-02-01");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(addDays("2026-03-28", 2)).toBe("2026-03-30");
    expect(addDays("2026-11-23", 0)).toBe("2026-11-23");
  });

  it("counts whole days, DST changes included", () => {
    expect(daysBetween("2026-03-28", "2026-03-30")).toBe(2);
    expect(daysBetween("2026-10-30", "2026-10-24")).toBe(-6);
    expect(daysBetween("2025-01-01", "2026-01-01")).toBe(365);
  });

  it("refuses a day that does not exist", () => {
    expect(() => addDays("2026-02-30", 1)).toThrow("Date invalide : 2026-02-30");
    expect(() => addDays("23/11/2026", 1)).toThrow("Date invalide");
  });
});

describe("parisMidnight", () => {
  it("is 23:00 UTC the day before in winter, 22:00 UTC in summer", () => {
    expect(parisMidnight("2025-03-10").toISOString()).toBe("2025-03-09T23:00:00.000Z");
    expect(parisMidnight("2026-07-14").toISOString()).toBe("2026-07-13T22:00:00.000Z");
  });

  it("holds on the days the clocks change (last Sunday of March and of October)", () => {
    // 29 March 2026: clocks go forward at 02:00; the day begins still in winter time.
    expect(parisMidnight("2026-03-29").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(parisMidnight("2026-03-30").toISOString()).toBe("2026-03-29T22:00:00.000Z");
    // 25 October 2026: clocks go back at 03:00; the day begins still in summer time.
    expect(parisMidnight("2026-10-25").toISOString()).toBe("2026-10-24T22:00:00.000Z");
    expect(parisMidnight("2026-10-26").toISOString()).toBe("2026-10-25T23:00:00.000Z");
    // So those days last 23 and 25 hours.
    const hours = (day: string) =>
      (parisMidnight(addDays(day, 1)).getTime() - parisMidnight(day).getTime()) / 3_600_000;
    expect(hours("2026-03-29")).toBe(23);
    expect(hours("2026-10-25")).toBe(25);
    expect(hours("2026-11-23")).toBe(24);
  });

  it("is the first instant of that Paris day", () => {
    for (const day of ["2026-03-29", "2026-10-25", "2025-12-31", "2028-02-29"]) {
      const midnight = parisMidnight(day);
      expect(parisDay(midnight)).toBe(day);
      expect(parisDay(new Date(midnight.getTime() - 1))).toBe(addDays(day, -1));
    }
  });
});

describe("parisWeek", () => {
  it("runs from Monday to Sunday, whatever the day given", () => {
    for (const day of ["2026-11-23", "2026-11-25", "2026-11-29"]) {
      const week = parisWeek(day);
      expect([week.monday, week.sunday]).toEqual(["2026-11-23", "2026-11-29"]);
      expect(week.start.toISOString()).toBe("2026-11-22T23:00:00.000Z");
      expect(week.end.toISOString()).toBe("2026-11-29T23:00:00.000Z");
    }
    // A week across two years.
    expect(parisWeek("2027-01-01")).toMatchObject({ monday: "2026-12-28", sunday: "2027-01-03" });
  });

  it("ends with the last Sunday of March: 167 hours, Paris midnights on both sides", () => {
    const week = parisWeek("2026-03-29");
    expect([week.monday, week.sunday]).toEqual(["2026-03-23", "2026-03-29"]);
    expect(week.start.toISOString()).toBe("2026-03-22T23:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-03-29T22:00:00.000Z");
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(167);
  });

  it("ends with the last Sunday of October: 169 hours", () => {
    const week = parisWeek("2026-10-25");
    expect([week.monday, week.sunday]).toEqual(["2026-10-19", "2026-10-25"]);
    expect(week.start.toISOString()).toBe("2026-10-18T22:00:00.000Z");
    expect(week.end.toISOString()).toBe("2026-10-25T23:00:00.000Z");
    expect((week.end.getTime() - week.start.getTime()) / 3_600_000).toBe(169);
    // The next week starts where this one ends.
    expect(parisWeek("2026-10-26").start).toEqual(week.end);
  });
});

describe("French formatting", () => {
  const instant = new Date("2026-11-23T13:05:00Z"); // 14:05 in Paris

  it("writes days in three lengths and with the weekday", () => {
    expect(formatDate(instant)).toBe("23 novembre 2026");
    expect(formatMonth("2026-11-01")).toBe("novembre 2026");
    expect(formatMonth("2027-01-31")).toBe("janvier 2027");
    expect(formatDate(instant, "numeric")).toBe("23/11/2026");
    expect(formatDate(instant, "medium")).toBe("23 nov. 2026");
    expect(formatDate(instant, "full")).toBe("lundi 23 novembre 2026");
    expect(formatDate("2026-03-01", "long")).toBe("1 mars 2026");
  });

  it("shows an instant as its Paris day, a calendar day as it is", () => {
    // 23:30 UTC on 31 December is 1 January in Paris.
    expect(formatDate(new Date("2025-12-31T23:30:00Z"), "numeric")).toBe("01/01/2026");
    // A calendar day never moves, whatever the machine's zone.
    expect(formatDate("2025-12-31", "numeric")).toBe("31/12/2025");
    expect(formatDate("2026-11-23")).toBe("23 novembre 2026");
  });

  it("writes date-times in Paris time, summer and winter", () => {
    expect(formatTime(instant)).toBe("14:05");
    expect(formatDateTime(instant)).toBe("23/11/2026 à 14:05");
    expect(formatDateTime(instant, "medium")).toBe("23 nov. 2026 à 14:05");
    expect(formatDateTime(instant, "full")).toBe("lundi 23 novembre 2026 à 14:05");
    expect(formatDateTime(new Date("2026-07-14T22:30:00Z"))).toBe("15/07/2026 à 00:30");
    // The hour that happens twice on 25 October 2026: 02:30 summer time, then winter time.
    expect(formatTime(new Date("2026-10-25T00:30:00Z"))).toBe("02:30");
    expect(formatTime(new Date("2026-10-25T01:30:00Z"))).toBe("02:30");
  });

  it("refuses what is not a date", () => {
    expect(() => formatDate(new Date(Number.NaN))).toThrow("Date invalide");
    expect(() => formatDate("2026-13-01")).toThrow("Date invalide : 2026-13-01");
    expect(() => formatDateTime(new Date("x"))).toThrow("Date invalide");
  });
});

describe("parisInstant", () => {
  const at = (day: string, hhmm: string) => {
    const [hours, minutes] = hhmm.split(":").map(Number) as [number, number];
    return parisInstant(day, hours * 60 + minutes)?.toISOString() ?? null;
  };

  it("reads a Paris wall-clock time in winter and in summer", () => {
    expect(at("2026-01-15", "08:00")).toBe("2026-01-15T07:00:00.000Z");
    expect(at("2026-07-14", "08:00")).toBe("2026-07-14T06:00:00.000Z");
    expect(at("2026-12-31", "23:59")).toBe("2026-12-31T22:59:00.000Z");
    expect(at("2026-11-23", "00:00")).toBe(parisMidnight("2026-11-23").toISOString());
  });

  it("has no instant for the hour skipped on the last Sunday of March", () => {
    expect(at("2026-03-29", "01:59")).toBe("2026-03-29T00:59:00.000Z");
    expect(at("2026-03-29", "02:00")).toBeNull();
    expect(at("2026-03-29", "02:30")).toBeNull();
    expect(at("2026-03-29", "02:59")).toBeNull();
    expect(at("2026-03-29", "03:00")).toBe("2026-03-29T01:00:00.000Z");
    expect(at("2027-03-28", "02:15")).toBeNull();
  });

  it("gives the first of the two occurrences on the last Sunday of October", () => {
    expect(at("2026-10-25", "01:59")).toBe("2026-10-24T23:59:00.000Z");
    expect(at("2026-10-25", "02:00")).toBe("2026-10-25T00:00:00.000Z");
    expect(at("2026-10-25", "02:30")).toBe("2026-10-25T00:30:00.000Z");
    expect(at("2026-10-25", "03:00")).toBe("2026-10-25T02:00:00.000Z");
    expect(at("2027-10-31", "02:45")).toBe("2027-10-31T00:45:00.000Z");
  });

  it("refuses a time outside the day and a day that does not exist", () => {
    expect(() => parisInstant("2026-11-23", 24 * 60)).toThrow("Heure invalide");
    expect(() => parisInstant("2026-11-23", -1)).toThrow("Heure invalide");
    expect(() => parisInstant("2026-11-23", 1.5)).toThrow("Heure invalide");
    expect(() => parisInstant("2026-02-30", 0)).toThrow("Date invalide");
  });
});
