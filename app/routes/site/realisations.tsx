import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/realisations";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Nos réalisations"),
    description: "Découvrez nos chantiers réalisés à Toulon et dans le Var.",
    path: "/realisations",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return (
    <Placeholder title="Nos réalisations" text="Découvrez nos chantiers réalisés à Toulon et dans le Var." />
  );
}
