import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/devis";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Demande de devis gratuit"),
    description: "Décrivez votre projet : nous vous répondons sous 48 heures (jours ouvrés).",
    path: "/devis",
    siteUrl: siteUrlFrom(matches),
  });

export default function Page() {
  return (
    <Placeholder
      title="Demande de devis gratuit"
      text="Décrivez votre projet : nous vous répondons sous 48 heures (jours ouvrés)."
    />
  );
}
