import { asc, inArray } from "drizzle-orm";
import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";

/*
 * The lots of job sites as a form's site picker offers them (a purchase order, a worker's
 * day): read once for all the sites listed, then handed to each site in the lots' order.
 */

export type SiteLot = { id: string; title: string };

/** The lots of these sites, in their order, by site; a site without lots is absent. */
export async function lotsBySite(
  db: DbExecutor,
  siteIds: readonly string[],
): Promise<Map<string, SiteLot[]>> {
  const bySite = new Map<string, SiteLot[]>();
  if (siteIds.length === 0) return bySite;
  const lots = await db
    .select({ id: jobSiteLots.id, title: jobSiteLots.title, jobSiteId: jobSiteLots.jobSiteId })
    .from(jobSiteLots)
    .where(inArray(jobSiteLots.jobSiteId, [...siteIds]))
    .orderBy(asc(jobSiteLots.position));
  for (const { jobSiteId, ...lot } of lots) {
    const list = bySite.get(jobSiteId);
    if (list) list.push(lot);
    else bySite.set(jobSiteId, [lot]);
  }
  return bySite;
}
