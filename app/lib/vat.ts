import {
  allocate,
  type BasisPoints,
  type Cents,
  divideHalfAwayFromZero,
  FULL_PERCENT,
  isCents,
  isMilli,
  lineAmounts,
  type Milli,
  MONEY_MESSAGES,
  MoneyError,
  percentOf,
  QUANTITY_MESSAGES,
} from "./money.ts";
import { z } from "./zod.ts";

/*
 * VAT on building work and the totals of a quote or an invoice, computed from its lines.
 * The browser calls these functions to show totals while the staff type; the server calls
 * them again on the lines it stores, and never reads a total sent by a browser: nothing
 * here accepts a total, every figure is derived from lines.
 *
 * Rounding follows `money.ts` (to the cent, half away from zero) and, for a document:
 * - each line's net HT as in `lineAmounts`;
 * - a document discount in percent is round(lines HT × percentage), then spread over the
 *   VAT rates in proportion to their HT by the largest remainder method (`allocate`), so
 *   the rates' shares add up to the discount exactly;
 * - VAT per rate = round(that rate's HT after discount × rate), once on the sum of the
 *   rate's lines, never line by line (BACKOFFICE.md; the invoice prints HT and VAT per rate);
 * - TTC = HT + VAT.
 */

export const VAT_CODES = ["20", "10", "5.5", "autoliquidation"] as const;
export type VatCode = (typeof VAT_CODES)[number];

export type VatRate = {
  code: VatCode;
  /** What a select or a totals table shows. */
  label: string;
  basisPoints: BasisPoints;
  /** The text the document must carry when one of its lines uses this rate. */
  mention: string | null;
  /** The client certifies, on the document, the conditions of the reduced rate (since 16 February 2025). */
  requiresClientCertification: boolean;
  /** Energy-improvement work: the company's RGE qualification is shown when aid is claimed. */
  requiresRge: boolean;
  /** Reverse charge: the document shows amounts HT only, the client accounts for the VAT. */
  reverseCharge: boolean;
};

// The tax administration published its own wording (BOI-LETTRE-000280): decision 011 asks
// the company to compare before the first use. The conditions are those of CGI 279-0 bis
// and 278-0 bis A: a home finished more than two years ago, work that does not amount to
// a new building.
const HOME_CONDITIONS =
  "portent sur des locaux à usage d'habitation achevés depuis plus de deux ans et n'ont pas pour effet, " +
  "sur une période de deux ans, de produire un immeuble neuf ni d'augmenter de plus de 10\u00a0% la surface " +
  "de plancher des locaux existants";
const CLIENT_LIABILITY =
  "Si cette certification se révèle inexacte de son fait, le client est solidairement tenu au paiement " +
  "du complément de TVA.";

export const CERTIFICATION_10 =
  `Le client certifie que les travaux faisant l'objet du présent document ${HOME_CONDITIONS}, ` +
  `conditions du taux de TVA de 10\u00a0% (article 279-0 bis du CGI). ${CLIENT_LIABILITY}`;

export const CERTIFICATION_5_5 =
  `Le client certifie que les travaux faisant l'objet du présent document ${HOME_CONDITIONS}, ` +
  "et qu'il s'agit de travaux d'amélioration de la qualité énergétique du logement ou de travaux " +
  "qui leur sont indissociablement liés, conditions du taux de TVA de 5,5\u00a0% (article 278-0 bis A " +
  `du CGI). ${CLIENT_LIABILITY}`;

export const REVERSE_CHARGE_MENTION =
  "Autoliquidation – TVA due par le preneur assujetti (article 283-2 nonies du CGI)";

/**
 * The rates of building work. Walk them through `VAT_CODES`, the order a document lists
 * them: "10" and "20" are integer keys, which an object lists first, in numeric order.
 */
export const VAT_RATES = {
  "20": {
    code: "20",
    label: "TVA 20\u00a0%",
    basisPoints: 2000,
    mention: null,
    requiresClientCertification: false,
    requiresRge: false,
    reverseCharge: false,
  },
  "10": {
    code: "10",
    label: "TVA 10\u00a0%",
    basisPoints: 1000,
    mention: CERTIFICATION_10,
    requiresClientCertification: true,
    requiresRge: false,
    reverseCharge: false,
  },
  "5.5": {
    code: "5.5",
    label: "TVA 5,5\u00a0%",
    basisPoints: 550,
    mention: CERTIFICATION_5_5,
    requiresClientCertification: true,
    requiresRge: true,
    reverseCharge: false,
  },
  autoliquidation: {
    code: "autoliquidation",
    label: "Autoliquidation",
    basisPoints: 0,
    mention: REVERSE_CHARGE_MENTION,
    requiresClientCertification: false,
    requiresRge: false,
    reverseCharge: true,
  },
} as const satisfies Record<VatCode, VatRate>;

export function isVatCode(value: unknown): value is VatCode {
  return typeof value === "string" && (VAT_CODES as readonly string[]).includes(value);
}

