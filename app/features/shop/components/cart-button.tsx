import { ShoppingCart, Trash2, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import {
  type CartItem,
  cartCount,
  cartTotal,
  clearCart,
  maxQuantity,
  removeFromCart,
  setCartQuantity,
  useCart,
} from "../cart.ts";
import { currencyFor, formatMoney } from "../money.ts";
import { ProductImage } from "./product-image.tsx";
import { QuantityControl } from "./quantity-control.tsx";

function itemsLabel(count: number): string {
  return count === 0 ? "vide" : `${count} article${count > 1 ? "s" : ""}`;
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
    if (location.pathname === "/success" && new URLSearchParams(location.search).has("commande")) clearCart();
  }, [location.pathname, location.search]);

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger
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
            <>
              <ul
                className="flex-1 divide-y divide-brand-100 overflow-y-auto px-5"
                aria-label="Articles du panier"
              >
                {items.map((item) => (
                  <CartLine key={item.variantId} item={item} />
                ))}
              </ul>
              <div className="grid gap-3 border-t border-brand-100 p-5">
                <p className="flex items-baseline justify-between text-lg">
                  <span className="font-semibold">Total TTC</span>
                  <span className="font-heading font-extrabold text-brand-900" data-cart-total>
                    {formatMoney(cartTotal(items), currencyFor(items[0]?.currencyCode))}
                  </span>
                </p>
                <p className="text-sm text-slate-700">Livraison ou retrait à choisir à l'étape suivante.</p>
                <Link to="/commande" className={buttonClasses("primary", "cta", "w-full")}>
                  Commander
                </Link>
                <Dialog.Close className={buttonClasses("ghost", "md", "w-full")}>
                  Continuer mes achats
                </Dialog.Close>
              </div>
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function CartLine({ item }: { item: CartItem }) {
  const name = item.variantTitle ? `${item.title} (${item.variantTitle})` : item.title;
  const currency = currencyFor(item.currencyCode);
  const onQuantity = (quantity: number) => {
    try {
      setCartQuantity(item.variantId, quantity);
    } catch (error) {
      toast({
        title: "Quantité non modifiée",
        description: error instanceof Error ? error.message : String(error),
        variant: "destructive",
      });
    }
  };
  return (
    <li className="flex gap-3 py-4" data-variant-id={item.variantId}>
      <div className="w-20 shrink-0 overflow-hidden rounded-lg bg-sand">
        <ProductImage src={item.image} alt="" />
      </div>
      <div className="grid flex-1 gap-2">
        <div>
          <p className="font-semibold leading-snug">{item.title}</p>
          {item.variantTitle ? <p className="text-sm text-slate-700">{item.variantTitle}</p> : null}
          <p className="text-sm text-slate-700">{formatMoney(item.priceCents, currency)} l'unité</p>
        </div>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <QuantityControl
            id={`panier-${item.variantId}`}
            label={`Quantité : ${name}`}
            subject={name}
            value={item.quantity}
            max={maxQuantity(item)}
            onChange={onQuantity}
            compact
          />
          <button
            type="button"
            onClick={() => removeFromCart(item.variantId)}
            className="inline-flex size-11 items-center justify-center rounded-full text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-5" />
            <span className="sr-only">Retirer du panier : {name}</span>
          </button>
        </div>
        <p className="text-right font-semibold">{formatMoney(item.priceCents * item.quantity, currency)}</p>
      </div>
    </li>
  );
}
