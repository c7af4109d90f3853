import type { QuoteContent } from "#app/db/schema/quotes.ts";
import {
  allocate,
  type BasisPoints,
  type Cents,
  divideHalfAwayFromZero,
  FULL_PERCENT,
  formatCents,
  formatPercent,
  formatQuantity,
  isCents,
  lineAmounts,
  MONEY_MESSAGES,
  MoneyError,
  percentOf,
} from "#app/lib/money.ts";
import {
  computeDeposit,
  computeTotals,
  type DocumentLine,
  isVatCode,
  REVERSE_CHARGE_MENTION,
  splitTtc,
  VAT_CODES,
  VAT_RATES,
  type VatCode,
} from "#app/lib/vat.ts";
import {
  type AllowanceLine,
  BANK_GUARANTEE_MENTION,
  type BillingInvoice,
  type BillingLot,
  type BillingQuote,
  type BillingResult,
  CREDIT_NOTE_KIND_LABELS,
  CREDIT_NOTE_KINDS,
  type CreditNoteKind,
  type CreditNoteReason,
  type CreditNoteRequest,
  type DeductionLine,
  type DepositLine,
  type DepositRequest,
  type InvoiceKind,
  type InvoiceLine,
  type InvoiceRetention,
  type IssuedInvoice,
  type ItemCorrection,
  type ItemLine,
  type LotCorrection,
  type LotLine,
  MAX_RETENTION,
  MAX_VAT_ROUNDING,
  type ProgressRequest,
  type RateAmount,
  type RateBase,
  type RetentionTerms,
  TRAVEL_LOT_ID,
  TRAVEL_LOT_TITLE,
} from "./billing-model.ts";

/*
 * The billing of an accepted quote: deposit invoices (« Facture d'acompte »), progress
 * invoices (« Facture de situation n° N »), the final invoice (« Facture de solde ») and
 * credit notes (« Avoir »). Pure and browser-safe: the screen shows what an invoice will
 * hold while the staff type, and the server calls the same functions again before it
 * issues the invoice; a figure posted by a browser is never read.
 *
 * Every function takes the quote's figures (`BillingQuote`, from `billingQuoteFromContent`
 * or built from `quoteTotals`), the invoices already issued on the quote, in issue order,
 * exactly as these functions returned them (`IssuedInvoice`: the result plus its id), and
 * the request. It returns the invoice (lines to print, amounts per VAT rate, totals) or a
 * refusal whose French message says why and, when the quote would be exceeded, how much
 * is left: « Il reste 1 234,56 € HT (1 481,47 € TTC) à facturer sur ce devis. »
 *
 * Money follows decision 011: integer cents, one rounding rule (half away from zero, exact
 * with BigInt), the largest-remainder method (`allocate`) wherever a total is split.
 *
 * The contract. Each lot's amount on each rate is its lines' HT less its share of the
 * document discount: the discount of a rate (already spread over the rates by
 * `computeTotals`) is spread over the lots by largest remainder, so the lots of a rate add
 * up to the quote's HT of that rate exactly. Travel costs are a lot of their own.
 *
 * The rules chosen (BACKOFFICE.md « Invoices »; decision 018; the stricter reading where
 * the trade varies):
 * - VAT, on every document alike: each rate's VAT = round(that document's HT base of the
 *   rate × rate), half away from zero (decision 011), the base being the work the document
 *   adds, plus its deposit, less the deposits it deducts. Every document is so valid under
 *   EN 16931 BR-CO-17 by construction, and prints exactly what billing computes
 *   (document-model.server.ts only checks it). The VAT of a sequence of documents is the
 *   sum of their VAT: per rate, within ⌈(n − 1) ÷ 2⌉ cents of the quote's VAT, n being the number
 *   of documents with a base on the rate (each rounding moves at most half a cent).
 * - Deposit: a percentage of the quote's TTC (rounded) or an amount TTC, split over the
 *   rates in proportion to what each rate still has to invoice (largest remainder), each
 *   share into HT = round(share ÷ (1 + rate)) (`splitTtc`), kept within the HT the rate has
 *   left, and its VAT = round(HT × rate). Some TTC amounts have no HT whose VAT lands on
 *   them (at 20 %, 0,03 € TTC), so the deposit's TTC may differ by a cent per rate from the
 *   amount asked: `depositRequest` says so. A deposit bears VAT (on services, VAT is due
 *   when the payment is received, CGI 269-2-c). No retention is taken on a deposit.
 * - Progress: cumulative per lot, as a percentage (the lot's amount × percentage, rounded)
 *   or a cumulative amount HT; never below what was already invoiced (a correction is a
 *   credit note), never above the lot. What the situation adds to a lot is spread over the
 *   lot's rates in proportion to what each rate of the lot still has to invoice (largest
 *   remainder), so no rate of a lot goes backwards or beyond its amount, and at 100 % each
 *   rate of the lot is exactly its contract amount.
 * - Deduction of deposits, from the base, HT (decision 018): a deposit invoice already
 *   charged its VAT, so a situation or the final invoice deducts the deposit's HT, exactly
 *   as the deposit invoice printed it, as a negative line at its rate, and charges VAT only
 *   on what remains; nothing is a prepaid amount (EN 16931 BT-113 stays 0), and the VAT
 *   total of the final invoice excludes the deposits' VAT. Pro rata of the progress
 *   (« déduction de l'acompte au prorata de l'avancement »): on each rate, the deposits' HT
 *   not yet deducted × the work HT this invoice adds on the rate ÷ the work HT the rate
 *   still had to invoice, rounded up to the cent, so what is left to deduct stays within
 *   the work left and no base is ever negative. The final invoice (and any invoice
 *   completing a rate) deducts all that is left: by the final, every deposit's HT is
 *   deducted exactly, and the HT invoiced on each rate is exactly the quote's.
 * - Retention (« retenue de garantie », loi n° 71-584 du 16 juillet 1971): only when the
 *   quote's terms provide it, at most 5 %, on the TTC of the work invoiced, cumulatively:
 *   withheld so far = round(cumulative work TTC × rate), the cumulative work TTC being, rate
 *   by rate, the cumulative work HT plus round(it × VAT rate) (the quote's TTC once all the
 *   work is invoiced, deposits aside), this invoice's share being the
 *   difference, never more than the invoice's TTC nor below 0. It is not a price
 *   reduction: HT, VAT and TTC are unchanged, the net to pay is TTC − retention. A bank
 *   guarantee (« caution bancaire ») replaces it: nothing is withheld and the invoice
 *   carries the mention. Released one year after the handover (`quoteBillingSummary`, in
 *   ./billing-summary.ts).
 * - Credit note: of one invoice, total (the mirror of what that invoice still stands for,
 *   after any earlier credit note on it) or partial (a percentage or an amount TTC of it):
 *   the amount is spread over the invoice's rates in proportion to their TTC, each share
 *   into its HT base as for a deposit (its VAT = round(base × rate), so the credit note's
 *   TTC may be a cent per rate from the amount asked), the base over the lots, deposit and
 *   deductions (largest remainder). A total credit note of an invoice never credited before
 *   is its exact negation, on every rate, lot, VAT and retention; after a partial one, the
 *   HT cancels exactly and the VAT of a rate within a cent (each note's VAT is its base's).
 *   A deposit already
 *   deducted from later invoices can be credited only for what is left to deduct.
 * - Reverse charge (CGI 283-2 nonies): the rate « autoliquidation », VAT 0, category AE,
 *   TTC = HT, the mention on every invoice.
 */

// ─── The quote's figures ─────────────────────────────────────────────────────────────

/**
 * A stored quote's content → its billing figures, computed as `quoteTotals` does (the same
 * lines through `computeTotals`, reverse charge turning every line into « autoliquidation »,
 * travel costs as a line, the document discount), plus each lot's HT per rate. The
 * retention is not part of a quote's content yet: the caller gives the contract's terms.
 */
export function billingQuoteFromContent(
  content: Pick<QuoteContent, "reverseCharge" | "lots" | "travel" | "discount">,
  retention: RetentionTerms | null,
): BillingQuote {
  const vatOf = (code: VatCode): VatCode => (content.reverseCharge ? "autoliquidation" : code);
  const documentLines: DocumentLine[] = [];
  const lots: BillingLot[] = content.lots.map((lot) => {
    const byCode = new Map<VatCode, Cents>();
    for (const line of lot.lines) {
      if (line.kind === "text") {
        documentLines.push({ kind: "text" });
        continue;
      }
      const vatCode = vatOf(line.vatCode);
      const quantity = line.quantity ?? 0;
      const unitPriceHt = line.unitPriceHt ?? 0;
      documentLines.push({ kind: "item", quantity, unitPriceHt, vatCode, optional: line.optional });
      if (line.optional) continue;
      byCode.set(vatCode, (byCode.get(vatCode) ?? 0) + lineAmounts(quantity, unitPriceHt).net);
    }
    return lotFigures(lot.id, lot.title, byCode);
  });
  if (content.travel) {
    const vatCode = vatOf(content.travel.vatCode);
    documentLines.push({ kind: "item", quantity: 1000, unitPriceHt: content.travel.amountHt, vatCode });
    const travelHt = lineAmounts(1000, content.travel.amountHt).net;
    lots.push(lotFigures(TRAVEL_LOT_ID, TRAVEL_LOT_TITLE, new Map([[vatCode, travelHt]])));
  }
  const totals = computeTotals(documentLines, content.discount ? { discount: content.discount } : {});
  return {
    reverseCharge: content.reverseCharge,
    lots,
    byRate: totals.byRate,
    totalHt: totals.totalHt,
    totalVat: totals.totalVat,
    totalTtc: totals.totalTtc,
    retention,
  };
}

