import type { MatchDecision, MatchGapKind } from "#app/db/schema/supplier-invoice-matching.ts";
import { formText } from "#app/lib/form-intent.ts";
import { type Cents, formatCents, formatQuantity, lineTotal, type Milli } from "#app/lib/money.ts";
import { foldText } from "#app/lib/search-text.ts";
import { multiLineText } from "#app/lib/text-rules.ts";
import { z } from "#app/lib/zod.ts";

/*
 * Matching a supplier invoice against its purchase order (Achats › Factures fournisseurs ›
 * « Rapprochement »): the invoice lines paired with the order lines (the staff's choice, else
 * the same reference, else the same designation), then per order line what was ordered,
 * received (the deliveries), invoiced by the other linked invoices and by this one. Flags:
 * a quantity invoiced beyond what was received, a unit price other than the order's, a line
 * absent from the order. Pure: the browser and the server share it, and `orderCommitments`
 * uses `invoicedMilliByOrderLine` to know whether an order is invoiced in full.
 *
 * Exact figures only: quantities in thousandths (Milli, as the schema stores them), amounts
 * in cents, a read unit price in millionths of a euro (a Factur-X price may have up to 4
 * decimals), compared as integers.
 */

export const MATCHING_INTENTS = {
  link: "lier_commande",
  unlink: "delier_commande",
  pair: "apparier_ligne",
  accept: "accepter_ecart",
  dispute: "contester_ecart",
} as const;
export const MATCHING_INTENT_VALUES: readonly string[] = Object.values(MATCHING_INTENTS);
export const isMatchingIntent = (intent: unknown): boolean =>
  typeof intent === "string" && MATCHING_INTENT_VALUES.includes(intent);

export const MATCH_GAP_LABELS: Record<MatchGapKind, string> = {
  quantite: "Quantité facturée supérieure à la quantité reçue",
  prix: "Prix unitaire différent de la commande",
  absente: "Ligne absente de la commande",
};

export type MatchingStatus = "sans_commande" | "conforme" | "a_traiter" | "acceptes" | "conteste";
export const MATCHING_STATUS_LABELS: Record<MatchingStatus, string> = {
  sans_commande: "aucune commande liée",
  conforme: "conforme",
  a_traiter: "écarts à traiter",
  acceptes: "écarts acceptés",
  conteste: "contesté",
};

export const MATCHING_MESSAGES = {
  chooseOrder: "Choisissez une commande du fournisseur.",
  orderNotFound: "Cette commande n'existe pas.",
  otherSupplier: "Cette commande est celle d'un autre fournisseur : seules ses commandes peuvent être liées.",
  orderNotLinkable: "Une commande en brouillon ou annulée ne peut pas être liée à une facture.",
  alreadyLinked: "Cette facture est déjà liée à une commande : déliez-la d'abord.",
  notLinked: "Cette facture n'est liée à aucune commande.",
  chooseLine: "Choisissez une ligne de la facture.",
  lineNotFound: "Cette ligne n'appartient pas à la facture.",
  orderLineNotFound: "Cette ligne n'appartient pas à la commande liée.",
  chooseOrderLine: "Choisissez la ligne de la commande.",
  gapKind: "Type d'écart inconnu.",
  gapNotFound: "Cet écart n'existe pas (ou plus) : rechargez la page.",
  alreadyDecided: "Cet écart a déjà été traité.",
  reason: "Indiquez la raison de la contestation.",
  tooLong: (max: number) => `${max} caractères au plus.`,
  paid: "Une facture payée ne peut pas être contestée : remettez-la d'abord à payer.",
} as const;

const uuid = (message: string) => formText(z.string().min(1, message).pipe(z.uuid(message)));

