/*
 * The building trade's travel zones (« petits déplacements »): concentric 10-km rings
 * around the company's office (or the worker's home, one rule for the company), measured
 * as the crow flies. Zone 1 is 0 to 10 km, zone 2 beyond 10 up to 20 km, … zone 5 beyond
 * 40 up to 50 km; beyond 50 km is « grand déplacement ».
 *
 * Bounds, decided here: a ring includes its outer bound, so exactly 10 km is zone 1 and
 * exactly 50 km zone 5. Distances are compared in whole metres (rounded to the nearest):
 * a geocoded address is no finer than that, and two points set 10 km apart must not fall
 * in zone 2 because a sine rounded the last bit of a double.
 */

/** WGS84 mean Earth radius (IUGG), in metres. */
export const EARTH_MEAN_RADIUS_METRES = 6_371_008.8;
export const ZONE_WIDTH_METRES = 10_000;
export const LAST_ZONE = 5;

export type GeoPoint = { latitude: number; longitude: number };

export type ZoneNumber = 1 | 2 | 3 | 4 | 5;
export type TravelZone = { kind: "zone"; zone: ZoneNumber } | { kind: "grand_deplacement" };

function assertPoint(point: GeoPoint): void {
  const { latitude, longitude } = point;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180))
    throw new RangeError(`Coordonnées invalides : ${latitude}, ${longitude}`);
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** Straight-line (great-circle) distance between two points, in metres, by the haversine formula. */
export function distanceMetres(from: GeoPoint, to: GeoPoint): number {
  assertPoint(from);
  assertPoint(to);
  const sinLatitude = Math.sin(radians(to.latitude - from.latitude) / 2);
  const sinLongitude = Math.sin(radians(to.longitude - from.longitude) / 2);
  const h =
    sinLatitude * sinLatitude +
    Math.cos(radians(from.latitude)) * Math.cos(radians(to.latitude)) * sinLongitude * sinLongitude;
  // min(1, …): rounding can push h a hair above 1 for two antipodal points.
  return 2 * EARTH_MEAN_RADIUS_METRES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The zone of a distance in metres (see the bounds above). */
export function travelZone(distance: number): TravelZone {
  if (!(Number.isFinite(distance) && distance >= 0))
    throw new RangeError(`Distance invalide : ${distance} m`);
  const zone = Math.max(1, Math.ceil(Math.round(distance) / ZONE_WIDTH_METRES));
  return zone > LAST_ZONE ? { kind: "grand_deplacement" } : { kind: "zone", zone: zone as ZoneNumber };
}

/** « Zone 3 », « Grand déplacement ». */
export function travelZoneLabel(zone: TravelZone): string {
  return zone.kind === "zone" ? `Zone ${zone.zone}` : "Grand déplacement";
}

/** A day's zone: the farthest site worked that day sets it. */
export type DayZone = { distanceMetres: number; zone: TravelZone };

/** The zone of a day from the distances of the sites worked that day; null for a day on no site. */
export function dayZone(siteDistances: readonly number[]): DayZone | null {
  if (siteDistances.length === 0) return null;
  // Each distance is checked, not only the farthest: a NaN would hide in Math.max.
  for (const distance of siteDistances) travelZone(distance);
  const farthest = Math.max(...siteDistances);
  return { distanceMetres: farthest, zone: travelZone(farthest) };
}
