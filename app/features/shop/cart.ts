import { useSyncExternalStore } from "react";
import { z } from "zod";
import type { CartVariant } from "./product-view.ts";
import { MAX_CART_LINES, MAX_QUANTITY } from "./schema.ts";

/**
 * The cart lives in the browser, in localStorage under `e-commerce-cart` (the
 * original site's key). Prices here are for display only: the store recomputes
 * every amount from its catalogue at checkout.
 */
export const CART_STORAGE_KEY = "e-commerce-cart";

const CartItemSchema = z.object({
  productId: z.string().min(1),
  variantId: z.string().min(1),
  title: z.string(),
  variantTitle: z.string().nullable(),
  priceCents: z.number().int().min(0),
  currencyCode: z.string(),
  image: z.string().nullable(),
  quantity: z.number().int().min(1).max(MAX_QUANTITY),
  manageInventory: z.boolean(),
  inventoryQuantity: z.number().int().nullable(),
});
export type CartItem = z.output<typeof CartItemSchema>;

const EMPTY: readonly CartItem[] = Object.freeze([]);
let items: readonly CartItem[] = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function read(): readonly CartItem[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed = z.array(z.unknown()).safeParse(JSON.parse(raw));
    if (!parsed.success) return EMPTY;
    // Lines that no longer match the format are dropped rather than breaking the cart.
    return parsed.data.flatMap((entry) => {
      const item = CartItemSchema.safeParse(entry);
      return item.success ? [item.data] : [];
    });
  } catch {
    return EMPTY;
  }
}

function ensureLoaded() {
  if (loaded || typeof window === "undefined") return;
  loaded = true;
  items = read();
  // Another tab changed the cart.
  window.addEventListener("storage", (event) => {
    if (event.key !== CART_STORAGE_KEY && event.key !== null) return;
    items = read();
    emit();
  });
}

function emit() {
  for (const listener of listeners) listener();
}

function write(next: readonly CartItem[]) {
  items = next.length === 0 ? EMPTY : next;
  try {
    if (items.length === 0) window.localStorage.removeItem(CART_STORAGE_KEY);
    else window.localStorage.setItem(CART_STORAGE_KEY, JSON.stringify(items));
  } catch {
    // Private browsing or a full quota: the cart still works for this page.
  }
  emit();
}

function subscribe(listener: () => void) {
  ensureLoaded();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function snapshot() {
  ensureLoaded();
  return items;
}

const serverSnapshot = () => EMPTY;

/** The cart's lines; empty on the server and until hydration (the count then appears). */
export function useCart(): readonly CartItem[] {
  return useSyncExternalStore(subscribe, snapshot, serverSnapshot);
}

export function cartCount(lines: readonly CartItem[]): number {
  return lines.reduce((sum, item) => sum + item.quantity, 0);
}

export function cartTotal(lines: readonly CartItem[]): number {
  return lines.reduce((sum, item) => sum + item.priceCents * item.quantity, 0);
}

/** The spec's stock message, used to refuse going beyond a managed stock. */
export class CartStockError extends Error {}

function checkStock(item: Pick<CartItem, "manageInventory" | "inventoryQuantity">, quantity: number) {
  if (!item.manageInventory) return;
  const stock = Math.max(0, item.inventoryQuantity ?? 0);
  if (quantity > stock) throw new CartStockError(`Stock insuffisant. ${stock} restant(s).`);
}

/** Adds units of a variant; refuses (throws) beyond a managed stock or the cart's limits. */
export function addToCart(
  product: { id: string; title: string; hasChoices: boolean },
  variant: CartVariant,
  quantity: number,
): CartItem {
  ensureLoaded();
  if (!Number.isInteger(quantity) || quantity < 1) throw new Error("La quantité doit être d'au moins 1.");
  const existing = items.find((item) => item.variantId === variant.id);
  const nextQuantity = (existing?.quantity ?? 0) + quantity;
  checkStock(variant, nextQuantity);
  if (nextQuantity > MAX_QUANTITY) throw new Error(`${MAX_QUANTITY} unités au plus par article.`);
  if (!existing && items.length >= MAX_CART_LINES) {
    throw new Error(`Le panier contient déjà ${MAX_CART_LINES} articles différents.`);
  }
  const line: CartItem = {
    productId: product.id,
    variantId: variant.id,
    title: product.title,
    variantTitle: product.hasChoices ? variant.title : null,
    priceCents: variant.priceCents,
    currencyCode: variant.currencyCode,
    image: variant.image,
    quantity: nextQuantity,
    manageInventory: variant.manageInventory,
    inventoryQuantity: variant.inventoryQuantity,
  };
  write(existing ? items.map((item) => (item.variantId === variant.id ? line : item)) : [...items, line]);
  return line;
}

/** Sets a line's quantity (at least 1, at most its managed stock). */
export function setCartQuantity(variantId: string, quantity: number): void {
  ensureLoaded();
  const existing = items.find((item) => item.variantId === variantId);
  if (!existing || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY) return;
  checkStock(existing, quantity);
  write(items.map((item) => (item.variantId === variantId ? { ...item, quantity } : item)));
}

export function removeFromCart(variantId: string): void {
  ensureLoaded();
  write(items.filter((item) => item.variantId !== variantId));
}

export function clearCart(): void {
  ensureLoaded();
  write(EMPTY);
}

/** The highest quantity a line may take. */
export function maxQuantity(item: Pick<CartItem, "manageInventory" | "inventoryQuantity">): number {
  return item.manageInventory
    ? Math.max(0, Math.min(MAX_QUANTITY, item.inventoryQuantity ?? 0))
    : MAX_QUANTITY;
}
