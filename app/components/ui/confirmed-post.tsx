import type { LucideIcon } from "lucide-react";
import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { type ButtonVariant, buttonClasses } from "./button.tsx";
import { ConfirmDialog } from "./confirm-dialog.tsx";

/**
 * A post that cannot be undone, asked first: the button opens a ConfirmDialog whose
 * confirmation submits a hidden form with the intent and `confirmation=oui`; the
 * dialog's button says `pendingLabel` while that intent is being posted.
 */
export function ConfirmedPost({
  intent,
  variant,
  icon: Icon,
  label,
  title,
  description,
  confirmLabel,
  pendingLabel,
}: {
  intent: string;
  variant: ButtonVariant;
  icon: LucideIcon;
  /** The button that opens the dialog. */
  label: string;
  title: string;
  description: string;
  confirmLabel: string;
  pendingLabel: string;
}) {
  const formId = useId();
  const navigation = useNavigation();
  const posting = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <>
      <Form id={formId} method="post" hidden>
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="confirmation" value="oui" />
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
