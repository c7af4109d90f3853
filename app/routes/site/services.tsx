import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/services";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Nos services"),
    description:
      "Construction, rénovation, façades, isolation et modélisation 3D : découvrez nos services à Toulon et dans le Var.",
    path: "/services",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return (
    <Placeholder
      title="Nos services"
      text="Construction, rénovation, façades, isolation et modélisation 3D : découvrez nos services à Toulon et dans le Var."
    />
  );
}
