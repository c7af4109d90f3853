import { data, useNavigation, useRevalidator } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { ProductCard } from "#app/features/shop/components/product-card.tsx";
import { Spinner } from "#app/features/shop/components/spinner.tsx";
import { toProductCard } from "#app/features/shop/product-view.ts";
import { storeClientFor } from "#app/features/shop/store-client.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/store";

export const STORE_LOADING_TEXT = "Chargement des produits…";
export const STORE_ERROR_PREFIX = "Erreur lors du chargement des produits: ";
export const STORE_ERROR_DEFAULT = "Impossible de charger les produits";
export const STORE_EMPTY_TEXT = "Aucun produit disponible pour le moment.";

/** The listing shows every visible product of the store, in the store's order. */
const LISTING_LIMIT = 100;

export async function loader({ context }: Route.LoaderArgs) {
  const services = getServices(context);
  try {
    const page = await storeClientFor(services).listProducts({
      limit: LISTING_LIMIT,
      is_hidden: false,
      sort_by: "order",
      order: "asc",
    });
    return data({ status: "loaded" as const, products: page.products.map(toProductCard), message: null });
  } catch (error) {
    services.logger.warn({ err: error }, "boutique : liste des produits indisponible");
    const message = error instanceof Error && error.message ? error.message : null;
    return data({ status: "error" as const, products: [], message }, { status: 503 });
  }
}

export function headers() {
  return { "Cache-Control": "no-cache" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Boutique : matériel professionnel du bâtiment"),
    description:
      "Outillage, fixations, isolants, maçonnerie et équipements de protection choisis par nos artisans, à retirer à Toulon ou livrés dans le Var.",
    path: "/store",
    siteUrl: siteUrlFrom(matches),
  });

export default function StorePage({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const loading =
    revalidator.state === "loading" ||
    (navigation.state === "loading" && navigation.location.pathname === "/store");

  return (
    <div className="container-page pt-28 pb-16 lg:pt-32">
      <h1 className="text-3xl font-extrabold sm:text-4xl">Boutique</h1>
      <p className="mt-3 max-w-prose text-lg text-slate-700">
        Le matériel que nos équipes utilisent sur les chantiers : outillage, fixations, isolants et
        équipements de protection. Retrait gratuit à notre atelier de Toulon ou livraison dans le Var.
      </p>
      <div className="mt-8" aria-live="polite" aria-busy={loading}>
        {loading ? (
          <Spinner label={STORE_LOADING_TEXT} />
        ) : loaderData.status === "error" ? (
          <div className="grid justify-items-start gap-3 rounded-xl border border-red-200 bg-red-50 p-5">
            <p role="alert" className="font-semibold text-red-800">
              {STORE_ERROR_PREFIX}
              {loaderData.message ?? STORE_ERROR_DEFAULT}
            </p>
            <Button variant="outline" onClick={() => revalidator.revalidate()}>
              Réessayer
            </Button>
          </div>
        ) : loaderData.products.length === 0 ? (
          <p className="rounded-xl bg-sand p-5 text-lg">{STORE_EMPTY_TEXT}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {loaderData.products.map((product, index) => (
              <li key={product.id} className="flex">
                <ProductCard product={product} priority={index < 4} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