export const MatchingPostSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal(MATCHING_INTENTS.link), orderId: uuid(MATCHING_MESSAGES.chooseOrder) }),
  z.object({ intent: z.literal(MATCHING_INTENTS.unlink) }),
  z.object({
    intent: z.literal(MATCHING_INTENTS.pair),
    invoiceLineId: uuid(MATCHING_MESSAGES.chooseLine),
    orderLineId: uuid(MATCHING_MESSAGES.chooseOrderLine),
  }),
  z.object({
    intent: z.literal(MATCHING_INTENTS.accept),
    kind: formText(z.enum(["quantite", "prix", "absente"], { error: MATCHING_MESSAGES.gapKind })),
    subjectId: uuid(MATCHING_MESSAGES.gapNotFound),
  }),
  z.object({
    intent: z.literal(MATCHING_INTENTS.dispute),
    kind: formText(z.enum(["quantite", "prix", "absente"], { error: MATCHING_MESSAGES.gapKind })),
    subjectId: uuid(MATCHING_MESSAGES.gapNotFound),
    reason: formText(
      multiLineText().pipe(
        z.string().min(1, MATCHING_MESSAGES.reason).max(2000, MATCHING_MESSAGES.tooLong(2000)),
      ),
    ),
  }),
]);
export type MatchingPost = z.output<typeof MatchingPostSchema>;

// ─── Lines and pairing ────────────────────────────────────────────────────────────────

export type MatchOrderLine = {
  id: string;
  reference: string;
  designation: string;
  unit: string;
  quantityMilli: Milli;
  unitPriceHtCents: Cents;
  receivedMilli: Milli;
};

export type MatchInvoiceLine = {
  id: string;
  reference: string | null;
  designation: string;
  quantity: string;
  quantityMilli: Milli | null;
  unit: string | null;
  unitPrice: string | null;
  netCents: Cents;
};

export type PairedBy = "manuel" | "reference" | "designation";

const folded = (text: string | null) =>
  foldText(text ?? "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * The order line each invoice line pairs with: the staff's choice (`manual`, invoice line id
 * → order line id), else the order line of the same reference, else of the same designation
 * (case, accents and spaces ignored); null when none.
 */
export function pairLines(
  orderLines: readonly MatchOrderLine[],
  invoiceLines: readonly MatchInvoiceLine[],
  manual: ReadonlyMap<string, string>,
): Map<string, { orderLineId: string; by: PairedBy } | null> {
  const pairs = new Map<string, { orderLineId: string; by: PairedBy } | null>();
  for (const line of invoiceLines) {
    const chosen = manual.get(line.id);
    if (chosen && orderLines.some((orderLine) => orderLine.id === chosen)) {
      pairs.set(line.id, { orderLineId: chosen, by: "manuel" });
      continue;
    }
    const reference = folded(line.reference);
    const byReference = reference
      ? orderLines.find((orderLine) => folded(orderLine.reference) === reference)
      : undefined;
    if (byReference) {
      pairs.set(line.id, { orderLineId: byReference.id, by: "reference" });
      continue;
    }
    const designation = folded(line.designation);
    const byDesignation = orderLines.find((orderLine) => folded(orderLine.designation) === designation);
    pairs.set(line.id, byDesignation ? { orderLineId: byDesignation.id, by: "designation" } : null);
  }
  return pairs;
}

/** A linked invoice as the matching needs it: a credit note's quantities count negative. */
export type MatchInvoice = {
  isCreditNote: boolean;
  lines: readonly MatchInvoiceLine[];
  manual: ReadonlyMap<string, string>;
};

/** The quantity each order line is invoiced for by `invoices` (credit notes deducted). */
export function invoicedMilliByOrderLine(
  orderLines: readonly MatchOrderLine[],
  invoices: readonly MatchInvoice[],
): Map<string, Milli> {
  const invoiced = new Map<string, Milli>();
  for (const invoice of invoices) {
    const pairs = pairLines(orderLines, invoice.lines, invoice.manual);
    for (const line of invoice.lines) {
      const pair = pairs.get(line.id);
      if (!pair || line.quantityMilli === null) continue;
      const signed = invoice.isCreditNote ? -Math.abs(line.quantityMilli) : line.quantityMilli;
      invoiced.set(pair.orderLineId, (invoiced.get(pair.orderLineId) ?? 0) + signed);
    }
  }
  return invoiced;
}

// ─── Prices ───────────────────────────────────────────────────────────────────────────

/** Millionths of a euro. */
export type MicroEuros = number;
const MICRO_PER_CENT = 10_000;

