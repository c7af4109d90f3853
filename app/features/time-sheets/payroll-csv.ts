import { csvText } from "#app/lib/csv.ts";
import type { Cents } from "#app/lib/money.ts";
import { TIME_ENTRY_KIND_LABELS } from "./entries-schema.ts";
import type { Month } from "./months.ts";
import { ABSENCE_KINDS, type PayrollVariables } from "./payroll.ts";

/*
 * The month's payroll variables as a CSV a payroll package or the accountant imports: one
 * line per employee in post that month, the columns of the README's « Payroll export »
 * table. The house style of the accounting export (app/lib/csv.ts): UTF-8 with a byte-order
 * mark, « ; » between fields, CRLF; hours and euros with a decimal comma and two decimals,
 * zeros written out (an import reads « 0,00 », not an empty cell); days as whole numbers.
 */

/** The row of an employee, as the CSV reads it. */
export type PayrollCsvRow = {
  employee: {
    lastName: string;
    firstName: string;
    qualification: string;
    coefficient: number | null;
    weeklyMinutes: number;
  };
  variables: PayrollVariables;
};

/** Minutes → hours with two decimals: 450 → « 7,50 ». */
export function csvHours(minutes: number): string {
  const hundredths = Math.round((minutes * 100) / 60);
  return `${Math.trunc(hundredths / 100)},${String(hundredths % 100).padStart(2, "0")}`;
}

/** Cents → euros with two decimals, no thousands separator: 123456 → « 1234,56 ». */
export function csvEuros(cents: Cents): string {
  const digits = String(Math.abs(cents)).padStart(3, "0");
  return `${cents < 0 ? "-" : ""}${digits.slice(0, -2)},${digits.slice(-2)}`;
}

/** The header row, in the order of the README's table. */
export const PAYROLL_CSV_HEADERS: readonly string[] = [
  "Mois",
  "Nom",
  "Prénom",
  "Qualification",
  "Coefficient",
  "Horaire contrat (h/semaine)",
  "Heures travaillées",
  "Heures sup. 25 %",
  "Heures sup. 50 %",
  ...ABSENCE_KINDS.flatMap((kind) => [
    `${TIME_ENTRY_KIND_LABELS[kind]} (h)`,
    `${TIME_ENTRY_KIND_LABELS[kind]} (j)`,
  ]),
  "Jours zone 1",
  "Jours zone 2",
  "Jours zone 3",
  "Jours zone 4",
  "Jours zone 5",
  "Jours grand déplacement",
  "Jours zone inconnue",
  "Paniers",
  "Paniers (€)",
  "Indemnités de transport (€)",
  "Indemnités de trajet (€)",
  "Provisoire",
];

/** An employee's line, cell by cell (before CSV quoting). */
export function payrollCsvCells(month: Month, row: PayrollCsvRow): string[] {
  const { employee, variables: v } = row;
  return [
    month,
    employee.lastName,
    employee.firstName,
    employee.qualification,
    employee.coefficient === null ? "" : String(employee.coefficient),
    csvHours(employee.weeklyMinutes),
    csvHours(v.workedMinutes),
    csvHours(v.overtime25Minutes),
    csvHours(v.overtime50Minutes),
    ...ABSENCE_KINDS.flatMap((kind) => [csvHours(v.absences[kind].minutes), String(v.absences[kind].days)]),
    String(v.zoneDays[1]),
    String(v.zoneDays[2]),
    String(v.zoneDays[3]),
    String(v.zoneDays[4]),
    String(v.zoneDays[5]),
    String(v.grandDeplacementDays),
    String(v.unknownZoneDays),
    String(v.meals),
    csvEuros(v.mealCents),
    csvEuros(v.transportCents),
    csvEuros(v.travelTimeCents),
    v.provisional ? "oui" : "non",
  ];
}

/** The whole file. */
export function payrollCsv(month: Month, rows: readonly PayrollCsvRow[]): string {
  return csvText([PAYROLL_CSV_HEADERS, ...rows.map((row) => payrollCsvCells(month, row))]);
}

/** « variables-paie-2026-11.csv » (the PDF: « .pdf »). */
export function payrollFileName(month: Month, extension: "csv" | "pdf"): string {
  return `variables-paie-${month}.${extension}`;
}
