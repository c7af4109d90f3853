import { formatCents } from "#app/lib/money.ts";
import { formatDate, formatMonth } from "#app/lib/paris-time.ts";
import { renderDocumentPdf } from "#app/lib/pdf/document.server.ts";
import type { DocumentIdentity } from "#app/lib/pdf/identity.ts";
import { hoursWords } from "./employee-schema.ts";
import { TIME_ENTRY_KIND_LABELS } from "./entries-schema.ts";
import type { Month } from "./months.ts";
import type { EmployeeWeatherStoppages, MonthPayroll } from "./payroll.server.ts";
import { ABSENCE_KINDS } from "./payroll.ts";

/*
 * The month's payroll summary as a PDF in the company frame: a table of the main figures
 * per employee, then each employee's detail (absences by kind, days per zone, allowances),
 * the weeks not validated yet, and the weather stoppages per employee for the leave and
 * weather fund's declaration.
 */

export const PAYROLL_PDF_TITLE = "Variables de paie";

export type PayrollPdfInput = {
  identity: DocumentIdentity;
  creationDate: Date;
  payroll: MonthPayroll;
  weather: readonly EmployeeWeatherStoppages[];
};

const monthLabel = (month: Month) => formatMonth(`${month}-01`);

export async function renderPayrollPdf(input: PayrollPdfInput): Promise<Buffer> {
  const { payroll, weather } = input;
  const provisional = payroll.unvalidatedWeeks.length > 0;
  return renderDocumentPdf(
    {
      identity: input.identity,
      title: PAYROLL_PDF_TITLE,
      number: monthLabel(payroll.month),
      date: input.creationDate,
      dateLabel: "Éditée le",
      headerLines: [provisional ? "Provisoire : semaines non validées" : "Toutes les semaines validées"],
      creationDate: input.creationDate,
      subject: `${PAYROLL_PDF_TITLE} — ${monthLabel(payroll.month)}`,
      ...(provisional ? { watermark: "Provisoire" } : {}),
    },
    (body) => {
      if (payroll.rows.length === 0) {
        body.paragraph("Aucun salarié en poste ce mois-ci.");
        return;
      }
      body.heading("Synthèse du mois");
      body.table({
        columns: [
          { header: "Salarié", width: 5, text: true },
          { header: "Heures travaillées", width: 2, align: "right" },
          { header: "Heures sup. 25 %", width: 2, align: "right" },
          { header: "Heures sup. 50 %", width: 2, align: "right" },
          { header: "Absences (intempéries incluses)", width: 2.5, align: "right" },
          { header: "Paniers", width: 1.5, align: "right" },
          { header: "Intempéries", width: 2, align: "right" },
        ],
        rows: payroll.rows.map(({ employee, variables: v }) => [
          `${employee.name}${v.provisional ? " (provisoire)" : ""}`,
          hoursWords(v.workedMinutes),
          hoursWords(v.overtime25Minutes),
          hoursWords(v.overtime50Minutes),
          hoursWords(ABSENCE_KINDS.reduce((sum, kind) => sum + v.absences[kind].minutes, 0)),
          String(v.meals),
          hoursWords(v.weatherMinutes),
        ]),
      });
      body.paragraph(
        "Heures supplémentaires par semaine civile (25 % de la 36e à la 43e heure, 50 % au-delà) ; une semaine à cheval sur deux mois compte ses heures supplémentaires dans le mois de son dimanche, ses heures et absences jour par jour.",
        { muted: true, size: 8 },
      );

      for (const { employee, variables: v } of payroll.rows) {
        body.heading(employee.name);
        const absences = ABSENCE_KINDS.filter((kind) => v.absences[kind].minutes > 0).map(
          (kind) =>
            `${TIME_ENTRY_KIND_LABELS[kind]} : ${hoursWords(v.absences[kind].minutes)} (${v.absences[kind].days} j)`,
        );
        const zones = ([1, 2, 3, 4, 5] as const)
          .filter((zone) => v.zoneDays[zone] > 0)
          .map((zone) => `zone ${zone} : ${v.zoneDays[zone]} j`);
        if (v.grandDeplacementDays > 0) zones.push(`grand déplacement : ${v.grandDeplacementDays} j`);
        if (v.unknownZoneDays > 0) zones.push(`zone inconnue : ${v.unknownZoneDays} j`);
        body.keyValues([
          ["Qualification", employee.qualification || "—"],
          ["Absences", absences.length > 0 ? absences.join(" ; ") : "Aucune"],
          ["Jours par zone", zones.length > 0 ? zones.join(" ; ") : "Aucun jour sur chantier"],
          ["Paniers", `${v.meals} (${formatCents(v.mealCents)})`],
          ["Indemnités de transport", formatCents(v.transportCents)],
          ["Indemnités de trajet", formatCents(v.travelTimeCents)],
          [
            "Statut",
            v.provisional
              ? `Provisoire : semaine(s) du ${v.unvalidatedWeeks.map((monday) => formatDate(monday, "numeric")).join(", du ")} non validée(s)`
              : "Semaines validées",
          ],
        ]);
        if (v.unknownZoneDays > 0) {
          body.paragraph(
            "Zone inconnue : la distance d'un chantier n'est pas connue (adresse non localisée ou domicile non renseigné) ; aucune indemnité de zone n'est comptée pour ces jours.",
            { muted: true, size: 8 },
          );
        }
        if (v.daysWithoutRates > 0) {
          body.paragraph(
            `Aucun barème d'indemnités n'était en vigueur pour ${v.daysWithoutRates} jour(s) : montants comptés à 0.`,
            { muted: true, size: 8 },
          );
        }
      }

      body.heading("Intempéries — déclaration à la caisse de congés et intempéries");
      if (weather.length === 0) {
        body.paragraph("Aucun arrêt pour intempéries ce mois-ci.");
        return;
      }
      for (const entry of weather) {
        body.paragraph(`${entry.name} : ${hoursWords(entry.totalMinutes)}`, { bold: true });
        body.table({
          columns: [
            { header: "Jour", width: 2 },
            { header: "Chantier", width: 5, text: true },
            { header: "Heures", width: 1.5, align: "right" },
            { header: "Cause", width: 5, text: true },
          ],
          rows: entry.stoppages.map((stoppage) => [
            formatDate(stoppage.day, "numeric"),
            stoppage.siteNumber ? `${stoppage.siteNumber} — ${stoppage.siteTitle ?? ""}` : "—",
            hoursWords(stoppage.minutes),
            stoppage.cause || "—",
          ]),
        });
      }
    },
  );
}
