import type { ComponentProps, ReactNode } from "react";
import { useId } from "react";
import { type Cents, formatCentsForInput } from "#app/lib/money.ts";
import { type ErrorsInput, errorList } from "./field-errors.ts";

/*
 * One Field for every form (the Epic Stack's `Field` + `ErrorList`): a label tied to
 * its control, the required mark, a hint, the error text below, and the aria wiring
 * (`aria-invalid`, `aria-describedby` → hint then error). Ids come from `useId` unless
 * the form gives one; the hint is `<id>-aide`, the error `<id>-erreur`.
 *
 * Each kind (TextField, EmailField, ...) takes the props of its native control, so
 * `{...register("name")}` of react-hook-form or a plain `name`/`defaultValue` both fit.
 */

export const labelClass = "mb-1 block font-heading text-sm font-semibold text-brand-900";
export const controlClass =
  "block min-h-11 w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink shadow-sm " +
  "placeholder:text-slate-500 focus-visible:border-brand-700 disabled:cursor-not-allowed disabled:bg-slate-100 " +
  "aria-[invalid=true]:border-red-700";
const hintClass = "mb-1 text-sm text-slate-700";
const errorClass = "mt-1 grid gap-0.5 text-sm font-medium text-red-700";
const checkClass = "mt-0.5 size-6 shrink-0 accent-brand-700";
const fileClass =
  "block w-full text-sm text-slate-700 file:mr-3 file:min-h-11 file:cursor-pointer file:rounded-lg file:border-2 " +
  "file:border-brand-700 file:bg-white file:px-4 file:font-heading file:font-semibold file:text-brand-700 " +
  "hover:file:bg-brand-50";

const join = (...classes: (string | false | null | undefined)[]) => classes.filter(Boolean).join(" ");

/** « * » after a required field's label; the `required` attribute tells assistive technologies. */
export function RequiredMark() {
  return (
    <>
      {" "}
      <span aria-hidden="true" className="text-accent-700">
        *
      </span>
    </>
  );
}

