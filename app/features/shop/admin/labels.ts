import type { BadgeTone } from "#app/components/data/status-badge.tsx";

/*
 * What the staff read about a shop order, in French: browser-safe (the list and the
 * order page import it into client code).
 */

export const ORDER_STATUS_VALUES = [
  "awaiting_payment",
  "paid",
  "preparing",
  "shipped",
  "ready_for_pickup",
  "delivered",
  "picked_up",
  "cancelled",
  "expired",
] as const;
export type OrderStatus = (typeof ORDER_STATUS_VALUES)[number];

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  awaiting_payment: "En attente de paiement",
  paid: "Payée",
  preparing: "En préparation",
  shipped: "Expédiée",
  ready_for_pickup: "Prête à retirer",
  delivered: "Livrée",
  picked_up: "Retirée",
  cancelled: "Annulée",
  expired: "Expirée",
};

export const ORDER_STATUS_TONES: Record<OrderStatus, BadgeTone> = {
  awaiting_payment: "warning",
  paid: "info",
  preparing: "progress",
  shipped: "progress",
  ready_for_pickup: "progress",
  delivered: "success",
  picked_up: "success",
  cancelled: "neutral",
  expired: "neutral",
};

export const FULFILMENT_VALUES = ["delivery", "pickup"] as const;
export type Fulfilment = (typeof FULFILMENT_VALUES)[number];
export const FULFILMENT_LABELS: Record<Fulfilment, string> = {
  delivery: "Livraison dans le Var",
  pickup: "Retrait à Toulon",
};

export const PAYMENT_MODE_VALUES = ["manual", "stripe"] as const;
export type PaymentMode = (typeof PAYMENT_MODE_VALUES)[number];
export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  manual: "Virement ou espèces",
  stripe: "Carte (Stripe)",
};

/** Issues the invoice of a paid order that could not have it at payment (« facturer »). */
export const ORDER_INVOICE_INTENT = "facturer";

/** The staff's actions on an order (the `intent` of the order page's forms). */
export const ORDER_ACTIONS = {
  pay: "payer",
  prepare: "preparer",
  ship: "expedier",
  ready: "prete",
  deliver: "livree",
  pickUp: "retiree",
  cancel: "annuler",
} as const;
export type OrderAction = (typeof ORDER_ACTIONS)[keyof typeof ORDER_ACTIONS];

export const ORDER_ACTION_LABELS: Record<OrderAction, string> = {
  payer: "Marquer comme payée",
  preparer: "Préparer",
  expedier: "Expédier",
  prete: "Prête à retirer",
  livree: "Livrée",
  retiree: "Retirée",
  annuler: "Annuler",
};

/** The longest carrier tracking reference, and the longest cancellation reason (one line each). */
export const TRACKING_MAX = 100;
export const REASON_MAX = 500;

/** Statuses an order can still be cancelled from (before it is delivered or picked up). */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = [
  "awaiting_payment",
  "paid",
  "preparing",
  "shipped",
  "ready_for_pickup",
];

/** The actions that make sense for an order now (the server checks them again). */
export function availableActions(order: {
  status: string;
  provider: string;
  fulfilment: string;
}): OrderAction[] {
  const actions: OrderAction[] = [];
  const { status } = order;
  if (status === "awaiting_payment" && order.provider === "manual") actions.push(ORDER_ACTIONS.pay);
  if (status === "paid") actions.push(ORDER_ACTIONS.prepare);
  if (status === "preparing" && order.fulfilment === "delivery") actions.push(ORDER_ACTIONS.ship);
  if (status === "preparing" && order.fulfilment === "pickup") actions.push(ORDER_ACTIONS.ready);
  if (status === "shipped") actions.push(ORDER_ACTIONS.deliver);
  if (status === "ready_for_pickup") actions.push(ORDER_ACTIONS.pickUp);
  if ((CANCELLABLE_STATUSES as readonly string[]).includes(status)) actions.push(ORDER_ACTIONS.cancel);
  return actions;
}

/** "CMD-000042": how an order number is shown, as the storefront writes it. */
export { orderReference } from "../delivery.ts";