function lotFigures(id: string, title: string, byCode: ReadonlyMap<VatCode, Cents>): BillingLot {
  const byRate = VAT_CODES.filter((code) => byCode.has(code)).map((code) => ({
    code,
    linesHt: byCode.get(code) ?? 0,
  }));
  return { id, title, subtotalHt: byRate.reduce((sum, rate) => sum + rate.linesHt, 0), byRate };
}

// ─── The quote as billing sees it ────────────────────────────────────────────────────

type Rate = Omit<RateAmount, "rounding">;
type Lot = { id: string; title: string; cells: Cents[]; contract: Cents };
type Model = {
  rates: Rate[];
  lots: Lot[];
  lotIndex: Map<string, number>;
  rateIndex: Map<VatCode, number>;
  reverseCharge: boolean;
  totalHt: Cents;
  totalTtc: Cents;
  retention: RetentionTerms | null;
};

export function refuse(message: string): never {
  throw new MoneyError(message);
}

const INCONSISTENT = "Les montants du devis sont incohérents : recalculez le devis.";
export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);
const neg = (value: number): number => (value === 0 ? 0 : -value);
const at = (values: readonly number[], index: number): number => values[index] ?? 0;

function checkRetention(terms: RetentionTerms | null): void {
  if (!terms) return;
  const rate = terms.basisPoints;
  if (!Number.isSafeInteger(rate) || rate < 0 || rate > MAX_RETENTION) {
    refuse("La retenue de garantie doit être comprise entre 0 et 5\u00a0% (loi n° 71-584).");
  }
}

export function buildModel(quote: BillingQuote): Model {
  checkRetention(quote.retention);
  const seen = new Set<VatCode>();
  for (const rate of quote.byRate) {
    if (!isVatCode(rate.code) || seen.has(rate.code)) refuse(INCONSISTENT);
    seen.add(rate.code);
    for (const value of [rate.linesHt, rate.discountHt, rate.ht, rate.vat]) {
      if (!isCents(value)) refuse(`Devis : ${MONEY_MESSAGES.range}`);
    }
  }
  const quoteRates = VAT_CODES.flatMap((code) => quote.byRate.filter((rate) => rate.code === code));
  const rates = quoteRates.map((rate): Rate => {
    const info = VAT_RATES[rate.code];
    if (rate.ht !== rate.linesHt - rate.discountHt || rate.vat !== percentOf(rate.ht, info.basisPoints)) {
      refuse(INCONSISTENT);
    }
    if (rate.ht < 0) refuse(`Le devis est négatif en ${info.label} : il ne se facture pas.`);
    if (quote.reverseCharge && !info.reverseCharge) refuse(INCONSISTENT);
    return {
      code: rate.code,
      basisPoints: info.basisPoints,
      category: info.reverseCharge ? "AE" : "S",
      ht: rate.ht,
      vat: rate.vat,
      ttc: rate.ht + rate.vat,
    };
  });
  const rateIndex = new Map(rates.map((rate, index) => [rate.code, index]));
  if (
    quote.totalHt !== sum(rates.map((rate) => rate.ht)) ||
    quote.totalVat !== sum(rates.map((rate) => rate.vat)) ||
    quote.totalTtc !== quote.totalHt + quote.totalVat
  ) {
    refuse(INCONSISTENT);
  }
  if (quote.totalTtc <= 0) refuse("Ce devis n'a aucun montant à facturer.");

  const lotIndex = new Map<string, number>();
  const gross = quote.lots.map((lot, index) => {
    if (lotIndex.has(lot.id)) refuse(INCONSISTENT);
    lotIndex.set(lot.id, index);
    const cells = rates.map(() => 0);
    const codes = new Set<VatCode>();
    for (const rate of lot.byRate) {
      const position = rateIndex.get(rate.code);
      if (position === undefined || codes.has(rate.code) || !isCents(rate.linesHt)) refuse(INCONSISTENT);
      if (rate.linesHt < 0) refuse(`Le lot « ${lot.title} » est négatif : il ne se facture pas.`);
      codes.add(rate.code);
      cells[position] = rate.linesHt;
    }
    if (sum(cells) !== lot.subtotalHt) refuse(INCONSISTENT);
    return cells;
  });
  // Each rate's share of the document discount, spread over the lots by largest remainder.
  const discounts = quoteRates.map((rate, r) => {
    const weights = gross.map((cells) => at(cells, r));
    if (sum(weights) !== rate.linesHt) refuse(INCONSISTENT);
    return rate.discountHt === 0 ? weights.map(() => 0) : allocate(rate.discountHt, weights);
  });
  const lots = quote.lots.map((lot, l): Lot => {
    const cells = rates.map((_, r) => at(gross[l] ?? [], r) - at(discounts[r] ?? [], l));
    if (cells.some((cell) => cell < 0)) refuse(INCONSISTENT);
    return { id: lot.id, title: lot.title, cells, contract: sum(cells) };
  });
  return {
    rates,
    lots,
    lotIndex,
    rateIndex,
    reverseCharge: quote.reverseCharge,
    totalHt: quote.totalHt,
    totalTtc: quote.totalTtc,
    retention: quote.retention,
  };
}

// ─── What was invoiced ───────────────────────────────────────────────────────────────

/**
 * Net amounts of one or more documents: work HT per lot and rate, deposits and deductions
 * HT per rate, and the documents' VAT per rate (each document's round(base × rate)).
 */
type Ledger = {
  cells: number[][];
  depHt: number[];
  dedHt: number[];
  /** The VAT of the work and deposits: what the quote's VAT is compared with. */
  vat: number[];
  /** Gestures and discounts of credit notes, HT and their VAT: never the work invoiced. */
  allowHt: number[];
  allowVat: number[];
  retention: number;
};

function emptyLedger(model: Model): Ledger {
  const zeros = () => model.rates.map(() => 0);
  return {
    cells: model.lots.map(zeros),
    depHt: zeros(),
    dedHt: zeros(),
    vat: zeros(),
    allowHt: zeros(),
    allowVat: zeros(),
    retention: 0,
  };
}

function addTo(target: number[], source: readonly number[]): void {
  source.forEach((value, index) => {
    target[index] = at(target, index) + value;
  });
}

function addLedger(target: Ledger, source: Ledger): void {
  source.cells.forEach((cells, l) => {
    addTo(target.cells[l] ?? [], cells);
  });
  addTo(target.depHt, source.depHt);
  addTo(target.dedHt, source.dedHt);
  addTo(target.vat, source.vat);
  addTo(target.allowHt, source.allowHt);
  addTo(target.allowVat, source.allowVat);
  target.retention += source.retention;
}

function isEmptyLedger(ledger: Ledger): boolean {
  const zero = (values: readonly number[]) => values.every((value) => value === 0);
  return (
    ledger.cells.every(zero) &&
    [ledger.depHt, ledger.dedHt, ledger.vat, ledger.allowHt, ledger.allowVat].every(zero) &&
    ledger.retention === 0
  );
}

function negateLedger(ledger: Ledger): Ledger {
  const flip = (values: readonly number[]) => values.map(neg);
  return {
    cells: ledger.cells.map(flip),
    depHt: flip(ledger.depHt),
    dedHt: flip(ledger.dedHt),
    vat: flip(ledger.vat),
    allowHt: flip(ledger.allowHt),
    allowVat: flip(ledger.allowVat),
    retention: neg(ledger.retention),
  };
}

/** A base's VAT on a rate: round(base × rate), half away from zero; 0 under reverse charge. */
function vatOn(rate: Rate, base: Cents): Cents {
  return rate.category === "AE" ? 0 : percentOf(base, rate.basisPoints);
}

/** The HT base whose TTC (base + its VAT) is nearest a TTC share: round(share ÷ (1 + rate)). */
function baseOfTtc(rate: Rate, ttc: Cents): Cents {
  if (rate.category === "AE") return ttc;
  return Number(
    divideHalfAwayFromZero(BigInt(ttc) * BigInt(FULL_PERCENT), BigInt(FULL_PERCENT + rate.basisPoints)),
  );
}

