import type { LucideIcon } from "lucide-react";
import type { ComponentProps, ReactNode } from "react";
import { Form } from "react-router";
import { type ButtonVariant, buttonClasses } from "./button.tsx";

/**
 * A form of an action panel that posts one `intent` (with the `hidden` values beside it)
 * and lays out as its content only, so that its button sits in the panel's row.
 */
export function IntentForm({
  intent,
  hidden = {},
  children,
}: {
  intent: string;
  hidden?: Record<string, string | number>;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
    </Form>
  );
}

/**
 * The submit button of an action panel: the whole width on a phone, its icon if any, and
 * `busyLabel` instead of its label while its action is posted.
 */
export function ActionButton({
  icon: Icon,
  label,
  variant = "primary",
  disabled,
  busy,
  busyLabel = "Enregistrement…",
}: {
  icon?: LucideIcon;
  label: string;
  variant?: ButtonVariant;
  /** Disabled while the page posts (this action or another). */
  disabled: boolean;
  /** This action is being posted. */
  busy: boolean;
  busyLabel?: string;
}) {
  return (
    <button type="submit" className={buttonClasses(variant, "md", "w-full sm:w-auto")} disabled={disabled}>
      {Icon ? <Icon aria-hidden="true" className="size-4" /> : null}
      {busy ? busyLabel : label}
    </button>
  );
}

/**
 * The button of an action panel that opens a confirmation dialog (the dialog's trigger
 * gives it its props): the whole width on a phone, its icon and its label.
 */
export function DialogTriggerButton({
  icon: Icon,
  label,
  variant = "outline",
  ...props
}: Omit<ComponentProps<"button">, "type" | "className"> & {
  icon: LucideIcon;
  label: string;
  variant?: ButtonVariant;
}) {
  return (
    <button {...props} type="button" className={buttonClasses(variant, "md", "w-full sm:w-auto")}>
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

/**
 * A form of one button that posts one `intent`: a change of status in a page's header
 * (« Marquer terminé », « Annuler la commande »), disabled while the page posts.
 */
export function IntentButton({
  intent,
  icon: Icon,
  label,
  variant = "outline",
  disabled,
}: {
  intent: string;
  icon: LucideIcon;
  label: string;
  variant?: ButtonVariant;
  disabled: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={intent} />
      <button type="submit" disabled={disabled} className={buttonClasses(variant, "md")}>
        <Icon aria-hidden="true" className="size-4" />
        {label}
      </button>
    </Form>
  );
}

/**
 * A form's submit button under its fields: its icon, and `busyLabel` instead of its label,
 * disabled, while the form is posted (or its page loaded).
 */
export function SubmitButton({
  icon: Icon,
  label,
  busyLabel,
  busy,
  variant = "primary",
}: {
  icon: LucideIcon;
  label: string;
  busyLabel: string;
  busy: boolean;
  variant?: ButtonVariant;
}) {
  return (
    <div>
      <button type="submit" className={buttonClasses(variant, "md")} disabled={busy}>
        <Icon aria-hidden="true" className="size-4" />
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
