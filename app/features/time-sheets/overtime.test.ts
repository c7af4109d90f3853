import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays } from "#app/lib/paris-time.ts";
import { DEFAULT_OVERTIME_QUOTA_MINUTES, weekOvertime, yearOvertime } from "./overtime.ts";

const hours = (value: number) => Math.round(value * 60);
const FULL_35 = { weeklyMinutes: hours(35) };
const FULL_39 = { weeklyMinutes: hours(39) };

/** [overtime, 25 %, 50 %, beyond the contract, structural], in hours. */
const tiers = (worked: number, contract: { weeklyMinutes: number }) => {
  const week = weekOvertime(hours(worked), contract);
  return [
    week.overtimeMinutes,
    week.overtime25Minutes,
    week.overtime50Minutes,
    week.beyondContractMinutes,
    week.structuralOvertimeMinutes,
  ].map((minutes) => minutes / 60);
};

describe("weekOvertime", () => {
  it("35-hour contract at 35, 39, 43, 43.25 and 48 hours", () => {
    expect(tiers(35, FULL_35)).toEqual([0, 0, 0, 0, 0]);
    expect(tiers(39, FULL_35)).toEqual([4, 4, 0, 4, 0]);
    expect(tiers(43, FULL_35)).toEqual([8, 8, 0, 8, 0]);
    expect(tiers(43.25, FULL_35)).toEqual([8.25, 8, 0.25, 8.25, 0]);
    expect(tiers(48, FULL_35)).toEqual([13, 8, 5, 13, 0]);
  });

  it("39-hour contract: the 36th to 39th hours are structural overtime in the 25 % tier", () => {
    expect(tiers(35, FULL_39)).toEqual([0, 0, 0, 0, 0]);
    expect(tiers(37, FULL_39)).toEqual([2, 2, 0, 0, 2]);
    expect(tiers(39, FULL_39)).toEqual([4, 4, 0, 0, 4]);
    expect(tiers(43, FULL_39)).toEqual([8, 8, 0, 4, 4]);
    expect(tiers(43.25, FULL_39)).toEqual([8.25, 8, 0.25, 4.25, 4]);
    expect(tiers(48, FULL_39)).toEqual([13, 8, 5, 9, 4]);
  });

  it("a short week has no overtime", () => {
    expect(weekOvertime(hours(20), FULL_39)).toMatchObject({
      kind: "full_time",
      overtimeMinutes: 0,
      beyondContractMinutes: 0,
      structuralOvertimeMinutes: 0,
      complementaryMinutes: 0,
    });
    expect(weekOvertime(0, FULL_35).overtimeMinutes).toBe(0);
  });

  it("part time: hours beyond the contract up to 35 are complementary, beyond 35 overtime", () => {
    const partTime = { weeklyMinutes: hours(24) };
    expect(weekOvertime(hours(20), partTime)).toMatchObject({
      kind: "part_time",
      complementaryMinutes: 0,
      beyondContractMinutes: 0,
      overtimeMinutes: 0,
    });
    expect(weekOvertime(hours(26.5), partTime)).toMatchObject({
      complementaryMinutes: hours(2.5),
      beyondContractMinutes: hours(2.5),
      overtimeMinutes: 0,
    });
    expect(weekOvertime(hours(36), partTime)).toMatchObject({
      complementaryMinutes: hours(11),
      beyondContractMinutes: hours(12),
      overtimeMinutes: hours(1),
      overtime25Minutes: hours(1),
      structuralOvertimeMinutes: 0,
    });
    // Full time never has complementary hours.
    expect(weekOvertime(hours(40), FULL_35).complementaryMinutes).toBe(0);
  });

  it("refuses worked minutes or contracts that cannot be", () => {
    expect(() => weekOvertime(-15, FULL_35)).toThrow("Durée travaillée invalide : -15 min");
    expect(() => weekOvertime(7.5, FULL_35)).toThrow("Durée travaillée invalide");
    expect(() => weekOvertime(7 * 24 * 60 + 1, FULL_35)).toThrow("Durée travaillée invalide");
    expect(() => weekOvertime(600, { weeklyMinutes: 0 })).toThrow("Durée du contrat invalide");
    expect(() => weekOvertime(600, { weeklyMinutes: hours(49) })).toThrow("Durée du contrat invalide");
  });

  it("property: the tiers sum to the overtime, nothing is negative, and the parts add up", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 7 * 24 * 60 }),
        fc.integer({ min: 1, max: 48 * 60 }),
        (worked, contractMinutes) => {
          const week = weekOvertime(worked, { weeklyMinutes: contractMinutes });
          expect(week.overtime25Minutes + week.overtime50Minutes).toBe(week.overtimeMinutes);
          for (const value of Object.values(week))
            if (typeof value === "number") expect(value).toBeGreaterThanOrEqual(0);
          expect(week.overtime25Minutes).toBeLessThanOrEqual(8 * 60);
          expect(week.overtimeMinutes).toBe(Math.max(0, worked - 35 * 60));
          expect(week.beyondContractMinutes).toBe(Math.max(0, worked - contractMinutes));
          if (week.kind === "part_time")
            expect(week.complementaryMinutes + week.overtimeMinutes).toBe(week.beyondContractMinutes);
          else expect(week.structuralOvertimeMinutes + week.beyondContractMinutes).toBe(week.overtimeMinutes);
        },
      ),
    );
  });
});