const FOREIGN = "Une facture enregistrée ne correspond pas à ce devis (lot ou taux inconnu).";

function ledgerOf(model: Model, invoice: BillingInvoice): Ledger {
  const ledger = emptyLedger(model);
  const readRates = (
    amounts: readonly (RateBase & { vat?: Cents })[],
    ht: number[],
    vat: number[] | null,
  ) => {
    for (const amount of amounts) {
      const r = model.rateIndex.get(amount.code);
      if (r === undefined) {
        if (amount.ht === 0 && amount.vat === 0) continue;
        refuse(FOREIGN);
      }
      ht[r] = at(ht, r) + amount.ht;
      if (vat) vat[r] = at(vat, r) + (amount.vat ?? 0);
    }
  };
  // The work's HT is read from the lots, cell by cell; deposits and deductions HT as printed;
  // the VAT is the document's, per rate, as printed.
  readRates(invoice.deposit, ledger.depHt, null);
  readRates(invoice.depositDeduction, ledger.dedHt, null);
  readRates(invoice.byRate, [], ledger.vat);
  // A gesture's VAT is kept apart from the work's.
  readRates(invoice.allowance ?? [], ledger.allowHt, ledger.allowVat);
  ledger.allowVat.forEach((vat, r) => {
    ledger.vat[r] = at(ledger.vat, r) - vat;
  });
  for (const line of invoice.lines) {
    if (line.kind !== "lot") continue;
    const l = model.lotIndex.get(line.lotId);
    const cells = l === undefined ? undefined : ledger.cells[l];
    if (!cells) refuse(FOREIGN);
    for (const part of line.byRate) {
      const r = model.rateIndex.get(part.code);
      if (r === undefined) refuse(FOREIGN);
      cells[r] = at(cells, r) + part.ht;
    }
  }
  ledger.retention = invoice.totals.retention;
  return ledger;
}

type History = {
  total: Ledger;
  byId: Map<string, IssuedInvoice>;
  /** The credit notes of each credited invoice, summed. */
  credits: Map<string, Ledger>;
  count: Record<InvoiceKind, number>;
  /** Each lot's last printed progress, to show an unchanged lot's percentage as it was. */
  lastProgress: ({ ht: Cents; percent: BasisPoints } | undefined)[];
};

export function readHistory(model: Model, invoices: readonly IssuedInvoice[]): History {
  const history: History = {
    total: emptyLedger(model),
    byId: new Map(),
    credits: new Map(),
    count: { acompte: 0, situation: 0, solde: 0, facture: 0, avoir: 0 },
    lastProgress: model.lots.map(() => undefined),
  };
  for (const invoice of invoices) {
    if (history.byId.has(invoice.id)) refuse("Deux factures du devis portent le même identifiant.");
    const ledger = ledgerOf(model, invoice);
    if (invoice.kind === "avoir") {
      const credited = invoice.creditOf ? history.byId.get(invoice.creditOf.invoiceId) : undefined;
      if (!credited || credited.kind === "avoir")
        refuse("Un avoir du devis ne renvoie à aucune de ses factures.");
      const previous = history.credits.get(credited.id) ?? emptyLedger(model);
      addLedger(previous, ledger);
      history.credits.set(credited.id, previous);
    }
    addLedger(history.total, ledger);
    history.byId.set(invoice.id, invoice);
    history.count[invoice.kind] += 1;
    for (const line of invoice.lines) {
      if (line.kind !== "lot") continue;
      const l = model.lotIndex.get(line.lotId);
      if (l !== undefined)
        history.lastProgress[l] = { ht: line.cumulativeHt, percent: line.cumulativePercent };
    }
  }
  return history;
}

/**
 * Where a rate stands, HT. Every document keeps, on every rate, the work invoiced plus the
 * deposits not yet deducted within the quote's HT, so `leftHt` never goes below 0.
 */
type RatePosition = {
  workHt: Cents;
  /** Deposits not yet deducted, HT. */
  depHt: Cents;
  /** Work the rate still has to invoice. */
  workLeftHt: Cents;
  /** What may still be invoiced on the rate: work left less deposits not yet deducted. */
  leftHt: Cents;
  /** leftHt and its VAT: what a final invoice would charge on the rate. */
  leftTtc: Cents;
};

export function positions(model: Model, ledger: Ledger): RatePosition[] {
  return model.rates.map((rate, r) => {
    const workHt = sum(ledger.cells.map((cells) => at(cells, r)));
    const depHt = at(ledger.depHt, r) - at(ledger.dedHt, r);
    const leftHt = rate.ht - workHt - depHt;
    return {
      workHt,
      depHt,
      workLeftHt: rate.ht - workHt,
      leftHt,
      // The quote's TTC of the rate less what its documents invoiced: the document that
      // closes the rate charges exactly this (its VAT takes back the earlier roundings).
      leftTtc: leftHt + rate.vat - at(ledger.vat, r),
    };
  });
}

/** Whether nothing is left to invoice on a rate once `ledger` is (its work or deposits cover it all). */
function closes(model: Model, ledger: Ledger, r: number): boolean {
  return (positions(model, ledger)[r] as RatePosition).leftHt === 0;
}

export function remaining(model: Model, ledger: Ledger): { ht: Cents; ttc: Cents } {
  const rates = positions(model, ledger);
  return { ht: sum(rates.map((rate) => rate.leftHt)), ttc: sum(rates.map((rate) => rate.leftTtc)) };
}

function isReverseChargeOnly(model: Model): boolean {
  return model.rates.every((rate) => rate.category === "AE");
}

/** « Il reste 1 234,56 € HT (1 481,47 € TTC) à facturer sur ce devis. », HT only under reverse charge. */
function remainingSentence(model: Model, ledger: Ledger): string {
  const left = remaining(model, ledger);
  if (left.ht <= 0 && left.ttc <= 0) return "Ce devis est entièrement facturé : il ne reste rien à facturer.";
  if (isReverseChargeOnly(model)) return `Il reste ${formatCents(left.ht)} HT à facturer sur ce devis.`;
  return `Il reste ${formatCents(left.ht)} HT (${formatCents(left.ttc)} TTC) à facturer sur ce devis.`;
}

// ─── Building a document ─────────────────────────────────────────────────────────────

export function rateAmounts(model: Model, ht: readonly number[], vat: readonly number[]): RateAmount[] {
  return model.rates.map((rate, r) => {
    const rateHt = at(ht, r);
    const rateVat = at(vat, r);
    const ttc = rateHt + rateVat;
    for (const value of [rateHt, rateVat, ttc]) {
      if (!isCents(value)) refuse(`Facture : ${MONEY_MESSAGES.range}`);
    }
    return {
      code: rate.code,
      basisPoints: rate.basisPoints,
      category: rate.category,
      ht: rateHt,
      vat: rateVat,
      ttc,
    };
  });
}

function rateBases(model: Model, ht: readonly number[]): RateBase[] {
  return model.rates.map((rate, r) => {
    const rateHt = at(ht, r);
    if (!isCents(rateHt)) refuse(`Facture : ${MONEY_MESSAGES.range}`);
    return { code: rate.code, basisPoints: rate.basisPoints, category: rate.category, ht: rateHt };
  });
}

function depositLines(label: string, amounts: readonly RateAmount[]): DepositLine[] {
  return amounts
    .filter((amount) => amount.ht !== 0 || amount.vat !== 0)
    .map((amount) => ({
      kind: "deposit",
      label,
      code: amount.code,
      basisPoints: amount.basisPoints,
      ht: amount.ht,
      vat: amount.vat,
      ttc: amount.ttc,
    }));
}

/** Deduction rows, HT, negated: a deduction of 100 prints −100 (a reinstatement prints +100). */
function deductionLines(label: string, bases: readonly RateBase[]): DeductionLine[] {
  return bases
    .filter((base) => base.ht !== 0)
    .map((base) => ({
      kind: "depositDeduction",
      label,
      code: base.code,
      basisPoints: base.basisPoints,
      ht: neg(base.ht),
    }));
}

function percentOfContract(cumulative: Cents, contract: Cents): BasisPoints {
  if (contract === 0) return 0;
  return Number(divideHalfAwayFromZero(BigInt(cumulative) * BigInt(FULL_PERCENT), BigInt(contract)));
}

function lotLine(
  lot: Lot,
  model: Model,
  previous: readonly number[],
  change: readonly number[],
  percent: BasisPoints,
): LotLine {
  const previousHt = sum(previous);
  const ht = sum(change);
  return {
    kind: "lot",
    lotId: lot.id,
    title: lot.title,
    contractHt: lot.contract,
    cumulativePercent: percent,
    cumulativeHt: previousHt + ht,
    previousHt,
    ht,
    byRate: model.rates.flatMap((rate, r) =>
      at(lot.cells, r) === 0 && at(change, r) === 0 ? [] : [{ code: rate.code, ht: at(change, r) }],
    ),
  };
}

