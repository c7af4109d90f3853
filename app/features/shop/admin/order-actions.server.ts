import { refused } from "#app/components/forms/refusal.server.ts";
import type { ActionContext } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { bareIntent, parseIntent } from "#app/lib/form-intent.ts";
import { z } from "#app/lib/zod.ts";
import type { OrderBilling, SalePaymentMethod } from "./billing-port.ts";
import { ORDER_ACTIONS, ORDER_INVOICE_INTENT, type OrderAction } from "./labels.ts";
import {
  actionInputProblem,
  applyOrderAction,
  invoicePaidOrder,
  OrderNotFoundError,
  OrderStateError,
} from "./orders.server.ts";

/*
 * The work of a shop order's page (/erp/boutique/commandes/:id): its status changes
 * (each e-mailed to the buyer) and « facturer », the invoice of a paid order that could
 * not have it at payment. The intent is read by one union; refusals are THE refusal.
 */

export type OrderActionContext = ActionContext & {
  /** How a sale is invoiced (the invoices' port, built by the route). */
  billing: OrderBilling;
  orderId: string;
};

const OrderPostSchema = z.discriminatedUnion("intent", [
  bareIntent(ORDER_INVOICE_INTENT),
  ...Object.values(ORDER_ACTIONS).map((intent) => bareIntent(intent)),
]);

const ACTION_VALUES = Object.values(ORDER_ACTIONS) as string[];

const DONE: Record<OrderAction, string> = {
  payer: "Commande marquée comme payée : le client en est informé par e-mail.",
  preparer: "Commande en préparation : le client en est informé par e-mail.",
  expedier: "Commande expédiée : le client en est informé par e-mail.",
  prete: "Commande prête à retirer : le client en est informé par e-mail.",
  livree: "Commande livrée : le client en est informé par e-mail.",
  retiree: "Commande retirée : le client en est informé par e-mail.",
  annuler: "Commande annulée, stock rendu : le client en est informé par e-mail.",
};

export async function answerOrderPost(context: OrderActionContext, form: FormData) {
  const { request, services, actor, billing, orderId } = context;
  const intent = String(form.get("intent") ?? "");
  const known = parseIntent(OrderPostSchema, form).ok;
  if (intent === ORDER_INVOICE_INTENT) {
    try {
      const done = await invoicePaidOrder({ ...services, billing }, orderId, actor);
      if (!done.invoice) {
        return refused(409, { intent, message: `La facture ne peut pas être émise : ${done.problem ?? ""}` });
      }
      services.outbox.wake();
      return redirectWithFlash(request, `/erp/boutique/commandes/${orderId}`, {
        tone: "success",
        message: `Facture ${done.invoice.number} émise : elle est envoyée au client par e-mail.`,
      });
    } catch (error) {
      if (error instanceof OrderNotFoundError) return refused(404, { intent, message: error.message });
      if (error instanceof OrderStateError) return refused(409, { intent, message: error.message });
      throw error;
    }
  }
  if (!known || !ACTION_VALUES.includes(intent)) return refused(400, { intent, message: "Action inconnue." });
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
      orderId,
      intent as OrderAction,
      input,
      actor,
    );
    services.outbox.wake();
    services.logger.info(
      { orderId: orderId, from: result.from, to: result.to, refundId: result.refundId },
      "boutique : statut de commande changé",
    );
    const invoiceNote =
      result.to === "paid"
        ? result.order.invoiceId
          ? " La facture est jointe à l'e-mail."
          : " La facture n'a pas pu être émise : voyez le cadre « Facture »."
        : "";
    return redirectWithFlash(request, `/erp/boutique/commandes/${orderId}`, {
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