describe("yearOvertime", () => {
  it("keeps a running total against the quota, in week order, and tells the part beyond it", () => {
    const year = yearOvertime(
      [
        { week: "2026-01-12", overtimeMinutes: hours(8) },
        { week: "2026-01-05", overtimeMinutes: hours(4) },
        { week: "2026-01-19", overtimeMinutes: hours(13) },
        { week: "2026-01-26", overtimeMinutes: hours(2) },
      ],
      hours(20),
    );
    expect(year.weeks).toEqual([
      { week: "2026-01-05", overtimeMinutes: hours(4), cumulativeMinutes: hours(4), beyondQuotaMinutes: 0 },
      { week: "2026-01-12", overtimeMinutes: hours(8), cumulativeMinutes: hours(12), beyondQuotaMinutes: 0 },
      {
        week: "2026-01-19",
        overtimeMinutes: hours(13),
        cumulativeMinutes: hours(25),
        beyondQuotaMinutes: hours(5),
      },
      {
        week: "2026-01-26",
        overtimeMinutes: hours(2),
        cumulativeMinutes: hours(27),
        beyondQuotaMinutes: hours(2),
      },
    ]);
    expect(year).toMatchObject({
      quotaMinutes: hours(20),
      totalMinutes: hours(27),
      remainingMinutes: 0,
      beyondQuotaMinutes: hours(7),
    });
  });

  it("uses 220 hours when no quota is given; a year reaching it exactly is not beyond", () => {
    expect(DEFAULT_OVERTIME_QUOTA_MINUTES).toBe(220 * 60);
    const weeks = Array.from({ length: 44 }, (_, index) => ({
      week: addDays("2026-01-05", 7 * index),
      overtimeMinutes: hours(5),
    }));
    expect(yearOvertime(weeks)).toMatchObject({
      totalMinutes: hours(220),
      remainingMinutes: 0,
      beyondQuotaMinutes: 0,
    });
    expect(yearOvertime(weeks.slice(0, 10))).toMatchObject({ remainingMinutes: hours(170) });
    expect(yearOvertime([])).toEqual({
      weeks: [],
      quotaMinutes: hours(220),
      totalMinutes: 0,
      remainingMinutes: hours(220),
      beyondQuotaMinutes: 0,
    });
  });

  it("refuses a week given twice, a negative overtime and a quota that cannot be", () => {
    expect(() =>
      yearOvertime([
        { week: "2026-01-05", overtimeMinutes: 60 },
        { week: "2026-01-05", overtimeMinutes: 60 },
      ]),
    ).toThrow("Semaine en double : 2026-01-05");
    expect(() => yearOvertime([{ week: "2026-01-05", overtimeMinutes: -60 }])).toThrow(
      "Heures supplémentaires invalide",
    );
    expect(() => yearOvertime([], -1)).toThrow("Contingent invalide");
  });

  it("property: the weeks' parts beyond the quota sum to the year's", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 20 * 60 }), { maxLength: 53 }),
        fc.integer({ min: 0, max: 300 * 60 }),
        (overtimes, quota) => {
          const year = yearOvertime(
            overtimes.map((overtimeMinutes, index) => ({
              week: addDays("2026-01-05", 7 * index),
              overtimeMinutes,
            })),
            quota,
          );
          const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
          expect(year.totalMinutes).toBe(sum(overtimes));
          expect(sum(year.weeks.map((week) => week.beyondQuotaMinutes))).toBe(year.beyondQuotaMinutes);
          expect(year.totalMinutes - year.beyondQuotaMinutes + year.remainingMinutes).toBe(quota);
        },
      ),
    );
  });
});
