import { company } from "#app/config/company.ts";
import { OrderOutcome } from "#app/features/shop/components/order-outcome.tsx";
import { MANUAL_PAYMENT_INSTRUCTIONS } from "#app/features/shop/payment-text.ts";
import { telHref } from "#app/lib/phone.ts";
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
    <OrderOutcome heading="Commande enregistrée !">
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
        <a href={telHref(company.phone.e164)} className="font-semibold text-brand-700 underline">
          {company.phone.display}
        </a>
        .
      </p>
    </OrderOutcome>
  );
}
