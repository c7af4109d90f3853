import { listingVariant, type UnitPrice, variantPrice } from "./money.ts";
import type { StoreProduct, StoreVariant, VariantStockResponse } from "./schema.ts";

/*
 * What the shop pages show of a store product, computed on the server from the
 * store's answer and handed to the components as plain data.
 */

export const PLACEHOLDER_ALT = "Visuel à venir";

export type ProductCard = {
  id: string;
  title: string;
  ribbon: string | null;
  image: string | null;
  price: UnitPrice | null;
  purchasable: boolean;
  /** More than one variant: the card sends the buyer to the product page. */
  hasChoices: boolean;
  /** The variant added straight from the listing. */
  variant: CartVariant | null;
};

/** What the cart needs to know about a variant when it is added. */
export type CartVariant = {
  id: string;
  title: string;
  priceCents: number;
  currencyCode: string;
  image: string | null;
  manageInventory: boolean;
  inventoryQuantity: number | null;
};

function cartVariant(variant: StoreVariant, image: string | null): CartVariant | null {
  const price = variantPrice(variant);
  if (!price) return null;
  return {
    id: variant.id,
    title: variant.title,
    priceCents: price.cents,
    currencyCode: price.currency.code,
    image: variant.image_url ?? image ?? null,
    manageInventory: variant.manage_inventory,
    inventoryQuantity: variant.inventory_quantity ?? null,
  };
}

function sortedImages(product: StoreProduct): string[] {
  return [...product.images].sort((a, b) => a.order - b.order).map((image) => image.url);
}

export function toProductCard(product: StoreProduct): ProductCard {
  const image = product.thumbnail ?? sortedImages(product)[0] ?? null;
  const shown = listingVariant(product);
  return {
    id: product.id,
    title: product.title,
    ribbon: product.ribbon_text?.trim() || null,
    image,
    price: shown ? variantPrice(shown) : null,
    purchasable: product.purchasable,
    hasChoices: product.variants.length > 1,
    variant: shown ? cartVariant(shown, image) : null,
  };
}

export type DetailVariant = CartVariant & {
  sku: string | null;
  price: UnitPrice | null;
  /** Index in the gallery of the variant's image, when it has one. */
  imageIndex: number | null;
};

export type ProductDetail = {
  id: string;
  title: string;
  subtitle: string | null;
  ribbon: string | null;
  descriptionHtml: string;
  purchasable: boolean;
  gallery: string[];
  /** What each picture of the gallery shows, as the staff described it ("" when not). */
  galleryAlts: string[];
  variants: DetailVariant[];
  optionTitle: string;
  additionalInfo: { id: string; title: string; descriptionHtml: string }[];
};

/** Fresh stock from the variants endpoint, laid over the product's variants. */
export function overlayStock(product: StoreProduct, stock: VariantStockResponse["variants"]): StoreProduct {
  const fresh = new Map(stock.map((entry) => [entry.id, entry.inventory_quantity]));
  return {
    ...product,
    variants: product.variants.map((variant) =>
      fresh.has(variant.id) ? { ...variant, inventory_quantity: fresh.get(variant.id) ?? null } : variant,
    ),
  };
}

export function toProductDetail(product: StoreProduct, sanitize: (html: string) => string): ProductDetail {
  const gallery = sortedImages(product);
  if (gallery.length === 0 && product.thumbnail) gallery.push(product.thumbnail);
  // A variant's own picture belongs in the gallery, so choosing the variant can show it.
  for (const variant of product.variants) {
    if (variant.image_url && !gallery.includes(variant.image_url)) gallery.push(variant.image_url);
  }
  const first = gallery[0] ?? null;
  const variants: DetailVariant[] = [];
  for (const variant of product.variants) {
    const base = cartVariant(variant, first);
    if (!base) continue;
    variants.push({
      ...base,
      sku: variant.sku ?? null,
      price: variantPrice(variant),
      imageIndex: variant.image_url ? gallery.indexOf(variant.image_url) : null,
    });
  }
  const styleOption = product.options[0]?.title;
  return {
    id: product.id,
    title: product.title,
    subtitle: product.subtitle?.trim() || null,
    ribbon: product.ribbon_text?.trim() || null,
    descriptionHtml: sanitize(product.description ?? ""),
    purchasable: product.purchasable,
    gallery,
    galleryAlts: gallery.map((url) => product.images.find((image) => image.url === url)?.alt?.trim() ?? ""),
    variants,
    optionTitle: styleOption || "Style",
    additionalInfo: [...product.additional_info]
      .sort((a, b) => a.order - b.order)
      .map((info) => ({ id: info.id, title: info.title, descriptionHtml: sanitize(info.description) })),
  };
}

export type StockState =
  | { kind: "unavailable"; message: string }
  | { kind: "in-stock"; message: string }
  | { kind: "insufficient"; message: string }
  | { kind: "unmanaged"; message: null };

/** The spec's stock messages for a quantity of a variant. */
export function stockState(
  purchasable: boolean,
  variant: Pick<CartVariant, "manageInventory" | "inventoryQuantity"> | null,
  quantity: number,
): StockState {
  if (!purchasable || !variant) return { kind: "unavailable", message: "Indisponible pour le moment" };
  if (!variant.manageInventory) return { kind: "unmanaged", message: null };
  const stock = Math.max(0, variant.inventoryQuantity ?? 0);
  if (quantity > stock) return { kind: "insufficient", message: `Stock insuffisant. ${stock} restant(s).` };
  return { kind: "in-stock", message: `${stock} en stock !` };
}

/** 'Ajouter au panier' is enabled only when purchasable and (stock not managed or quantity not above it). */
export function canAddToCart(
  purchasable: boolean,
  variant: Pick<CartVariant, "manageInventory" | "inventoryQuantity"> | null,
  quantity: number,
): boolean {
  const state = stockState(purchasable, variant, quantity);
  return state.kind === "in-stock" || state.kind === "unmanaged";
}
