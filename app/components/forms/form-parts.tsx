import type { ComponentProps, ReactNode, Ref } from "react";
import { Form, Link, useNavigation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { TextareaField, TextField } from "./field.tsx";
import type { ErrorsInput, FieldErrors } from "./field-errors.ts";
import { FormAlert } from "./form-alert.tsx";

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
/**
 * The form's default button, placed first in it: Entrée in a field then submits the form as
 * its main button does, never a secondary submit button that comes earlier in the page
 * (« Ajouter des lignes »). Out of sight and out of the tab order: the visible main button
 * stays the one to click.
 */
export function DefaultSubmit() {
  return <button type="submit" tabIndex={-1} aria-hidden="true" className="sr-only" />;
}

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

/**
 * `fieldBinder`, and `text(name, label, maxLength)`: a one-line field's props (its id from
 * the form's prefix and its name, what was typed, its messages, its length).
 */
export function recordFields<Values extends object>(
  values: Values,
  errors: Partial<Record<string, ErrorsInput>>,
  idPrefix: string,
) {
  const field = fieldBinder(values, errors);
  const text = (name: TextKeys<Values>, label: string, maxLength: number) => ({
    id: `${idPrefix}-${name}`,
    ...field(name),
    label,
    maxLength,
  });
  return { field, text };
}

/** What a record's form is given by its page: the intent, what to show, the server's messages, its buttons. */
export type RecordFormProps<Values> = {
  intent: "creer" | "modifier";
  values: Values;
  errors?: FieldErrors;
  formErrors?: readonly string[];
  cancelHref: string;
  saveLabel: string;
  /** The hidden fields the post needs (the client, the revision). */
  hidden?: ReactNode;
};

/** A one-line text field of a record (no browser autofill: these are a site's or a supplier's, not the user's). */
export function LineField(props: ComponentProps<typeof TextField>) {
  return <TextField autoComplete="off" {...props} />;
}

/** A record's « Notes » section: its internal notes, which only the team reads. */
export function NotesSection(
  props: Omit<ComponentProps<typeof TextareaField>, "label"> & {
    id: string;
    rows: number;
    maxLength: number;
  },
) {
  return (
    <FormSection legend="Notes">
      <TextareaField {...props} label="Notes internes" />
    </FormSection>
  );
}

/**
 * A record's form (a job site, an employee…): posted with its intent (and the hidden fields
 * it needs), the summary of what is to correct on top, its sections, then save or cancel.
 * It works without JavaScript; every message the server sends shows under its field.
 */
export function RecordForm({
  label,
  intent,
  errors = {},
  formErrors = [],
  hidden,
  saveLabel,
  cancelHref,
  children,
}: Omit<RecordFormProps<unknown>, "values"> & {
  /** The form's accessible name (« Fiche chantier »). */
  label: string;
  values?: unknown;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  return (
    <Form method="post" noValidate className="grid gap-5" aria-label={label}>
      <input type="hidden" name="intent" value={intent} />
      {hidden}
      <FormAlert focus title="Enregistrement impossible" errors={correctionSummary(errors, formErrors)} />
      {children}
      <SaveOrCancel saving={navigation.state === "submitting"} label={saveLabel} cancelHref={cancelHref} />
    </Form>
  );
}
