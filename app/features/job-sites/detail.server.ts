import { and, asc, eq, inArray } from "drizzle-orm";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { type JobSiteRow, jobSiteLots, jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { type QuoteContent, quotes } from "#app/db/schema/quotes.ts";
import { type ActivityEvent, listActivity } from "#app/lib/activity.server.ts";
import { divideHalfAwayFromZero, FULL_PERCENT } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import {
  latestProgress,
  marginAlertRate,
  type SiteExpense,
  type SiteHours,
  siteCosts,
  siteExpenses,
  siteHours,
} from "./costs.server.ts";
import { forecastSite, type SiteForecast } from "./forecast.ts";
import { JobSiteNotFoundError } from "./query.server.ts";
import { OPEN_JOB_SITE_STATUSES } from "./schema.ts";

export type JobSiteLot = {
  id: string;
  title: string;
  quoteId: string | null;
  quoteNumber: string | null;
  saleHtCents: number;
  labourHoursMilli: number;
  materialsCents: number;
  estimatedCostCents: number | null;
  hourlyCostCents: number;
};

export type JobSiteQuote = {
  id: string;
  number: string;
  title: string;
  totalHtCents: number;
  acceptedAt: Date | null;
};

/** The budget of the whole site: what the lots add up to. */
export type JobSiteBudget = {
  saleHtCents: number;
  /** Over the lots that carry an estimate; null when none does. */
  estimatedCostCents: number | null;
  estimatedMarginCents: number | null;
  /** Margin ÷ sale price of the estimated lots, in basis points; null when unknown. */
  estimatedMarginRate: number | null;
  lotsWithoutEstimate: number;
};

export type JobSiteDetail = JobSiteRow & {
  client: { id: string; name: string; phone: string | null; email: string | null; anonymised: boolean };
  quotes: JobSiteQuote[];
  lots: JobSiteLot[];
  budget: JobSiteBudget;
  forecast: SiteForecast;
  /** The time sheets' hours on the site, already in the forecast's costs. */
  hours: SiteHours;
  expenses: SiteExpense[];
  activity: ActivityEvent[];
};

export function jobSiteBudget(lots: readonly JobSiteLot[]): JobSiteBudget {
  let saleHtCents = 0;
  let estimatedSale = 0;
  let estimatedCost = 0;
  let estimated = 0;
  for (const lot of lots) {
    saleHtCents += lot.saleHtCents;
    if (lot.estimatedCostCents === null) continue;
    estimated += 1;
    estimatedSale += lot.saleHtCents;
    estimatedCost += lot.estimatedCostCents;
  }
  const margin = estimated > 0 ? estimatedSale - estimatedCost : null;
  return {
    saleHtCents,
    estimatedCostCents: estimated > 0 ? estimatedCost : null,
    estimatedMarginCents: margin,
    estimatedMarginRate:
      margin === null || estimatedSale <= 0 ? null : Math.round((margin * 10_000) / estimatedSale),
    lotsWithoutEstimate: lots.length - estimated,
  };
}

/** One site with its client, its quotes, its lots' budget and its history; JobSiteNotFoundError if none. */
export async function getJobSite(db: DbExecutor, id: string): Promise<JobSiteDetail> {
  if (!isUuid(id)) throw new JobSiteNotFoundError();
  const [row] = await db
    .select({
      site: jobSites,
      client: {
        id: clients.id,
        name: clients.name,
        phone: clients.phone,
        email: clients.email,
        anonymisedAt: clients.anonymisedAt,
      },
    })
    .from(jobSites)
    .innerJoin(clients, eq(clients.id, jobSites.clientId))
    .where(eq(jobSites.id, id));
  if (!row) throw new JobSiteNotFoundError();
  const siteQuotes = await db
    .select({
      id: quotes.id,
      number: quotes.number,
      title: quotes.title,
      totalHtCents: quotes.totalHtCents,
      acceptedAt: quotes.decidedAt,
    })
    .from(jobSiteQuotes)
    .innerJoin(quotes, eq(quotes.id, jobSiteQuotes.quoteId))
    .where(eq(jobSiteQuotes.jobSiteId, id))
    .orderBy(asc(jobSiteQuotes.position));
  const lots = await db
    .select({
      id: jobSiteLots.id,
      title: jobSiteLots.title,
      quoteId: jobSiteLots.quoteId,
      quoteNumber: quotes.number,
      saleHtCents: jobSiteLots.saleHtCents,
      labourHoursMilli: jobSiteLots.labourHoursMilli,
      materialsCents: jobSiteLots.materialsCents,
      estimatedCostCents: jobSiteLots.estimatedCostCents,
      hourlyCostCents: jobSiteLots.hourlyCostCents,
    })
    .from(jobSiteLots)
    .leftJoin(quotes, eq(quotes.id, jobSiteLots.quoteId))
    .where(eq(jobSiteLots.jobSiteId, id))
    .orderBy(asc(jobSiteLots.position));
  const { anonymisedAt, ...client } = row.client;
  // The lots just read, with their latest progress, are the forecast's budget lines.
  const [progress, costs, marginAlertBp, expenses, activity, hours] = await Promise.all([
    latestProgress(db, id),
    siteCosts(db, id),
    marginAlertRate(db),
    siteExpenses(db, id),
    listActivity(db, "chantier", id),
    siteHours(db, id),
  ]);
  const budgetLines = lots.map(({ id: lotId, title, saleHtCents, estimatedCostCents }) => ({
    id: lotId,
    title,
    saleHtCents,
    estimatedCostCents,
    progressBp: progress.get(lotId) ?? 0,
  }));
  return {
    ...row.site,
    client: { ...client, anonymised: anonymisedAt !== null },
    quotes: siteQuotes.map((quote) => ({ ...quote, number: quote.number ?? "—" })),
    lots,
    budget: jobSiteBudget(lots),
    forecast: forecastSite(budgetLines, costs, { marginAlertBp }),
    hours,
    expenses,
    activity,
  };
}

/** An accepted quote as « Créer le chantier » shows it, and the site it is on if any. */
export type QuoteForJobSite = {
  id: string;
  content: QuoteContent;
  seriesId: string;
  number: string | null;
  title: string;
  status: string;
  totalHtCents: number;
  siteCity: string;
  client: { id: string; name: string };
  onSite: { id: string; number: string } | null;
  /** The client's open sites it may join instead (« travaux supplémentaires »). */
  openSites: { id: string; number: string; title: string; siteCity: string }[];
};

export async function quoteForJobSite(db: DbExecutor, quoteId: string): Promise<QuoteForJobSite | null> {
  if (!isUuid(quoteId)) return null;
  const [quote] = await db
    .select({
      id: quotes.id,
      seriesId: quotes.seriesId,
      content: quotes.content,
      number: quotes.number,
      title: quotes.title,
      status: quotes.status,
      totalHtCents: quotes.totalHtCents,
      siteCity: quotes.siteCity,
      clientId: clients.id,
      clientName: clients.name,
    })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(eq(quotes.id, quoteId));
  if (!quote) return null;
  const onSite = await jobSiteOfQuote(db, quote.seriesId);
  const openSites = await db
    .select({ id: jobSites.id, number: jobSites.number, title: jobSites.title, siteCity: jobSites.siteCity })
    .from(jobSites)
    .where(and(eq(jobSites.clientId, quote.clientId), inArray(jobSites.status, [...OPEN_JOB_SITE_STATUSES])))
    .orderBy(asc(jobSites.number));
  const { clientId, clientName, ...rest } = quote;
  return { ...rest, client: { id: clientId, name: clientName }, onSite, openSites };
}

/** The site a quote series is on, for the quote's page (« Voir le chantier »). */
export async function jobSiteOfQuote(
  db: DbExecutor,
  quoteSeriesId: string,
): Promise<{ id: string; number: string } | null> {
  const [site] = await db
    .select({ id: jobSites.id, number: jobSites.number })
    .from(jobSiteQuotes)
    .innerJoin(jobSites, eq(jobSites.id, jobSiteQuotes.jobSiteId))
    .where(eq(jobSiteQuotes.quoteSeriesId, quoteSeriesId));
  return site ?? null;
}

/** A client a site is opened for by hand: its name, and its first site address (or billing address) to start from. */
export async function clientForJobSite(
  db: DbExecutor,
  clientId: string,
): Promise<{ id: string; name: string; street: string; postalCode: string; city: string } | null> {
  if (!isUuid(clientId)) return null;
  const [client] = await db
    .select({
      id: clients.id,
      name: clients.name,
      billingStreet: clients.billingStreet,
      billingPostalCode: clients.billingPostalCode,
      billingCity: clients.billingCity,
      anonymisedAt: clients.anonymisedAt,
    })
    .from(clients)
    .where(eq(clients.id, clientId));
  if (!client || client.anonymisedAt) return null;
  const [site] = await db
    .select({ street: clientSites.street, postalCode: clientSites.postalCode, city: clientSites.city })
    .from(clientSites)
    .where(eq(clientSites.clientId, clientId))
    .orderBy(asc(clientSites.position), asc(clientSites.createdAt))
    .limit(1);
  return {
    id: client.id,
    name: client.name,
    street: (site ? site.street : client.billingStreet) ?? "",
    postalCode: (site ? site.postalCode : client.billingPostalCode) ?? "",
    city: (site ? site.city : client.billingCity) ?? "",
  };
}

/** What the invoices' billing overview reads of each quote of the site (kept on the server). */
export async function siteQuoteRows(
  db: DbExecutor,
  jobSiteId: string,
): Promise<{ id: string; content: QuoteContent; handoverOn: string | null }[]> {
  return db
    .select({ id: quotes.id, content: quotes.content, handoverOn: quotes.handoverOn })
    .from(jobSiteQuotes)
    .innerJoin(quotes, eq(quotes.id, jobSiteQuotes.quoteId))
    .where(eq(jobSiteQuotes.jobSiteId, jobSiteId))
    .orderBy(asc(jobSiteQuotes.position));
}

/**
 * The work done on each quote's lots, valued at their sale price HT × their progress:
 * what « Facturé » is compared with (over- or under-invoiced).
 */
export function progressValueByQuote(site: Pick<JobSiteDetail, "lots" | "forecast">): Map<string, number> {
  const progress = new Map(site.forecast.lots.map((lot) => [lot.id, lot.progressBp]));
  const values = new Map<string, number>();
  for (const lot of site.lots) {
    if (!lot.quoteId) continue;
    const done = Number(
      divideHalfAwayFromZero(
        BigInt(lot.saleHtCents) * BigInt(progress.get(lot.id) ?? 0),
        BigInt(FULL_PERCENT),
      ),
    );
    values.set(lot.quoteId, (values.get(lot.quoteId) ?? 0) + done);
  }
  return values;
}
