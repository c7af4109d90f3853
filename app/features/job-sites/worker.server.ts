import { and, asc, eq, gte, ne } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { jobSiteAssignments, jobSites } from "#app/db/schema/job-sites.ts";
import type { IsoDay } from "#app/lib/paris-time.ts";
import { SITE_REFUSED_MESSAGE, type SiteViewer, siteAccess } from "#app/lib/site-access.server.ts";
import { type Assignment, type SiteWayIn, siteAssignments, siteWayInColumns } from "./planning.server.ts";
import { JobSiteNotFoundError } from "./query.server.ts";
import type { JobSiteStatus } from "./schema.ts";

/*
 * What a site worker (role « compagnon ») may see of a job site: where it is, how to get
 * in, who is on it when, and its log. Never a price, a margin, the client's details or
 * an invoice. The office (permission « chantiers ») sees every site; a worker only the
 * sites they are put on, whatever the dates.
 */

/** A member trying to reach a site they are not put on (403). */
export class SiteAccessError extends Error {
  constructor() {
    super(SITE_REFUSED_MESSAGE);
    this.name = "SiteAccessError";
  }
}

/**
 * The one check of a site's worker pages: the office sees every site, a worker only
 * theirs. Unknown site: JobSiteNotFoundError (404); not theirs: SiteAccessError (403).
 */
export async function assertSiteAccess(db: Database, viewer: SiteViewer, jobSiteId: string): Promise<void> {
  const access = await siteAccess(db, viewer, jobSiteId);
  if (access === "unknown") throw new JobSiteNotFoundError();
  if (access === "refused") throw new SiteAccessError();
}

/** A site as a worker sees it: no price, no client. */
export type WorkerSite = SiteWayIn & {
  status: JobSiteStatus;
  plannedStart: IsoDay | null;
  plannedEnd: IsoDay | null;
};

const workerColumns = {
  ...siteWayInColumns,
  status: jobSites.status,
  plannedStart: jobSites.plannedStart,
  plannedEnd: jobSites.plannedEnd,
};

/** The site for its worker page, after `assertSiteAccess`, with its whole team (names and days). */
export async function workerSite(
  db: Database,
  viewer: SiteViewer,
  jobSiteId: string,
): Promise<{ site: WorkerSite; team: Assignment[] }> {
  await assertSiteAccess(db, viewer, jobSiteId);
  const [site] = await db.select(workerColumns).from(jobSites).where(eq(jobSites.id, jobSiteId));
  if (!site) throw new JobSiteNotFoundError();
  const team = await siteAssignments(db, jobSiteId);
  return { site, team };
}

/** The sites a member is put on from `today` on (current and coming), soonest first. */
export async function workerSites(
  db: Database,
  userId: string,
  today: IsoDay,
): Promise<(WorkerSite & { from: IsoDay; to: IsoDay })[]> {
  const rows = await db
    .select({ ...workerColumns, from: jobSiteAssignments.startDate, to: jobSiteAssignments.endDate })
    .from(jobSiteAssignments)
    .innerJoin(jobSites, eq(jobSites.id, jobSiteAssignments.jobSiteId))
    .where(
      and(
        eq(jobSiteAssignments.userId, userId),
        gte(jobSiteAssignments.endDate, today),
        ne(jobSites.status, "clos"),
      ),
    )
    .orderBy(asc(jobSiteAssignments.startDate), asc(jobSites.number));
  // One line per site: its first and last day for this member.
  const bySite = new Map<string, WorkerSite & { from: IsoDay; to: IsoDay }>();
  for (const row of rows) {
    const known = bySite.get(row.id);
    if (!known) bySite.set(row.id, row);
    else if (row.to > known.to) known.to = row.to;
  }
  return [...bySite.values()];
}
