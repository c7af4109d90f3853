import { ArrowLeft } from "lucide-react";
import { data, Link, useNavigation } from "react-router";
import { company } from "#app/config/company.ts";
import { ProductDetail } from "#app/features/shop/components/product-detail.tsx";
import { Spinner } from "#app/features/shop/components/spinner.tsx";
import { overlayStock, toProductDetail } from "#app/features/shop/product-view.ts";
import { htmlToText, sanitizeDescription } from "#app/features/shop/sanitize.server.ts";
import { StoreHttpError, storeClientFor } from "#app/features/shop/store-client.server.ts";
import { productJsonLd } from "#app/features/shop/structured-data.ts";
import { getServices } from "#app/lib/app-context.ts";
import { jsonLd, META_DESCRIPTION_MAX, seo, siteUrlFrom } from "#app/lib/seo.ts";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import type { Route } from "./+types/product";

export const PRODUCT_ERROR_PREFIX = "Erreur lors du chargement du produit: ";
export const PRODUCT_ERROR_DEFAULT = "Impossible de charger le produit";

/** What the page shows for a product the store does not know (the store's own 404 words). */
const NOT_FOUND_MESSAGE = "HTTP 404: Not Found";

export async function loader({ params, context }: Route.LoaderArgs) {
  const services = getServices(context);
  // No product id holds a control character (a NUL byte): such an id is not found,
  // without asking the store, whose database would refuse it.
  if (hasControlCharacters(params.id)) {
    return data({ status: "error" as const, message: NOT_FOUND_MESSAGE }, { status: 404 });
  }
  const client = storeClientFor(services);
  try {
    const [product, stock] = await Promise.all([
      client.getProduct(params.id),
      // Fresh stock, laid over the variants; the product's own figures stand in if it fails.
      client.variantStock([params.id]).catch((error: unknown) => {
        services.logger.warn({ err: error, productId: params.id }, "boutique : stock frais indisponible");
        return [];
      }),
    ]);
    const detail = toProductDetail(overlayStock(product, stock), sanitizeDescription);
    const text = htmlToText(product.description ?? "");
    return data({
      status: "loaded" as const,
      product: detail,
      metaDescription: text ? text.slice(0, META_DESCRIPTION_MAX) : product.title,
      descriptionText: text,
      message: null,
    });
  } catch (error) {
    const notFound = error instanceof StoreHttpError && error.status === 404;
    if (!notFound)
      services.logger.warn({ err: error, productId: params.id }, "boutique : produit indisponible");
    const message = error instanceof Error && error.message ? error.message : null;
    return data({ status: "error" as const, message }, { status: notFound ? 404 : 503 });
  }
}

export function headers() {
  return { "Cache-Control": "no-cache" };
}

/** "Title | Boutique Bâti Rade Toulon": the product's title with the shop suffix. */
export function productPageTitle(title: string): string {
  return `${title} | Boutique ${company.name}`;
}

export const meta: Route.MetaFunction = ({ matches, params, loaderData }) => {
  const siteUrl = siteUrlFrom(matches);
  const path = `/product/${encodeURIComponent(params.id)}`;
  if (loaderData?.status !== "loaded") {
    return seo({
      title: productPageTitle("Produit introuvable"),
      description: PRODUCT_ERROR_DEFAULT,
      path,
      siteUrl,
      noindex: true,
    });
  }
  const { product } = loaderData;
  return [
    ...seo({
      title: productPageTitle(product.title),
      description: loaderData.metaDescription,
      path,
      siteUrl,
      image: product.gallery[0],
      type: "product",
    }),
    jsonLd(productJsonLd(product, loaderData.descriptionText, `${siteUrl}${path}`, siteUrl)),
  ];
};

function BackLink() {
  return (
    <Link
      to="/store"
      className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Retour à la boutique
    </Link>
  );
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/product/");
  return (
    <div className="container-page pt-24 pb-16 lg:pt-28">
      <BackLink />
      <div className="mt-4" aria-busy={loading}>
        {loading ? (
          <Spinner label="Chargement du produit…" />
        ) : loaderData.status === "error" ? (
          <div className="grid justify-items-start gap-4 rounded-xl border border-red-200 bg-red-50 p-6">
            <h1 className="text-2xl font-extrabold">Produit indisponible</h1>
            <p role="alert" className="font-semibold text-red-800">
              {PRODUCT_ERROR_PREFIX}
              {loaderData.message ?? PRODUCT_ERROR_DEFAULT}
            </p>
            <Link to="/store" className="font-semibold text-brand-700 underline">
              Voir tous les produits de la boutique
            </Link>
          </div>
        ) : (
          <ProductDetail key={loaderData.product.id} product={loaderData.product} />
        )}
      </div>
    </div>
  );
}
