import { eq } from "drizzle-orm";
import { type JobSiteRow, jobSites } from "#app/db/schema/job-sites.ts";
import type { DbTransaction } from "#app/lib/outbox.server.ts";
import { foldText } from "#app/lib/search-text.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { JOB_SITE_MESSAGES } from "./schema.ts";

/*
 * What the job sites' server modules share: who acts, the errors the screens turn into
 * French messages, the row lock and the one way `search_text` is written.
 */

/** Who does something to a job site (written in its history). */
export type Actor = { id: string; email: string };

export class JobSiteNotFoundError extends Error {
  constructor() {
    super("Ce chantier n'existe pas ou a été supprimé.");
    this.name = "JobSiteNotFoundError";
  }
}

/** A change the site's state refuses (409): the message says why. */
export class JobSiteConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "JobSiteConflictError";
  }
}

/** Locks the site's row until the transaction ends; throws JobSiteNotFoundError if there is none. */
export async function lockJobSite(tx: DbTransaction, id: string): Promise<JobSiteRow> {
  if (!isUuid(id)) throw new JobSiteNotFoundError();
  const [site] = await tx.select().from(jobSites).where(eq(jobSites.id, id)).for("update");
  if (!site) throw new JobSiteNotFoundError();
  return site;
}

/** Refuses a save made on an older version of the site's page. */
export function assertRevision(site: JobSiteRow, revision: number): void {
  if (site.revision !== revision) throw new JobSiteConflictError(JOB_SITE_MESSAGES.stale);
}

/** The words the list's search compares: number, title, client, address. */
export function jobSiteSearchText(site: {
  number: string;
  title: string;
  clientName: string;
  siteStreet: string;
  sitePostalCode: string;
  siteCity: string;
}): string {
  return foldText(
    [site.number, site.title, site.clientName, site.siteStreet, site.sitePostalCode, site.siteCity].join(" "),
  );
}