/**
 * Each rate's VAT on a document adding `ledger` to the quote's: round(base × rate); on the
 * document after which nothing is left to invoice on the rate (not a credit note), what the
 * rate's VAT still lacks, the earlier documents' roundings taken back (decision 018).
 */
function documentVat(model: Model, history: History, ledger: Ledger, kind: InvoiceKind): Cents[] {
  const after = emptyLedger(model);
  addLedger(after, history.total);
  addLedger(after, ledger);
  return model.rates.map((rate, r) => {
    const base = sum(ledger.cells.map((cells) => at(cells, r))) + at(ledger.depHt, r) - at(ledger.dedHt, r);
    const own = vatOn(rate, base);
    if (rate.category === "AE" || kind === "avoir" || !closes(model, after, r)) return own;
    const closing = rate.vat - at(history.total.vat, r);
    return Math.abs(closing - own) > MAX_VAT_ROUNDING ? own : closing;
  });
}

/** Assembles a document from its parts; `ledger` is what it adds to the quote's. */
function assemble(
  model: Model,
  history: History,
  parts: {
    kind: InvoiceKind;
    title: string;
    lines: InvoiceLine[];
    ledger: Ledger;
    creditOf: BillingInvoice["creditOf"];
    depositRequest?: BillingInvoice["depositRequest"];
    /**
     * The VAT of each rate when it is not round(base × rate): a total credit note keeps the
     * exact opposite of what it cancels. Otherwise a document that closes a rate charges
     * what the rate's VAT still lacks (decision 018, « Closing a rate »).
     */
    vat?: readonly Cents[];
    creditReason?: CreditNoteReason;
  },
): BillingInvoice {
  const { ledger } = parts;
  const workHt = model.rates.map((_, r) => sum(ledger.cells.map((cells) => at(cells, r))));
  const bases = model.rates.map((_, r) => at(workHt, r) + at(ledger.depHt, r) - at(ledger.dedHt, r));
  // The VAT rule: each rate's VAT = round(this document's base × rate) (BR-CO-17), except
  // on the document that closes the rate, which takes back the cents the earlier ones
  // rounded, within what BR-CO-17 tolerates.
  // A gesture's VAT is round(its HT × rate); a total credit note's, the opposite of the one
  // it cancels (`parts.vat` then gives the work's, and the ledger the gestures').
  const vats = parts.vat ?? documentVat(model, history, ledger, parts.kind);
  const rounding = model.rates.map(() => 0);
  const fullBases = model.rates.map((_, r) => at(bases, r) + at(ledger.allowHt, r));
  model.rates.forEach((rate, r) => {
    const allowVat = parts.vat ? at(ledger.allowVat, r) : vatOn(rate, at(ledger.allowHt, r));
    const own = vatOn(rate, at(fullBases, r));
    let vat = at(vats, r);
    if (Math.abs(vat + allowVat - own) > MAX_VAT_ROUNDING) vat = own - allowVat;
    ledger.vat[r] = vat;
    ledger.allowVat[r] = allowVat;
    rounding[r] = vat + allowVat - own;
  });
  const work = rateBases(model, workHt);
  // Only a deposit invoice or its credit note has a deposit: its VAT is the document's.
  const depositOnly = (r: number) => at(workHt, r) === 0 && at(ledger.dedHt, r) === 0;
  const deposit = rateAmounts(
    model,
    ledger.depHt,
    model.rates.map((rate, r) => (depositOnly(r) ? at(ledger.vat, r) : vatOn(rate, at(ledger.depHt, r)))),
  );
  // The printed deposit rows carry the deposit's VAT as the document computed it.
  const lines = parts.lines.map((line): InvoiceLine => {
    if (line.kind !== "deposit") return line;
    const amount = deposit.find((candidate) => candidate.code === line.code);
    return amount ? { ...line, vat: amount.vat, ttc: line.ht + amount.vat } : line;
  });
  const depositDeduction = rateBases(model, ledger.dedHt);
  const byRate = rateAmounts(
    model,
    fullBases,
    model.rates.map((_, r) => at(ledger.vat, r) + at(ledger.allowVat, r)),
  ).map((amount, r) => (at(rounding, r) === 0 ? amount : { ...amount, rounding: at(rounding, r) }));
  const allowance = ledger.allowHt.some((value) => value !== 0)
    ? rateAmounts(model, ledger.allowHt, ledger.allowVat)
    : null;
  const ht = sum(byRate.map((rate) => rate.ht));
  const vat = sum(byRate.map((rate) => rate.vat));
  const terms = model.retention;
  const retention: InvoiceRetention | null = terms
    ? {
        basisPoints: terms.basisPoints,
        bankGuarantee: terms.bankGuarantee,
        withheld: ledger.retention,
        cumulativeWithheld: history.total.retention + ledger.retention,
      }
    : null;
  const mentions: string[] = [];
  if (byRate.some((rate) => rate.category === "AE")) mentions.push(REVERSE_CHARGE_MENTION);
  if (terms?.bankGuarantee && parts.kind !== "acompte") mentions.push(BANK_GUARANTEE_MENTION);
  const rounded = byRate.filter((rate) => rate.rounding);
  if (rounded.length > 0 && parts.kind !== "avoir") {
    const roundings = rounded.map(
      (rate) =>
        `${(rate.rounding ?? 0) > 0 ? "+" : "−"}${formatCents(Math.abs(rate.rounding ?? 0))} sur la TVA à ${formatPercent(rate.basisPoints)}`,
    );
    mentions.push(
      `Arrondis de TVA repris des factures précédentes (${roundings.join(", ")}) : les factures de ce devis totalisent exactement sa TVA.`,
    );
  }
  return {
    kind: parts.kind,
    sequence: history.count[parts.kind] + 1,
    title: parts.title,
    reverseCharge: model.reverseCharge,
    lines,
    work,
    deposit,
    depositDeduction,
    byRate,
    totals: {
      ht,
      vat,
      ttc: ht + vat,
      depositsDeductedHt: sum(depositDeduction.map((rate) => rate.ht)),
      retention: ledger.retention,
      netToPay: ht + vat - ledger.retention,
    },
    retention,
    creditOf: parts.creditOf,
    ...(parts.creditReason ? { creditReason: parts.creditReason } : {}),
    ...(allowance ? { allowance } : {}),
    mentions,
    depositRequest: parts.depositRequest ?? null,
  };
}

function attempt(compute: () => BillingInvoice): BillingResult {
  try {
    return { ok: true, invoice: compute() };
  } catch (error) {
    if (error instanceof MoneyError) return { ok: false, message: error.message };
    throw error;
  }
}

// ─── Deposit ─────────────────────────────────────────────────────────────────────────

/**
 * A deposit invoice (« Facture d'acompte n° N »): a percentage of the quote's TTC or an
 * amount TTC, split over the rates by `splitTtc` in proportion to what each rate still has
 * to invoice (the quote's TTC per rate for a first deposit), each share's HT kept and its
 * VAT = round(HT × rate); `depositRequest` gives the amount asked and says when the TTC
 * printed differs from it. Refused beyond what is left to invoice on the quote, deposits not
 * yet deducted included, or when the amount is too small to carry a cent of HT.
 */