/** The messages of a field (or of a group), under it. Nothing when there is none. */
export function ErrorList({
  id,
  errors,
  className,
}: {
  id?: string;
  errors: ErrorsInput;
  className?: string;
}) {
  const messages = errorList(errors);
  if (messages.length === 0) return null;
  return (
    <div id={id} className={join(errorClass, className)}>
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}

/** What every kind of field takes besides its native control's props. */
export type FieldOwnProps = {
  label: ReactNode;
  /** A help text under the label, read with the control (`aria-describedby`). */
  hint?: ReactNode;
  errors?: ErrorsInput;
  /** The `required` attribute, and « * » after the label. */
  required?: boolean;
  /** Whether « * » shows; by default when `required` (off where the form has no asterisk legend). */
  requiredMark?: boolean;
  /** The control's id; `useId` otherwise. */
  id?: string;
  /** Classes of the field's wrapper. */
  className?: string;
  /** Classes added to the control. */
  controlClassName?: string;
  /** Shown between the control and its errors (the list of picked files...). */
  after?: ReactNode;
};

/** The props the control of a Field receives. */
export type FieldControlProps = {
  id: string;
  required: boolean | undefined;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

type FieldIds = {
  id: string;
  hintId: string | undefined;
  errorId: string | undefined;
  control: FieldControlProps;
};

function useFieldIds(
  props: Pick<FieldOwnProps, "id" | "hint" | "errors" | "required">,
  describedBy?: string,
): FieldIds {
  const generated = useId();
  const id = props.id ?? generated;
  const hintId = props.hint ? `${id}-aide` : undefined;
  const errorId = errorList(props.errors).length > 0 ? `${id}-erreur` : undefined;
  return {
    id,
    hintId,
    errorId,
    control: {
      id,
      required: props.required || undefined,
      "aria-invalid": errorId ? true : undefined,
      "aria-describedby": [hintId, describedBy, errorId].filter(Boolean).join(" ") || undefined,
    },
  };
}

/**
 * A labelled control with its hint and errors. The kinds below use it; a form with a
 * control of its own (a combobox...) renders it through `children`.
 */
export function Field({
  children,
  describedBy,
  ...props
}: Omit<FieldOwnProps, "controlClassName"> & {
  children: (control: FieldControlProps) => ReactNode;
  /** More ids the control is described by (a unit, a counter). */
  describedBy?: string;
}) {
  const { id, hintId, errorId, control } = useFieldIds(props, describedBy);
  const mark = props.requiredMark ?? props.required;
  return (
    <div className={props.className}>
      <label htmlFor={id} className={labelClass}>
        {props.label}
        {mark ? <RequiredMark /> : null}
      </label>
      {props.hint ? (
        <p id={hintId} className={hintClass}>
          {props.hint}
        </p>
      ) : null}
      {children(control)}
      {props.after}
      <ErrorList id={errorId} errors={props.errors} />
    </div>
  );
}

type InputProps = Omit<ComponentProps<"input">, "id" | "className" | "required" | "type">;

function splitField<P extends FieldOwnProps>(props: P) {
  const { label, hint, errors, required, requiredMark, id, className, controlClassName, after, ...native } =
    props;
  return {
    field: { label, hint, errors, required, requiredMark, id, className, after },
    controlClassName,
    native,
  };
}

/** Merges the field's aria ids with ones the form gives itself. */
function describedByOf(native: { "aria-describedby"?: string }) {
  return native["aria-describedby"];
}

/**
 * The Field of an `<input type={type}>`: the kind's `preset` attributes first, so that the
 * form's own override them, then the aria wiring.
 */
function inputField(
  props: FieldOwnProps & InputProps,
  type: string,
  preset: InputProps = {},
  baseClass = controlClass,
) {
  const { field, controlClassName, native } = splitField(props);
  return (
    <Field {...field} describedBy={describedByOf(native)}>
      {(control) => (
        <input
          type={type}
          {...preset}
          {...native}
          {...control}
          className={join(baseClass, controlClassName)}
        />
      )}
    </Field>
  );
}

/** A one-line text (`type="text"`, or `password`, `search`, `url`). */
export function TextField(
  props: FieldOwnProps & InputProps & { type?: "text" | "password" | "search" | "url" },
) {
  const { type = "text", ...rest } = props;
  return inputField(rest, type);
}

/** An e-mail address: the e-mail keyboard, no spell checking. */
export function EmailField(props: FieldOwnProps & InputProps) {
  return inputField(props, "email", { inputMode: "email", autoComplete: "email", spellCheck: false });
}

/** A phone number: `type="tel"`, the phone keypad, `autocomplete="tel"`. */
export function PhoneField(props: FieldOwnProps & InputProps) {
  return inputField(props, "tel", { inputMode: "tel", autoComplete: "tel" });
}

/** A number (`type="number"`): counts, years; amounts are MoneyField. */
export function NumberField(props: FieldOwnProps & InputProps) {
  return inputField(props, "number");
}

/**
 * An amount in euros typed the French way (« 1 234,56 »): a text input with the
 * decimal keypad and a « € » after it, read with the field. The server's schema
 * parses it (`MoneySchema` of app/lib/money.ts). Give the amount as `defaultCents`, or
 * the text typed (sent back after a refusal) as `defaultValue`.
 */
export function MoneyField(
  props: FieldOwnProps &
    Omit<InputProps, "inputMode"> & {
      /** The amount to show, in cents (written « 1 234,56 »); else `defaultValue`. */
      defaultCents?: Cents | null;
    },
) {
  const { field, controlClassName, native } = splitField(props);
  const { defaultCents, ...input } = native;
  if (defaultCents !== undefined && defaultCents !== null)
    input.defaultValue = formatCentsForInput(defaultCents);
  const unitId = `${useId()}-unite`;
  const describedBy = [unitId, describedByOf(input)].filter(Boolean).join(" ");
  return (
    <Field {...field} describedBy={describedBy}>
      {(control) => (
        <div className="relative">
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            spellCheck={false}
            {...input}
            {...control}
            className={join(controlClass, "pr-9 text-right tabular-nums", controlClassName)}
          />
          <span
            id={unitId}
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-slate-700"
          >
            €
          </span>
        </div>
      )}
    </Field>
  );
}

/** A time of day (`type="time"`, `HH:MM`); `step` in seconds (900: quarter hours). */
export function TimeField(props: FieldOwnProps & InputProps) {
  return inputField(props, "time");
}

/** A day (`type="date"`): the value is `AAAA-MM-JJ`, the browser shows it the French way. */
export function DateField(props: FieldOwnProps & InputProps) {
  return inputField(props, "date");
}

export type SelectOption = string | { value: string; label: string; disabled?: boolean };

/**
 * A native `<select>` (the phone's own picker). `placeholder` is a first, empty
 * choice (« Choisissez… », « Non précisé »).
 */
export function SelectField(
  props: FieldOwnProps &
    Omit<ComponentProps<"select">, "id" | "className" | "required"> & {
      options: readonly SelectOption[];
      placeholder?: string;
    },
) {
  const { field, controlClassName, native } = splitField(props);
  const { options, placeholder, children, ...rest } = native;
  return (
    <Field {...field} describedBy={describedByOf(rest)}>
      {(control) => (
        <select {...rest} {...control} className={join(controlClass, controlClassName)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => {
            const { value, label, disabled } =
              typeof option === "string" ? { value: option, label: option, disabled: false } : option;
            return (
              <option key={value} value={value} disabled={disabled}>
                {label}
              </option>
            );
          })}
          {children}
        </select>
      )}
    </Field>
  );
}

/** Several lines of text. */
export function TextareaField(
  props: FieldOwnProps & Omit<ComponentProps<"textarea">, "id" | "className" | "required">,
) {
  const { field, controlClassName, native } = splitField(props);
  return (
    <Field {...field} describedBy={describedByOf(native)}>
      {(control) => (
        <textarea {...native} {...control} className={join(controlClass, "resize-y", controlClassName)} />
      )}
    </Field>
  );
}

/** A file input (`accept`, `multiple` as the native one); `after` can list what was picked. */
export function FileField(props: FieldOwnProps & InputProps) {
  return inputField(props, "file", {}, fileClass);
}

/** A checkbox with its label on its right; the hint and errors below both. */
export function CheckboxField(props: FieldOwnProps & InputProps & { labelClassName?: string }) {
  const { field, controlClassName, native } = splitField(props);
  const { labelClassName, ...rest } = native;
  const { id, hintId, errorId, control } = useFieldIds(field, describedByOf(rest));
  const mark = field.requiredMark ?? field.required;
  return (
    <div className={field.className}>
      <div className="flex items-start gap-3">
        <input type="checkbox" {...rest} {...control} className={join(checkClass, controlClassName)} />
        <label htmlFor={id} className={labelClassName ?? "text-sm text-ink"}>
          {field.label}
          {mark ? <RequiredMark /> : null}
        </label>
      </div>
      {field.hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-700">
          {field.hint}
        </p>
      ) : null}
      {field.after}
      <ErrorList id={errorId} errors={field.errors} />
    </div>
  );
}

