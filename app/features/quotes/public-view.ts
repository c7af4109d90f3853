import type { QuoteItemLine, QuoteTerms, StoredPercentOrAmount } from "#app/db/schema/quotes.ts";
import type { GroupTotals, RateTotal } from "#app/lib/vat.ts";
import { mapLotLines, type QuoteContent, type QuoteTextLine } from "./content.ts";
import type { QuoteMentions } from "./mentions.ts";
import type { DocumentLotTotals, QuoteDocumentTotals } from "./totals.ts";

/*
 * The quote as its client may read it on /accord/{token}: only what the quote itself
 * shows. Built key by key from the stored quote, never spread from it, so that a figure
 * the staff keep for themselves (a line's labour hours and materials, the cost, the
 * margin) cannot reach the page by being added to the stored content later
 * (tests/integration/quote-acceptance-hostile.test.ts lists every key). Browser-safe.
 */

/** A line as the client reads it: no library link, no cost. */
export type PublicQuoteItemLine = Pick<
  QuoteItemLine,
  "id" | "kind" | "designation" | "description" | "unit" | "quantity" | "unitPriceHt" | "vatCode" | "optional"
>;
export type PublicQuoteLine = PublicQuoteItemLine | QuoteTextLine;
export type PublicQuoteLot = { id: string; title: string; lines: PublicQuoteLine[] };

/** The terms as stored, every one of them printed on the quote. */
export type PublicQuoteTerms = Pick<
  QuoteTerms,
  | "validityDays"
  | "startOn"
  | "duration"
  | "deposit"
  | "depositSchedule"
  | "paymentTerms"
  | "paid"
  | "priceCents"
  | "noteToClient"
  | "retention"
>;

export type PublicQuoteContent = Pick<
  QuoteContent,
  "title" | "description" | "site" | "reverseCharge" | "offPremises" | "discount" | "travel"
> & { lots: PublicQuoteLot[]; terms: PublicQuoteTerms };

/** The document's figures: no line results, no cost, no margin. */
export type PublicQuoteTotals = GroupTotals & {
  optional: GroupTotals;
  lots: DocumentLotTotals[];
  travelHt: number;
  depositTtc: number | null;
};

function percentOrAmount(value: StoredPercentOrAmount | null): StoredPercentOrAmount | null {
  if (!value) return null;
  return value.kind === "percent"
    ? { kind: "percent", basisPoints: value.basisPoints }
    : { kind: "amount", cents: value.cents };
}

function rate(figures: RateTotal): RateTotal {
  return {
    code: figures.code,
    basisPoints: figures.basisPoints,
    linesHt: figures.linesHt,
    discountHt: figures.discountHt,
    ht: figures.ht,
    vat: figures.vat,
  };
}

function group(figures: GroupTotals): GroupTotals {
  return {
    byRate: figures.byRate.map(rate),
    linesHt: figures.linesHt,
    discountHt: figures.discountHt,
    totalHt: figures.totalHt,
    totalVat: figures.totalVat,
    totalTtc: figures.totalTtc,
  };
}

export function publicQuoteContent(content: QuoteContent): PublicQuoteContent {
  const { terms } = content;
  return {
    title: content.title,
    description: content.description,
    site: { street: content.site.street, postalCode: content.site.postalCode, city: content.site.city },
    reverseCharge: content.reverseCharge,
    offPremises: content.offPremises,
    lots: mapLotLines(
      content.lots,
      (line): PublicQuoteLine =>
        line.kind === "text"
          ? { id: line.id, kind: "text", text: line.text }
          : {
              id: line.id,
              kind: "item",
              designation: line.designation,
              description: line.description,
              unit: line.unit,
              quantity: line.quantity,
              unitPriceHt: line.unitPriceHt,
              vatCode: line.vatCode,
              optional: line.optional,
            },
    ),
    discount: percentOrAmount(content.discount),
    travel: content.travel ? { amountHt: content.travel.amountHt, vatCode: content.travel.vatCode } : null,
    terms: {
      validityDays: terms.validityDays,
      startOn: terms.startOn,
      duration: terms.duration,
      deposit: percentOrAmount(terms.deposit),
      depositSchedule: terms.depositSchedule,
      paymentTerms: terms.paymentTerms,
      paid: terms.paid,
      priceCents: terms.priceCents,
      noteToClient: terms.noteToClient,
      retention: terms.retention
        ? { basisPoints: terms.retention.basisPoints, bankGuarantee: terms.retention.bankGuarantee }
        : null,
    },
  };
}

export function publicQuoteTotals(totals: QuoteDocumentTotals): PublicQuoteTotals {
  return {
    ...group(totals),
    optional: group(totals.optional),
    lots: totals.lots.map((lot) => ({ id: lot.id, subtotalHt: lot.subtotalHt, optionalHt: lot.optionalHt })),
    travelHt: totals.travelHt,
    depositTtc: totals.depositTtc,
  };
}

export function publicQuoteMentions(mentions: QuoteMentions): QuoteMentions {
  return {
    price: mentions.price,
    certifications: [...mentions.certifications],
    needsRge: mentions.needsRge,
    reverseCharge: mentions.reverseCharge,
    withdrawal: mentions.withdrawal,
    offPremises: mentions.offPremises,
  };
}