export function computeDepositInvoice(
  quote: BillingQuote,
  invoices: readonly IssuedInvoice[],
  request: DepositRequest,
): BillingResult {
  return attempt(() => {
    const model = buildModel(quote);
    const history = readHistory(model, invoices);
    const asked = request.deposit;
    let amount: Cents;
    if (asked.kind === "amount") {
      if (!isCents(asked.cents)) refuse(`Acompte : ${MONEY_MESSAGES.range}`);
      if (asked.cents < 0) refuse("L'acompte ne peut pas être négatif.");
      amount = asked.cents === 0 ? 0 : asked.cents;
    } else {
      amount = computeDeposit(model.totalTtc, asked);
    }
    if (amount === 0) refuse("Indiquez un acompte supérieur à 0.");
    const left = remaining(model, history.total);
    if (amount > left.ttc) {
      refuse(
        `L'acompte de ${formatCents(amount)} TTC dépasserait le montant du devis. ${remainingSentence(model, history.total)}`,
      );
    }
    const rates = positions(model, history.total);
    const reference = model.rates.map((rate, r) => ({
      code: rate.code,
      ht: Math.max(0, (rates[r] as RatePosition).leftTtc),
      vat: 0,
    }));
    const ledger = emptyLedger(model);
    splitTtc(amount, reference).forEach((share, r) => {
      // The share's HT, kept within the HT the rate has left: a deposit of all that is left
      // is exactly the HT left. Its VAT is the document's, round(HT × rate) (assemble).
      const rate = model.rates[r] as Rate;
      const position = rates[r] as RatePosition;
      // A share of all that is left of the rate takes all its HT (its VAT then closes the rate).
      let ht =
        share.ttc >= position.leftTtc && position.leftHt > 0
          ? position.leftHt
          : Math.min(baseOfTtc(rate, share.ttc), Math.max(0, position.leftHt));
      // A share that leaves something of the rate to invoice prints within what is left:
      // the earlier documents may have rounded the rate's VAT up by a cent.
      while (ht > 0 && ht < position.leftHt && ht + vatOn(rate, ht) > position.leftTtc) ht -= 1;
      ledger.depHt[r] = ht;
    });
    if (ledger.depHt.every((value) => value === 0)) {
      refuse(
        `L'acompte de ${formatCents(amount)} TTC est trop faible pour porter un montant HT : indiquez un acompte plus élevé.`,
      );
    }
    const label =
      asked.kind === "percent"
        ? `Acompte de ${formatPercent(asked.basisPoints)} du montant TTC du devis`
        : "Acompte sur le devis";
    const sequence = history.count.acompte + 1;
    const amounts = rateAmounts(
      model,
      ledger.depHt,
      model.rates.map((rate, r) => vatOn(rate, at(ledger.depHt, r))),
    );
    const invoice = assemble(model, history, {
      kind: "acompte",
      title: `Facture d'acompte n° ${sequence}`,
      lines: depositLines(label, amounts),
      ledger,
      creditOf: null,
    });
    // What it prints (the HT shares, their VAT, and on a deposit taking all that is left of
    // a rate the earlier roundings) against the amount asked.
    const printedTtc = invoice.totals.ttc;
    const notice =
      printedTtc === amount
        ? null
        : `L'acompte demandé de ${formatCents(amount)} TTC donne ${formatCents(printedTtc)} TTC : la TVA de chaque taux est calculée sur son montant HT, arrondie au centime.`;
    return { ...invoice, depositRequest: { requestedTtc: amount, notice } };
  });
}

// ─── Situations and the final invoice ────────────────────────────────────────────────

/** ⌈a ÷ b⌉ for a ≥ 0, b > 0. */
function ceilDivide(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator - 1n) / denominator;
}

/** What is still to deduct × what the work adds ÷ what the work had left, rounded up; all of it when done. */
function deductedPart(outstanding: Cents, added: Cents, workLeft: Cents, done: boolean): Cents {
  if (outstanding === 0) return 0;
  if (done || workLeft <= 0 || added >= workLeft) return outstanding;
  if (added <= 0) return 0;
  const part = Number(ceilDivide(BigInt(Math.abs(outstanding)) * BigInt(added), BigInt(workLeft)));
  return outstanding < 0 ? -part : part;
}

/**
 * The deposits deducted on one rate, HT, pro rata of the progress: the HT still to deduct ×
 * HT of work added ÷ HT of work that was left, rounded up; all that is left when the invoice
 * completes the rate (or is the final). Since the deposits still to deduct never exceed the
 * work left, the deduction never exceeds what the invoice adds, and what is left to deduct
 * stays within the work left.
 */
function deduction(position: RatePosition, addedHt: Cents, final: boolean): Cents {
  const done = final || addedHt >= position.workLeftHt;
  return deductedPart(position.depHt, addedHt, position.workLeftHt, done);
}

/** Work HT and its VAT, rate by rate: the base of the retention. */
function workTtc(model: Model, workHt: readonly Cents[]): Cents {
  return sum(model.rates.map((rate, r) => at(workHt, r) + vatOn(rate, at(workHt, r))));
}

function retentionOn(model: Model, history: History, workTtcAfter: Cents, invoiceTtc: Cents): Cents {
  const terms = model.retention;
  if (!terms || terms.bankGuarantee) return 0;
  const due = percentOf(workTtcAfter, terms.basisPoints) - history.total.retention;
  return Math.max(0, Math.min(due, Math.max(0, invoiceTtc)));
}

/** A situation or the final invoice from each lot's cumulative amount after it. */
function workInvoice(
  model: Model,
  history: History,
  targets: readonly Cents[],
  percents: readonly (BasisPoints | null)[],
  final: boolean,
): BillingInvoice {
  const before = history.total;
  const ledger = emptyLedger(model);
  const lines: InvoiceLine[] = [];
  model.lots.forEach((lot, l) => {
    const previous = before.cells[l] ?? [];
    const added = at(targets, l) - sum(previous);
    const leftInCells = lot.cells.map((cell, r) => cell - at(previous, r));
    const change = added === 0 ? leftInCells.map(() => 0) : allocate(added, leftInCells);
    ledger.cells[l] = change;
    const cumulative = at(targets, l);
    const last = history.lastProgress[l];
    const percent =
      percents[l] ??
      (last && last.ht === cumulative ? last.percent : percentOfContract(cumulative, lot.contract));
    lines.push(lotLine(lot, model, previous, change, percent));
  });
  const rates = positions(model, before);
  const cumulativeHt: Cents[] = [];
  model.rates.forEach((_, r) => {
    const position = rates[r] as RatePosition;
    const addedHt = sum(ledger.cells.map((cells) => at(cells, r)));
    cumulativeHt[r] = position.workHt + addedHt;
    ledger.dedHt[r] = deduction(position, addedHt, final);
  });
  const kind = final ? "solde" : "situation";
  // The invoice's TTC as assemble will print it: the cap of the retention.
  const invoiceTtc =
    sum(model.rates.map((_, r) => sum(ledger.cells.map((cells) => at(cells, r))) - at(ledger.dedHt, r))) +
    sum(documentVat(model, history, ledger, kind));
  ledger.retention = retentionOn(model, history, workTtc(model, cumulativeHt), invoiceTtc);
  const label = final
    ? "Acomptes déjà facturés, déduits (HT)"
    : "Acomptes déduits au prorata de l'avancement (HT)";
  lines.push(...deductionLines(label, rateBases(model, ledger.dedHt)));
  const title = final ? "Facture de solde" : `Facture de situation n° ${history.count.situation + 1}`;
  return assemble(model, history, { kind, title, lines, ledger, creditOf: null });
}

/**
 * A progress invoice (« Facture de situation n° N »): each listed lot's cumulative
 * progress, as a percentage of the lot or a cumulative amount HT; the lots not listed keep
 * theirs. Gives per lot the contract amount, cumulative progress and amount, what was
 * invoiced before and this situation's amount; then per rate the work, the deposits
 * deducted HT pro rata of the progress, the VAT on what remains, and the retention.
 * Refused when a lot would go beyond 100 % or below what was invoiced, or when nothing
 * progresses.
 */
export function computeProgressInvoice(
  quote: BillingQuote,
  invoices: readonly IssuedInvoice[],
  request: ProgressRequest,
): BillingResult {
  return attempt(() => {
    const model = buildModel(quote);
    const history = readHistory(model, invoices);
    const targets = model.lots.map((_, l) => sum(history.total.cells[l] ?? []));
    const percents: (BasisPoints | null)[] = model.lots.map(() => null);
    const listed = new Set<string>();
    for (const entry of request.lots) {
      const l = model.lotIndex.get(entry.lotId);
      const lot = l === undefined ? undefined : model.lots[l];
      if (l === undefined || !lot) refuse("Ce lot n'existe pas sur le devis.");
      if (listed.has(entry.lotId)) refuse(`Le lot « ${lot.title} » figure deux fois dans la situation.`);
      listed.add(entry.lotId);
      const previous = at(targets, l);
      const leftOnLot = `Il reste ${formatCents(lot.contract - previous)} HT à facturer sur ce lot.`;
      let cumulative: Cents;
      if ("percent" in entry) {
        const rate = entry.percent;
        if (!Number.isSafeInteger(rate) || rate < 0) {
          refuse(`Lot « ${lot.title} » : l'avancement doit être compris entre 0 et 100\u00a0%.`);
        }
        if (rate > FULL_PERCENT) {
          refuse(
            `Lot « ${lot.title} » : l'avancement cumulé ne peut pas dépasser 100\u00a0%. ${leftOnLot} ${remainingSentence(model, history.total)}`,
          );
        }
        cumulative = percentOf(lot.contract, rate);
        percents[l] = rate;
      } else {
        if (!isCents(entry.cumulativeHt)) refuse(`Lot « ${lot.title} » : ${MONEY_MESSAGES.range}`);
        if (entry.cumulativeHt < 0)
          refuse(`Lot « ${lot.title} » : le montant cumulé ne peut pas être négatif.`);
        cumulative = entry.cumulativeHt === 0 ? 0 : entry.cumulativeHt;
        if (cumulative > lot.contract) {
          refuse(
            `Lot « ${lot.title} » : ${formatCents(cumulative)} HT cumulés dépasseraient le montant du lot (${formatCents(lot.contract)} HT). ${leftOnLot} ${remainingSentence(model, history.total)}`,
          );
        }
      }
      if (cumulative < previous) {
        refuse(
          `Lot « ${lot.title} » : l'avancement cumulé ne peut pas être inférieur à ce qui est déjà facturé (${formatCents(previous)} HT, ${formatPercent(percentOfContract(previous, lot.contract))}). Pour corriger une situation, établissez un avoir.`,
        );
      }
      targets[l] = cumulative;
    }
    const unchanged = model.lots.every((_, l) => at(targets, l) === sum(history.total.cells[l] ?? []));
    if (unchanged) refuse("Cette situation ne fait avancer aucun lot : il n'y a rien à facturer.");
    return workInvoice(model, history, targets, percents, false);
  });
}

