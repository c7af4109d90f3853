import { and, asc, eq, gte, lte } from "drizzle-orm";
import { authUsers } from "#app/db/schema/auth.ts";
import { type EmployeeRow, timeEntryChanges } from "#app/db/schema/time-sheets.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, daysBetween, formatDate, formatDateTime, type IsoDay } from "#app/lib/paris-time.ts";
import { renderDocumentPdf } from "#app/lib/pdf/document.server.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { contractWords, employeeName, hoursWords } from "./employee-schema.ts";
import { type WeekSheet, weekSheet, weekStartOf } from "./entries.server.ts";
import { TIME_ENTRY_KIND_LABELS } from "./entries-schema.ts";
import { isoWeek } from "./months.ts";

/*
 * The record of an employee's hours over a period, as an inspector (inspection du
 * travail) or a court asks for it (Code du travail L3171-2, D3171-8): each day's lines with
 * their site, times, break and hours; each week's total, overtime by tier, and whether
 * and when it was validated; and every change made after a validation, with its author,
 * date and reason. In the company frame.
 */

export const STATEMENT_MAX_DAYS = 366;

export const STATEMENT_MESSAGES = {
  period: "Indiquez une période : du … au … (au format AAAA-MM-JJ).",
  order: "La date de début doit précéder la date de fin.",
  tooLong: "Un relevé couvre une année au plus : faites-en un par année.",
} as const;

export function statementPeriodProblem(from: IsoDay, to: IsoDay): string | null {
  if (to < from) return STATEMENT_MESSAGES.order;
  if (daysBetween(from, to) >= STATEMENT_MAX_DAYS) return STATEMENT_MESSAGES.tooLong;
  return null;
}

export async function renderTimeStatementPdf(
  db: DbExecutor,
  identity: DocumentIdentity,
  employee: EmployeeRow,
  from: IsoDay,
  to: IsoDay,
  now = new Date(),
): Promise<Buffer> {
  const weeks: IsoDay[] = [];
  for (let monday = weekStartOf(from); monday <= to; monday = addDays(monday, 7)) weeks.push(monday);
  const sheets: WeekSheet[] = [];
  for (const monday of weeks) sheets.push(await weekSheet(db, employee, monday));
  const changes = await db
    .select({
      day: timeEntryChanges.day,
      reason: timeEntryChanges.reason,
      changedAt: timeEntryChanges.changedAt,
      changedBy: authUsers.email,
      before: timeEntryChanges.before,
      after: timeEntryChanges.after,
    })
    .from(timeEntryChanges)
    .leftJoin(authUsers, eq(authUsers.id, timeEntryChanges.changedBy))
    .where(
      and(
        eq(timeEntryChanges.employeeId, employee.id),
        gte(timeEntryChanges.day, from),
        lte(timeEntryChanges.day, to),
      ),
    )
    .orderBy(asc(timeEntryChanges.changedAt));

  const title = "Relevé des heures de travail";
  return renderDocumentPdf(
    {
      identity,
      title,
      number: employeeName(employee),
      date: to,
      dateLabel: `Du ${formatDate(from, "numeric")} au`,
      headerLines: [contractWords(employee.contractKind, employee.weeklyMinutes)],
      creationDate: now,
      subject: `${title} — ${employeeName(employee)} — ${from} au ${to}`,
    },
    (body) => {
      body.heading("Le salarié");
      body.keyValues([
        ["Nom", employeeName(employee)],
        ["Qualification", employee.qualification || "—"],
        ["Contrat", contractWords(employee.contractKind, employee.weeklyMinutes)],
        ["Embauché le", formatDate(employee.hireDate)],
        ["Période", `Du ${formatDate(from)} au ${formatDate(to)}`],
        ["Édité le", formatDateTime(now, "full")],
      ]);
      for (const sheet of sheets) {
        const days = sheet.days.filter((day) => day.day >= from && day.day <= to);
        body.heading(
          `Semaine ${isoWeek(sheet.weekStart).key} (du ${formatDate(sheet.weekStart, "numeric")})`,
        );
        const rows = days.flatMap((day) =>
          day.lines.length === 0
            ? [[formatDate(day.day, "medium"), "—", "", "", ""]]
            : day.lines.map((line) => [
                formatDate(day.day, "medium"),
                `${TIME_ENTRY_KIND_LABELS[line.kind]}${line.siteNumber ? ` ${line.siteNumber}` : ""}${line.note ? ` (${line.note})` : ""}`,
                line.startTime && line.endTime ? `${line.startTime}–${line.endTime}` : "",
                line.startTime ? `${line.breakMinutes} min` : "",
                hoursWords(line.minutes),
              ]),
        );
        body.table({
          columns: [
            { header: "Jour", width: 3 },
            { header: "Activité", width: 8, text: true },
            { header: "Horaires", width: 3 },
            { header: "Pause", width: 2 },
            { header: "Durée", width: 2, align: "right" },
          ],
          rows,
        });
        const overtime = sheet.overtime;
        body.keyValues([
          ["Heures travaillées de la semaine", hoursWords(sheet.workedMinutes)],
          [
            "Heures supplémentaires",
            overtime.overtimeMinutes === 0
              ? "Aucune"
              : `${hoursWords(overtime.overtime25Minutes)} à 25 %, ${hoursWords(overtime.overtime50Minutes)} à 50 %`,
          ],
          [
            "Validation",
            sheet.lock
              ? `Validée le ${formatDateTime(sheet.lock.validatedAt)}${sheet.lock.validatedBy ? ` par ${sheet.lock.validatedBy}` : ""}`
              : "Non validée",
          ],
        ]);
      }
      body.heading("Modifications après validation");
      if (changes.length === 0) {
        body.paragraph("Aucune modification après validation sur la période.");
      } else {
        body.table({
          columns: [
            { header: "Jour", width: 3 },
            { header: "Modifié le, par", width: 5, text: true },
            { header: "Motif", width: 6, text: true },
            { header: "Avant → après", width: 4, text: true },
          ],
          rows: changes.map((change) => [
            formatDate(change.day, "medium"),
            `${formatDateTime(change.changedAt)}${change.changedBy ? `, ${change.changedBy}` : ""}`,
            change.reason,
            `${hoursWords(change.before.reduce((sum, line) => sum + line.minutes, 0))} → ${hoursWords(change.after.reduce((sum, line) => sum + line.minutes, 0))}`,
          ]),
        });
      }
    },
  );
}
