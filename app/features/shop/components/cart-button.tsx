import { ShoppingCart, X } from "lucide-react";
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { cartCount, clearCart, itemsLabel, useCart } from "../cart.ts";

/** The cart's lines and total: their code (pictures, quantities, prices) loads when the panel first opens with items. */
const loadCartLines = () => import("./cart-lines.tsx");
const CartLines = lazy(() => loadCartLines().catch(() => ({ default: CartLinesUnavailable })));
/** Fetched ahead on a sign of intent; a failure then shows when the panel opens. */
const prefetchCartLines = () => {
  loadCartLines().catch(() => undefined);
};

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
 * The header's cart button and its panel. The page is prerendered with an empty
 * cart; the count shows up after hydration in a badge that takes no room, so
 * nothing moves.
 */
export function CartButton() {
  const items = useCart();
  const [open, setOpen] = useState(false);
  const location = useLocation();
  const count = cartCount(items);

  // Any navigation closes the panel (its links lead to the shop and to checkout).
  useEffect(() => {
    setOpen(false);
    // Back from a completed order (manual or paid online): the cart has been bought.
    const ordered = location.pathname === "/success" || location.pathname === "/commande/confirmation";
    if (ordered && new URLSearchParams(location.search).has("commande")) clearCart();
  }, [location.pathname, location.search]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
        // Fetched as soon as the visitor shows intent, so the panel rarely waits.
        onPointerEnter={prefetchCartLines}
        onFocus={prefetchCartLines}
        className="relative inline-flex size-11 items-center justify-center rounded-full text-brand-800 hover:bg-brand-50"
        data-cart-count={count}
      >
        <ShoppingCart aria-hidden="true" className="size-5" />
        <span className="sr-only">Panier : {itemsLabel(count)}</span>
        {count > 0 ? (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-700 px-1 text-xs font-bold text-white"
          >
            {count > 99 ? "99+" : count}
          </span>
        ) : null}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-brand-900/60 backdrop-blur-sm" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-[70] flex w-full max-w-md flex-col bg-white shadow-2xl outline-none">
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
