import { Toast } from "radix-ui";
import { useEffect, useRef } from "react";
import { dismissToast, TOAST_DURATION_MS, type ToastItem } from "./toast-store.ts";

/**
 * The toasts on screen, drawn with Radix Toast (announced to screen readers, paused
 * while hovered or focused, swiped away, F8 to reach them). Loaded by `Toaster` when
 * the first toast is raised or F8 is first pressed, so no page downloads it up front.
 * `focusOnMount`: F8 brought it in, so the notification region takes the focus as
 * Radix's own F8 handler (listening from now on) would have given it.
 */
export function ToastList({ items, focusOnMount }: { items: readonly ToastItem[]; focusOnMount: boolean }) {
  const viewport = useRef<HTMLOListElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the list first mounts
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus();
  }, []);
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={50}
      label="Notification"
    >
      {items.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id);
          }}
          type={item.variant === "destructive" ? "foreground" : "background"}
          data-variant={item.variant ?? "default"}
          className={
            "pointer-events-auto relative flex w-full items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg " +
            "data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=cancel]:translate-x-0 " +
            "data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[state=closed]:opacity-0 transition " +
            (item.variant === "destructive"
              ? "border-red-800 bg-red-700 text-white"
              : "border-brand-100 bg-white text-ink")
          }
        >
          <div className="grid gap-1">
            <Toast.Title className="font-heading text-sm font-semibold">{item.title}</Toast.Title>
            {item.description ? (
              <Toast.Description className="text-sm">{item.description}</Toast.Description>
            ) : null}
          </div>
          <Toast.Close
            aria-label="Fermer la notification"
            className="absolute top-2 right-2 inline-flex size-8 items-center justify-center rounded-md text-current opacity-80 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        ref={viewport}
        label="Notifications ({hotkey})"
        className="fixed right-0 bottom-20 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 outline-none sm:bottom-4 sm:max-w-sm"
      />
    </Toast.Provider>
  );
}
