import { data, redirect } from "react-router";
import { zodFieldErrors } from "#app/components/forms/field-errors.ts";
import { company, fullAddress } from "#app/config/company.ts";
import { priceCart } from "#app/features/shop/cart-pricing.server.ts";
import { enforceCheckoutRateLimit } from "#app/features/shop/checkout.server.ts";
import { CheckoutView } from "#app/features/shop/components/checkout-view.tsx";
import { DELIVERY_FEE_CENTS } from "#app/features/shop/delivery.ts";
import { StoreProblem } from "#app/features/shop/orders.server.ts";
import { MANUAL_PAYMENT_INSTRUCTIONS } from "#app/features/shop/payment-text.ts";
import { checkoutPaymentMode } from "#app/features/shop/payments.server.ts";
import { CartLinesSchema, CheckoutFormSchema } from "#app/features/shop/schema.ts";
import { StoreHttpError, storeClientFor } from "#app/features/shop/store-client.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { pageTitle, seo, siteUrlFrom } from "#app/lib/seo.ts";
import type { Route } from "./+types/checkout";

export function loader({ context }: Route.LoaderArgs) {
  const { env } = getServices(context);
  return {
    payment: checkoutPaymentMode(env),
    deliveryFeeCents: DELIVERY_FEE_CENTS,
    pickupAddress: fullAddress,
    hours: company.hours.label,
    manualInstructions: [...MANUAL_PAYMENT_INSTRUCTIONS],
  };
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    title: pageTitle("Commande"),
    description: "Vos coordonnées, la livraison ou le retrait à Toulon, et la validation de votre commande.",
    path: "/commande",
    siteUrl: siteUrlFrom(matches),
    noindex: true,
  });

function readCart(formData: FormData) {
  try {
    return CartLinesSchema.safeParse(JSON.parse(String(formData.get("cart") ?? "")));
  } catch {
    return CartLinesSchema.safeParse(undefined);
  }
}

/** What went wrong, in the store's words when it gave them. */
function storeMessage(error: unknown): string {
  if (error instanceof StoreHttpError) {
    const product = typeof error.info.product_title === "string" ? `${error.info.product_title} : ` : "";
    return error.detail ? `${product}${error.detail}` : error.message;
  }
  if (error instanceof StoreProblem) return error.message;
  return error instanceof Error && error.message ? error.message : "Une erreur est survenue.";
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  const client = storeClientFor(services);
  const formData = await request.formData();
  const intent = formData.get("intent");
  const cart = readCart(formData);

  // A refused post answers 400 (with every message), JavaScript or not.
  if (intent === "price") {
    if (!cart.success) {
      return data(
        { intent: "price" as const, ok: false as const, message: "Le panier est vide." },
        { status: 400 },
      );
    }
    try {
      return { intent: "price" as const, ok: true as const, cart: await priceCart(client, cart.data) };
    } catch (error) {
      services.logger.warn({ err: error }, "boutique : calcul du panier impossible");
      return { intent: "price" as const, ok: false as const, message: storeMessage(error) };
    }
  }

  if (intent !== "order") {
    return data(
      { intent: "order" as const, ok: false as const, message: "Action inconnue.", fieldErrors: {} },
      { status: 400 },
    );
  }
  const form = CheckoutFormSchema.safeParse({
    name: formData.get("name") ?? "",
    email: formData.get("email") ?? "",
    phone: formData.get("phone") ?? "",
    fulfilment: formData.get("fulfilment") ?? undefined,
    line1: formData.get("line1") ?? "",
    postalCode: formData.get("postalCode") ?? "",
    city: formData.get("city") ?? "",
    terms: formData.get("terms") === "on" || formData.get("terms") === "true",
  });
  if (!form.success || !cart.success) {
    return data(
      {
        intent: "order" as const,
        ok: false as const,
        message: cart.success ? "Vérifiez les champs signalés." : "Le panier est vide.",
        fieldErrors: zodFieldErrors(form).fieldErrors,
      },
      { status: 400 },
    );
  }
  const values = form.data;
  const { env } = services;
  try {
    await enforceCheckoutRateLimit(services, context.get(requestContext).clientIp);
    const { url } = await client.checkout({
      items: cart.data.map((line) => ({ variant_id: line.variantId, quantity: line.quantity })),
      // /success confirms a payment received; a manual-payment order has not been paid yet.
      successUrl:
        checkoutPaymentMode(env) === "stripe"
          ? `${env.SITE_URL}/success`
          : `${env.SITE_URL}/commande/confirmation`,
      cancelUrl: `${env.SITE_URL}/commande`,
      locale: "fr",
      customer: { name: values.name, email: values.email, phone: values.phone },
      fulfilment:
        values.fulfilment === "delivery"
          ? {
              method: "delivery",
              address: { line1: values.line1, postalCode: values.postalCode, city: values.city },
            }
          : { method: "pickup" },
      termsAccepted: true,
    });
    // To the payment page (Stripe), or straight to the confirmation page for a manual-payment order.
    return redirect(url);
  } catch (error) {
    if (!(error instanceof StoreHttpError) && !(error instanceof StoreProblem)) {
      services.logger.error({ err: error }, "boutique : commande impossible");
    }
    return {
      intent: "order" as const,
      ok: false as const,
      message: `Commande non validée : ${storeMessage(error)}`,
      fieldErrors: {},
    };
  }
}

export default function CheckoutPage({ loaderData }: Route.ComponentProps) {
  return <CheckoutView {...loaderData} />;
}
