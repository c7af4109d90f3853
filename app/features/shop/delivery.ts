import { company } from "#app/config/company.ts";

/** Flat delivery fee within the Var, TTC, in cents; pick-up at the workshop is free. */
export const DELIVERY_FEE_CENTS = 1990;

export const FULFILMENT_LABELS = {
  delivery: "Livraison dans le Var",
  pickup: `Retrait à notre atelier de ${company.address.city}`,
} as const;

export function shippingFor(method: "delivery" | "pickup"): number {
  return method === "delivery" ? DELIVERY_FEE_CENTS : 0;
}

/** "CMD-000042": how an order number is shown to buyers and staff. */
export function orderReference(number: number): string {
  return `CMD-${String(number).padStart(6, "0")}`;
}
