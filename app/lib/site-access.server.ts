import { and, eq } from "drizzle-orm";
import { jobSiteAssignments, jobSites } from "#app/db/schema/job-sites.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { hasPermission, type Role } from "#app/lib/permissions.ts";
import { isUuid } from "#app/lib/uuid.ts";

/*
 * Who may see a job site: the office (permission « Chantiers ») every site, a site worker
 * (role « compagnon ») only the sites they are put on, whatever the dates. The one rule
 * behind a worker's pages of a site and the site's log (two features, one check).
 */

export type SiteViewer = { id: string; role: Role };

/** « unknown »: no such site (404); « refused »: not theirs (403); « allowed ». */
export type SiteAccess = "unknown" | "refused" | "allowed";

export const SITE_REFUSED_MESSAGE =
  "Vous n'êtes pas affecté à ce chantier : demandez au bureau de vous y ajouter.";

export async function siteAccess(db: DbExecutor, viewer: SiteViewer, jobSiteId: string): Promise<SiteAccess> {
  if (!isUuid(jobSiteId)) return "unknown";
  const [site] = await db.select({ id: jobSites.id }).from(jobSites).where(eq(jobSites.id, jobSiteId));
  if (!site) return "unknown";
  if (hasPermission(viewer.role, "chantiers")) return "allowed";
  const [assignment] = await db
    .select({ id: jobSiteAssignments.id })
    .from(jobSiteAssignments)
    .where(and(eq(jobSiteAssignments.userId, viewer.id), eq(jobSiteAssignments.jobSiteId, jobSiteId)))
    .limit(1);
  return assignment ? "allowed" : "refused";
}
