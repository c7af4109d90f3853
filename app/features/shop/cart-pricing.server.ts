import { DELIVERY_FEE_CENTS } from "./delivery.ts";
import { type Currency, DEFAULT_CURRENCY, variantPrice } from "./money.ts";
import type { CartLineInput } from "./schema.ts";
import type { StoreClient } from "./store-client.server.ts";

export type PricedLine = {
  productId: string;
  variantId: string;
  title: string;
  variantTitle: string | null;
  image: string | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
  /** Why this line cannot be ordered as it is, in the spec's words; null when it can. */
  problem: string | null;
};

export type PricedCart = {
  lines: PricedLine[];
  subtotalCents: number;
  shippingCents: { delivery: number; pickup: number };
  currency: Currency;
  orderable: boolean;
};

/**
 * The cart as the store prices it now: the browser's copy only says which
 * variants and how many; names, prices and stock come from the store.
 */
export async function priceCart(client: StoreClient, cart: CartLineInput[]): Promise<PricedCart> {
  const productIds = [...new Set(cart.map((line) => line.productId))];
  const page = await client.listProducts({ ids: productIds, limit: productIds.length });
  const products = new Map(page.products.map((product) => [product.id, product]));
  let currency: Currency | null = null;
  const lines = cart.map((line): PricedLine => {
    const product = products.get(line.productId);
    const variant = product?.variants.find((candidate) => candidate.id === line.variantId);
    const price = variant ? variantPrice(variant) : null;
    if (!product || !variant || !price) {
      return {
        ...line,
        title: product?.title ?? "Article retiré de la boutique",
        variantTitle: null,
        image: null,
        unitCents: 0,
        lineCents: 0,
        problem: "Ce produit n'est plus disponible.",
      };
    }
    currency ??= price.currency;
    const stock = variant.inventory_quantity ?? 0;
    const problem = !product.purchasable
      ? "Indisponible pour le moment"
      : variant.manage_inventory && line.quantity > stock
        ? `Stock insuffisant. ${Math.max(0, stock)} restant(s).`
        : null;
    const images = [...product.images].sort((a, b) => a.order - b.order);
    return {
      ...line,
      title: product.title,
      variantTitle: product.variants.length > 1 ? variant.title : null,
      image: variant.image_url ?? product.thumbnail ?? images[0]?.url ?? null,
      unitCents: price.cents,
      lineCents: price.cents * line.quantity,
      problem,
    };
  });
  return {
    lines,
    subtotalCents: lines.reduce((sum, line) => sum + line.lineCents, 0),
    shippingCents: { delivery: DELIVERY_FEE_CENTS, pickup: 0 },
    currency: currency ?? DEFAULT_CURRENCY,
    orderable: lines.length > 0 && lines.every((line) => line.problem === null),
  };
}