/** A VAT select of a form. */
export const VatCodeSchema = z.enum(VAT_CODES, { error: "Choisissez un taux de TVA." });

export type ItemLine = {
  kind: "item";
  quantity: Milli;
  unitPriceHt: Cents;
  vatCode: VatCode;
  /** Line discount, 0 to 100 %. */
  discount?: BasisPoints;
  /** « En option »: shown apart, not counted in the document's totals. */
  optional?: boolean;
};
/** A title or a note between lines: no amount. */
export type TextLine = { kind: "text" };
export type DocumentLine = ItemLine | TextLine;

/** A percentage or an amount: a document discount, a deposit. */
export type PercentOrAmount =
  | { kind: "percent"; basisPoints: BasisPoints }
  | { kind: "amount"; cents: Cents };

export type TotalsOptions = {
  /**
   * Taken on the counted lines' HT. An amount carries the document's sign (negative on a
   * credit note) and cannot exceed its HT.
   */
  discount?: PercentOrAmount;
};

export type LineResult =
  | { kind: "text" }
  | { kind: "item"; optional: boolean; grossHt: Cents; discountHt: Cents; totalHt: Cents };

export type RateTotal = {
  code: VatCode;
  basisPoints: BasisPoints;
  /** Sum of the rate's lines, before the document discount. */
  linesHt: Cents;
  /** The rate's share of the document discount. */
  discountHt: Cents;
  /** linesHt − discountHt: the base of the VAT. */
  ht: Cents;
  vat: Cents;
};

export type GroupTotals = {
  /** One entry per rate used, in the order of `VAT_CODES`. */
  byRate: RateTotal[];
  linesHt: Cents;
  discountHt: Cents;
  totalHt: Cents;
  totalVat: Cents;
  totalTtc: Cents;
};

export type Totals = GroupTotals & {
  /** One result per input line, in order. */
  lines: LineResult[];
  /** The lines « en option », without the document discount: what taking them all would add. */
  optional: GroupTotals;
};

function checkLine(line: ItemLine, position: number): void {
  const where = `Ligne ${position}`;
  if (!isVatCode(line.vatCode)) throw new MoneyError(`${where} : taux de TVA inconnu.`);
  if (!isMilli(line.quantity)) throw new MoneyError(`${where} : ${QUANTITY_MESSAGES.range}`);
  if (!isCents(line.unitPriceHt)) throw new MoneyError(`${where} : ${MONEY_MESSAGES.range}`);
  const discount = line.discount ?? 0;
  if (!Number.isSafeInteger(discount) || discount < 0 || discount > FULL_PERCENT) {
    throw new MoneyError(`${where} : la remise doit être comprise entre 0 et 100\u00a0%.`);
  }
}

function checkedSum(values: readonly Cents[], what: string): Cents {
  const sum = values.reduce((total, value) => total + BigInt(value), 0n);
  const cents = Number(sum);
  if (!isCents(cents)) throw new MoneyError(`${what} : ${MONEY_MESSAGES.range}`);
  return cents;
}

function documentDiscount(linesHt: Cents, discount: PercentOrAmount | undefined): Cents {
  if (!discount) return 0;
  if (discount.kind === "percent") {
    const rate = discount.basisPoints;
    if (!Number.isSafeInteger(rate) || rate < 0 || rate > FULL_PERCENT) {
      throw new MoneyError("La remise doit être comprise entre 0 et 100\u00a0%.");
    }
    return percentOf(linesHt, rate);
  }
  const cents = discount.cents;
  if (!isCents(cents)) throw new MoneyError(`Remise : ${MONEY_MESSAGES.range}`);
  const sameSign = linesHt >= 0 ? cents >= 0 : cents <= 0;
  if (!sameSign || Math.abs(cents) > Math.abs(linesHt)) {
    throw new MoneyError("La remise ne peut pas dépasser le total HT.");
  }
  return cents === 0 ? 0 : cents; // a -0 typed in would otherwise travel into every total
}

function groupTotals(
  lines: readonly { vatCode: VatCode; totalHt: Cents }[],
  discount: PercentOrAmount | undefined,
): GroupTotals {
  const codes = VAT_CODES.filter((code) => lines.some((line) => line.vatCode === code));
  const ratesHt = codes.map((code) =>
    checkedSum(
      lines.filter((line) => line.vatCode === code).map((line) => line.totalHt),
      `Total HT ${VAT_RATES[code].label}`,
    ),
  );
  const linesHt = checkedSum(ratesHt, "Total HT");
  const discountHt = documentDiscount(linesHt, discount);
  const shares = discountHt === 0 ? ratesHt.map(() => 0) : allocate(discountHt, ratesHt);
  const byRate = codes.map((code, index): RateTotal => {
    const basisPoints = VAT_RATES[code].basisPoints;
    const rateLinesHt = ratesHt[index] as Cents;
    const rateDiscount = shares[index] as Cents;
    const ht = rateLinesHt - rateDiscount;
    return {
      code,
      basisPoints,
      linesHt: rateLinesHt,
      discountHt: rateDiscount,
      ht,
      vat: percentOf(ht, basisPoints),
    };
  });
  const totalHt = checkedSum(
    byRate.map((rate) => rate.ht),
    "Total HT",
  );
  const totalVat = checkedSum(
    byRate.map((rate) => rate.vat),
    "Total TVA",
  );
  return {
    byRate,
    linesHt,
    discountHt,
    totalHt,
    totalVat,
    totalTtc: checkedSum([totalHt, totalVat], "Total TTC"),
  };
}