/** « 48.40 », « 10.1234 » (a read BT-146) → millionths of a euro; null when it is not a plain decimal. */
export function parseUnitPrice(text: string | null): MicroEuros | null {
  const match = /^(-?)(\d{1,10})(?:\.(\d{1,6}))?$/.exec((text ?? "").trim());
  if (!match) return null;
  const [, sign, whole = "0", fraction = ""] = match;
  const value = Number(whole) * 1_000_000 + Number(fraction.padEnd(6, "0"));
  return sign ? -value : value;
}

/** 48_400_000 → « 48,40 € »; 10_123_400 → « 10,1234 € ». */
export function formatMicroEuros(value: MicroEuros): string {
  if (value % MICRO_PER_CENT === 0) return formatCents(value / MICRO_PER_CENT);
  const sign = value < 0 ? "-" : "";
  const magnitude = Math.abs(value);
  const whole = Math.floor(magnitude / 1_000_000);
  const fraction = String(magnitude % 1_000_000)
    .padStart(6, "0")
    .replace(/0+$/, "");
  const wholeText = formatCents(whole * 100).replace(/,00\u00a0€$/, "");
  return `${sign}${wholeText},${fraction.padEnd(2, "0")}\u00a0€`;
}

const signed = (text: string) => (text.startsWith("-") ? text.replace("-", "−") : `+${text}`);

// ─── The table and its flags ──────────────────────────────────────────────────────────

export type StoredDecision = {
  kind: MatchGapKind;
  subjectId: string;
  decision: MatchDecision;
  reason: string;
  decidedAt: string;
  decidedByEmail: string;
};

export type MatchGap = {
  kind: MatchGapKind;
  /** The order line (quantity) or the invoice line (price, absent line). */
  subjectId: string;
  label: string;
  detail: string;
  decision: StoredDecision | null;
};

export type MatchRow = {
  orderLine: MatchOrderLine;
  /** By the invoices linked to the order before this one. */
  invoicedElsewhereMilli: Milli;
  /** By this invoice (0 when none of its lines pairs here). */
  thisInvoiceMilli: Milli;
  invoiceLines: { line: MatchInvoiceLine; by: PairedBy; unitPrice: MicroEuros | null }[];
  gaps: MatchGap[];
};

export type Matching = {
  rows: MatchRow[];
  /** The invoice lines no order line pairs with. */
  unpaired: { line: MatchInvoiceLine; gap: MatchGap }[];
  gaps: MatchGap[];
  status: MatchingStatus;
};

export function matchingStatus(gaps: readonly MatchGap[], linked: boolean): MatchingStatus {
  if (!linked) return "sans_commande";
  if (gaps.length === 0) return "conforme";
  if (gaps.some((gap) => gap.decision?.decision === "conteste")) return "conteste";
  if (gaps.some((gap) => gap.decision === null)) return "a_traiter";
  return "acceptes";
}

const quantityText = (milli: Milli, unit: string | null) =>
  `${formatQuantity(milli)}${unit ? ` ${unit}` : ""}`;

