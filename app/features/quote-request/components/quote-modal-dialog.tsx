import { X } from "lucide-react";
import { lazy, Suspense, useEffect } from "react";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { closeQuoteModal, loadQuoteForm, useQuoteModal } from "../quote-modal-store.ts";

// The form (react-hook-form, zod and the schema) is loaded when the modal first
// opens, or as soon as a pointer or the focus reaches a quote button: no page pays
// for it up front.
const QuoteForm = lazy(() =>
  loadQuoteForm().then(
    (module) => ({ default: module.QuoteForm }),
    () => ({ default: QuoteFormUnavailable }),
  ),
);

/** Shown when the form's code cannot be downloaded (connection lost): /devis works without it. */
function QuoteFormUnavailable(_props: { source: "modal" | "page"; onSuccess?: () => void }) {
  return (
    <div role="alert" className="grid gap-4 py-6">
      <p>
        Le formulaire n'a pas pu se charger. Vérifiez votre connexion, ou ouvrez la page de demande de devis.
      </p>
      <a href="/devis" className="font-semibold text-brand-700 underline">
        Ouvrir la page Demande de devis
      </a>
    </div>
  );
}

/**
 * Rendered right after the form inside the same Suspense boundary: once the form is
 * on screen (at once when already loaded, else when its module arrives), the focus
 * goes to its first field, as it would had the form been there from the start.
 */
function FocusFirstField() {
  useEffect(() => {
    document.querySelector<HTMLInputElement>('[data-quote-modal] input[name="user_name"]')?.focus();
  }, []);
  return null;
}

/**
 * The quote modal's dialog (Radix Dialog: focus trap, Escape, scroll lock), loaded by
 * `QuoteModal` when a quote button is approached or first clicked.
 */
export function QuoteModalDialog() {
  const { open, opener } = useQuoteModal();

  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : closeQuoteModal())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-brand-900/60 backdrop-blur-sm" />
        <Dialog.Content
          data-quote-modal=""
          // No Radix trigger here (the buttons are links all over the site): focus goes
          // back to the one that opened the modal, if it is still on the page.
          onCloseAutoFocus={(event) => {
            if (opener?.isConnected) {
              event.preventDefault();
              opener.focus();
            }
          }}
          className="fixed top-1/2 left-1/2 z-[70] max-h-[90vh] w-[calc(100%-1.5rem)] max-w-[500px] -translate-x-1/2 -translate-y-1/2 overflow-y-auto overscroll-contain rounded-2xl bg-white p-5 shadow-2xl outline-none sm:p-6"
        >
          <Dialog.Title className="pr-10 font-heading text-2xl font-extrabold text-brand-900">
            Demande de devis gratuit
          </Dialog.Title>
          <Dialog.Description className="mt-1 mb-4 text-slate-700">
            Décrivez votre projet : nous vous répondons sous 48h.
          </Dialog.Description>
          <Suspense
            fallback={
              <p role="status" className="py-12 text-center text-slate-700">
                Chargement du formulaire…
              </p>
            }
          >
            <QuoteForm source="modal" onSuccess={closeQuoteModal} />
            <FocusFirstField />
          </Suspense>
          <Dialog.Close
            aria-label="Fermer"
            className="absolute top-3 right-3 inline-flex size-11 items-center justify-center rounded-full text-brand-900 hover:bg-brand-50"
          >
            <X aria-hidden="true" className="size-5" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
