import { divideHalfAwayFromZero, FULL_PERCENT } from "#app/lib/money.ts";

/*
 * Budget against actual, per lot and for the whole site: what each lot was to cost (the
 * quote's estimate), what it has cost so far, how far it has gone, and where it will end
 * at this pace. Pure: the site's page, its list and the dashboard feed it the same way.
 *
 * Every cost a site bears reaches it as a `SiteCost`: today the « Autres dépenses »
 * entered on the site; the hours × loaded hourly cost of the time sheets and the supplier
 * invoices allocated to the site will come through the same door.
 */

export type CostSource = "depense" | "heures" | "achat";

/** One cost allocated to the site: on a lot, or on the whole site (`lotId` null). */
export type SiteCost = { lotId: string | null; amountCents: number; source: CostSource };

export type LotBudgetLine = {
  id: string;
  title: string;
  saleHtCents: number;
  /** The quote's estimate; null when the quote carried no cost for the lot. */
  estimatedCostCents: number | null;
  /** The latest recorded progress, in basis points (0 to 10 000). */
  progressBp: number;
};

export type LotForecast = LotBudgetLine & {
  /** Costs on this lot, plus its share of the whole-site costs. */
  spentCents: number;
  /** The estimate × progress: what should have been spent by now. */
  expectedSpentCents: number | null;
  /** spent ÷ progress: what the lot will have cost at this pace; null before any progress. */
  costAtCompletionCents: number | null;
  plannedMarginCents: number | null;
  projectedMarginCents: number | null;
  /** Projected margin − planned margin: negative when the lot drifts. */
  driftCents: number | null;
  /** Spent beyond the estimate × progress by more than the tolerance. */
  overspent: boolean;
};

export type SiteForecast = {
  lots: LotForecast[];
  saleHtCents: number;
  spentCents: number;
  /** Progress of the whole site, weighted by the lots' sale price. */
  progressBp: number;
  /** Each lot at its pace, or at its estimate (or what it has cost, if more) before any progress. */
  costAtCompletionCents: number;
  projectedMarginCents: number;
  /** Projected margin ÷ sale price, in basis points; null when the site sells nothing. */
  projectedMarginRate: number | null;
  plannedMarginCents: number | null;
  /** The sentences the site's page and the dashboard show, worst first. */
  alerts: string[];
};

/** Below this projected margin rate, the site is flagged: 15 % unless the settings say otherwise. */
export const MARGIN_ALERT_BP = 1500;
/** Spent beyond the estimate × progress by more than this share of it is flagged (10 %). */
export const OVERSPEND_TOLERANCE_BP = 1000;

const div = (numerator: bigint, denominator: bigint) =>
  Number(divideHalfAwayFromZero(numerator, denominator));

/**
 * Shares `amount` among `weights` in proportion, to the cent, the remainders going to the
 * largest fractions first (the shares add up to `amount` exactly). Equal shares when every
 * weight is zero.
 */
export function shareInProportion(amount: number, weights: readonly number[]): number[] {
  if (weights.length === 0) return [];
  const positive = weights.map((weight) => Math.max(weight, 0));
  const total = positive.reduce((sum, weight) => sum + weight, 0);
  const basis = total === 0 ? positive.map(() => 1) : positive;
  const sum = BigInt(basis.reduce((acc, weight) => acc + weight, 0));
  const exact = basis.map((weight) => BigInt(amount) * BigInt(weight));
  const shares = exact.map((value) => value / sum);
  let left = BigInt(amount) - shares.reduce((acc, share) => acc + share, 0n);
  const order = exact
    .map((value, index) => ({ index, remainder: value % sum }))
    .sort((a, b) => (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : a.index - b.index));
  for (const { index } of order) {
    if (left <= 0n) break;
    shares[index] = (shares[index] ?? 0n) + 1n;
    left -= 1n;
  }
  return shares.map(Number);
}

const percentText = (bp: number) =>
  `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 1 }).format(bp / 100)}\u00a0%`;