/**
 * The final invoice (« Facture de solde »): every lot to 100 %, lot by lot and rate by
 * rate what the deposits and situations left, every deposit not yet deducted deducted,
 * the retention completed. Refused when nothing is left to invoice.
 */
export function computeFinalInvoice(quote: BillingQuote, invoices: readonly IssuedInvoice[]): BillingResult {
  return attempt(() => {
    const model = buildModel(quote);
    const history = readHistory(model, invoices);
    const invoice = workInvoice(
      model,
      history,
      model.lots.map((lot) => lot.contract),
      model.lots.map(() => FULL_PERCENT),
      true,
    );
    const empty =
      invoice.byRate.every((rate) => rate.ht === 0 && rate.vat === 0) &&
      invoice.depositDeduction.every((rate) => rate.ht === 0) &&
      invoice.totals.retention === 0;
    if (empty) refuse("Ce devis est entièrement facturé : il ne reste rien à facturer.");
    return invoice;
  });
}

// ─── Standalone invoice ──────────────────────────────────────────────────────────────

export const STANDALONE_MESSAGES = {
  empty:
    "La facture ne compte aucune ligne chiffrée : ajoutez au moins une ligne avec sa quantité et son prix.",
  optional: "Une facture ne compte pas de ligne en option : facturez-la ou supprimez-la.",
  discount: "Une facture sans devis n'a pas de remise globale : portez-la sur les lignes.",
  travel: "Une facture sans devis n'a pas de frais de déplacement à part : ajoutez-les en ligne.",
} as const;

/**
 * A standalone invoice (« Facture », a small job without a quote), from lines typed as a
 * quote's: billed as the final invoice of a quote made of these lines alone, so its
 * figures, VAT per rate and credit notes follow the same rules; its lines are printed as
 * typed (`items`). No document discount, travel costs or optional lines (their amounts
 * would not be those of the lines); a line without quantity or price counts 0 here and is
 * refused at issue (`standaloneProblems`).
 */
export function computeStandaloneInvoice(
  content: Pick<QuoteContent, "reverseCharge" | "lots" | "travel" | "discount">,
): BillingResult {
  const problem = standaloneShapeProblem(content);
  if (problem) return { ok: false, message: problem };
  const figures = billingQuoteFromContent(content, null);
  if (figures.totalHt <= 0) return { ok: false, message: STANDALONE_MESSAGES.empty };
  const result = computeFinalInvoice(figures, []);
  if (!result.ok) return result;
  const vatOf = (code: VatCode): VatCode => (content.reverseCharge ? "autoliquidation" : code);
  const items: ItemLine[] = content.lots.flatMap((lot) =>
    lot.lines.map((line): ItemLine => {
      if (line.kind === "text") return { kind: "text", lotId: lot.id, text: line.text };
      const quantity = line.quantity ?? 0;
      const unitPriceHt = line.unitPriceHt ?? 0;
      return {
        kind: "item",
        lotId: lot.id,
        designation: line.designation,
        description: line.description,
        unit: line.unit,
        quantity,
        unitPriceHt,
        vatCode: vatOf(line.vatCode),
        ht: lineAmounts(quantity, unitPriceHt).net,
      };
    }),
  );
  return { ok: true, invoice: { ...result.invoice, kind: "facture", sequence: 1, title: "Facture", items } };
}

function standaloneShapeProblem(content: Pick<QuoteContent, "lots" | "travel" | "discount">): string | null {
  if (content.discount) return STANDALONE_MESSAGES.discount;
  if (content.travel) return STANDALONE_MESSAGES.travel;
  if (content.lots.some((lot) => lot.lines.some((line) => line.kind === "item" && line.optional))) {
    return STANDALONE_MESSAGES.optional;
  }
  return null;
}

/** What stops a standalone draft from being issued: its lines without quantity or price. */
export function standaloneProblems(content: Pick<QuoteContent, "lots">): string[] {
  const problems: string[] = [];
  for (const lot of content.lots) {
    for (const line of lot.lines) {
      if (line.kind !== "item") continue;
      if (line.quantity === null || line.unitPriceHt === null) {
        problems.push(`La ligne « ${line.designation} » n'a pas de quantité ou de prix unitaire.`);
      }
    }
  }
  return problems;
}

// ─── Credit notes ────────────────────────────────────────────────────────────────────

/**
 * A credit note (« Avoir ») of one issued invoice: total (the mirror of what the invoice
 * still stands for after earlier credit notes on it: its exact negation when there were
 * none) or partial (a percentage or an amount TTC of that), spread over its rates in
 * proportion to their TTC, each share into an HT base, the base over the lots, deposit and
 * deductions; the VAT of each rate is round(base × rate). Its amounts are negative. Refused on a
 * credit note, beyond what is left of the invoice, or beyond what is left to deduct of a
 * deposit already deducted from later invoices.
 */
export function computeCreditNote(
  quote: BillingQuote,
  invoices: readonly IssuedInvoice[],
  request: CreditNoteRequest,
): BillingResult {
  return attempt(() => {
    const model = buildModel(quote);
    const history = readHistory(model, invoices);
    const invoice = history.byId.get(request.invoiceId);
    if (!invoice) refuse("Cette facture n'est pas une facture de ce devis.");
    if (invoice.kind === "avoir")
      refuse("Un avoir ne s'annule pas par un avoir : établissez une nouvelle facture.");
    const net = leftOfInvoice(model, history, invoice);
    const netHt = model.rates.map(
      (_, r) =>
        sum(net.cells.map((cells) => at(cells, r))) +
        at(net.depHt, r) -
        at(net.dedHt, r) +
        at(net.allowHt, r),
    );
    const netByRate = model.rates.map((_, r) => at(netHt, r) + at(net.vat, r) + at(net.allowVat, r));
    const netTtc = sum(netByRate);
    const nothingLeft = isEmptyLedger(net);
    if (nothingLeft) refuse("Cette facture est déjà entièrement annulée par avoir.");
    const asked = request.amount;
    const reason = creditReasonOf(request);
    if (asked.kind === "allowance") {
      if (!isCents(asked.ttc)) refuse(`Avoir : ${MONEY_MESSAGES.range}`);
      return allowanceCreditNote(model, history, invoice, asked, netHt, netByRate, reason);
    }
    let credit: Ledger;
    let total = false;
    let items: ItemLine[] | undefined;
    if (asked.kind === "lots" || asked.kind === "items") {
      const taken =
        asked.kind === "lots"
          ? lotsTaken(model, invoice, net, asked.lots)
          : itemsTaken(model, history, invoice, net, asked.items);
      credit = correctionLedger(model, net, netTtc, taken.cells);
      items = taken.items;
    } else {
      let amount: Cents;
      if (asked.kind === "total") amount = netTtc;
      else if (asked.kind === "percent") {
        const rate = asked.basisPoints;
        if (!Number.isSafeInteger(rate) || rate <= 0 || rate > FULL_PERCENT) {
          refuse("Le pourcentage de l'avoir doit être compris entre 0 et 100\u00a0%.");
        }
        amount = percentOf(netTtc, rate);
      } else {
        if (!isCents(asked.ttc)) refuse(`Avoir : ${MONEY_MESSAGES.range}`);
        amount = asked.ttc;
      }
      total = amount === netTtc;
      if (!total && (amount <= 0 || amount > netTtc)) {
        refuse(
          `L'avoir doit être compris entre 0,01\u00a0€ et ce qui reste de la facture : ${formatCents(Math.max(0, netTtc))} TTC.`,
        );
      }
      credit = total ? negateLedger(net) : partialLedger(model, net, netHt, netByRate, netTtc, amount);
    }
    // A deposit already deducted from later invoices: only what is left to deduct can be credited.
    const after = emptyLedger(model);
    addLedger(after, history.total);
    addLedger(after, credit);
    const overdrawn = positions(model, after).some((position) => position.depHt < 0);
    if (overdrawn) {
      const left = sum(
        positions(model, history.total).map(
          (position, r) => position.depHt + vatOn(model.rates[r] as Rate, position.depHt),
        ),
      );
      refuse(
        `Cet acompte a déjà été déduit des factures suivantes : l'avoir ne peut dépasser ce qui reste à déduire, ${formatCents(Math.max(0, Math.min(left, netTtc)))} TTC.`,
      );
    }
    const lines: InvoiceLine[] = [];
    model.lots.forEach((lot, l) => {
      const change = credit.cells[l] ?? [];
      const hadLine = invoice.lines.some((line) => line.kind === "lot" && line.lotId === lot.id);
      // A correction prints the lots it takes back from; the other notes, every lot of the invoice.
      if (!hadLine || (items !== undefined || asked.kind === "lots" ? sum(change) === 0 : false)) return;
      const previous = history.total.cells[l] ?? [];
      const cumulative = sum(previous) + sum(change);
      lines.push(lotLine(lot, model, previous, change, percentOfContract(cumulative, lot.contract)));
    });
    lines.push(
      ...depositLines(
        "Annulation d'acompte",
        rateAmounts(
          model,
          credit.depHt,
          model.rates.map((rate, r) => vatOn(rate, at(credit.depHt, r))),
        ),
      ),
      ...deductionLines("Acomptes réintégrés (HT)", rateBases(model, credit.dedHt)),
    );
    const scope = total ? "" : " partiel";
    const document = assemble(model, history, {
      kind: "avoir",
      title: `Avoir${scope} sur la ${lowerFirst(invoice.title)}`,
      lines,
      ledger: credit,
      creditOf: { invoiceId: invoice.id, total },
      // A total credit note is the exact opposite of what is left of the invoice, VAT
      // included (with the cents a closing invoice took back, or a partial note left).
      ...(total ? { vat: [...credit.vat] } : {}),
      ...(reason ? { creditReason: reason } : {}),
    });
    return items ? { ...document, items } : document;
  });
}

