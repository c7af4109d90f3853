import { describe, expect, it } from "vitest";
import { forecastSite, type LotBudgetLine, shareInProportion } from "./forecast.ts";

const demolition: LotBudgetLine = {
  id: "lot-a",
  title: "Démolition",
  saleHtCents: 100_000,
  estimatedCostCents: 60_000,
  progressBp: 0,
};
const plaster: LotBudgetLine = {
  id: "lot-b",
  title: "Plâtrerie",
  saleHtCents: 300_000,
  estimatedCostCents: 200_000,
  progressBp: 0,
};

describe("shareInProportion", () => {
  it("shares to the cent, the remainders to the largest fractions, and always adds up", () => {
    expect(shareInProportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareInProportion(1_000, [100_000, 300_000])).toEqual([250, 750]);
    expect(shareInProportion(7, [0, 0])).toEqual([4, 3]);
    expect(shareInProportion(0, [5, 5])).toEqual([0, 0]);
    const shares = shareInProportion(99_999, [3, 7, 11, 13]);
    expect(shares.reduce((a, b) => a + b, 0)).toBe(99_999);
  });
});

describe("forecastSite", () => {
  it("before any progress: no pace yet, the estimate stands, and nothing is flagged", () => {
    const forecast = forecastSite(
      [demolition, plaster],
      [{ lotId: "lot-a", amountCents: 5_000, source: "depense" }],
    );
    expect(forecast.lots[0]).toMatchObject({
      spentCents: 5_000,
      expectedSpentCents: 0,
      costAtCompletionCents: null,
      projectedMarginCents: null,
      plannedMarginCents: 40_000,
      overspent: false,
    });
    expect(forecast.progressBp).toBe(0);
    // Each lot at its estimate: 60 000 + 200 000.
    expect(forecast.costAtCompletionCents).toBe(260_000);
    expect(forecast.projectedMarginCents).toBe(140_000);
    expect(forecast.projectedMarginRate).toBe(3500);
    expect(forecast.alerts).toEqual([]);
  });

  it("on budget: cost at completion = spent ÷ progress, margin as planned", () => {
    const forecast = forecastSite(
      [
        { ...demolition, progressBp: 5000 },
        { ...plaster, progressBp: 2500 },
      ],
      [
        { lotId: "lot-a", amountCents: 30_000, source: "depense" },
        { lotId: "lot-b", amountCents: 50_000, source: "heures" },
      ],
    );
    expect(
      forecast.lots.map((lot) => [lot.costAtCompletionCents, lot.projectedMarginCents, lot.driftCents]),
    ).toEqual([
      [60_000, 40_000, 0],
      [200_000, 100_000, 0],
    ]);
    // Weighted by the sale price: (1 000 × 50 % + 3 000 × 25 %) ÷ 4 000 = 31,25 %.
    expect(forecast.progressBp).toBe(3125);
    expect(forecast.projectedMarginRate).toBe(3500);
    expect(forecast.alerts).toEqual([]);
  });

  it("over budget: the lot is flagged beyond 10 %, the site below a 15 % margin", () => {
    const forecast = forecastSite(
      [
        { ...demolition, progressBp: 4000 },
        { ...plaster, progressBp: 5000 },
      ],
      [
        // Expected by now: 60 000 × 40 % = 24 000; 26 400 is exactly 10 % over (not flagged), 26 401 is.
        { lotId: "lot-a", amountCents: 26_401, source: "depense" },
        { lotId: "lot-b", amountCents: 130_000, source: "achat" },
      ],
    );
    const [a, b] = forecast.lots;
    expect(a?.overspent).toBe(true);
    expect(a?.costAtCompletionCents).toBe(66_003); // 26 401 ÷ 0,4 = 66 002,5 → half away from zero
    expect(b?.costAtCompletionCents).toBe(260_000);
    expect(b?.driftCents).toBe(-60_000);
    expect(forecast.projectedMarginCents).toBe(400_000 - 66_003 - 260_000);
    expect(forecast.projectedMarginRate).toBe(1850);
    expect(forecast.alerts).toEqual([
      "Lot « Démolition » : 40\u00a0% d'avancement, mais les dépenses dépassent de plus de 10\u00a0% le coût prévu à ce stade.",
      // 130 000 spent where 100 000 was expected at 50 %.
      "Lot « Plâtrerie » : 50\u00a0% d'avancement, mais les dépenses dépassent de plus de 10\u00a0% le coût prévu à ce stade.",
    ]);

    const worse = forecastSite(
      [{ ...plaster, progressBp: 5000 }],
      [{ lotId: "lot-b", amountCents: 130_000 + 12_000, source: "achat" }],
    );
    expect(worse.projectedMarginRate).toBe(533);
    expect(worse.alerts[0]).toBe(
      "Marge projetée de 5,3\u00a0% au rythme actuel : sous le seuil de 15\u00a0%.",
    );

    const exactlyTen = forecastSite(
      [{ ...demolition, progressBp: 4000 }],
      [{ lotId: "lot-a", amountCents: 26_400, source: "depense" }],
    );
    expect(exactlyTen.lots[0]?.overspent).toBe(false);
  });

  it("shares the whole-site costs among the lots in proportion to their sale price", () => {
    const forecast = forecastSite(
      [
        { ...demolition, progressBp: 10_000 },
        { ...plaster, progressBp: 10_000 },
      ],
      [
        { lotId: null, amountCents: 10_001, source: "depense" },
        { lotId: "inconnu", amountCents: 3, source: "depense" },
      ],
    );
    expect(forecast.lots.map((lot) => lot.spentCents)).toEqual([2_501, 7_503]);
    expect(forecast.spentCents).toBe(10_004);
  });

  it("a lot without an estimate has no planned margin and is never « overspent »", () => {
    const forecast = forecastSite(
      [{ ...demolition, estimatedCostCents: null, progressBp: 1000 }],
      [{ lotId: "lot-a", amountCents: 90_000, source: "depense" }],
    );
    expect(forecast.lots[0]).toMatchObject({
      plannedMarginCents: null,
      driftCents: null,
      overspent: false,
      costAtCompletionCents: 900_000,
    });
    expect(forecast.plannedMarginCents).toBeNull();
    expect(forecast.alerts[0]).toMatch(/^Marge projetée de -800\u00a0% au rythme actuel/);
  });
});
