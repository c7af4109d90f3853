import { CalendarRange } from "lucide-react";
import { Form, Link } from "react-router";
import { DateField } from "#app/components/forms/field.tsx";
import { SubmitButton } from "#app/components/ui/action-form.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { panelClass } from "#app/components/ui/panel.tsx";

/*
 * The period of an export page (sales and purchases journals): the usual periods as links,
 * then « Du » and « Au » (both ends included) sent by GET, the message at the field the
 * server refused.
 */

export type PeriodPreset = { label: string; href: string; period: { from: string; to: string } };

export function PeriodPicker({
  presets,
  values,
  error,
  loading,
  fromLabel,
}: {
  presets: readonly PeriodPreset[];
  /** The period shown, as typed (a refused one stays in its fields). */
  values: { du: string; au: string };
  error: { field: "du" | "au"; message: string } | null;
  /** The page is loading another period. */
  loading: boolean;
  /** What the first day counts: « Du (date d'émission) ». */
  fromLabel: string;
}) {
  const current = `${values.du}|${values.au}`;
  return (
    <section aria-labelledby="export-periode" className={panelClass}>
      <h2 id="export-periode" className="mb-3 text-lg font-bold text-brand-900">
        Période
      </h2>
      <nav aria-label="Périodes usuelles" className="mb-4">
        <ul className="flex flex-wrap gap-2">
          {presets.map((preset) => {
            const active = `${preset.period.from}|${preset.period.to}` === current;
            return (
              <li key={preset.label}>
                <Link
                  to={preset.href}
                  aria-current={active ? "page" : undefined}
                  className={buttonClasses(active ? "secondary" : "ghost", "md")}
                >
                  {preset.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <Form method="get" key={current} className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]">
        <DateField
          id="export-du"
          name="du"
          label={fromLabel}
          required
          defaultValue={values.du}
          errors={error?.field === "du" ? [error.message] : undefined}
        />
        <DateField
          id="export-au"
          name="au"
          label="Au (inclus)"
          required
          defaultValue={values.au}
          errors={error?.field === "au" ? [error.message] : undefined}
        />
        <SubmitButton
          icon={CalendarRange}
          label="Afficher la période"
          busyLabel="Chargement…"
          busy={loading}
          variant="secondary"
        />
      </Form>
    </section>
  );
}