/** What is left of an invoice: its own amounts plus those of the credit notes issued on it. */
function leftOfInvoice(model: Model, history: History, invoice: IssuedInvoice): Ledger {
  const net = ledgerOf(model, invoice);
  const earlier = history.credits.get(invoice.id);
  if (earlier) addLedger(net, earlier);
  return net;
}

/** What earlier « Correction » credit notes took back from each line of a standalone invoice, by position. */
function linesTakenBack(history: History, invoiceId: string): Map<number, { quantity: number; ht: Cents }> {
  const taken = new Map<number, { quantity: number; ht: Cents }>();
  for (const document of history.byId.values()) {
    if (document.kind !== "avoir" || document.creditOf?.invoiceId !== invoiceId) continue;
    for (const item of document.items ?? []) {
      if (item.kind !== "item" || item.of === undefined) continue;
      const sofar = taken.get(item.of) ?? { quantity: 0, ht: 0 };
      taken.set(item.of, { quantity: sofar.quantity + item.quantity, ht: sofar.ht - item.ht });
    }
  }
  return taken;
}

/** What a « Correction » may take back from an invoice: its lots' HT, or its lines' quantities. */
export type CorrectableLines =
  | { kind: "lots"; lots: { lotId: string; title: string; leftHt: Cents }[] }
  | {
      kind: "items";
      items: { index: number; designation: string; unit: string; unitPriceHt: Cents; leftQuantity: number }[];
    };

/**
 * What is left to correct on each lot (a quote's invoice) or each line (a standalone
 * invoice) after the credit notes already issued on it; null when the invoice has nothing a
 * « Correction » can take back (a deposit, a credit note, or all of it credited).
 */
export function correctableLines(
  quote: BillingQuote,
  invoices: readonly IssuedInvoice[],
  invoiceId: string,
): CorrectableLines | null {
  const model = buildModel(quote);
  const history = readHistory(model, invoices);
  const invoice = history.byId.get(invoiceId);
  if (!invoice || invoice.kind === "avoir") return null;
  const net = leftOfInvoice(model, history, invoice);
  if (invoice.items) {
    const taken = linesTakenBack(history, invoice.id);
    const items = invoice.items.flatMap((item, index) => {
      if (item.kind !== "item" || item.ht <= 0) return [];
      const leftQuantity = item.quantity - (taken.get(index)?.quantity ?? 0);
      const l = model.lotIndex.get(item.lotId);
      const r = model.rateIndex.get(item.vatCode);
      const cellLeft = l === undefined || r === undefined ? 0 : at(net.cells[l] ?? [], r);
      if (leftQuantity <= 0 || cellLeft <= 0) return [];
      const { designation, unit, unitPriceHt } = item;
      return [{ index, designation, unit, unitPriceHt, leftQuantity }];
    });
    return items.length > 0 ? { kind: "items", items } : null;
  }
  const lots = model.lots.flatMap((lot, l) => {
    const onInvoice = invoice.lines.some((line) => line.kind === "lot" && line.lotId === lot.id);
    const leftHt = sum((net.cells[l] ?? []).map((value) => Math.max(0, value)));
    return onInvoice && leftHt > 0 ? [{ lotId: lot.id, title: lot.title, leftHt }] : [];
  });
  return lots.length > 0 ? { kind: "lots", lots } : null;
}

/**
 * A partial credit note of `amount` TTC: spread over the invoice's rates in proportion to
 * what is left of each (largest remainder), each share into its HT base (its VAT is
 * round(base × rate), in assemble), kept within the rate's base, then over the amounts
 * that make the base: the lots, the deposit and the deductions.
 */
function partialLedger(
  model: Model,
  net: Ledger,
  netHt: readonly Cents[],
  netByRate: readonly Cents[],
  netTtc: Cents,
  amount: Cents,
): Ledger {
  const credit = emptyLedger(model);
  const shares = allocate(
    amount,
    netByRate.map((value) => Math.max(0, value)),
  );
  model.rates.forEach((rate, r) => {
    const share = at(shares, r);
    if (share === 0) return;
    const base = Math.min(baseOfTtc(rate, share), Math.max(0, at(netHt, r)));
    if (base === 0) return;
    const htAtoms = [...net.cells.map((cells) => at(cells, r)), at(net.depHt, r), neg(at(net.dedHt, r))];
    const htParts = allocate(base, htAtoms);
    const lots = model.lots.length;
    net.cells.forEach((_, l) => {
      const cells = credit.cells[l] as number[];
      cells[r] = neg(at(htParts, l));
    });
    credit.depHt[r] = neg(at(htParts, lots));
    credit.dedHt[r] = at(htParts, lots + 1);
  });
  if (
    model.rates.every(
      (_, r) =>
        sum(credit.cells.map((cells) => at(cells, r))) + at(credit.depHt, r) - at(credit.dedHt, r) === 0,
    )
  ) {
    refuse(
      `L'avoir de ${formatCents(amount)} TTC est trop faible pour porter un montant HT : indiquez un avoir plus élevé.`,
    );
  }
  credit.retention = neg(
    netTtc === 0 ? 0 : Number(divideHalfAwayFromZero(BigInt(net.retention) * BigInt(amount), BigInt(netTtc))),
  );
  return credit;
}

/** The work a « Correction » takes back, HT, per lot and rate (positive), and the lines it prints. */
type Taken = { cells: number[][]; items?: ItemLine[] };

const CORRECTION_LIMIT = 200;

/**
 * « Correction » of chosen lots (a quote's invoice): each lot's HT taken back, at most
 * what is left of the lot on the invoice, spread over the lot's rates in proportion to
 * what is left of each (largest remainder).
 */
function lotsTaken(model: Model, invoice: IssuedInvoice, net: Ledger, lots: readonly LotCorrection[]): Taken {
  if (invoice.items) refuse("Cette facture se corrige par ses lignes : indiquez les quantités à reprendre.");
  if (lots.length === 0) refuse("Indiquez le montant HT à reprendre sur au moins un lot.");
  if (lots.length > CORRECTION_LIMIT) refuse("Trop de lots dans la correction.");
  const cells = model.lots.map(() => model.rates.map(() => 0));
  const seen = new Set<string>();
  for (const entry of lots) {
    const l = model.lotIndex.get(entry.lotId);
    const onInvoice = invoice.lines.some((line) => line.kind === "lot" && line.lotId === entry.lotId);
    if (l === undefined || !onInvoice) refuse("Ce lot n'est pas sur cette facture.");
    if (seen.has(entry.lotId)) refuse("Un lot ne figure qu'une fois dans la correction.");
    seen.add(entry.lotId);
    const lot = model.lots[l] as Lot;
    const left = (net.cells[l] ?? []).map((value) => Math.max(0, value));
    const leftHt = sum(left);
    if (!isCents(entry.ht) || entry.ht <= 0 || entry.ht > leftHt) {
      refuse(
        leftHt > 0
          ? `Lot « ${lot.title} » : indiquez un montant HT entre 0,01\u00a0€ et ${formatCents(leftHt)}, ce qui reste de ce lot sur la facture.`
          : `Lot « ${lot.title} » : il ne reste rien de ce lot sur la facture.`,
      );
    }
    cells[l] = allocate(entry.ht, left);
  }
  return { cells };
}

