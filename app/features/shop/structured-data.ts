import type { Product, WithContext } from "schema-dts";
import { company } from "#app/config/company.ts";
import type { ProductDetail } from "./product-view.ts";

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl}${url}`);

/** schema.org `Product` with one `Offer` per variant (price, currency, availability). */
export function productJsonLd(
  product: ProductDetail,
  descriptionText: string,
  pageUrl: string,
  siteUrl: string,
): WithContext<Product> {
  const offers = product.variants.map((variant) => {
    const inStock = product.purchasable && (!variant.manageInventory || (variant.inventoryQuantity ?? 0) > 0);
    return {
      "@type": "Offer" as const,
      ...(product.variants.length > 1 ? { name: variant.title } : {}),
      ...(variant.price ? { price: (variant.price.cents / 100).toFixed(2) } : {}),
      priceCurrency: (variant.price?.currency.code ?? "eur").toUpperCase(),
      availability: inStock ? "https://schema.org/InStock" : "https://schema.org/OutOfStock",
      itemCondition: "https://schema.org/NewCondition",
      url: pageUrl,
      seller: { "@type": "Organization" as const, name: company.name },
    };
  });
  const firstSku = product.variants[0]?.sku;
  return {
    "@context": "https://schema.org",
    "@type": "Product",
    name: product.title,
    description: descriptionText || product.title,
    url: pageUrl,
    ...(product.gallery.length > 0 ? { image: product.gallery.map((url) => absolute(siteUrl, url)) } : {}),
    ...(firstSku ? { sku: firstSku } : {}),
    offers: offers.length === 1 ? offers[0] : offers,
  } as WithContext<Product>;
}
