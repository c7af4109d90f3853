import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/product";

export const meta: Route.MetaFunction = ({ matches, params }) =>
  seo({
    title: pageTitle("Produit"),
    description: "Produit de la boutique.",
    path: `/product/${params.id}`,
    siteUrl: siteUrlFrom(matches),
  });

export default function Page({ params }: Route.ComponentProps) {
  return <Placeholder title="Produit" text={`Produit ${params.id}`} />;
}
