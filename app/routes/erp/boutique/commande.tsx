import { Ban, Check, PackageCheck, Truck } from "lucide-react";
import { useId } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { BOUTIQUE_HANDLE, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import {
  MANUAL_PAYMENT_METHODS,
  SALE_PAYMENT_LABELS,
  type SalePaymentMethod,
} from "#app/features/shop/admin/billing-port.ts";
import {
  availableActions,
  FULFILMENT_LABELS,
  type Fulfilment,
  ORDER_ACTION_LABELS,
  ORDER_ACTIONS,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  type OrderAction,
  type OrderStatus,
  orderReference,
  PAYMENT_MODE_LABELS,
  type PaymentMode,
  REASON_MAX,
  TRACKING_MAX,
} from "#app/features/shop/admin/labels.ts";
import {
  actionInputProblem,
  applyOrderAction,
  getOrder,
  invoicePaidOrder,
  OrderNotFoundError,
  OrderStateError,
} from "#app/features/shop/admin/orders.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/commande";
import { orderBilling } from "./order-billing.server.ts";

/*
 * /erp/boutique/commandes/:id — one order: its lines as bought, the customer and the
 * address, its payment events, its history, the e-mails sent to the buyer, and the
 * actions that make sense for it now (the server checks them again).
 */

export const handle = BOUTIQUE_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  try {
    const view = await getOrder(getServices(context).db, params.id);
    return { ...view, crumb: orderReference(view.order.number) };
  } catch (error) {
    if (error instanceof OrderNotFoundError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

type Refusal = { ok: false; intent: string; message: string; field?: string };

function refused(status: number, body: Omit<Refusal, "ok">) {
  return data<Refusal>({ ok: false, ...body }, { status });
}

const ACTION_VALUES = Object.values(ORDER_ACTIONS) as string[];
/** Issues the invoice of a paid order that could not have it at payment. */
const INVOICE_INTENT = "facturer";

const DONE: Record<OrderAction, string> = {
  payer: "Commande marquée comme payée : le client en est informé par e-mail.",
  preparer: "Commande en préparation : le client en est informé par e-mail.",
  expedier: "Commande expédiée : le client en est informé par e-mail.",
  prete: "Commande prête à retirer : le client en est informé par e-mail.",
  livree: "Commande livrée : le client en est informé par e-mail.",
  retiree: "Commande retirée : le client en est informé par e-mail.",
  annuler: "Commande annulée, stock rendu : le client en est informé par e-mail.",
};

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const actor = { id: session.user.id, email: session.user.email };
  const billing = orderBilling(services);
  if (intent === INVOICE_INTENT) {
    try {
      const done = await invoicePaidOrder({ ...services, billing }, params.id, actor);
      if (!done.invoice) {
        return refused(409, { intent, message: `La facture ne peut pas être émise : ${done.problem ?? ""}` });
      }
      services.outbox.wake();
      return redirectWithFlash(request, `/erp/boutique/commandes/${params.id}`, {
        tone: "success",
        message: `Facture ${done.invoice.number} émise : elle est envoyée au client par e-mail.`,
      });
    } catch (error) {
      if (error instanceof OrderNotFoundError) return refused(404, { intent, message: error.message });
      if (error instanceof OrderStateError) return refused(409, { intent, message: error.message });
      throw error;
    }
  }
  if (!ACTION_VALUES.includes(intent)) return refused(400, { intent, message: "Action inconnue." });
  const method = String(form.get("paymentMethod") ?? "");
  const input = {
    trackingReference: String(form.get("trackingReference") ?? ""),
    reason: String(form.get("reason") ?? ""),
    paymentMethod: intent === ORDER_ACTIONS.pay ? ((method || "virement") as SalePaymentMethod) : null,
  };
  const problem = actionInputProblem(input);
  if (problem) return refused(400, { intent, ...problem });
  try {
    const result = await applyOrderAction(
      { ...services, billing },
      params.id,
      intent as OrderAction,
      input,
      actor,
    );
    services.outbox.wake();
    services.logger.info(
      { orderId: params.id, from: result.from, to: result.to, refundId: result.refundId },
      "boutique : statut de commande changé",
    );
    const invoiceNote =
      result.to === "paid"
        ? result.order.invoiceId
          ? " La facture est jointe à l'e-mail."
          : " La facture n'a pas pu être émise : voyez le cadre « Facture »."
        : "";
    return redirectWithFlash(request, `/erp/boutique/commandes/${params.id}`, {
      tone: "success",
      message: result.refundId
        ? `Commande annulée et remboursée par Stripe (${result.refundId}), stock rendu : le client en est informé par e-mail.`
        : `${DONE[intent as OrderAction]}${invoiceNote}`,
    });
  } catch (error) {
    if (error instanceof OrderNotFoundError) return refused(404, { intent, message: error.message });
    if (error instanceof OrderStateError) return refused(409, { intent, message: error.message });
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Commande ${args.loaderData.crumb}` : "", args);
export const shouldRevalidate = erpShouldRevalidate;
export const ErrorBoundary = ErpPageErrorBoundary;

const PAYMENT_EVENT_LABELS: Record<string, string> = {
  "checkout.session.completed": "Paiement Stripe confirmé",
  "checkout.session.async_payment_succeeded": "Paiement Stripe différé reçu",
  "checkout.session.async_payment_failed": "Paiement Stripe différé échoué",
  "checkout.session.expired": "Session de paiement Stripe expirée",
};

const MAIL_STATUS_LABELS: Record<string, string> = {
  pending: "en attente d'envoi",
  sent: "envoyé",
  failed: "échec de l'envoi",
};

const ACTION_ICONS = {
  payer: Check,
  preparer: PackageCheck,
  prete: PackageCheck,
  livree: Check,
  retiree: Check,
};

export default function ShopOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, payments, events, mails, crumb } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const cancelFormId = useId();
  const refusal = actionData && !actionData.ok ? actionData : null;
  const actions = availableActions(order);
  const status = order.status as OrderStatus;
  const simple = actions.filter(
    (name): name is keyof typeof ACTION_ICONS =>
      name !== ORDER_ACTIONS.ship && name !== ORDER_ACTIONS.cancel && name !== ORDER_ACTIONS.pay,
  );
  const { invoice, creditNote } = loaderData;
  const paidByCard = order.provider === "stripe" && order.paidAt !== null;
  return (
    <div className="grid gap-5">
      <p>
        <Link to="/erp/boutique/commandes" className="font-semibold text-brand-700 underline">
          ← Toutes les commandes
        </Link>
      </p>
      <PageHeader
        title={`Commande ${crumb}`}
        badge={<StatusBadge tone={ORDER_STATUS_TONES[status]}>{ORDER_STATUS_LABELS[status]}</StatusBadge>}
        description={`Passée le ${formatDateTime(new Date(order.createdAt))} · ${PAYMENT_MODE_LABELS[order.provider as PaymentMode]} · ${FULFILMENT_LABELS[order.fulfilment as Fulfilment]}`}
      />

      {refusal ? <FormAlert errors={[refusal.message]} /> : null}

      {actions.length > 0 ? (
        <section aria-labelledby="commande-actions" className={panelClass}>
          <h2 id="commande-actions" className="mb-3 text-lg font-bold text-brand-900">
            Actions
          </h2>
          <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
            {simple.map((name) => {
              const Icon = ACTION_ICONS[name];
              return (
                <Form key={name} method="post" className="contents">
                  <input type="hidden" name="intent" value={name} />
                  <button
                    type="submit"
                    className={buttonClasses("primary", "md", "w-full sm:w-auto")}
                    disabled={pending !== null}
                  >
                    <Icon aria-hidden="true" className="size-4" />
                    {pending === name ? "Enregistrement…" : ORDER_ACTION_LABELS[name]}
                  </button>
                </Form>
              );
            })}
            {actions.includes(ORDER_ACTIONS.pay) ? (
              <Form method="post" className="grid w-full gap-3 sm:w-auto sm:grid-flow-col sm:items-end">
                <input type="hidden" name="intent" value={ORDER_ACTIONS.pay} />
                <div className="grid gap-1">
                  <label htmlFor="commande-mode-paiement" className="text-sm font-semibold text-slate-800">
                    Mode de paiement reçu
                  </label>
                  <select
                    id="commande-mode-paiement"
                    name="paymentMethod"
                    defaultValue="virement"
                    className="min-h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
                  >
                    {MANUAL_PAYMENT_METHODS.map((method) => (
                      <option key={method} value={method}>
                        {SALE_PAYMENT_LABELS[method].charAt(0).toUpperCase() +
                          SALE_PAYMENT_LABELS[method].slice(1)}
                      </option>
                    ))}
                  </select>
                </div>
                <button
                  type="submit"
                  className={buttonClasses("primary", "md", "w-full sm:w-auto")}
                  disabled={pending !== null}
                >
                  <Check aria-hidden="true" className="size-4" />
                  {pending === ORDER_ACTIONS.pay ? "Enregistrement…" : ORDER_ACTION_LABELS.payer}
                </button>
              </Form>
            ) : null}
            {actions.includes(ORDER_ACTIONS.ship) ? (
              <Form method="post" className="grid w-full gap-3 sm:w-auto sm:grid-flow-col sm:items-end">
                <input type="hidden" name="intent" value={ORDER_ACTIONS.ship} />
                <TextField
                  name="trackingReference"
                  label="Référence de suivi (facultative)"
                  maxLength={TRACKING_MAX}
                  errors={
                    refusal?.intent === ORDER_ACTIONS.ship && refusal.field === "trackingReference"
                      ? [refusal.message]
                      : undefined
                  }
                />
                <button
                  type="submit"
                  className={buttonClasses("primary", "md", "w-full sm:w-auto")}
                  disabled={pending !== null}
                >
                  <Truck aria-hidden="true" className="size-4" />
                  {pending === ORDER_ACTIONS.ship ? "Enregistrement…" : ORDER_ACTION_LABELS.expedier}
                </button>
              </Form>
            ) : null}
            {actions.includes(ORDER_ACTIONS.cancel) ? (
              <>
                <Form id={cancelFormId} method="post" hidden>
                  <input type="hidden" name="intent" value={ORDER_ACTIONS.cancel} />
                </Form>
                <ConfirmDialog
                  trigger={
                    <button type="button" className={buttonClasses("outline", "md", "w-full sm:w-auto")}>
                      <Ban aria-hidden="true" className="size-4" />
                      Annuler la commande
                    </button>
                  }
                  title={`Annuler la commande ${crumb} ?`}
                  description={
                    paidByCard
                      ? `Les articles retournent en stock et ${formatCents(order.totalCents)} sont remboursés sur la carte du client par Stripe. Le client est prévenu par e-mail.`
                      : order.paidAt
                        ? "Les articles retournent en stock et le client est prévenu par e-mail. Le remboursement du virement ou des espèces se fait en dehors du site."
                        : "Les articles retournent en stock et le client est prévenu par e-mail."
                  }
                  confirmLabel="Annuler la commande"
                  cancelLabel="Garder la commande"
                  destructive
                  form={cancelFormId}
                  pending={pending === ORDER_ACTIONS.cancel}
                  pendingLabel="Annulation…"
                >
                  <TextField
                    name="reason"
                    label="Motif (facultatif, envoyé au client)"
                    maxLength={REASON_MAX}
                    form={cancelFormId}
                  />
                </ConfirmDialog>
              </>
            ) : null}
          </div>
        </section>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <section aria-labelledby="commande-articles" className={panelClass}>
          <h2 id="commande-articles" className="mb-3 text-lg font-bold text-brand-900">
            Articles
          </h2>
          <ul className="grid gap-2" aria-label="Lignes de la commande, au prix du jour de la commande">
            {items.map((item) => (
              <li
                key={item.id}
                className="flex flex-wrap justify-between gap-2 border-b border-slate-200 pb-2 text-sm"
              >
                <span className="break-words">
                  {item.quantity} × {item.productTitle}
                  {item.variantTitle && item.variantTitle !== item.productTitle
                    ? ` (${item.variantTitle})`
                    : ""}
                  {item.sku ? <span className="text-slate-600"> · réf. {item.sku}</span> : null}
                  <span className="block text-slate-600">{formatCents(item.unitPriceCents)} l'unité</span>
                </span>
                <span className="whitespace-nowrap font-semibold">{formatCents(item.lineTotalCents)}</span>
              </li>
            ))}
          </ul>
          <div className="mt-3">
            <Facts
              columns={1}
              facts={[
                { label: "Sous-total", value: formatCents(order.subtotalCents) },
                {
                  label: FULFILMENT_LABELS[order.fulfilment as Fulfilment],
                  value: order.shippingCents > 0 ? formatCents(order.shippingCents) : "Offert",
                },
                { label: "Total TTC", value: <strong>{formatCents(order.totalCents)}</strong> },
              ]}
            />
          </div>
        </section>

        <div className="grid content-start gap-5">
          <section aria-labelledby="commande-client" className={panelClass}>
            <h2 id="commande-client" className="mb-3 text-lg font-bold text-brand-900">
              Client
            </h2>
            <Facts
              columns={1}
              facts={[
                { label: "Nom", value: <span className="break-words">{order.customerName}</span> },
                {
                  label: "E-mail",
                  value: (
                    <a href={`mailto:${order.customerEmail}`} className="break-all text-brand-700 underline">
                      {order.customerEmail}
                    </a>
                  ),
                },
                { label: "Téléphone", value: order.customerPhone },
                {
                  label: "Réception",
                  value:
                    order.fulfilment === "delivery" && order.shippingAddress
                      ? `${order.shippingAddress.line1}, ${order.shippingAddress.postalCode} ${order.shippingAddress.city}`
                      : FULFILMENT_LABELS.pickup,
                },
                ...(order.trackingReference
                  ? [{ label: "Référence de suivi", value: order.trackingReference }]
                  : []),
                ...(order.cancelReason ? [{ label: "Motif d'annulation", value: order.cancelReason }] : []),
                ...(order.refundId ? [{ label: "Remboursement Stripe", value: order.refundId }] : []),
              ]}
            />
          </section>

          <section aria-labelledby="commande-paiement" className={panelClass}>
            <h2 id="commande-paiement" className="mb-3 text-lg font-bold text-brand-900">
              Paiement
            </h2>
            <p className="text-sm">
              {PAYMENT_MODE_LABELS[order.provider as PaymentMode]} ·{" "}
              {order.paidAt ? `payée le ${formatDateTime(new Date(order.paidAt))}` : "pas encore payée"}
            </p>
            {payments.length > 0 ? (
              <ul className="mt-2 grid gap-1 text-sm" aria-label="Notifications de paiement">
                {payments.map((payment) => (
                  <li key={payment.id}>
                    {formatDateTime(new Date(payment.receivedAt))} :{" "}
                    {PAYMENT_EVENT_LABELS[payment.type] ?? payment.type}
                  </li>
                ))}
              </ul>
            ) : null}
          </section>

          <section aria-labelledby="commande-facture" className={panelClass}>
            <h2 id="commande-facture" className="mb-3 text-lg font-bold text-brand-900">
              Facture
            </h2>
            {invoice ? (
              <ul className="grid gap-2 text-sm">
                <li>
                  <Link to={`/erp/factures/${invoice.id}`} className="font-semibold text-brand-700 underline">
                    Facture {invoice.number}
                  </Link>{" "}
                  · {formatCents(invoice.totalTtcCents)} TTC ·{" "}
                  <a href={`/erp/factures/${invoice.id}/pdf`} className="text-brand-700 underline">
                    PDF Factur-X
                  </a>
                </li>
                {creditNote ? (
                  <li>
                    <Link
                      to={`/erp/factures/${creditNote.id}`}
                      className="font-semibold text-brand-700 underline"
                    >
                      Avoir {creditNote.number}
                    </Link>{" "}
                    · {formatCents(Math.abs(creditNote.totalTtcCents))} TTC, annule la facture
                  </li>
                ) : null}
              </ul>
            ) : order.paidAt && status !== "cancelled" && status !== "expired" ? (
              <div className="grid gap-3 text-sm">
                <p className={order.invoiceProblem ? "text-red-800" : "text-slate-700"}>
                  {order.invoiceProblem
                    ? `La facture n'a pas pu être émise : ${order.invoiceProblem}`
                    : "Cette commande payée n'a pas encore de facture."}
                </p>
                <Form method="post">
                  <input type="hidden" name="intent" value={INVOICE_INTENT} />
                  <button
                    type="submit"
                    className={buttonClasses("primary", "md", "w-full sm:w-auto")}
                    disabled={pending !== null}
                  >
                    {pending === INVOICE_INTENT ? "Émission…" : "Émettre la facture"}
                  </button>
                </Form>
              </div>
            ) : (
              <p className="text-sm text-slate-700">
                {order.paidAt
                  ? "Commande annulée sans facture."
                  : "La facture est émise au paiement et jointe à l'e-mail de confirmation."}
              </p>
            )}
          </section>

          <section aria-labelledby="commande-emails" className={panelClass}>
            <h2 id="commande-emails" className="mb-3 text-lg font-bold text-brand-900">
              E-mails au client
            </h2>
            {mails.length === 0 ? (
              <p className="text-sm text-slate-700">Aucun e-mail envoyé au client pour cette commande.</p>
            ) : (
              <ul className="grid gap-2 text-sm">
                {mails.map((mail) => (
                  <li key={mail.id} className="break-words">
                    {formatDateTime(new Date(mail.createdAt))} : {mail.subject}{" "}
                    <span className="text-slate-600">({MAIL_STATUS_LABELS[mail.status] ?? mail.status})</span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </div>

      <ActivityHistory id="commande-historique" label="Historique de la commande" events={events} />
    </div>
  );
}
