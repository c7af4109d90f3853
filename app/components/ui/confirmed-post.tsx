import type { LucideIcon } from "lucide-react";
import { type ReactNode, useId } from "react";
import { Form, useNavigation } from "react-router";
import { type ButtonVariant, buttonClasses } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * A post that cannot be undone, asked first: the button opens a ConfirmDialog whose
 * confirmation submits a hidden form with the intent, the record it is about (`fields`:
 * `{ fileId: file.id }`) and `confirmation=oui`; the dialog's button says `pendingLabel`
 * while that intent is being posted for that record.
 */
export function ConfirmedPost({
  intent,
  fields = {},
  confirmation = true,
  variant,
  icon: Icon,
  label,
  title,
  description,
  confirmLabel,
  pendingLabel,
}: {
  intent: string;
  /** The hidden fields posted with the intent, which name the record (a row of a list). */
  fields?: Readonly<Record<string, string>>;
  /** Whether `confirmation=oui` is posted: false for the intents whose server does not ask it. */
  confirmation?: boolean;
  variant: ButtonVariant;
  icon: LucideIcon;
  /** The button that opens the dialog (with, for a row, its record in words for screen readers). */
  label: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
}) {
  const formId = useId();
  const navigation = useNavigation();
  const posted = navigation.formData;
  const posting =
    navigation.state === "submitting" &&
    posted?.get("intent") === intent &&
    Object.entries(fields).every(([name, value]) => posted.get(name) === value);
  return (
    <>
      <Form id={formId} method="post" hidden>
        <input type="hidden" name="intent" value={intent} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        {confirmation ? <input type="hidden" name="confirmation" value="oui" /> : null}
      </Form>
      <ConfirmDialog
        trigger={
          <button type="button" className={buttonClasses(variant, "md")}>
            <Icon aria-hidden="true" className="size-4" />
            {label}
          </button>
        }
        title={title}
        description={description}
        confirmLabel={confirmLabel}
        destructive
        form={formId}
        pending={posting}
        pendingLabel={pendingLabel}
      />
    </>
  );
}