/**
 * The totals of a quote or an invoice from its lines: each line's HT, HT and VAT per
 * rate, totals HT, VAT and TTC, and the optional lines apart. Throws `MoneyError` (a
 * French message) on a line or a result beyond what a document may carry.
 */
export function computeTotals(lines: readonly DocumentLine[], options: TotalsOptions = {}): Totals {
  const results: LineResult[] = [];
  const counted: { vatCode: VatCode; totalHt: Cents }[] = [];
  const optional: { vatCode: VatCode; totalHt: Cents }[] = [];
  lines.forEach((line, index) => {
    if (line.kind === "text") {
      results.push({ kind: "text" });
      return;
    }
    checkLine(line, index + 1);
    const amounts = lineAmounts(line.quantity, line.unitPriceHt, line.discount ?? 0);
    const isOptional = line.optional === true;
    results.push({
      kind: "item",
      optional: isOptional,
      grossHt: amounts.gross,
      discountHt: amounts.discount,
      totalHt: amounts.net,
    });
    (isOptional ? optional : counted).push({ vatCode: line.vatCode, totalHt: amounts.net });
  });
  return {
    ...groupTotals(counted, options.discount),
    lines: results,
    optional: groupTotals(optional, undefined),
  };
}

/**
 * The rates a document's lines use (options included: an option accepted later is billed
 * at its rate), in table order. Their `mention`s are what the document must carry.
 */
export function documentVatRates(lines: readonly DocumentLine[]): VatRate[] {
  const used = new Set(lines.flatMap((line) => (line.kind === "item" ? [line.vatCode] : [])));
  return VAT_CODES.filter((code) => used.has(code)).map((code) => VAT_RATES[code]);
}

/**
 * A deposit (acompte) on a TTC total: a percentage rounded half away from zero, or an
 * amount; never negative, never more than the TTC.
 */
export function computeDeposit(totalTtc: Cents, deposit: PercentOrAmount): Cents {
  if (!isCents(totalTtc) || totalTtc < 0)
    throw new MoneyError("Un acompte se calcule sur un total TTC positif.");
  if (deposit.kind === "percent") {
    const rate = deposit.basisPoints;
    if (!Number.isSafeInteger(rate) || rate < 0 || rate > FULL_PERCENT) {
      throw new MoneyError("L'acompte doit être compris entre 0 et 100\u00a0%.");
    }
    return percentOf(totalTtc, rate);
  }
  if (!isCents(deposit.cents) || deposit.cents < 0)
    throw new MoneyError("L'acompte ne peut pas être négatif.");
  if (deposit.cents > totalTtc) throw new MoneyError("L'acompte ne peut pas dépasser le total TTC.");
  return deposit.cents === 0 ? 0 : deposit.cents;
}

export type TtcShare = { code: VatCode; basisPoints: BasisPoints; ttc: Cents; ht: Cents; vat: Cents };

/**
 * Splits a TTC amount (a deposit received, a payment) over the rates of a reference
 * document in proportion to each rate's TTC, then each share into HT and VAT:
 * HT = round(share ÷ (1 + rate)) half away from zero, VAT = share − HT. The shares add up
 * to `ttc` exactly. The VAT can differ by a cent from round(HT × rate): some TTC amounts
 * have no HT whose rounded VAT lands on them, and the TTC received is the fixed figure.
 * The rates come from `VAT_RATES`, never from the reference.
 */
export function splitTtc(
  ttc: Cents,
  reference: readonly Pick<RateTotal, "code" | "ht" | "vat">[],
): TtcShare[] {
  if (!isCents(ttc)) throw new MoneyError(`Montant TTC : ${MONEY_MESSAGES.range}`);
  const weights = reference.map((rate) => {
    if (!isVatCode(rate.code)) throw new MoneyError("Taux de TVA inconnu.");
    return checkedSum([rate.ht, rate.vat], "Total TTC");
  });
  if (ttc !== 0 && weights.reduce((a, b) => a + b, 0) === 0) {
    throw new MoneyError("Aucun montant de référence sur lequel répartir ce paiement.");
  }
  const shares = ttc === 0 ? weights.map(() => 0) : allocate(ttc, weights);
  return reference.map((rate, index) => {
    const basisPoints = VAT_RATES[rate.code].basisPoints;
    const share = shares[index] as Cents;
    const ht = Number(
      divideHalfAwayFromZero(BigInt(share) * BigInt(FULL_PERCENT), BigInt(FULL_PERCENT + basisPoints)),
    );
    return { code: rate.code, basisPoints, ttc: share, ht, vat: share - ht };
  });
}
