import { ShoppingCart } from "lucide-react";
import { type ComponentProps, type ComponentType, lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { loadOnce } from "#app/lib/load-once.ts";
import { cartCount, clearCart, itemsLabel, useCart } from "../cart.ts";
import { CART_PANEL_ID, loadCartLines } from "./cart-loaders.ts";

/** The panel (Radix Dialog), fetched once; a failed download may succeed on the next try. */
const loadCartPanel = loadOnce(() => import("./cart-panel.tsx"));

type CartPanelProps = ComponentProps<typeof import("./cart-panel.tsx").CartPanel>;
const CartPanel = lazy<ComponentType<CartPanelProps>>(() =>
  loadCartPanel().then(
    (module) => ({ default: module.CartPanel }),
    () => ({ default: CartPanelUnavailable }),
  ),
);

/** When the panel's code cannot be downloaded (connection lost): the order page instead. */
function CartPanelUnavailable() {
  useEffect(() => {
    window.location.assign("/commande");
  }, []);
  return null;
}

/**
 * The header's cart button and its panel. The page is prerendered with an empty
 * cart; the count shows up after hydration in a badge that takes no room, so
 * nothing moves. The panel's code (Radix Dialog) is fetched when the visitor shows
 * intent (pointer, focus, touch) or at the first click, never up front.
 */
export function CartButton() {
  const items = useCart();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();
  const count = cartCount(items);

  // Any navigation closes the panel (its links lead to the shop and to checkout).
  useEffect(() => {
    setOpen(false);
    // Back from a completed order (manual or paid online): the cart has been bought.
    const ordered = location.pathname === "/success" || location.pathname === "/commande/confirmation";
    if (ordered && new URLSearchParams(location.search).has("commande")) clearCart();
  }, [location.pathname, location.search]);

  const prefetch = () => {
    loadCartPanel().catch(() => undefined);
    if (items.length > 0) loadCartLines().catch(() => undefined);
  };

  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={used ? CART_PANEL_ID : undefined}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onTouchStart={prefetch}
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
      </button>
      {used ? (
        <Suspense fallback={null}>
          <CartPanel items={items} open={open} onOpenChange={setOpen} opener={button} />
        </Suspense>
      ) : null}
    </>
  );
}
