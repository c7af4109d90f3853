import { describe, expect, it } from "vitest";
import type { DayAllowance } from "./allowances.ts";
import {
  MONTH_MESSAGES,
  type PayrollLine,
  parsePayrollMonth,
  payrollRange,
  payrollVariables,
  previousMonthOf,
  shiftMonth,
} from "./payroll.ts";

// November 2026: Sunday 1 closes the week of Monday 26 October; Monday 30 opens the week
// that ends on Sunday 6 December.
const EMPLOYEE = { weeklyMinutes: 35 * 60, hireDate: "2020-01-06", leaveDate: null };
const work = (day: string, hours: number): PayrollLine => ({ day, kind: "travail", minutes: hours * 60 });
const allowance = (day: string, zone: 1 | 2 | 3 | 4 | 5 | null): DayAllowance => ({
  day,
  zone: zone === null ? { kind: "inconnue" } : { kind: "zone", zone, distanceMetres: zone * 10_000 - 1 },
  meal: true,
  mealCents: 1000,
  transportCents: zone === null ? 0 : 100 * zone,
  travelTimeCents: zone === null ? 0 : 10 * zone,
  ratesMissing: false,
});

describe("the month's range", () => {
  it("reads the whole weeks touching the month", () => {
    const range = payrollRange("2026-11");
    expect([range.from, range.to]).toEqual(["2026-10-26", "2026-12-06"]);
    expect(range.weeks.map((week) => [week.week.monday, week.days.length])).toEqual([
      ["2026-10-26", 1],
      ["2026-11-02", 7],
      ["2026-11-09", 7],
      ["2026-11-16", 7],
      ["2026-11-23", 7],
      ["2026-11-30", 1],
    ]);
  });
});

describe("a month's payroll variables", () => {
  // Week of 26 October: 4 days of 10 h in October, none on Sunday 1 November → 40 h, 5 h at 25 %,
  // all in November (its Sunday). Week of 30 November: 9 h on the 30th, 4 × 9 h in December
  // → 45 h, whose overtime goes to December. Week of 9 November: 45 h → 8 h at 25 %, 2 h at 50 %.
  const lines: PayrollLine[] = [
    ...["2026-10-26", "2026-10-27", "2026-10-28", "2026-10-29"].map((day) => work(day, 10)),
    ...["2026-11-09", "2026-11-10", "2026-11-11", "2026-11-12", "2026-11-13"].map((day) => work(day, 9)),
    work("2026-11-30", 9),
    ...["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"].map((day) => work(day, 9)),
    { day: "2026-11-17", kind: "maladie", minutes: 7 * 60 },
    { day: "2026-11-18", kind: "maladie", minutes: 7 * 60 },
    { day: "2026-11-19", kind: "intemperies", minutes: 3 * 60 },
    { day: "2026-11-19", kind: "intemperies", minutes: 60 },
    { day: "2026-10-30", kind: "conges_payes", minutes: 7 * 60 },
  ];
  const validated = new Set(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
  const variables = payrollVariables({
    month: "2026-11",
    employee: EMPLOYEE,
    lines,
    allowances: [
      allowance("2026-10-27", 5),
      allowance("2026-11-09", 1),
      allowance("2026-11-10", 3),
      allowance("2026-11-11", null),
      allowance("2026-11-30", 2),
      allowance("2026-12-01", 4),
    ],
    validatedWeeks: validated,
  });

  it("counts worked hours and absences by the month's own days", () => {
    expect(variables.workedMinutes).toBe((45 + 9) * 60);
    expect(variables.absences.maladie).toEqual({ minutes: 14 * 60, days: 2 });
    expect(variables.absences.intemperies).toEqual({ minutes: 4 * 60, days: 1 });
    expect(variables.weatherMinutes).toBe(4 * 60);
    expect(variables.absences.conges_payes).toEqual({ minutes: 0, days: 0 });
  });

  it("gives a split week's overtime to the month of its Sunday", () => {
    // 5 h (week of 26 October) + 8 h (week of 9 November) at 25 %; 2 h at 50 %.
    expect(variables.overtime25Minutes).toBe(13 * 60);
    expect(variables.overtime50Minutes).toBe(2 * 60);
    const december = payrollVariables({
      month: "2026-12",
      employee: EMPLOYEE,
      lines,
      allowances: [],
      validatedWeeks: validated,
    });
    expect(december.workedMinutes).toBe(36 * 60);
    expect([december.overtime25Minutes, december.overtime50Minutes]).toEqual([8 * 60, 2 * 60]);
  });

  it("counts the month's days per zone, meals and amounts", () => {
    expect(variables.zoneDays).toEqual({ 1: 1, 2: 1, 3: 1, 4: 0, 5: 0 });
    expect(variables.unknownZoneDays).toBe(1);
    expect(variables.grandDeplacementDays).toBe(0);
    expect(variables.meals).toBe(4);
    expect(variables.mealCents).toBe(4000);
    expect(variables.transportCents).toBe(600);
    expect(variables.travelTimeCents).toBe(60);
  });

  it("is provisional while a week touching the month is not validated", () => {
    expect(variables.unvalidatedWeeks).toEqual(["2026-11-30"]);
    expect(variables.provisional).toBe(true);
    const all = payrollVariables({
      month: "2026-11",
      employee: EMPLOYEE,
      lines,
      allowances: [],
      validatedWeeks: new Set([...validated, "2026-11-30"]),
    });
    expect(all.provisional).toBe(false);
  });

  it("does not ask to validate the weeks before the hire or after the leave", () => {
    const hired = payrollVariables({
      month: "2026-11",
      employee: { ...EMPLOYEE, hireDate: "2026-11-16", leaveDate: "2026-11-27" },
      lines: [],
      allowances: [],
      validatedWeeks: new Set(),
    });
    expect(hired.unvalidatedWeeks).toEqual(["2026-11-16", "2026-11-23"]);
  });
});

describe("the month asked for", () => {
  const ask = (mois: string | null) =>
    parsePayrollMonth(new URLSearchParams(mois === null ? {} : { mois }), "2026-01-15");
  it("defaults to the previous month, across the new year", () => {
    expect(ask(null)).toEqual({ ok: true, month: "2025-12" });
    expect(ask(" ")).toEqual({ ok: true, month: "2025-12" });
    expect(previousMonthOf("2026-11-27")).toBe("2026-10");
    expect(shiftMonth("2026-12", 1)).toBe("2027-01");
  });
  it("takes AAAA-MM and refuses anything else with a French message", () => {
    expect(ask("2026-11")).toEqual({ ok: true, month: "2026-11" });
    for (const bad of ["2026-13", "2026-1", "2026-11-01", "novembre", "2026-00", "-001-01"]) {
      expect(ask(bad), bad).toEqual({ ok: false, message: MONTH_MESSAGES.format });
    }
    expect(ask("1899-12")).toEqual({ ok: false, message: MONTH_MESSAGES.range });
    expect(ask("2101-01")).toEqual({ ok: false, message: MONTH_MESSAGES.range });
  });
});
