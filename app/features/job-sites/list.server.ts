import { and, asc, count, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clients } from "#app/db/schema/clients.ts";
import { jobSiteLots, jobSiteProgress, jobSites } from "#app/db/schema/job-sites.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import { escapeLike, foldedWords } from "#app/lib/search-text.ts";
import { sortableText } from "#app/lib/sortable-text.server.ts";
import {
  JOB_SITES_PAGE_SIZE,
  type JobSiteFilters,
  type JobSiteStatus,
  jobSiteSort,
  OPEN_JOB_SITE_STATUSES,
} from "./schema.ts";

export type JobSiteListItem = {
  id: string;
  number: string;
  title: string;
  status: JobSiteStatus;
  clientId: string;
  clientName: string;
  siteStreet: string;
  sitePostalCode: string;
  siteCity: string;
  plannedStart: string | null;
  plannedEnd: string | null;
  /** The site's progress, weighted by the lots' sale price, in basis points. */
  progressBp: number;
  /** Sum of the lots' sale price HT, in cents. */
  budgetHtCents: number;
  /** Sale price HT less the estimated cost, over the lots that carry an estimate; null when none does. */
  estimatedMarginCents: number | null;
};

export type JobSitePage = {
  items: JobSiteListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Whether any site exists at all: an empty default list then says « none open », not « none yet ». */
  anySite: boolean;
};

function conditions(filters: JobSiteFilters): SQL[] {
  const where: SQL[] = [];
  for (const word of foldedWords(filters.q ?? "")) {
    where.push(sql`${jobSites.searchText} like ${`%${escapeLike(word)}%`}`);
  }
  const status = filters.statut ?? "ouverts";
  if (status === "ouverts") where.push(inArray(jobSites.status, [...OPEN_JOB_SITE_STATUSES]));
  else if (status !== "tous") where.push(eq(jobSites.status, status));
  return where;
}

const budget = sql<string>`(select coalesce(sum(${jobSiteLots.saleHtCents}), 0) from ${jobSiteLots} where ${jobSiteLots.jobSiteId} = ${jobSites.id})`;
const estimatedMargin = sql<
  string | null
>`(select sum(${jobSiteLots.saleHtCents} - ${jobSiteLots.estimatedCostCents}) from ${jobSiteLots} where ${jobSiteLots.jobSiteId} = ${jobSites.id} and ${jobSiteLots.estimatedCostCents} is not null)`;

/** Each lot at its latest progress, weighted by its sale price (as forecast.ts computes it). */
const progress = sql<string>`(select case when sum(l.sale_ht_cents) > 0 then round(sum(l.sale_ht_cents * coalesce((select p.percent_bp from ${jobSiteProgress} p where p.lot_id = l.id order by p.recorded_on desc, p.created_at desc limit 1), 0))::numeric / sum(l.sale_ht_cents)) else 0 end from ${jobSiteLots} l where l.job_site_id = ${jobSites.id})`;

/** One page of the sites, open ones by default, the soonest start first. */
export async function listJobSites(db: Database, filters: JobSiteFilters): Promise<JobSitePage> {
  const where = and(...conditions(filters));
  const [totalRow] = await db.select({ n: count() }).from(jobSites).where(where);
  const total = Number(totalRow?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, JOB_SITES_PAGE_SIZE);
  let anySite = total > 0;
  if (!anySite) {
    const [row] = await db.select({ id: jobSites.id }).from(jobSites).limit(1);
    anySite = row !== undefined;
  }
  const sort = jobSiteSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "numero"
      ? [direction(jobSites.number)]
      : sort.key === "client"
        ? [direction(sortableText(clients.name)), direction(jobSites.number)]
        : [
            sort.direction === "asc"
              ? sql`${jobSites.plannedStart} asc nulls last`
              : sql`${jobSites.plannedStart} desc nulls last`,
            direction(jobSites.number),
          ];
  const rows = await db
    .select({
      id: jobSites.id,
      number: jobSites.number,
      title: jobSites.title,
      status: jobSites.status,
      clientId: jobSites.clientId,
      clientName: clients.name,
      siteStreet: jobSites.siteStreet,
      sitePostalCode: jobSites.sitePostalCode,
      siteCity: jobSites.siteCity,
      plannedStart: jobSites.plannedStart,
      plannedEnd: jobSites.plannedEnd,
      budget,
      estimatedMargin,
      progress,
    })
    .from(jobSites)
    .innerJoin(clients, eq(clients.id, jobSites.clientId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(({ budget: budgetHt, estimatedMargin: margin, progress: done, ...row }) => ({
      ...row,
      progressBp: Number(done),
      budgetHtCents: Number(budgetHt),
      estimatedMarginCents: margin === null ? null : Number(margin),
    })),
    total,
    page,
    pageCount,
    anySite,
  };
}
