import { X } from "lucide-react";
import { lazy, type RefObject, Suspense } from "react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { type CartItem, cartCount, itemsLabel } from "../cart.ts";
import { CART_PANEL_ID, loadCartLines } from "./cart-loaders.ts";

const CartLines = lazy(() => loadCartLines().catch(() => ({ default: CartLinesUnavailable })));

/** Shown when the panel's code cannot be downloaded (connection lost): checkout still works. */
function CartLinesUnavailable() {
  return (
    <div role="alert" className="grid flex-1 content-start gap-4 p-5">
      <p>Le détail du panier n'a pas pu se charger. Vérifiez votre connexion.</p>
      <Link to="/commande" className={buttonClasses("primary", "md", "justify-self-start")}>
        Voir ma commande
      </Link>
    </div>
  );
}

/**
 * The cart's side panel (Radix Dialog: focus trap, Escape, scroll lock), loaded by
 * `CartButton` when the visitor approaches the button or first opens it. On close the
 * focus goes back to the button.
 */
export function CartPanel({
  items,
  open,
  onOpenChange,
  opener,
}: {
  items: readonly CartItem[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  opener: RefObject<HTMLButtonElement | null>;
}) {
  const count = cartCount(items);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-brand-900/60 backdrop-blur-sm" />
        <Dialog.Content
          id={CART_PANEL_ID}
          onCloseAutoFocus={(event) => {
            if (opener.current?.isConnected) {
              event.preventDefault();
              opener.current.focus();
            }
          }}
          className="fixed inset-y-0 right-0 z-[70] flex w-full max-w-md flex-col bg-white shadow-2xl outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-brand-100 p-5">
            <div>
              <Dialog.Title className="font-heading text-2xl font-extrabold text-brand-900">
                Votre panier
              </Dialog.Title>
              <Dialog.Description className="text-sm text-slate-700">
                {count === 0 ? "Votre panier est vide." : `${itemsLabel(count)}, prix TTC.`}
              </Dialog.Description>
            </div>
            <Dialog.Close className="inline-flex size-11 shrink-0 items-center justify-center rounded-full text-brand-900 hover:bg-brand-50">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Fermer le panier</span>
            </Dialog.Close>
          </div>
          {items.length === 0 ? (
            <div className="grid flex-1 content-start gap-4 p-5">
              <p>Ajoutez des produits depuis la boutique pour les retrouver ici.</p>
              <Link to="/store" className={buttonClasses("secondary", "md", "justify-self-start")}>
                Voir la boutique
              </Link>
            </div>
          ) : (
            <Suspense
              fallback={
                <p role="status" className="flex-1 p-5 text-slate-700">
                  Chargement du panier…
                </p>
              }
            >
              <CartLines items={items} />
            </Suspense>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
