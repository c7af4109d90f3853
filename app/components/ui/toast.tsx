import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from "react";
import {
  dismissToast,
  serverSnapshot,
  snapshot,
  subscribe,
  TOAST_DURATION_MS,
  type ToastItem,
} from "./toast-store.ts";

export { dismissToast, TOAST_DURATION_MS, type ToastInput, toast } from "./toast-store.ts";

const ToastList = lazy(() =>
  import("./toast-list.tsx").then(
    (module) => ({ default: module.ToastList }),
    () => ({ default: PlainToasts }),
  ),
);

/** When the toasts' code cannot be downloaded (connection lost): the message is still read out. */
function PlainToasts({ items }: { items: readonly ToastItem[]; focusOnMount: boolean }) {
  const shown = items.find((item) => item.open)?.id;
  useEffect(() => {
    if (shown === undefined) return;
    const timer = setTimeout(() => dismissToast(shown), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <div
      role="status"
      className="fixed right-0 bottom-20 z-[100] grid w-full gap-2 p-4 sm:bottom-4 sm:max-w-sm"
    >
      {items
        .filter((item) => item.open)
        .map((item) => (
          <p key={item.id} className="rounded-xl border border-brand-100 bg-white p-4 text-ink shadow-lg">
            <strong className="font-heading text-sm font-semibold">{item.title}</strong>
            {item.description ? <span className="block text-sm">{item.description}</span> : null}
          </p>
        ))}
    </div>
  );
}

/** The key that reaches the notification region (Radix's default hotkey, spec: F8). */
const HOTKEY = "F8";

/**
 * Mounted once in app/root.tsx. Nothing is drawn, and the Radix code is not
 * downloaded, until a toast is raised or F8 is pressed; from then on the list stays
 * mounted and Radix handles F8 itself.
 */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, serverSnapshot);
  const [used, setUsed] = useState(false);
  const [focusOnMount, setFocusOnMount] = useState(false);
  useEffect(() => {
    if (items.length > 0) setUsed(true);
  }, [items.length]);
  useEffect(() => {
    if (used) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code !== HOTKEY) return;
      setFocusOnMount(true);
      setUsed(true);
    };
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [used]);
  if (items.length === 0 && !used) return null;
  return (
    <Suspense fallback={null}>
      <ToastList items={items} focusOnMount={focusOnMount} />
    </Suspense>
  );
}
