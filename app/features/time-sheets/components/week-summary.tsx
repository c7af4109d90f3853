import { Link } from "react-router";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDate, formatDateTime, type IsoDay } from "#app/lib/paris-time.ts";
import { hoursWords } from "../employee-schema.ts";
import type { WeekSheet } from "../entries.server.ts";
import { TIME_ENTRY_KIND_LABELS } from "../entries-schema.ts";
import { publicHoliday } from "../holidays.ts";

/*
 * A week of an employee at a glance: each day's worked hours and absences (linked to
 * the day's page), the week's total against the contract, its overtime by tier, its
 * status (validated or not) and the legal limits it goes beyond, each in words.
 */

export function WeekSummary({
  sheet,
  dayHref,
  current,
}: {
  sheet: WeekSheet;
  dayHref: (day: IsoDay) => string;
  /** The day the page shows, marked in the list. */
  current?: IsoDay;
}) {
  const { overtime } = sheet;
  return (
    <Panel
      id="semaine"
      title={`Semaine du ${formatDate(sheet.weekStart, "medium")}`}
      description={
        sheet.lock
          ? `Validée le ${formatDateTime(sheet.lock.validatedAt)}${sheet.lock.validatedBy ? ` par ${sheet.lock.validatedBy}` : ""}.`
          : "À valider par le bureau."
      }
    >
      <div className="grid gap-4">
        <ul className="grid gap-1" aria-label="Heures de la semaine par jour">
          {sheet.days.map((day) => {
            const holiday = publicHoliday(day.day);
            return (
              <li
                key={day.day}
                className="flex flex-wrap items-baseline justify-between gap-x-3 border-b border-slate-100 py-1"
              >
                <Link
                  to={dayHref(day.day)}
                  aria-current={day.day === current ? "date" : undefined}
                  className="text-brand-700 underline aria-[current=date]:font-bold"
                >
                  {formatDate(day.day, "full")}
                </Link>
                <span className="text-sm text-slate-700">
                  {holiday ? `${holiday} · ` : ""}
                  {day.workedMinutes > 0 ? `${hoursWords(day.workedMinutes)} travaillées` : "—"}
                  {day.absenceMinutes > 0 ? ` · ${hoursWords(day.absenceMinutes)} d'absence` : ""}
                </span>
              </li>
            );
          })}
        </ul>
        <dl className="grid gap-2 sm:grid-cols-2">
          <div>
            <dt className="text-sm font-semibold text-slate-700">Travaillé</dt>
            <dd>
              {hoursWords(sheet.workedMinutes)} (contrat : {hoursWords(sheet.employee.weeklyMinutes)})
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Heures supplémentaires</dt>
            <dd>
              {overtime.overtimeMinutes === 0
                ? "Aucune"
                : `${hoursWords(overtime.overtime25Minutes)} à 25 %${overtime.overtime50Minutes > 0 ? `, ${hoursWords(overtime.overtime50Minutes)} à 50 %` : ""}`}
              {overtime.complementaryMinutes > 0
                ? ` · ${hoursWords(overtime.complementaryMinutes)} complémentaires`
                : ""}
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-700">Contingent annuel {sheet.year.year}</dt>
            <dd>
              {hoursWords(sheet.year.totalMinutes)} d'heures supplémentaires sur{" "}
              {hoursWords(sheet.year.quotaMinutes)}
              {sheet.year.beyondQuotaMinutes > 0
                ? ` : dépassé de ${hoursWords(sheet.year.beyondQuotaMinutes)} (contrepartie obligatoire en repos)`
                : ` (reste ${hoursWords(sheet.year.remainingMinutes)})`}
            </dd>
          </div>
          {Object.entries(sheet.absences).map(([kind, minutes]) => (
            <div key={kind}>
              <dt className="text-sm font-semibold text-slate-700">
                {TIME_ENTRY_KIND_LABELS[kind as keyof typeof TIME_ENTRY_KIND_LABELS]}
              </dt>
              <dd>{hoursWords(minutes ?? 0)}</dd>
            </div>
          ))}
        </dl>
        {sheet.warnings.length > 0 ? (
          <div
            role="note"
            className="grid gap-1 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
          >
            <p className="font-semibold">À vérifier (rien n'est refusé) :</p>
            <ul className="grid list-disc gap-1 pl-5">
              {sheet.warnings.map((warning) => (
                <li key={`${warning.rule}-${"day" in warning ? warning.day : warning.week}`}>
                  {warning.message}
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
