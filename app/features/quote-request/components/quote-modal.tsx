import { type ComponentType, lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { loadOnce } from "#app/lib/load-once.ts";
import { closeQuoteModal, loadQuoteForm, useQuoteModal } from "../quote-modal-store.ts";

/** The modal's dialog, fetched once; approaching a quote button fetches the form with it. */
const loadDialog = loadOnce(() => import("./quote-modal-dialog.tsx"));
export function loadQuoteModal() {
  loadQuoteForm().catch(() => {});
  return loadDialog();
}

// The dialog (Radix Dialog) and the form are loaded as soon as a pointer or the focus
// reaches a quote button, or at the first click: no page pays for them up front.
const QuoteModalDialog = lazy<ComponentType>(() =>
  loadQuoteModal().then(
    (module) => ({ default: module.QuoteModalDialog }),
    () => ({ default: QuoteModalUnavailable }),
  ),
);

/** When the modal's code cannot be downloaded (connection lost): the quote page instead. */
function QuoteModalUnavailable() {
  useEffect(() => {
    closeQuoteModal();
    window.location.assign("/devis");
  }, []);
  return null;
}

/**
 * The quote modal, mounted once in app/root.tsx; every quote button opens it. Nothing
 * is drawn until it first opens; then it stays mounted, so closing it animates and
 * reopening it is immediate.
 */
export function QuoteModal() {
  const { open } = useQuoteModal();
  const { pathname } = useLocation();
  const [used, setUsed] = useState(false);

  // A link followed from inside the modal (or the browser's back button) closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path is the trigger
  useEffect(() => {
    closeQuoteModal();
  }, [pathname]);
  useEffect(() => {
    if (open) setUsed(true);
  }, [open]);

  if (!open && !used) return null;
  return (
    <Suspense fallback={null}>
      <QuoteModalDialog />
    </Suspense>
  );
}
