import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/merci";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Votre demande a bien été reçue !"),
    description: "Notre équipe vous répondra sous 24 heures ouvrées.",
    path: "/merci",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function Page() {
  return (
    <Placeholder
      title="Votre demande a bien été reçue !"
      text="Notre équipe vous répondra sous 24 heures ouvrées."
    />
  );
}
