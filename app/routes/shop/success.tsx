import { Placeholder } from "#app/components/layout/placeholder.tsx";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Paiement Réussi !"),
    description:
      "Votre paiement a bien été reçu. Votre commande est en cours de traitement et vous recevrez un e-mail de confirmation.",
    path: "/success",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function Page() {
  return (
    <Placeholder
      title="Paiement Réussi !"
      text="Votre paiement a bien été reçu. Votre commande est en cours de traitement et vous recevrez un e-mail de confirmation."
    />
  );
}