/** The matching of `invoice` against the order lines, given the invoices linked before it (`others`). */
export function computeMatching(input: {
  orderLines: readonly MatchOrderLine[];
  invoice: MatchInvoice;
  others: readonly MatchInvoice[];
  decisions: readonly StoredDecision[];
}): Matching {
  const { orderLines, invoice, others, decisions } = input;
  const decisionOf = (kind: MatchGapKind, subjectId: string) =>
    decisions.find((entry) => entry.kind === kind && entry.subjectId === subjectId) ?? null;
  const gap = (kind: MatchGapKind, subjectId: string, detail: string): MatchGap => ({
    kind,
    subjectId,
    label: MATCH_GAP_LABELS[kind],
    detail,
    decision: decisionOf(kind, subjectId),
  });
  const elsewhere = invoicedMilliByOrderLine(orderLines, others);
  const here = invoicedMilliByOrderLine(orderLines, [invoice]);
  const pairs = pairLines(orderLines, invoice.lines, invoice.manual);
  const rows: MatchRow[] = orderLines.map((orderLine) => {
    const invoicedElsewhereMilli = elsewhere.get(orderLine.id) ?? 0;
    const thisInvoiceMilli = here.get(orderLine.id) ?? 0;
    const invoiceLines = invoice.lines.flatMap((line) => {
      const pair = pairs.get(line.id);
      return pair?.orderLineId === orderLine.id
        ? [{ line, by: pair.by, unitPrice: parseUnitPrice(line.unitPrice) }]
        : [];
    });
    const gaps: MatchGap[] = [];
    const total = invoicedElsewhereMilli + thisInvoiceMilli;
    if (thisInvoiceMilli > 0 && total > orderLine.receivedMilli) {
      gaps.push(
        gap(
          "quantite",
          orderLine.id,
          `Facturé ${quantityText(total, orderLine.unit)}${
            invoicedElsewhereMilli !== 0
              ? ` (dont ${quantityText(thisInvoiceMilli, orderLine.unit)} sur cette facture)`
              : ""
          }, reçu ${quantityText(orderLine.receivedMilli, orderLine.unit)}, commandé ${quantityText(
            orderLine.quantityMilli,
            orderLine.unit,
          )}.`,
        ),
      );
    }
    const orderPrice = orderLine.unitPriceHtCents * MICRO_PER_CENT;
    for (const entry of invoiceLines) {
      if (entry.unitPrice !== null) {
        if (entry.unitPrice !== orderPrice) {
          const difference = entry.unitPrice - orderPrice;
          gaps.push(
            gap(
              "prix",
              entry.line.id,
              `Facture : ${formatMicroEuros(entry.unitPrice)} HT, commande : ${formatMicroEuros(
                orderPrice,
              )} HT, écart : ${signed(formatMicroEuros(difference))} par unité.`,
            ),
          );
        }
      } else if (entry.line.quantityMilli !== null) {
        // No readable unit price: the line's HT against the order's price for its quantity.
        const expected = lineTotal(Math.abs(entry.line.quantityMilli), orderLine.unitPriceHtCents);
        if (expected !== Math.abs(entry.line.netCents)) {
          gaps.push(
            gap(
              "prix",
              entry.line.id,
              `Ligne facturée ${formatCents(entry.line.netCents)} HT, au prix de la commande ${formatCents(
                expected,
              )} HT, écart : ${signed(formatCents(entry.line.netCents - expected))}.`,
            ),
          );
        }
      }
    }
    return { orderLine, invoicedElsewhereMilli, thisInvoiceMilli, invoiceLines, gaps };
  });
  const unpaired = invoice.lines
    .filter((line) => !pairs.get(line.id))
    .map((line) => ({
      line,
      gap: gap(
        "absente",
        line.id,
        `« ${line.designation} »${line.reference ? ` (réf. ${line.reference})` : ""} : ${line.quantity}${
          line.unit ? ` ${line.unit}` : ""
        }, ${formatCents(line.netCents)} HT.`,
      ),
    }));
  const gaps = [...rows.flatMap((row) => row.gaps), ...unpaired.map((entry) => entry.gap)];
  return { rows, unpaired, gaps, status: matchingStatus(gaps, true) };
}

// ─── Committed cost ───────────────────────────────────────────────────────────────────

/**
 * What a sent order still commits: its HT minus the HT of the invoices linked to it (credit
 * notes add back), never below zero; nothing once delivered and invoiced in full (every line
 * invoiced for at least its quantity), nothing for a draft or a cancelled order.
 */
export function orderStillCommitted(input: {
  status: string;
  totalHtCents: Cents;
  invoices: readonly { isCreditNote: boolean; netCents: Cents }[];
  fullyInvoiced: boolean;
}): Cents {
  if (!["envoye", "livre_partiellement", "livre"].includes(input.status)) return 0;
  if (input.status === "livre" && input.fullyInvoiced) return 0;
  const invoiced = input.invoices.reduce(
    (sum, invoice) => sum + (invoice.isCreditNote ? -invoice.netCents : invoice.netCents),
    0,
  );
  return Math.max(0, input.totalHtCents - invoiced);
}
