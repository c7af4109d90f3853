import { useEffect, useState } from "react";

export type DialogControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * The page's confirmation dialogs, one open at a time. Any answer closes the open one:
 * a refusal (which stays on the page) then moves the focus onto the alert at the top,
 * so it is never left behind the dimmed overlay; a success reloads the page's data.
 */
export function useDialogs(answer: unknown, page: unknown, alertId: string) {
  const [open, setOpen] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer or new page data is the trigger
  useEffect(() => {
    setOpen(null);
  }, [answer, page]);
  return (name: string): DialogControl => ({
    open: open === name,
    onOpenChange: (next) => setOpen(next ? name : null),
    onCloseAutoFocus: (event) => {
      const alert = document.getElementById(alertId);
      if (alert) {
        event.preventDefault();
        alert.focus();
      }
    },
  });
}
