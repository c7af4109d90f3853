import { Ban, Check, PackageCheck, Truck } from "lucide-react";
import { useId } from "react";
import { Form } from "react-router";
import { TextField } from "#app/components/forms/field.tsx";
import type { Refusal } from "#app/components/forms/refusal.ts";
import { ActionButton, DialogTriggerButton, IntentForm } from "#app/components/ui/action-form.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatCents } from "#app/lib/money.ts";
import { MANUAL_PAYMENT_METHODS, SALE_PAYMENT_LABELS } from "../billing-port.ts";
import { ORDER_ACTION_LABELS, ORDER_ACTIONS, type OrderAction, REASON_MAX, TRACKING_MAX } from "../labels.ts";

const ACTION_ICONS = {
  payer: Check,
  preparer: PackageCheck,
  prete: PackageCheck,
  livree: Check,
  retiree: Check,
};

/** « Actions » of a shop order: the status changes that make sense now (the server checks them again). */
export function OrderActionsPanel({
  actions,
  order,
  crumb,
  refusal,
  pending,
}: {
  actions: OrderAction[];
  order: { provider: string; paidAt: unknown; totalCents: number };
  /** The order's reference, as the page names it. */
  crumb: string;
  refusal: Refusal | null;
  /** The intent being posted, if any. */
  pending: string | null;
}) {
  const cancelFormId = useId();
  const simple = actions.filter(
    (name): name is keyof typeof ACTION_ICONS =>
      name !== ORDER_ACTIONS.ship && name !== ORDER_ACTIONS.cancel && name !== ORDER_ACTIONS.pay,
  );
  const paidByCard = order.provider === "stripe" && order.paidAt !== null;
  if (actions.length === 0) return null;
  return (
    <Panel id="commande-actions" title="Actions">
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        {simple.map((name) => {
          return (
            <IntentForm key={name} intent={name}>
              <ActionButton
                icon={ACTION_ICONS[name]}
                label={ORDER_ACTION_LABELS[name]}
                disabled={pending !== null}
                busy={pending === name}
              />
            </IntentForm>
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
            <ActionButton
              icon={Check}
              label={ORDER_ACTION_LABELS.payer}
              disabled={pending !== null}
              busy={pending === ORDER_ACTIONS.pay}
            />
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
            <ActionButton
              icon={Truck}
              label={ORDER_ACTION_LABELS.expedier}
              disabled={pending !== null}
              busy={pending === ORDER_ACTIONS.ship}
            />
          </Form>
        ) : null}
        {actions.includes(ORDER_ACTIONS.cancel) ? (
          <>
            <Form id={cancelFormId} method="post" hidden>
              <input type="hidden" name="intent" value={ORDER_ACTIONS.cancel} />
            </Form>
            <ConfirmDialog
              trigger={<DialogTriggerButton icon={Ban} label="Annuler la commande" />}
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
    </Panel>
  );
}
