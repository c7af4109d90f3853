import { Copy } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { CheckboxField, SelectField, TextField, TimeField } from "#app/components/forms/field.tsx";
import type { FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { correctionSummary } from "#app/components/forms/form-parts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { TIME_ENTRY_KIND_VALUES } from "#app/db/schema/time-sheets.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { SiteChoice } from "../entries.server.ts";
import {
  type DayFormValues,
  MAX_DAY_LINES,
  NOTE_MAX,
  REASON_MAX,
  TIME_ENTRY_KIND_LABELS,
} from "../entries-schema.ts";

/*
 * An employee's day as a form, readable on a phone on a site: a card per line (what,
 * where, from when to when with the break, or a number of hours), the stored lines
 * first, then empty ones to fill (the page works without JavaScript: no line is added
 * by script). In a validated week the owner's form asks for the reason of the change.
 */

/** The line cards to show: the lines there are, and two empty ones (within the limit). */
export function lineIndexes(values: DayFormValues): number[] {
  const used = Object.keys(values).reduce((highest, name) => {
    const match = /\.(\d+)$/.exec(name);
    return match && values[name] ? Math.max(highest, Number(match[1]) + 1) : highest;
  }, 0);
  return Array.from({ length: Math.min(MAX_DAY_LINES, used + 2) }, (_, index) => index);
}

const BREAKS = ["0", "15", "30", "45", "60", "75", "90", "120"];

function LineCard({
  index,
  values,
  errors,
  sites,
}: {
  index: number;
  values: DayFormValues;
  errors: FieldErrors;
  sites: readonly SiteChoice[];
}) {
  const name = (field: string) => `${field}.${index}`;
  const bind = (field: string) => ({
    id: `ligne-${index}-${field}`,
    name: name(field),
    defaultValue: values[name(field)] ?? "",
    errors: errors[name(field)],
  });
  return (
    <fieldset className="grid gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:p-4">
      <legend className="px-1 text-sm font-bold text-brand-900">Ligne {index + 1}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <SelectField
          {...bind("type")}
          defaultValue={values[name("type")] || "travail"}
          label="Type"
          options={TIME_ENTRY_KIND_VALUES.map((kind) => ({
            value: kind,
            label: TIME_ENTRY_KIND_LABELS[kind],
          }))}
        />
        <SelectField
          {...bind("chantier")}
          label="Chantier"
          placeholder="Dépôt, atelier ou aucun"
          options={sites.flatMap((site) => [
            {
              value: site.id,
              label: `${site.planned ? "★ " : ""}${site.number} · ${site.title} (${site.city})`,
            },
            ...site.lots.map((lot) => ({
              value: `${site.id}:${lot.id}`,
              label: `${site.number}, lot : ${lot.title}`,
            })),
          ])}
          hint={index === 0 && sites.some((site) => site.planned) ? "★ : au planning ce jour-là." : undefined}
        />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TimeField {...bind("debut")} step={900} label="Début" />
        <TimeField {...bind("fin")} step={900} label="Fin" />
        <SelectField
          {...bind("pause")}
          label="Pause (min)"
          options={BREAKS.map((minutes) => ({ value: minutes, label: minutes }))}
        />
        <TextField {...bind("heures")} inputMode="decimal" maxLength={5} label="ou heures" hint="Ex. 7,5" />
      </div>
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <TextField
          {...bind("note")}
          maxLength={NOTE_MAX}
          label="Note"
          hint="Pour des intempéries : la cause (pluie, gel, vent…)."
        />
        <CheckboxField
          id={`ligne-${index}-lendemain`}
          name={name("lendemain")}
          value="oui"
          defaultChecked={values[name("lendemain")] === "oui"}
          label="Fin le lendemain (nuit)"
        />
        <CheckboxField
          id={`ligne-${index}-domicile`}
          name={name("domicile")}
          value="oui"
          defaultChecked={values[name("domicile")] === "oui"}
          label="Déjeuner à domicile (pas de panier)"
        />
      </div>
    </fieldset>
  );
}

export function DayForm({
  day,
  values,
  errors = {},
  formErrors = [],
  sites,
  locked,
  canChangeLocked,
  copyFrom,
}: {
  day: string;
  values: DayFormValues;
  errors?: FieldErrors;
  formErrors?: readonly string[];
  sites: readonly SiteChoice[];
  /** The day's week is validated. */
  locked: boolean;
  /** The owner: a validated week's day is changed with a reason. */
  canChangeLocked: boolean;
  /** The day before has lines and this one none: « Copier la veille » is offered. */
  copyFrom: string | null;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const summary = correctionSummary(errors, formErrors);
  const readOnly = locked && !canChangeLocked;
  return (
    <div className="grid gap-4">
      {copyFrom && !readOnly ? (
        <Form method="post">
          <input type="hidden" name="intent" value="copier-veille" />
          <input type="hidden" name="jour" value={day} />
          <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
            <Copy aria-hidden="true" className="size-4" />
            Copier la journée du {formatDate(copyFrom, "medium")}
          </button>
        </Form>
      ) : null}
      {readOnly ? (
        <p
          role="status"
          className="rounded-xl border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-950"
        >
          Cette semaine est validée : ses heures ne se modifient plus. Une erreur ? Signalez-la au bureau.
        </p>
      ) : (
        <Form method="post" noValidate className="grid gap-4" aria-label={`Heures du ${formatDate(day)}`}>
          <input type="hidden" name="intent" value="enregistrer" />
          <input type="hidden" name="jour" value={day} />
          <FormAlert focus title="Enregistrement impossible" errors={summary} />
          {lineIndexes(values).map((index) => (
            <LineCard key={`ligne-${index}`} index={index} values={values} errors={errors} sites={sites} />
          ))}
          {locked ? (
            <TextField
              id="jour-motif"
              name="motif"
              label="Motif de la modification"
              required
              maxLength={REASON_MAX}
              defaultValue={values.motif ?? ""}
              errors={errors.motif}
              hint="Semaine validée : le motif, l'auteur et les heures avant et après sont gardés dans l'historique."
            />
          ) : null}
          <div>
            <button type="submit" disabled={saving} className={buttonClasses("primary", "cta")}>
              {saving ? "Enregistrement…" : "Enregistrer la journée"}
            </button>
          </div>
        </Form>
      )}
    </div>
  );
}