/**
 * « Correction » of chosen lines (a standalone invoice): each line's quantity taken back,
 * at most what earlier corrections left of it; its HT is round(quantity × unit price), or
 * exactly what is left of the line when all of it is taken back.
 */
function itemsTaken(
  model: Model,
  history: History,
  invoice: IssuedInvoice,
  net: Ledger,
  asked: readonly ItemCorrection[],
): Taken {
  const invoiceItems = invoice.items;
  if (!invoiceItems) refuse("Cette facture se corrige par lot : indiquez le montant HT à reprendre.");
  if (asked.length === 0) refuse("Indiquez la quantité à reprendre sur au moins une ligne.");
  if (asked.length > CORRECTION_LIMIT) refuse("Trop de lignes dans la correction.");
  const before = linesTakenBack(history, invoice.id);
  const cells = model.lots.map(() => model.rates.map(() => 0));
  const items: ItemLine[] = [];
  const seen = new Set<number>();
  for (const entry of [...asked].sort((a, b) => a.index - b.index)) {
    const item = Number.isSafeInteger(entry.index) ? invoiceItems[entry.index] : undefined;
    if (item?.kind !== "item") refuse("Cette ligne n'est pas sur cette facture.");
    if (seen.has(entry.index)) refuse("Une ligne ne figure qu'une fois dans la correction.");
    seen.add(entry.index);
    if (item.ht <= 0) refuse(`La ligne « ${item.designation} » n'a pas de montant positif à reprendre.`);
    const taken = before.get(entry.index) ?? { quantity: 0, ht: 0 };
    const leftQuantity = item.quantity - taken.quantity;
    if (!Number.isSafeInteger(entry.quantity) || entry.quantity <= 0 || entry.quantity > leftQuantity) {
      refuse(
        leftQuantity > 0
          ? `Ligne « ${item.designation} » : indiquez une quantité entre 0,001 et ${formatQuantity(leftQuantity)} ${item.unit}, ce qui reste de la ligne.`
          : `Ligne « ${item.designation} » : elle est déjà entièrement reprise par un avoir.`,
      );
    }
    const ht =
      entry.quantity === leftQuantity
        ? item.ht - taken.ht
        : lineAmounts(entry.quantity, item.unitPriceHt).net;
    const l = model.lotIndex.get(item.lotId);
    const r = model.rateIndex.get(item.vatCode);
    if (l === undefined || r === undefined) refuse(FOREIGN);
    const lotCells = cells[l] as number[];
    lotCells[r] = at(lotCells, r) + ht;
    if (at(lotCells, r) > at(net.cells[l] ?? [], r)) {
      refuse(
        `Ligne « ${item.designation} » : l'avoir dépasserait ce qui reste de la facture sur cette ligne.`,
      );
    }
    if (ht !== 0) items.push({ ...item, quantity: entry.quantity, ht: neg(ht), of: entry.index });
  }
  if (items.length === 0) refuse("La quantité indiquée est trop faible pour porter un montant HT.");
  return { cells, items };
}

/**
 * The ledger of a « Correction »: the work taken back and, on each rate, the same share of
 * the deposits the invoice deducted, reinstated (they will be deducted again when the work
 * is invoiced again); the retention in proportion. Refused when it takes back all that is
 * left of the invoice: that is an « Annulation ».
 */
function correctionLedger(model: Model, net: Ledger, netTtc: Cents, taken: readonly number[][]): Ledger {
  const credit = emptyLedger(model);
  let estimatedTtc = 0;
  model.rates.forEach((rate, r) => {
    const netWork = sum(net.cells.map((cells) => at(cells, r)));
    const workTaken = sum(taken.map((cells) => at(cells, r)));
    if (workTaken === 0) return;
    taken.forEach((cells, l) => {
      (credit.cells[l] as number[])[r] = neg(at(cells, r));
    });
    const deducted = at(net.dedHt, r);
    const reinstated =
      workTaken >= netWork
        ? deducted
        : Number(divideHalfAwayFromZero(BigInt(deducted) * BigInt(workTaken), BigInt(netWork)));
    credit.dedHt[r] = neg(reinstated);
    const base = workTaken - reinstated;
    estimatedTtc += base + vatOn(rate, base);
  });
  const all = negateLedger(net);
  const everything =
    credit.cells.every((cells, l) => cells.every((value, r) => value === at(all.cells[l] ?? [], r))) &&
    net.depHt.every((value) => value === 0) &&
    net.allowHt.every((value) => value === 0);
  if (everything) {
    refuse("Cette correction reprend tout ce qui reste de la facture : choisissez « Annulation ».");
  }
  credit.retention = neg(
    netTtc <= 0
      ? 0
      : Math.min(
          net.retention,
          Number(divideHalfAwayFromZero(BigInt(net.retention) * BigInt(estimatedTtc), BigInt(netTtc))),
        ),
  );
  return credit;
}

const REASON_MAX_LENGTH = 500;

/**
 * The kind and reason of a credit note, checked against what it credits: « Annulation »
 * cancels all that is left of the invoice, « Correction » takes back part of its work
 * (a percentage or an amount), « Geste commercial » and « Remise » are an amount under a
 * designation. The reason is required (the routes always send it).
 */
function creditReasonOf(request: CreditNoteRequest): CreditNoteReason | undefined {
  const reason = request.reason;
  if (!reason) return undefined;
  if (!(CREDIT_NOTE_KINDS as readonly string[]).includes(reason.kind)) refuse("Choisissez le type d'avoir.");
  const text = reason.text.trim();
  if (text === "") refuse("Indiquez le motif de l'avoir : il est imprimé sur l'avoir.");
  if (text.length > REASON_MAX_LENGTH)
    refuse(`Le motif de l'avoir tient en ${REASON_MAX_LENGTH} caractères au plus.`);
  const expected: Record<CreditNoteRequest["amount"]["kind"], readonly CreditNoteKind[]> = {
    total: ["annulation"],
    percent: ["correction"],
    amount: ["correction"],
    lots: ["correction"],
    items: ["correction"],
    allowance: ["geste", "remise"],
  };
  if (!expected[request.amount.kind].includes(reason.kind)) {
    refuse(
      "Le type d'avoir ne correspond pas au montant : une annulation reprend toute la facture, une correction une partie des travaux, un geste commercial ou une remise un montant.",
    );
  }
  return { kind: reason.kind, text };
}

/**
 * A gesture or a discount: the amount TTC split over the invoice's rates in proportion to
 * what is left of each (largest remainder), each share into its HT base (its VAT =
 * round(base × rate)), printed under the user's designation. The work invoiced, the
 * deposits and what is left to invoice on the quote do not move.
 */
function allowanceCreditNote(
  model: Model,
  history: History,
  invoice: IssuedInvoice,
  asked: { ttc: Cents; designation: string },
  netHt: readonly Cents[],
  netByRate: readonly Cents[],
  reason: CreditNoteReason | undefined,
): BillingInvoice {
  const designation = asked.designation.trim();
  if (designation === "") refuse("Indiquez la désignation du geste commercial ou de la remise.");
  if (designation.length > 200) refuse("La désignation tient en 200 caractères au plus.");
  const netTtc = sum(netByRate);
  if (asked.ttc <= 0 || asked.ttc > netTtc) {
    refuse(
      `Le montant doit être compris entre 0,01\u00a0€ et ce qui reste de la facture : ${formatCents(Math.max(0, netTtc))} TTC.`,
    );
  }
  const credit = emptyLedger(model);
  const shares = allocate(
    asked.ttc,
    netByRate.map((value) => Math.max(0, value)),
  );
  model.rates.forEach((rate, r) => {
    const base = Math.min(baseOfTtc(rate, at(shares, r)), Math.max(0, at(netHt, r)));
    credit.allowHt[r] = neg(base);
  });
  if (credit.allowHt.every((value) => value === 0)) {
    refuse(
      `Le montant de ${formatCents(asked.ttc)} TTC est trop faible pour porter un montant HT : indiquez un montant plus élevé.`,
    );
  }
  const lines: InvoiceLine[] = model.rates.flatMap((rate, r): AllowanceLine[] =>
    at(credit.allowHt, r) === 0
      ? []
      : [
          {
            kind: "allowance",
            label: designation,
            code: rate.code,
            basisPoints: rate.basisPoints,
            ht: at(credit.allowHt, r),
          },
        ],
  );
  const kindLabel = reason ? CREDIT_NOTE_KIND_LABELS[reason.kind].toLowerCase() : "geste commercial";
  return assemble(model, history, {
    kind: "avoir",
    title: `Avoir (${kindLabel}) sur la ${lowerFirst(invoice.title)}`,
    lines,
    ledger: credit,
    creditOf: { invoiceId: invoice.id, total: false },
    ...(reason ? { creditReason: reason } : {}),
  });
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1);
}
