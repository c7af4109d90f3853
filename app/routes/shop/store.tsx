import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/store";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Boutique"),
    description: "Matériel professionnel pour le bâtiment.",
    path: "/store",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return <Placeholder title="Boutique" text="Matériel professionnel pour le bâtiment." />;
}
