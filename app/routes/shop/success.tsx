import { pages } from "#app/content/pages.ts";
import { OrderOutcome } from "#app/features/shop/components/order-outcome.tsx";
import { seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/success";

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pages.success.title,
    description: pages.success.text,
    path: "/success",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

export default function PaymentSuccessPage() {
  return (
    <OrderOutcome heading={pages.success.h1}>
      <p className="max-w-prose text-lg leading-relaxed">{pages.success.text}</p>
    </OrderOutcome>
  );
}
