import { CircleCheck } from "lucide-react";
import { Link } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";
import { MANUAL_PAYMENT_INSTRUCTIONS } from "#app/features/shop/payment-text.ts";
import { seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/order-confirmation";

/** Order references as the shop writes them (CMD-000042); anything else is not shown back. */
const ORDER_REFERENCE = /^CMD-\d{6,}$/;

export function loader({ request }: Route.LoaderArgs) {
  const reference = new URL(request.url).searchParams.get("commande");
  return { reference: reference && ORDER_REFERENCE.test(reference) ? reference : null };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: `Commande enregistrée | ${company.name}`,
    description: "Votre commande est enregistrée et réservée ; voici comment la régler.",
    path: "/commande/confirmation",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

/**
 * Where a manual-payment order ends. Nothing has been paid yet, so this page says
 * so (unlike /success, which confirms a payment received online) and repeats how
 * to pay, as the confirmation e-mail does.
 */
export default function OrderConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { reference } = loaderData;
  return (
    <section className="container-page grid min-h-[70vh] max-w-3xl content-center justify-items-start gap-5 pt-28 pb-16 lg:pt-32">
      <CircleCheck aria-hidden="true" className="size-14 text-green-700" />
      <h1 className="text-3xl font-extrabold sm:text-4xl">Commande enregistrée !</h1>
      <p className="max-w-prose text-lg leading-relaxed">
        Merci pour votre commande
        {reference ? (
          <>
            {" "}
            <strong data-order-reference>{reference}</strong>
          </>
        ) : null}
        . Elle est en attente de paiement : voici comment la régler. Vous allez recevoir un e-mail de
        confirmation qui reprend ces informations.
      </p>
      <ul className="grid max-w-prose list-disc gap-2 pl-5 leading-relaxed">
        {MANUAL_PAYMENT_INSTRUCTIONS.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p className="max-w-prose">
        Une question ? Appelez-nous au{" "}
        <a href={`tel:${company.phone.e164}`} className="font-semibold text-brand-700 underline">
          {company.phone.display}
        </a>
        .
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to="/store" className={buttonClasses("primary", "cta")}>
          Retour à la boutique
        </Link>
        <Link to="/" className={buttonClasses("outline", "cta")}>
          Retour à l'accueil
        </Link>
      </div>
    </section>
  );
}
