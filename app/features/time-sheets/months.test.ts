import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isoWeek, monthDays, monthOf, monthWeeks, weekDaysInMonth } from "./months.ts";

const summary = (month: string) =>
  monthWeeks(month).map(
    ({ week, days, split }) => `${week.key} ${days[0]}…${days.at(-1)} ${split ? "coupée" : "entière"}`,
  );

describe("monthWeeks", () => {
  it("April 2026 (Wednesday 1 to Thursday 30): the first and last weeks are split", () => {
    expect(summary("2026-04")).toEqual([
      "2026-W14 2026-04-01…2026-04-05 coupée",
      "2026-W15 2026-04-06…2026-04-12 entière",
      "2026-W16 2026-04-13…2026-04-19 entière",
      "2026-W17 2026-04-20…2026-04-26 entière",
      "2026-W18 2026-04-27…2026-04-30 coupée",
    ]);
    const [first] = monthWeeks("2026-04");
    expect(first?.week).toEqual({
      year: 2026,
      week: 14,
      key: "2026-W14",
      monday: "2026-03-30",
      sunday: "2026-04-05",
    });
    expect(first?.days).toEqual(["2026-04-01", "2026-04-02", "2026-04-03", "2026-04-04", "2026-04-05"]);
  });

  it("February 2027 (Monday 1 to Sunday 28): four whole weeks", () => {
    expect(summary("2027-02")).toEqual([
      "2027-W05 2027-02-01…2027-02-07 entière",
      "2027-W06 2027-02-08…2027-02-14 entière",
      "2027-W07 2027-02-15…2027-02-21 entière",
      "2027-W08 2027-02-22…2027-02-28 entière",
    ]);
  });

  it("January 2027 starts in the 53rd week of 2026; December 2025 ends in the first of 2026", () => {
    expect(summary("2027-01")[0]).toBe("2026-W53 2027-01-01…2027-01-03 coupée");
    expect(summary("2025-12").at(-1)).toBe("2026-W01 2025-12-29…2025-12-31 coupée");
  });

  it("property: the weeks' days are the month's days, each once and in order, in at most 6 weeks", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1900, max: 2200 }),
        fc.integer({ min: 1, max: 12 }),
        (year, monthNumber) => {
          const month = `${year}-${String(monthNumber).padStart(2, "0")}`;
          const weeks = monthWeeks(month);
          expect(weeks.flatMap((week) => week.days)).toEqual(monthDays(month));
          expect(weeks.length).toBeLessThanOrEqual(6);
          for (const { week, days, split } of weeks) {
            expect(days.every((day) => day >= week.monday && day <= week.sunday)).toBe(true);
            expect(days).toEqual(weekDaysInMonth(week.monday, month));
            expect(split).toBe(days.length < 7);
          }
          expect(weeks.slice(1, -1).every((week) => !week.split)).toBe(true);
        },
      ),
    );
  });
});

describe("weekDaysInMonth", () => {
  it("splits a week across two months by day", () => {
    expect(weekDaysInMonth("2026-04-29", "2026-04")).toEqual([
      "2026-04-27",
      "2026-04-28",
      "2026-04-29",
      "2026-04-30",
    ]);
    expect(weekDaysInMonth("2026-04-29", "2026-05")).toEqual(["2026-05-01", "2026-05-02", "2026-05-03"]);
    expect(weekDaysInMonth("2026-04-29", "2026-06")).toEqual([]);
  });

  it("refuses a month that is not YYYY-MM", () => {
    expect(() => weekDaysInMonth("2026-04-29", "2026-13")).toThrow("Mois invalide : 2026-13");
    expect(() => monthDays("avril")).toThrow("Mois invalide");
    expect(() => monthWeeks("2026-4")).toThrow("Mois invalide");
  });
});

describe("monthDays, monthOf and isoWeek", () => {
  it("knows month lengths, leap years included", () => {
    expect(monthDays("2026-04")).toHaveLength(30);
    expect(monthDays("2026-02")).toHaveLength(28);
    expect(monthDays("2028-02").at(-1)).toBe("2028-02-29");
    expect(monthDays("2100-02")).toHaveLength(28);
    expect(monthOf("2026-04-30")).toBe("2026-04");
    expect(() => monthOf("2026-04-31")).toThrow("Date invalide");
  });

  it("numbers weeks as ISO 8601 does", () => {
    expect(isoWeek("2026-01-01").key).toBe("2026-W01");
    expect(isoWeek("2026-12-31").key).toBe("2026-W53");
    expect(isoWeek("2027-01-04").key).toBe("2027-W01");
    expect(isoWeek("2021-01-03").key).toBe("2020-W53");
    expect(isoWeek("2024-12-30").key).toBe("2025-W01");
  });
});
