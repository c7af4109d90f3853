import { eq } from "drizzle-orm";
import { jobSites } from "#app/db/schema/job-sites.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { distanceMetres } from "./zones.ts";

/*
 * How far a job site is from the origin of the travel zones (the office, from the settings),
 * for the day's zone (./zones.ts): the distance staff typed when the address could not be
 * placed wins, else the straight line between the two positions, else nothing is known.
 */

/** The distance in whole metres; null when the site is unknown, or neither typed nor computable. */
export async function siteDistanceMetres(
  db: DbExecutor,
  jobSiteId: string,
  origin: { lat: number; lon: number } | null,
): Promise<number | null> {
  if (!isUuid(jobSiteId)) return null;
  const [site] = await db
    .select({
      override: jobSites.distanceOverrideMetres,
      lat: jobSites.siteLatitude,
      lon: jobSites.siteLongitude,
    })
    .from(jobSites)
    .where(eq(jobSites.id, jobSiteId));
  if (!site) return null;
  if (site.override !== null) return site.override;
  if (site.lat === null || site.lon === null || origin === null) return null;
  return Math.round(
    distanceMetres(
      { latitude: origin.lat, longitude: origin.lon },
      { latitude: site.lat, longitude: site.lon },
    ),
  );
}
