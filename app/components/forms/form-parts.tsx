import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import type { ErrorsInput } from "./field-errors.ts";

/*
 * The parts a record's form is built of (a client, a price-library item, a prospect, the
 * settings): its sections, the summary of what is to correct, the save and cancel buttons,
 * and each field wired to what was typed and to its messages by its name.
 */

/** A form's panel: fields grouped under their legend. */
export const formPanelClass = "grid gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5";
const legendClass = "font-heading text-lg font-bold text-brand-900 float-left w-full";

/** A group of a form's fields in its panel, named by its legend (« Identité », « Contact »…). */
export function FormSection({
  legend,
  children,
  ref,
}: {
  legend: ReactNode;
  children: ReactNode;
  ref?: Ref<HTMLFieldSetElement>;
}) {
  return (
    <fieldset ref={ref} className={formPanelClass}>
      <legend className={legendClass}>{legend}</legend>
      {children}
    </fieldset>
  );
}

/**
 * What the alert on top of a refused form says: how many fields are to correct (each shows
 * its message), then the messages about the whole form.
 */
export function correctionSummary(
  errors: Readonly<Record<string, unknown>>,
  formErrors: readonly string[] = [],
): string[] {
  const fieldCount = Object.keys(errors).length;
  if (fieldCount === 0) return [...formErrors];
  return [
    fieldCount > 1
      ? `${fieldCount} champs sont à corriger : voyez les messages sous chacun.`
      : "Un champ est à corriger : voyez le message sous celui-ci.",
    ...formErrors,
  ];
}

/** The save button (« Enregistrement… » while the post goes) and the way back. */
export function SaveOrCancel({
  saving,
  label,
  cancelHref,
}: {
  saving: boolean;
  label: string;
  cancelHref: string;
}) {
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" disabled={saving} className={buttonClasses("secondary", "md")}>
        {saving ? "Enregistrement…" : label}
      </button>
      <Link to={cancelHref} className={buttonClasses("ghost", "md")}>
        Annuler
      </Link>
    </div>
  );
}

/**
 * A field's `name`, what it shows (`defaultValue`) and its messages (`errors`), read by
 * its name from the form's values and errors: `<TextField label="Nom" {...field("name")} />`.
 */
export function fieldBinder<Values extends object>(
  values: Values,
  errors: Partial<Record<string, ErrorsInput>>,
) {
  return (name: TextKeys<Values>) => ({
    name,
    defaultValue: values[name] as string | undefined,
    errors: errors[name],
  });
}

/** The names of a form's text values (not its lists of rows). */
type TextKeys<Values> = {
  [Key in keyof Values]-?: Values[Key] extends string | undefined ? Key : never;
}[keyof Values] &
  string;
