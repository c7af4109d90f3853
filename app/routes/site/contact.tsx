import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/contact";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Contact"),
    description: "Appelez-nous, écrivez-nous ou demandez un devis gratuit en ligne.",
    path: "/contact",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return (
    <Placeholder title="Contact" text="Appelez-nous, écrivez-nous ou demandez un devis gratuit en ligne." />
  );
}
