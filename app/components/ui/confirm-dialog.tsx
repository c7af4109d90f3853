import { AlertDialog } from "radix-ui";
import type { ReactElement, ReactNode } from "react";
import { buttonClasses } from "./button.tsx";

type ConfirmDialogProps = {
  /** The button that opens the dialog (one element: it receives the trigger's props). */
  trigger: ReactElement;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone. */
  destructive?: boolean;
  /** The action is under way: the confirm button is disabled and shows `pendingLabel`. */
  pending?: boolean;
  pendingLabel?: string;
  /**
   * The id of the form the confirm button submits (`<button type="submit" form=…>`),
   * so the form's own fields and action do the work; the dialog stays open, showing
   * `pendingLabel`, until the answer replaces the page or closes it.
   */
  form?: string;
  /** Without `form`: called on confirmation, and the dialog closes. */
  onConfirm?: () => void;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /**
   * Where the focus goes once the dialog closes (default: back to the trigger). Call
   * `event.preventDefault()` to move it elsewhere, onto an alert the answer showed.
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** More content between the description and the buttons. */
  children?: ReactNode;
};

/**
 * « Are you sure? » before an action: Radix AlertDialog (role `alertdialog`, the
 * focus on « Annuler » first, Escape cancels, the focus goes back to the trigger).
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Annuler",
  destructive = false,
  pending = false,
  pendingLabel,
  form,
  onConfirm,
  open,
  onOpenChange,
  onCloseAutoFocus,
  children,
}: ConfirmDialogProps) {
  const confirmClasses = buttonClasses(destructive ? "destructive" : "secondary", "md");
  const label = pending && pendingLabel ? pendingLabel : confirmLabel;
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-brand-900/60" />
        <AlertDialog.Content
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed top-1/2 left-1/2 z-50 max-h-[90vh] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-2xl"
        >
          <AlertDialog.Title className="font-heading text-xl font-bold text-brand-900">
            {title}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-slate-800">{description}</AlertDialog.Description>
          {children}
          <div className="mt-5 flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel className={buttonClasses("outline", "md")}>{cancelLabel}</AlertDialog.Cancel>
            {form ? (
              <button type="submit" form={form} disabled={pending} className={confirmClasses}>
                {label}
              </button>
            ) : (
              <AlertDialog.Action disabled={pending} onClick={onConfirm} className={confirmClasses}>
                {label}
              </AlertDialog.Action>
            )}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
