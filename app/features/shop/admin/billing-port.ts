import { company } from "#app/config/company.ts";
import type { shopOrderItems, shopOrders } from "#app/db/schema/shop.ts";
import type { DbTransaction } from "#app/lib/outbox.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { orderReference } from "./labels.ts";

/*
 * What the shop asks of invoicing, without reaching into the invoices feature: a paid
 * order's invoice, and the credit note of a cancelled one. The route or server wiring
 * hands in the implementation (app/features/invoices/sales.server.ts); the shop builds
 * the request from the order as bought.
 */

/** How a buyer paid: the invoices' payment methods. */
export type SalePaymentMethod = "virement" | "cheque" | "carte" | "especes";
export const MANUAL_PAYMENT_METHODS = ["virement", "cheque", "especes"] as const;
export const SALE_PAYMENT_LABELS: Record<SalePaymentMethod, string> = {
  virement: "virement",
  cheque: "chèque",
  carte: "carte bancaire",
  especes: "espèces",
};

export type SaleAddress = { street: string; postalCode: string; city: string };

export type SaleInvoiceRequest = {
  buyer: { name: string; email: string; phone: string; address: SaleAddress | null };
  /** « Commande CMD-000042 ». */
  title: string;
  /** Where the goods were delivered or collected. */
  site: SaleAddress;
  lines: {
    designation: string;
    description: string;
    quantity: number;
    unit: "u" | "forfait";
    totalTtc: number;
  }[];
  paymentText: string;
  payment: { method: SalePaymentMethod; reference: string | null };
  search: string;
};

/** An invoice or credit note issued, as the e-mails attach it. */
export type SaleDocument = { id: string; number: string; pdfStorageKey: string };
/** Why it could not be issued (missing settings…), in French. */
export type SaleProblem = { problem: string };

export type OrderBilling = {
  invoice(tx: DbTransaction, request: SaleInvoiceRequest): Promise<SaleDocument | SaleProblem>;
  credit(tx: DbTransaction, invoiceId: string): Promise<SaleDocument | SaleProblem>;
};

type Order = typeof shopOrders.$inferSelect;
type Item = typeof shopOrderItems.$inferSelect;

function lineLabel(item: Item): string {
  return item.variantTitle && item.variantTitle !== item.productTitle
    ? `${item.productTitle} (${item.variantTitle})`
    : item.productTitle;
}

/** The invoice request of a paid order: its lines as bought, its delivery fee, where it went. */
export function saleRequestOf(
  order: Order,
  items: readonly Item[],
  method: SalePaymentMethod,
  paidAt: Date = order.paidAt ?? new Date(),
): SaleInvoiceRequest {
  const reference = orderReference(order.number);
  const address = order.fulfilment === "delivery" && order.shippingAddress ? order.shippingAddress : null;
  const buyerAddress = address
    ? { street: address.line1, postalCode: address.postalCode, city: address.city }
    : null;
  return {
    buyer: {
      name: order.customerName,
      email: order.customerEmail,
      phone: order.customerPhone,
      address: buyerAddress,
    },
    title: `Commande ${reference}`,
    site: buyerAddress ?? {
      street: company.address.street,
      postalCode: company.address.postalCode,
      city: company.address.city,
    },
    lines: [
      ...items.map((item) => ({
        designation: lineLabel(item),
        description: item.sku ? `Réf. ${item.sku}` : "",
        quantity: item.quantity,
        unit: "u" as const,
        totalTtc: item.lineTotalCents,
      })),
      ...(order.shippingCents > 0
        ? [
            {
              designation: "Livraison dans le Var",
              description: "",
              quantity: 1,
              unit: "forfait" as const,
              totalTtc: order.shippingCents,
            },
          ]
        : []),
    ],
    paymentText: `Facture acquittée : payée par ${SALE_PAYMENT_LABELS[method]} le ${formatDate(parisDay(paidAt))} (commande ${reference}).`,
    payment: { method, reference: method === "carte" ? (order.providerSessionId ?? reference) : reference },
    search: `${reference} ${order.customerName} ${order.customerEmail}`,
  };
}

export function isSaleProblem(value: SaleDocument | SaleProblem): value is SaleProblem {
  return "problem" in value;
}