export type RadioOption = { value: string; label: ReactNode; description?: ReactNode };

/**
 * A choice among a few options, each a radio with its label (and a line under it),
 * in a fieldset whose legend names the choice. The hint and errors describe the group.
 */
export function RadioGroupField(
  props: Omit<FieldOwnProps, "label" | "id"> &
    Omit<InputProps, "defaultValue" | "value"> & {
      legend: ReactNode;
      options: readonly RadioOption[];
      defaultValue?: string;
      legendClassName?: string;
      optionClassName?: string;
    },
) {
  const {
    legend,
    options,
    defaultValue,
    legendClassName,
    optionClassName,
    hint,
    errors,
    required,
    requiredMark,
    className,
    controlClassName,
    after,
    ...native
  } = props;
  const { hintId, errorId, control } = useFieldIds({ hint, errors, required });
  const mark = requiredMark ?? required;
  return (
    <fieldset className={className} aria-describedby={control["aria-describedby"]}>
      <legend className={legendClassName ?? labelClass}>
        {legend}
        {mark ? <RequiredMark /> : null}
      </legend>
      {hint ? (
        <p id={hintId} className={hintClass}>
          {hint}
        </p>
      ) : null}
      <div className="grid gap-3">
        {options.map((option) => (
          <label
            key={option.value}
            className={
              optionClassName ??
              "flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border border-brand-100 p-4 " +
                "has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            }
          >
            <input
              type="radio"
              value={option.value}
              defaultChecked={defaultValue === undefined ? undefined : defaultValue === option.value}
              required={required || undefined}
              {...native}
              className={join("mt-1 size-5 shrink-0 accent-brand-700", controlClassName)}
            />
            <span>
              <span className="block font-semibold">{option.label}</span>
              {option.description ? (
                <span className="block text-sm text-slate-700">{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      {after}
      <ErrorList id={errorId} errors={errors} />
    </fieldset>
  );
}
