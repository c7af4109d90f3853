import { Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { StatusBadge } from "#app/components/data/status-badge.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { BOUTIQUE_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { OrderActionsPanel } from "#app/features/shop/admin/components/order-actions-panel.tsx";
import {
  availableActions,
  FULFILMENT_LABELS,
  type Fulfilment,
  ORDER_INVOICE_INTENT,
  ORDER_STATUS_LABELS,
  ORDER_STATUS_TONES,
  type OrderStatus,
  orderReference,
  PAYMENT_MODE_LABELS,
  type PaymentMode,
} from "#app/features/shop/admin/labels.ts";
import { answerOrderPost } from "#app/features/shop/admin/order-actions.server.ts";
import { getOrder, OrderNotFoundError } from "#app/features/shop/admin/orders.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDateTime } from "#app/lib/paris-time.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import { orderBilling } from "../order-billing.server.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/boutique/commandes/:id — one order: its lines as bought, the customer and the
 * address, its payment events, its history, the e-mails sent to the buyer, and the
 * actions that make sense for it now (the server checks them again).
 */

export const handle = BOUTIQUE_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, OrderNotFoundError, async ({ db }) => {
    const view = await getOrder(db, params.id);
    return { ...view, crumb: orderReference(view.order.number) };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  const form = await request.formData();
  const billing = orderBilling(services);
  return answerOrderPost({ request, services, actor, billing, orderId: params.id }, form);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `Commande ${args.loaderData.crumb}` : "", args);
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

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

export default function ShopOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { order, items, payments, events, mails, crumb } = loaderData;
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const refusal = refusalOf(actionData);
  const actions = availableActions(order);
  const status = order.status as OrderStatus;
  const { invoice, creditNote } = loaderData;
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

      <OrderActionsPanel actions={actions} order={order} crumb={crumb} refusal={refusal} pending={pending} />

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel id="commande-articles" title="Articles">
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
        </Panel>

        <div className="grid content-start gap-5">
          <Panel id="commande-client" title="Client">
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
          </Panel>

          <Panel id="commande-paiement" title="Paiement">
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
          </Panel>

          <Panel id="commande-facture" title="Facture">
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
                  <input type="hidden" name="intent" value={ORDER_INVOICE_INTENT} />
                  <button
                    type="submit"
                    className={buttonClasses("primary", "md", "w-full sm:w-auto")}
                    disabled={pending !== null}
                  >
                    {pending === ORDER_INVOICE_INTENT ? "Émission…" : "Émettre la facture"}
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
          </Panel>

          <Panel id="commande-emails" title="E-mails au client">
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
          </Panel>
        </div>
      </div>

      <ActivityHistory id="commande-historique" label="Historique de la commande" events={events} />
    </div>
  );
}
