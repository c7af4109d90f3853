import { describe, expect, it } from "vitest";
import { ABSENCE_KINDS, type PayrollVariables } from "./payroll.ts";
import { csvEuros, csvHours, PAYROLL_CSV_HEADERS, payrollCsv, payrollFileName } from "./payroll-csv.ts";

const variables: PayrollVariables = {
  workedMinutes: 151 * 60 + 40,
  overtime25Minutes: 13 * 60,
  overtime50Minutes: 45,
  absences: Object.fromEntries(ABSENCE_KINDS.map((kind) => [kind, { minutes: 0, days: 0 }])) as never,
  weatherMinutes: 0,
  zoneDays: { 1: 2, 2: 0, 3: 5, 4: 0, 5: 0 },
  grandDeplacementDays: 1,
  unknownZoneDays: 0,
  meals: 8,
  mealCents: 8320,
  transportCents: 123456,
  travelTimeCents: 5,
  daysWithoutRates: 0,
  unvalidatedWeeks: [],
  provisional: false,
};

describe("the payroll CSV", () => {
  it("writes hours and euros with a decimal comma and two decimals, zeros included", () => {
    expect(csvHours(450)).toBe("7,50");
    expect(csvHours(0)).toBe("0,00");
    expect(csvHours(45)).toBe("0,75");
    expect(csvHours(20)).toBe("0,33");
    expect(csvEuros(123456)).toBe("1234,56");
    expect(csvEuros(5)).toBe("0,05");
    expect(csvEuros(0)).toBe("0,00");
  });

  it("has a BOM, a header and one CRLF line per employee, quoted where a « ; » needs it", () => {
    const text = payrollCsv("2026-11", [
      {
        employee: {
          lastName: "Martin",
          firstName: "Lucas",
          qualification: "Maçon; chef",
          coefficient: 185,
          weeklyMinutes: 39 * 60,
        },
        variables,
      },
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const lines = text.slice(1).split("\r\n");
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");
    expect(lines[0]?.split(";")).toEqual([...PAYROLL_CSV_HEADERS]);
    expect(lines[0]).toContain("Intempéries (h);Intempéries (j)");
    expect(lines[1]).toBe(
      [
        "2026-11",
        "Martin",
        "Lucas",
        '"Maçon; chef"',
        "185",
        "39,00",
        "151,67",
        "13,00",
        "0,75",
        ...ABSENCE_KINDS.flatMap(() => ["0,00", "0"]),
        "2",
        "0",
        "5",
        "0",
        "0",
        "1",
        "0",
        "8",
        "83,20",
        "1234,56",
        "0,05",
        "non",
      ].join(";"),
    );
    expect(payrollFileName("2026-11", "csv")).toBe("variables-paie-2026-11.csv");
  });
});
