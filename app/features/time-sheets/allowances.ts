import type { TimeEntryKind } from "#app/db/schema/time-sheets.ts";
import type { Cents } from "#app/lib/money.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { dayZone, distanceMetres, type GeoPoint, type ZoneNumber } from "./zones.ts";

/*
 * The building trade's daily allowances (« petits déplacements » of the building workers'
 * agreement), from what a day's lines say, the sites' distances and the amounts in force.
 * Pure: the database part (allowances.server.ts) reads the lines, the sites' positions and
 * the settings, and hands them here.
 *
 * - A day counts when it holds a `travail` line on a job site; work at the depot alone (no
 *   site) earns no zone.
 * - The day's zone is the farthest site's (zones.ts `dayZone`). When one site's distance is
 *   unknown (no position, no distance typed), the zone is « inconnue »: the farthest site
 *   may be that one, so no zone is guessed and no zone amount is paid; the export says so.
 * - Meal allowance (panier) unless every work line of the day says the worker went home for
 *   lunch.
 * - Beyond 50 km: « grand déplacement », flagged; its allowances are not the zones' (the
 *   agreement pays actual expenses), so no zone amount.
 * - The amounts are the version in force that day (the latest start on or before it); with
 *   none, the day's counts stand and its amounts are 0, flagged `ratesMissing`.
 */

export type DayZoneStatus =
  | { kind: "zone"; zone: ZoneNumber; distanceMetres: number }
  | { kind: "grand_deplacement"; distanceMetres: number }
  | { kind: "inconnue" };

/** The amounts of a version of the settings (app/features/settings/pointage-schema.ts `AllowanceRates`). */
export type AllowanceRateVersion = {
  validFrom: IsoDay;
  mealCents: Cents;
  zones: readonly { zone: number; transportCents: Cents; travelTimeCents: Cents }[];
};

/** A line of a day, as far as the allowances read it. */
export type AllowanceLine = {
  kind: TimeEntryKind;
  jobSiteId: string | null;
  wentHomeForLunch: boolean;
};

export type DayAllowance = {
  day: IsoDay;
  zone: DayZoneStatus;
  /** A meal allowance is due (the worker did not go home for lunch). */
  meal: boolean;
  mealCents: Cents;
  transportCents: Cents;
  travelTimeCents: Cents;
  /** No version of the amounts was in force that day. */
  ratesMissing: boolean;
};

/** The version in force on a day: the latest start on or before it; null before the first. */
export function ratesInForce<T extends Pick<AllowanceRateVersion, "validFrom">>(
  versions: readonly T[],
  day: IsoDay,
): T | null {
  let found: T | null = null;
  for (const version of versions) {
    if (version.validFrom <= day && (found === null || version.validFrom > found.validFrom)) found = version;
  }
  return found;
}

/** What a site's position record says about its distance from the origin of the zones. */
export type SitePosition = {
  /** A distance staff typed (from the office) when the address could not be placed. */
  distanceOverrideMetres: number | null;
  latitude: number | null;
  longitude: number | null;
};

/**
 * A site's distance from the origin, in whole metres; null when unknown. The typed distance
 * is measured from the office, so it holds only when the zones are measured from the office
 * (`originIsOffice`); from a worker's home, only the two positions give a distance.
 */
export function siteDistanceFrom(
  site: SitePosition,
  origin: GeoPoint | null,
  originIsOffice: boolean,
): number | null {
  if (originIsOffice && site.distanceOverrideMetres !== null) return site.distanceOverrideMetres;
  if (origin === null || site.latitude === null || site.longitude === null) return null;
  return Math.round(distanceMetres(origin, { latitude: site.latitude, longitude: site.longitude }));
}

/** The zone of a day from its sites' distances (null: unknown). */
export function dayZoneStatus(distances: readonly (number | null)[]): DayZoneStatus {
  const known: number[] = [];
  for (const distance of distances) {
    if (distance === null) return { kind: "inconnue" };
    known.push(distance);
  }
  const zone = dayZone(known);
  if (zone === null) return { kind: "inconnue" };
  return zone.zone.kind === "zone"
    ? { kind: "zone", zone: zone.zone.zone, distanceMetres: zone.distanceMetres }
    : { kind: "grand_deplacement", distanceMetres: zone.distanceMetres };
}

/**
 * A day's allowances; null when the day holds no work on a site. `siteDistance` gives each
 * site's distance from the origin (null: unknown); `rates` the version in force that day.
 */
export function dayAllowance(
  day: IsoDay,
  lines: readonly AllowanceLine[],
  siteDistance: (jobSiteId: string) => number | null,
  rates: Pick<AllowanceRateVersion, "mealCents" | "zones"> | null,
): DayAllowance | null {
  const work = lines.filter((line) => line.kind === "travail");
  const siteIds = [...new Set(work.flatMap((line) => (line.jobSiteId === null ? [] : [line.jobSiteId])))];
  if (siteIds.length === 0) return null;
  const zone = dayZoneStatus(siteIds.map(siteDistance));
  const meal = !work.every((line) => line.wentHomeForLunch);
  const zoneRate = zone.kind === "zone" ? rates?.zones.find((rate) => rate.zone === zone.zone) : undefined;
  return {
    day,
    zone,
    meal,
    mealCents: meal && rates ? rates.mealCents : 0,
    transportCents: zoneRate?.transportCents ?? 0,
    travelTimeCents: zoneRate?.travelTimeCents ?? 0,
    ratesMissing: rates === null,
  };
}
