import { ArrowLeft, Lock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { useForm } from "react-hook-form";
import { Link, useFetcher, useSearchParams } from "react-router";
import {
  CheckboxField,
  EmailField,
  PhoneField,
  RadioGroupField,
  TextField,
} from "#app/components/forms/field.tsx";
import type { ErrorsInput, FieldErrors } from "#app/components/forms/field-errors.ts";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { schemaResolver } from "#app/components/forms/schema-resolver.ts";
import { Button, buttonClasses } from "#app/components/ui/button.tsx";
import { type CartItem, useCart } from "../cart.ts";
import { FULFILMENT_LABELS } from "../delivery.ts";
import { formatMoney } from "../money.ts";
import { type CheckoutFormInput, CheckoutFormSchema, type CheckoutFormValues } from "../schema.ts";
import { Spinner } from "./spinner.tsx";

type PricedLine = {
  variantId: string;
  title: string;
  variantTitle: string | null;
  quantity: number;
  unitCents: number;
  lineCents: number;
  problem: string | null;
};
type PriceAnswer =
  | {
      intent: "price";
      ok: true;
      cart: {
        lines: PricedLine[];
        subtotalCents: number;
        shippingCents: { delivery: number; pickup: number };
        currency: { code: string; symbol: string; template: string };
        orderable: boolean;
      };
    }
  | { intent: "price"; ok: false; message: string };
/** A recorded order redirects (to the payment page or /success); only refusals come back. */
type OrderAnswer = {
  intent: "order";
  ok: false;
  message: string;
  fieldErrors: FieldErrors;
};

export type CheckoutViewProps = {
  payment: "stripe" | "manual";
  deliveryFeeCents: number;
  pickupAddress: string;
  hours: string;
  manualInstructions: string[];
};

const cartPayload = (items: readonly CartItem[]) =>
  JSON.stringify(
    items.map((item) => ({ productId: item.productId, variantId: item.variantId, quantity: item.quantity })),
  );

/** /commande: the cart priced by the store, the buyer's details, then the order. */
export function CheckoutView(props: CheckoutViewProps) {
  const items = useCart();
  // The server and the first client render show the loading state (the cart is in
  // localStorage), so hydration matches; the cart appears right after.
  const [hydrated, setHydrated] = useState(false);
  const priceFetcher = useFetcher<PriceAnswer>();
  const [params] = useSearchParams();
  const cancelled = params.get("paiement") === "annule";
  const payload = cartPayload(items);

  // The cart is priced by the store each time it changes.
  const { submit } = priceFetcher;
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    if (payload === "[]") return;
    submit({ intent: "price", cart: payload }, { method: "post" });
  }, [payload, submit]);

  return (
    <div className="container-page max-w-5xl pt-24 pb-16 lg:pt-28">
      <Link
        to="/store"
        className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Continuer mes achats
      </Link>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">Commande</h1>
      {cancelled ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900"
        >
          Paiement annulé : votre commande n'a pas été validée. Votre panier est conservé, vous pouvez
          réessayer.
        </p>
      ) : null}
      <noscript>
        <p className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 font-semibold text-amber-900">
          Votre panier est conservé dans votre navigateur : activez JavaScript pour passer commande, ou
          appelez-nous pour commander par téléphone.
        </p>
      </noscript>
      {!hydrated ? (
        <Spinner label="Chargement de votre panier…" />
      ) : items.length === 0 ? (
        <div className="mt-6 grid justify-items-start gap-4 rounded-xl bg-sand p-6">
          <p className="text-lg">Votre panier est vide.</p>
          <Link to="/store" className={buttonClasses("secondary", "md")}>
            Voir la boutique
          </Link>
        </div>
      ) : (
        <CheckoutContent {...props} items={items} payload={payload} priceFetcher={priceFetcher} />
      )}
    </div>
  );
}

