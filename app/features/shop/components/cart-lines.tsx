import { Trash2 } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Dialog } from "#app/components/ui/dialog.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { type CartItem, cartTotal, maxQuantity, removeFromCart, setCartQuantity } from "../cart.ts";
import { currencyFor, formatMoney } from "../money.ts";
import { ProductImage } from "./product-image.tsx";
import { QuantityControl } from "./quantity-control.tsx";

/** The cart panel's lines, total and checkout link (loaded on demand by the cart button). */
export default function CartLines({ items }: { items: readonly CartItem[] }) {
  return (
    <>
      <ul className="flex-1 divide-y divide-brand-100 overflow-y-auto px-5" aria-label="Articles du panier">
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
        <Dialog.Close className={buttonClasses("ghost", "md", "w-full")}>Continuer mes achats</Dialog.Close>
      </div>
    </>
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
