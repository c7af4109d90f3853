import { describe, expect, it } from "vitest";
import {
  type AllowanceLine,
  dayAllowance,
  dayZoneStatus,
  ratesInForce,
  siteDistanceFrom,
} from "./allowances.ts";

const RATES = {
  mealCents: 1040,
  zones: [1, 2, 3, 4, 5].map((zone) => ({ zone, transportCents: 100 * zone, travelTimeCents: 10 * zone })),
};
const work = (jobSiteId: string | null, wentHomeForLunch = false): AllowanceLine => ({
  kind: "travail",
  jobSiteId,
  wentHomeForLunch,
});
const distances: Record<string, number | null> = { near: 4_000, mid: 24_600, far: 61_000, lost: null };
const distanceOf = (id: string) => distances[id] ?? null;

describe("a day's zone", () => {
  it("is set by the farthest site, at the rings' bounds", () => {
    expect(dayZoneStatus([4_000, 24_600])).toEqual({ kind: "zone", zone: 3, distanceMetres: 24_600 });
    expect(dayZoneStatus([9_990])).toMatchObject({ kind: "zone", zone: 1 });
    expect(dayZoneStatus([10_000])).toMatchObject({ kind: "zone", zone: 1 });
    expect(dayZoneStatus([10_010])).toMatchObject({ kind: "zone", zone: 2 });
    expect(dayZoneStatus([50_000])).toMatchObject({ kind: "zone", zone: 5 });
    expect(dayZoneStatus([50_001])).toEqual({ kind: "grand_deplacement", distanceMetres: 50_001 });
  });

  it("is « inconnue » as soon as one site's distance is unknown, never guessed from the others", () => {
    expect(dayZoneStatus([4_000, null])).toEqual({ kind: "inconnue" });
  });
});

describe("a site's distance from the origin", () => {
  const placed = { distanceOverrideMetres: null, latitude: 43.2, longitude: 5.9 };
  it("is the straight line from the office or the home, in whole metres", () => {
    const distance = siteDistanceFrom(placed, { latitude: 43.1, longitude: 5.9 }, true);
    expect(distance).toBeGreaterThan(11_000);
    expect(distance).toBeLessThan(11_200);
    expect(Number.isInteger(distance)).toBe(true);
  });
  it("takes the distance typed by staff from the office, but not from a home", () => {
    const typed = { distanceOverrideMetres: 31_000, latitude: null, longitude: null };
    expect(siteDistanceFrom(typed, null, true)).toBe(31_000);
    expect(siteDistanceFrom(typed, { latitude: 43.1, longitude: 5.9 }, false)).toBeNull();
  });
  it("is unknown without a position or without an origin", () => {
    expect(siteDistanceFrom(placed, null, true)).toBeNull();
    expect(siteDistanceFrom(placed, null, false)).toBeNull();
  });
});

describe("the amounts in force", () => {
  const versions = [{ validFrom: "2026-07-01" }, { validFrom: "2025-07-01" }, { validFrom: "2027-07-01" }];
  it("are the latest version started on or before the day", () => {
    expect(ratesInForce(versions, "2026-06-30")?.validFrom).toBe("2025-07-01");
    expect(ratesInForce(versions, "2026-07-01")?.validFrom).toBe("2026-07-01");
    expect(ratesInForce(versions, "2028-01-01")?.validFrom).toBe("2027-07-01");
    expect(ratesInForce(versions, "2025-06-30")).toBeNull();
  });
});

describe("a day's allowances", () => {
  it("pays the meal and the farthest zone's transport and travel time", () => {
    expect(dayAllowance("2026-11-03", [work("near"), work("mid")], distanceOf, RATES)).toEqual({
      day: "2026-11-03",
      zone: { kind: "zone", zone: 3, distanceMetres: 24_600 },
      meal: true,
      mealCents: 1040,
      transportCents: 300,
      travelTimeCents: 30,
      ratesMissing: false,
    });
  });

  it("pays no meal when every work line says the worker went home for lunch, one when any does not", () => {
    expect(dayAllowance("2026-11-03", [work("near", true)], distanceOf, RATES)).toMatchObject({
      meal: false,
      mealCents: 0,
      transportCents: 100,
    });
    expect(dayAllowance("2026-11-03", [work("near", true), work("mid")], distanceOf, RATES)).toMatchObject({
      meal: true,
      mealCents: 1040,
    });
  });

  it("flags a grand déplacement and an unknown zone without zone amounts", () => {
    expect(dayAllowance("2026-11-03", [work("far")], distanceOf, RATES)).toMatchObject({
      zone: { kind: "grand_deplacement" },
      meal: true,
      transportCents: 0,
      travelTimeCents: 0,
    });
    expect(dayAllowance("2026-11-03", [work("near"), work("lost")], distanceOf, RATES)).toMatchObject({
      zone: { kind: "inconnue" },
      mealCents: 1040,
      transportCents: 0,
      travelTimeCents: 0,
    });
  });

  it("is no allowance day without work on a site (depot, absence)", () => {
    expect(dayAllowance("2026-11-03", [work(null)], distanceOf, RATES)).toBeNull();
    expect(
      dayAllowance(
        "2026-11-03",
        [{ kind: "intemperies", jobSiteId: "near", wentHomeForLunch: false }],
        distanceOf,
        RATES,
      ),
    ).toBeNull();
  });

  it("counts the day with zero amounts when no rates were in force", () => {
    expect(dayAllowance("2026-11-03", [work("mid")], distanceOf, null)).toMatchObject({
      zone: { kind: "zone", zone: 3 },
      meal: true,
      mealCents: 0,
      transportCents: 0,
      ratesMissing: true,
    });
  });
});
