import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Entreprise du bâtiment à Toulon"),
    description:
      "Construction, rénovation, ravalement de façade et isolation à Toulon et dans le Var. Devis détaillé gratuit, garantie décennale.",
    path: "/",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return (
    <Placeholder
      title="Entreprise du bâtiment à Toulon"
      text="Construction, rénovation, ravalement de façade et isolation à Toulon et dans le Var. Devis détaillé gratuit, garantie décennale."
    />
  );
}
