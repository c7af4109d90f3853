import { and, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import type { GeocodingStatus } from "#app/db/schema/settings.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { type GeocodingConfig, geocodeAddress } from "#app/lib/geocoding.server.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { type Actor, lockJobSite } from "./query.server.ts";

/*
 * A job site's position, for the building trade's travel zones: its address is geocoded
 * through the State's service (app/lib/geocoding.server.ts) after the site is saved, never
 * inside the saving transaction (a network call must not hold a row locked for 3 s). When
 * the service cannot place it, staff type the distance from the office by hand.
 */

export type SitePosition = {
  status: GeocodingStatus | null;
  lat: number | null;
  lon: number | null;
  distanceOverrideMetres: number | null;
};

/**
 * Geocodes the site's address and stores the answer: its position, or why there is none.
 * The row is updated only if its address is still the one geocoded: a save made meanwhile
 * geocodes its own address and must not be overwritten by this older answer.
 */
export async function geocodeJobSite(
  db: DbExecutor,
  geocoding: GeocodingConfig,
  jobSiteId: string,
): Promise<SitePosition | null> {
  const [site] = await db
    .select({
      street: jobSites.siteStreet,
      postalCode: jobSites.sitePostalCode,
      city: jobSites.siteCity,
      distanceOverrideMetres: jobSites.distanceOverrideMetres,
    })
    .from(jobSites)
    .where(eq(jobSites.id, jobSiteId));
  if (!site) return null;
  const found = await geocodeAddress(geocoding, site);
  const position = found.ok
    ? { status: "ok" as const, lat: found.lat, lon: found.lon }
    : { status: found.reason, lat: null, lon: null };
  const [stored] = await db
    .update(jobSites)
    .set({ geocodingStatus: position.status, siteLatitude: position.lat, siteLongitude: position.lon })
    .where(
      and(
        eq(jobSites.id, jobSiteId),
        eq(jobSites.siteStreet, site.street),
        eq(jobSites.sitePostalCode, site.postalCode),
        eq(jobSites.siteCity, site.city),
      ),
    )
    .returning({ distanceOverrideMetres: jobSites.distanceOverrideMetres });
  return stored ? { ...position, distanceOverrideMetres: stored.distanceOverrideMetres } : null;
}

/** « 12,3 km »: a distance in metres to the tenth of a kilometre, French style. */
export function formatKilometres(metres: number): string {
  return `${new Intl.NumberFormat("fr-FR", { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(metres / 1000)}\u00a0km`;
}

/**
 * The distance from the office typed by staff (in metres), or null to remove it; written
 * in the site's history with before and after.
 */
export async function setJobSiteDistance(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  metres: number | null,
): Promise<void> {
  await db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    if (site.distanceOverrideMetres === metres) return;
    await tx
      .update(jobSites)
      .set({ distanceOverrideMetres: metres, updatedAt: new Date() })
      .where(eq(jobSites.id, jobSiteId));
    const shown = (value: number | null) => (value === null ? "aucune" : formatKilometres(value));
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: jobSiteId,
        kind: "distance",
        summary: `Distance du siège saisie : ${shown(site.distanceOverrideMetres)} → ${shown(metres)}`,
        data: { from: site.distanceOverrideMetres, to: metres },
        actor,
      },
    ]);
  });
}
