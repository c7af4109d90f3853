/**
 * Amounts of the store: integers in cents, shown with two decimals through the
 * currency's template (spec section 9). Shared by the server and the browser.
 */

export type Currency = { code: string; symbol: string; template: string };

export const AMOUNT_PLACEHOLDER = "{{amount}}";

/** The store's currencies. The default is the euro (spec: code `eur`, symbol €). */
export const currencies: Readonly<Record<string, Currency>> = {
  eur: { code: "eur", symbol: "€", template: `${AMOUNT_PLACEHOLDER}\u00a0€` },
};

export const DEFAULT_CURRENCY: Currency = currencies.eur as Currency;

export function currencyFor(code: string | null | undefined): Currency {
  return (code && currencies[code.toLowerCase()]) || DEFAULT_CURRENCY;
}

const twoDecimals = new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** 2490 -> "24,90 €"; the template decides where the symbol goes. */
export function formatMoney(
  amountInCents: number,
  currency: Partial<Currency> | null = DEFAULT_CURRENCY,
): string {
  const template = currency?.template || DEFAULT_CURRENCY.template;
  const amount = twoDecimals.format(Math.round(amountInCents) / 100);
  if (template.includes(AMOUNT_PLACEHOLDER)) return template.replace(AMOUNT_PLACEHOLDER, amount);
  // A template without a placeholder is treated as a bare symbol.
  return `${amount}\u00a0${currency?.symbol ?? template}`;
}

export type PriceEntry = {
  amount: number;
  sale_amount?: number | null;
  currency_code?: string | null;
  currency?: Partial<Currency> | null;
};

export type PricedVariant = { id: string; prices: readonly PriceEntry[] };

/** What a buyer pays for one unit, and what it cost before a sale. */
export type UnitPrice = {
  /** The amount charged: the sale amount when there is one. */
  cents: number;
  /** The original amount when on sale, else null. */
  originalCents: number | null;
  currency: Currency;
};

/** A variant's price: its first price entry (spec section 9). Null when it has none. */
export function variantPrice(variant: PricedVariant): UnitPrice | null {
  const entry = variant.prices[0];
  if (!entry) return null;
  const currency = { ...currencyFor(entry.currency_code ?? entry.currency?.code), ...(entry.currency ?? {}) };
  const onSale = entry.sale_amount != null && entry.sale_amount < entry.amount;
  return {
    cents: onSale ? (entry.sale_amount as number) : entry.amount,
    originalCents: onSale ? entry.amount : null,
    currency: currency as Currency,
  };
}

export type ProductSelection = {
  site_product_selection?: string | null;
  variants: readonly PricedVariant[];
};

/**
 * The variant a listing shows: the cheapest one when the product's selection is
 * `lowest_price_first` or unset, else the first one.
 */
export function listingVariant<V extends PricedVariant>(product: {
  site_product_selection?: string | null;
  variants: readonly V[];
}): V | null {
  const first = product.variants[0];
  if (!first) return null;
  const selection = product.site_product_selection;
  if (selection && selection !== "lowest_price_first") return first;
  let best = first;
  let bestCents = variantPrice(first)?.cents ?? Number.POSITIVE_INFINITY;
  for (const variant of product.variants.slice(1)) {
    const cents = variantPrice(variant)?.cents ?? Number.POSITIVE_INFINITY;
    if (cents < bestCents) {
      best = variant;
      bestCents = cents;
    }
  }
  return best;
}
