import { useSyncExternalStore } from "react";
import { MAX_CART_LINES, MAX_QUANTITY } from "./limits.ts";
import type { CartVariant } from "./product-view.ts";

/**
 * The cart lives in the browser, in localStorage under `e-commerce-cart` (the
 * original site's key). Prices here are for display only: the store recomputes
 * every amount from its catalogue at checkout.
 */
export const CART_STORAGE_KEY = "e-commerce-cart";

export type CartItem = {
  productId: string;
  variantId: string;
  title: string;
  variantTitle: string | null;
  priceCents: number;
  currencyCode: string;
  image: string | null;
  quantity: number;
  manageInventory: boolean;
  inventoryQuantity: number | null;
};

const isText = (value: unknown): value is string => typeof value === "string";
const isTextOrNull = (value: unknown) => value === null || isText(value);
const isInt = (value: unknown): value is number => Number.isInteger(value);

/** A stored line is trusted only if it has the exact shape the cart writes (hand-written: no zod on every page). */
export function parseCartItem(entry: unknown): CartItem | null {
  if (typeof entry !== "object" || entry === null) return null;
  const e = entry as Record<string, unknown>;
  const ok =
    isText(e.productId) &&
    e.productId.length > 0 &&
    isText(e.variantId) &&
    e.variantId.length > 0 &&
    isText(e.title) &&
    isTextOrNull(e.variantTitle) &&
    isInt(e.priceCents) &&
    e.priceCents >= 0 &&
    isText(e.currencyCode) &&
    isTextOrNull(e.image) &&
    isInt(e.quantity) &&
    e.quantity >= 1 &&
    e.quantity <= MAX_QUANTITY &&
    typeof e.manageInventory === "boolean" &&
    (e.inventoryQuantity === null || isInt(e.inventoryQuantity));
  if (!ok) return null;
  return {
    productId: e.productId as string,
    variantId: e.variantId as string,
    title: e.title as string,
    variantTitle: e.variantTitle as string | null,
    priceCents: e.priceCents as number,
    currencyCode: e.currencyCode as string,
    image: e.image as string | null,
    quantity: e.quantity as number,
    manageInventory: e.manageInventory as boolean,
    inventoryQuantity: e.inventoryQuantity as number | null,
  };
}

const EMPTY: readonly CartItem[] = Object.freeze([]);
let items: readonly CartItem[] = EMPTY;
let loaded = false;
const listeners = new Set<() => void>();

function read(): readonly CartItem[] {
  try {
    const raw = window.localStorage.getItem(CART_STORAGE_KEY);
    if (!raw) return EMPTY;
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return EMPTY;
    // Lines that no longer match the format are dropped rather than breaking the cart.
    return parsed.flatMap((entry) => {
      const item = parseCartItem(entry);
      return item ? [item] : [];
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

/** How the cart's content is read out: « vide », « 1 article », « 3 articles ». */
export function itemsLabel(count: number): string {
  return count === 0 ? "vide" : `${count} article${count > 1 ? "s" : ""}`;
}
