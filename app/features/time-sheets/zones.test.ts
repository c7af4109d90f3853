import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayZone,
  distanceMetres,
  EARTH_MEAN_RADIUS_METRES,
  type GeoPoint,
  travelZone,
  travelZoneLabel,
} from "./zones.ts";

// The company's office in Toulon, and a point due north of it at a given distance.
const OFFICE: GeoPoint = { latitude: 43.1242, longitude: 5.928 };
const north = (metres: number): GeoPoint => ({
  latitude: OFFICE.latitude + (metres / EARTH_MEAN_RADIUS_METRES) * (180 / Math.PI),
  longitude: OFFICE.longitude,
});
const zoneAt = (metres: number) => travelZoneLabel(travelZone(distanceMetres(OFFICE, north(metres))));

describe("distanceMetres", () => {
  it("is the great-circle distance on the WGS84 mean sphere", () => {
    const oneDegree = (EARTH_MEAN_RADIUS_METRES * Math.PI) / 180;
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      oneDegree,
      6,
    );
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBeCloseTo(
      oneDegree,
      6,
    );
    // Toulon to Marseille (Vieux-Port): 48 724.8 m by the spherical law of cosines, computed apart.
    const marseille = { latitude: 43.2951, longitude: 5.3744 };
    expect(distanceMetres(OFFICE, marseille)).toBeCloseTo(48_724.8, 0);
    expect(distanceMetres(OFFICE, OFFICE)).toBe(0);
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBeCloseTo(
      Math.PI * EARTH_MEAN_RADIUS_METRES,
      3,
    );
  });

  it("refuses coordinates that cannot be", () => {
    expect(() => distanceMetres(OFFICE, { latitude: 91, longitude: 0 })).toThrow("Coordonnées invalides");
    expect(() => distanceMetres(OFFICE, { latitude: 0, longitude: -180.5 })).toThrow("Coordonnées invalides");
    expect(() => distanceMetres({ latitude: Number.NaN, longitude: 0 }, OFFICE)).toThrow(
      "Coordonnées invalides",
    );
  });

  it("property: symmetric, and never more than the way through a third point, over metropolitan France", () => {
    // The sites are in France: the property holds to the micrometre there. Near antipodes
    // the haversine's asin is ill-conditioned and drifts by centimetres (the case below).
    const point = fc.record({
      latitude: fc.double({ min: 41.3, max: 51.1, noNaN: true }),
      longitude: fc.double({ min: -5.2, max: 9.6, noNaN: true }),
    });
    fc.assert(
      fc.property(point, point, point, (a, b, c) => {
        expect(distanceMetres(a, b)).toBeCloseTo(distanceMetres(b, a), 6);
        expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 1e-6);
        expect(distanceMetres(a, b)).toBeLessThan(2_000_000);
      }),
    );
  });

  it("is good to a few centimetres near antipodes (a case the property found on the whole globe)", () => {
    const a = { latitude: 0, longitude: -179.99999790869023 };
    const b = { latitude: 6.037091348628667e-7, longitude: 0 };
    const c = { latitude: 0, longitude: 0 };
    expect(distanceMetres(a, c)).toBeLessThanOrEqual(distanceMetres(a, b) + distanceMetres(b, c) + 0.05);
  });
});

describe("travelZone", () => {
  it("9.99 km is zone 1, exactly 10 km still zone 1, 10.01 km zone 2", () => {
    expect(zoneAt(9_990)).toBe("Zone 1");
    expect(zoneAt(10_000)).toBe("Zone 1");
    expect(zoneAt(10_010)).toBe("Zone 2");
    expect(travelZone(9_990)).toEqual({ kind: "zone", zone: 1 });
    expect(travelZone(10_000)).toEqual({ kind: "zone", zone: 1 });
    expect(travelZone(10_010)).toEqual({ kind: "zone", zone: 2 });
  });

  it("50 km is zone 5, 50.01 km « grand déplacement »", () => {
    expect(zoneAt(50_000)).toBe("Zone 5");
    expect(zoneAt(50_010)).toBe("Grand déplacement");
    expect(travelZone(50_000)).toEqual({ kind: "zone", zone: 5 });
    expect(travelZone(50_010)).toEqual({ kind: "grand_deplacement" });
  });

  it("every ring, from the office itself; distances compare in whole metres", () => {
    expect(
      [0, 1, 10_001, 20_000, 20_001, 30_001, 40_001, 120_000].map((m) => travelZoneLabel(travelZone(m))),
    ).toEqual(["Zone 1", "Zone 1", "Zone 2", "Zone 2", "Zone 3", "Zone 4", "Zone 5", "Grand déplacement"]);
    expect(travelZone(10_000.4)).toEqual({ kind: "zone", zone: 1 });
    expect(travelZone(10_000.5)).toEqual({ kind: "zone", zone: 2 });
  });

  it("refuses a distance that cannot be", () => {
    expect(() => travelZone(-1)).toThrow("Distance invalide : -1 m");
    expect(() => travelZone(Number.NaN)).toThrow("Distance invalide");
    expect(() => travelZone(Number.POSITIVE_INFINITY)).toThrow("Distance invalide");
  });

  it("property: the zone never decreases with the distance", () => {
    const rank = (metres: number) => {
      const zone = travelZone(metres);
      return zone.kind === "zone" ? zone.zone : 6;
    };
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 80_000, noNaN: true }),
        fc.double({ min: 0, max: 80_000, noNaN: true }),
        (a, b) => {
          expect(rank(Math.min(a, b))).toBeLessThanOrEqual(rank(Math.max(a, b)));
        },
      ),
    );
  });
});

describe("dayZone", () => {
  it("is set by the farthest site of the day", () => {
    expect(dayZone([4_000, 23_500, 12_000])).toEqual({
      distanceMetres: 23_500,
      zone: { kind: "zone", zone: 3 },
    });
    expect(dayZone([8_000, 61_000])).toEqual({ distanceMetres: 61_000, zone: { kind: "grand_deplacement" } });
    expect(dayZone([])).toBeNull();
    expect(() => dayZone([5_000, -3])).toThrow("Distance invalide");
  });
});