export function forecastSite(
  lots: readonly LotBudgetLine[],
  costs: readonly SiteCost[],
  { marginAlertBp = MARGIN_ALERT_BP, overspendToleranceBp = OVERSPEND_TOLERANCE_BP } = {},
): SiteForecast {
  const direct = new Map<string, number>();
  let shared = 0;
  for (const cost of costs) {
    if (cost.lotId !== null && lots.some((lot) => lot.id === cost.lotId)) {
      direct.set(cost.lotId, (direct.get(cost.lotId) ?? 0) + cost.amountCents);
    } else {
      shared += cost.amountCents;
    }
  }
  const shares = shareInProportion(
    shared,
    lots.map((lot) => lot.saleHtCents),
  );

  const forecasts = lots.map((lot, index): LotForecast => {
    const spentCents = (direct.get(lot.id) ?? 0) + (shares[index] ?? 0);
    const progress = BigInt(Math.min(Math.max(lot.progressBp, 0), FULL_PERCENT));
    const expectedSpentCents =
      lot.estimatedCostCents === null
        ? null
        : div(BigInt(lot.estimatedCostCents) * progress, BigInt(FULL_PERCENT));
    const costAtCompletionCents =
      progress > 0n ? div(BigInt(spentCents) * BigInt(FULL_PERCENT), progress) : null;
    const plannedMarginCents =
      lot.estimatedCostCents === null ? null : lot.saleHtCents - lot.estimatedCostCents;
    const projectedMarginCents =
      costAtCompletionCents === null ? null : lot.saleHtCents - costAtCompletionCents;
    const overspent =
      progress > 0n &&
      expectedSpentCents !== null &&
      BigInt(spentCents) * BigInt(FULL_PERCENT) >
        BigInt(expectedSpentCents) * BigInt(FULL_PERCENT + overspendToleranceBp);
    return {
      ...lot,
      spentCents,
      expectedSpentCents,
      costAtCompletionCents,
      plannedMarginCents,
      projectedMarginCents,
      driftCents:
        projectedMarginCents === null || plannedMarginCents === null
          ? null
          : projectedMarginCents - plannedMarginCents,
      overspent,
    };
  });

  const saleHtCents = forecasts.reduce((sum, lot) => sum + lot.saleHtCents, 0);
  const spentCents =
    forecasts.reduce((sum, lot) => sum + lot.spentCents, 0) + (lots.length === 0 ? shared : 0);
  const progressBp =
    saleHtCents > 0
      ? div(
          forecasts.reduce((sum, lot) => sum + BigInt(lot.saleHtCents) * BigInt(lot.progressBp), 0n),
          BigInt(saleHtCents),
        )
      : 0;
  const costAtCompletionCents =
    forecasts.reduce(
      (sum, lot) =>
        sum + (lot.costAtCompletionCents ?? Math.max(lot.estimatedCostCents ?? 0, lot.spentCents)),
      0,
    ) + (lots.length === 0 ? shared : 0);
  const projectedMarginCents = saleHtCents - costAtCompletionCents;
  const projectedMarginRate =
    saleHtCents > 0 ? div(BigInt(projectedMarginCents) * BigInt(FULL_PERCENT), BigInt(saleHtCents)) : null;
  const estimated = forecasts.filter((lot) => lot.plannedMarginCents !== null);
  const plannedMarginCents =
    estimated.length > 0 ? estimated.reduce((sum, lot) => sum + (lot.plannedMarginCents ?? 0), 0) : null;

  const alerts: string[] = [];
  const anyProgress = forecasts.some((lot) => lot.progressBp > 0);
  if (anyProgress && projectedMarginRate !== null && projectedMarginRate < marginAlertBp) {
    alerts.push(
      `Marge projetée de ${percentText(projectedMarginRate)} au rythme actuel : sous le seuil de ${percentText(marginAlertBp)}.`,
    );
  }
  for (const lot of forecasts) {
    if (!lot.overspent) continue;
    alerts.push(
      `Lot « ${lot.title} » : ${percentText(lot.progressBp)} d'avancement, mais les dépenses dépassent de plus de ${percentText(overspendToleranceBp)} le coût prévu à ce stade.`,
    );
  }
  return {
    lots: forecasts,
    saleHtCents,
    spentCents,
    progressBp,
    costAtCompletionCents,
    projectedMarginCents,
    projectedMarginRate,
    plannedMarginCents,
    alerts,
  };
}
