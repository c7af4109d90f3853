import type { ReactNode } from "react";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { refusedFormErrors } from "#app/components/forms/refused-form.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { SiteChoice, WeekSheet } from "../entries.server.ts";
import type { DayFormValues } from "../entries-schema.ts";
import { DayForm } from "./day-form.tsx";
import { DayNavigation } from "./day-navigation.tsx";
import { WeekSummary } from "./week-summary.tsx";

/**
 * One person's day of hours, as « Mes heures » and the office's page of an employee show
 * it: the day's title, the days around it, the refused post (the form's own messages on
 * « enregistrer », an alert otherwise), the day's form and its week. `children` follow
 * the week (the office's validation and its history).
 */
export function DaySheet({
  title,
  day,
  today,
  dayHref,
  refusal,
  values,
  sites,
  sheet,
  canChangeLocked,
  copyFrom,
  children,
}: {
  title: string;
  day: string;
  /** The last day offered; null: no limit. */
  today: string | null;
  dayHref: (day: string) => string;
  refusal: Refusal | null;
  values: DayFormValues;
  sites: readonly SiteChoice[];
  sheet: WeekSheet;
  canChangeLocked: boolean;
  copyFrom: string | null;
  children?: ReactNode;
}) {
  const saving = refusal?.intent === "enregistrer";
  const shown = saving && refusal.values ? refusal.values : values;
  return (
    <div className="grid max-w-3xl gap-5">
      <PageHeader title={title} description={formatDate(day, "full")} />
      <DayNavigation day={day} today={today} href={dayHref} />
      {refusal && !saving ? <FormAlert focus errors={refusal.message} /> : null}
      <DayForm
        key={`${day}-${JSON.stringify(shown)}`}
        day={day}
        values={shown}
        {...refusedFormErrors(saving ? refusal : null)}
        sites={sites}
        locked={sheet.lock !== null}
        canChangeLocked={canChangeLocked}
        copyFrom={copyFrom}
      />
      <WeekSummary sheet={sheet} dayHref={dayHref} current={day} />
      {children}
    </div>
  );
}