function CheckoutContent({
  items,
  payload,
  priceFetcher,
  payment,
  deliveryFeeCents,
  pickupAddress,
  hours,
  manualInstructions,
}: CheckoutViewProps & {
  items: readonly CartItem[];
  payload: string;
  priceFetcher: ReturnType<typeof useFetcher<PriceAnswer>>;
}) {
  const orderFetcher = useFetcher<OrderAnswer>();
  const ids = useId();
  const fieldId = (name: string) => `${ids}-${name}`;
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = useForm<CheckoutFormInput, unknown, CheckoutFormValues>({
    resolver: schemaResolver(CheckoutFormSchema),
    defaultValues: {
      name: "",
      email: "",
      phone: "",
      fulfilment: "pickup",
      line1: "",
      postalCode: "",
      city: "",
      terms: false as unknown as true,
    },
    mode: "onSubmit",
    reValidateMode: "onChange",
  });
  const fulfilment = watch("fulfilment");
  const priced = priceFetcher.data?.ok ? priceFetcher.data.cart : null;
  const pricing = priceFetcher.state !== "idle" || (!priceFetcher.data && items.length > 0);
  const ordering = orderFetcher.state !== "idle";
  const answer = orderFetcher.data;
  const serverErrors = answer?.fieldErrors ?? {};

  const onValid = (values: CheckoutFormValues) => {
    orderFetcher.submit(
      {
        intent: "order",
        cart: payload,
        name: values.name,
        email: values.email,
        phone: values.phone,
        fulfilment: values.fulfilment,
        line1: values.line1,
        postalCode: values.postalCode,
        city: values.city,
        terms: "on",
      },
      { method: "post" },
    );
  };

  /** What the browser found, or else what the server refused. */
  const messageOf = (name: keyof CheckoutFormInput): ErrorsInput =>
    errors[name]?.message ?? serverErrors[name];
  // A field's id, its messages and its react-hook-form wiring.
  const bind = (name: keyof CheckoutFormInput) => ({
    id: fieldId(name),
    errors: messageOf(name),
    ...register(name),
  });

  const shipping = priced ? priced.shippingCents[fulfilment === "delivery" ? "delivery" : "pickup"] : null;
  const total = priced && shipping !== null ? priced.subtotalCents + shipping : null;
  const money = (cents: number) => formatMoney(cents, priced?.currency);

  return (
    <div className="mt-6 grid gap-8 lg:grid-cols-[1fr_22rem]">
      <form
        noValidate
        onSubmit={handleSubmit(onValid)}
        aria-label="Vos coordonnées et la réception de la commande"
        className="grid content-start gap-5"
      >
        <p className="text-sm text-slate-700">
          Les champs marqués d'un astérisque (<span aria-hidden="true">*</span>
          <span className="sr-only">astérisque</span>) sont obligatoires.
        </p>
        <fieldset className="grid gap-4">
          <legend className="mb-2 font-heading text-xl font-bold text-brand-900">Vos coordonnées</legend>
          <TextField label="Nom et prénom" required autoComplete="name" {...bind("name")} />
          <div className="grid gap-4 sm:grid-cols-2">
            <EmailField label="E-mail" required {...bind("email")} />
            <PhoneField label="Téléphone" required {...bind("phone")} />
          </div>
        </fieldset>

        <RadioGroupField
          legend="Réception de la commande"
          legendClassName="mb-2 font-heading text-xl font-bold text-brand-900"
          className="grid gap-3"
          required
          options={[
            {
              value: "pickup",
              label: `${FULFILMENT_LABELS.pickup} — gratuit`,
              description: `${pickupAddress}. ${hours}.`,
            },
            {
              value: "delivery",
              label: `${FULFILMENT_LABELS.delivery} — ${formatMoney(deliveryFeeCents)}`,
              description: "Sur votre chantier ou à domicile, dans le Var (codes postaux 83…).",
            },
          ]}
          errors={messageOf("fulfilment")}
          {...register("fulfilment")}
        />

        {fulfilment === "delivery" ? (
          <fieldset className="grid gap-4">
            <legend className="mb-2 font-heading text-lg font-bold text-brand-900">
              Adresse de livraison
            </legend>
            <TextField
              label="Adresse (numéro et rue)"
              required
              autoComplete="address-line1"
              {...bind("line1")}
            />
            <div className="grid gap-4 sm:grid-cols-[10rem_1fr]">
              <TextField
                label="Code postal"
                required
                inputMode="numeric"
                autoComplete="postal-code"
                {...bind("postalCode")}
              />
              <TextField label="Ville" required autoComplete="address-level2" {...bind("city")} />
            </div>
          </fieldset>
        ) : null}

        <section aria-labelledby={fieldId("paiement")} className="grid gap-2 rounded-xl bg-sand p-5">
          <h2 id={fieldId("paiement")} className="text-xl font-bold">
            Paiement
          </h2>
          {payment === "stripe" ? (
            <p className="flex items-start gap-2">
              <Lock aria-hidden="true" className="mt-1 size-4 shrink-0" />
              Paiement sécurisé par carte bancaire sur la page de notre prestataire Stripe, à l'étape
              suivante.
            </p>
          ) : (
            <ul className="grid list-disc gap-1 pl-5">
              {manualInstructions.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          )}
        </section>

        <CheckboxField
          required
          labelClassName="text-base text-ink"
          label={
            <>
              J'accepte les{" "}
              <Link to="/cgv" target="_blank" className="font-semibold text-brand-700 underline">
                conditions générales de vente
              </Link>
            </>
          }
          {...bind("terms")}
        />

        <FormAlert errors={answer?.message} />

        <Button
          type="submit"
          variant="primary"
          size="cta"
          disabled={ordering || pricing || !priced?.orderable}
          className="w-full sm:w-auto"
        >
          {ordering
            ? "Envoi..."
            : payment === "stripe"
              ? `Payer ${total !== null ? money(total) : ""}`.trim()
              : "Valider la commande"}
        </Button>
      </form>

      <aside
        aria-labelledby={fieldId("recap")}
        className="grid content-start gap-4 self-start rounded-2xl border border-brand-100 bg-white p-5 shadow-sm"
      >
        <h2 id={fieldId("recap")} className="text-xl font-bold">
          Récapitulatif
        </h2>
        {priceFetcher.data && !priceFetcher.data.ok ? (
          <div className="grid gap-3">
            <p role="alert" className="font-semibold text-red-800">
              Impossible de calculer le total : {priceFetcher.data.message}
            </p>
            <Button
              variant="outline"
              onClick={() => priceFetcher.submit({ intent: "price", cart: payload }, { method: "post" })}
            >
              Réessayer
            </Button>
          </div>
        ) : !priced ? (
          <Spinner label="Calcul du total…" />
        ) : (
          <>
            <ul className="grid gap-3" aria-label="Articles commandés">
              {priced.lines.map((line) => (
                <li key={line.variantId} className="grid gap-1 border-b border-brand-100 pb-3">
                  <p className="flex justify-between gap-3">
                    <span>
                      {line.quantity} × {line.title}
                      {line.variantTitle ? ` (${line.variantTitle})` : ""}
                    </span>
                    <span className="font-semibold whitespace-nowrap">{money(line.lineCents)}</span>
                  </p>
                  {line.problem ? <p className="text-sm font-semibold text-red-700">{line.problem}</p> : null}
                </li>
              ))}
            </ul>
            <dl className="grid gap-1">
              <div className="flex justify-between">
                <dt>Sous-total</dt>
                <dd>{money(priced.subtotalCents)}</dd>
              </div>
              <div className="flex justify-between">
                <dt>{fulfilment === "delivery" ? "Livraison" : "Retrait à l'atelier"}</dt>
                <dd>{shipping ? money(shipping) : "Gratuit"}</dd>
              </div>
              <div className="mt-2 flex justify-between text-lg font-bold text-brand-900">
                <dt>Total TTC</dt>
                <dd data-checkout-total>{total !== null ? money(total) : ""}</dd>
              </div>
            </dl>
            {!priced.orderable ? (
              <p className="text-sm font-semibold text-red-700">
                Modifiez votre panier : certains articles ne peuvent pas être commandés tels quels.
              </p>
            ) : null}
          </>
        )}
      </aside>
    </div>
  );
}
