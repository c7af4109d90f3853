import {
  and,
  asc,
  between,
  count,
  eq,
  exists,
  gte,
  inArray,
  isNull,
  lt,
  ne,
  not,
  type SQL,
  sql,
} from "drizzle-orm";
import { clients } from "#app/db/schema/clients.ts";
import { invoices, retentionReleases } from "#app/db/schema/invoices.ts";
import { jobSiteAssignments, jobSiteQuotes, jobSites } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions, jobSiteReservations } from "#app/db/schema/receptions.ts";
import type { Cents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { lotBudgetLines, marginAlertRate, siteCosts } from "./costs.server.ts";
import { forecastSite } from "./forecast.ts";
import { warrantyDates } from "./warranty.ts";

/*
 * The job sites' block on the Espace Pro's home: the sites in progress with their
 * progress, projected margin and alerts, the sites starting within the week, the
 * planned or running sites nobody is put on, the reservations past their deadline and
 * the retentions whose release falls within 30 days.
 */

/** How many sites each list of the block shows; the counts say how many there are. */
export const JOB_SITES_DASHBOARD_SIZE = 8;
/** « Démarrent cette semaine »: a planned start from today to today + 7 days. */
export const STARTING_HORIZON_DAYS = 7;
/** « Retenues à libérer »: a release day (one year after the reception) up to today + 30 days. */
export const RETENTION_HORIZON_DAYS = 30;

export type DashboardSite = {
  id: string;
  number: string;
  title: string;
  clientName: string;
  siteCity: string;
  plannedStart: string | null;
};

export type RunningSite = DashboardSite & {
  progressBp: number;
  projectedMarginRate: number | null;
  alerts: number;
};

export type JobSitesDashboardFigures = {
  running: { count: number; items: RunningSite[] };
  starting: { count: number; items: DashboardSite[]; until: string };
  /** Planned or running sites nobody is put on from today on. */
  unstaffed: { count: number; items: DashboardSite[] };
  /** Reservations of a signed PV not lifted by their deadline, the oldest deadline first. */
  lateReservations: { count: number; items: LateReservation[] };
  /** Sites whose retention is still held and released by `until` (or already due), the soonest first. */
  retentionsDue: { count: number; items: RetentionDue[]; until: IsoDay };
};

export type RetentionDue = {
  jobSiteId: string;
  number: string;
  title: string;
  clientName: string;
  releaseOn: IsoDay;
  /** Withheld by the site's issued invoices, less what the client paid at the release. */
  held: Cents;
  /** Reservations of the PV de réception not lifted: shown beside the release. */
  openReservations: number;
};

export type LateReservation = {
  id: string;
  jobSiteId: string;
  number: string;
  description: string;
  deadline: string;
};

const columns = {
  id: jobSites.id,
  number: jobSites.number,
  title: jobSites.title,
  clientName: clients.name,
  siteCity: jobSites.siteCity,
  plannedStart: jobSites.plannedStart,
};

export async function jobSitesDashboard(db: DbExecutor, now: Date): Promise<JobSitesDashboardFigures> {
  const today = parisDay(now);
  const until = addDays(today, STARTING_HORIZON_DAYS);
  const runningWhere = eq(jobSites.status, "en_cours");
  const startingWhere = and(
    inArray(jobSites.status, ["a_planifier", "planifie"]),
    between(jobSites.plannedStart, today, until),
  );
  const unstaffedWhere = and(
    inArray(jobSites.status, ["planifie", "en_cours"]),
    not(
      exists(
        db
          .select({ one: jobSiteAssignments.id })
          .from(jobSiteAssignments)
          .where(and(eq(jobSiteAssignments.jobSiteId, jobSites.id), gte(jobSiteAssignments.endDate, today))),
      ),
    ),
  );
  const lateWhere = and(
    eq(jobSiteReceptions.status, "signe"),
    isNull(jobSiteReservations.liftedOn),
    lt(jobSiteReservations.deadline, today),
  );
  const sitesWhere = (
    where: SQL | undefined,
    order: typeof jobSites.plannedStart | typeof jobSites.plannedEnd,
  ) =>
    db
      .select(columns)
      .from(jobSites)
      .innerJoin(clients, eq(clients.id, jobSites.clientId))
      .where(where)
      .orderBy(order, asc(jobSites.number))
      .limit(JOB_SITES_DASHBOARD_SIZE);
  const countSites = (where: SQL | undefined) => db.select({ n: count() }).from(jobSites).where(where);
  const [
    runningRows,
    [runningCount],
    startingRows,
    [startingCount],
    unstaffedRows,
    [unstaffedCount],
    lateRows,
    [lateCount],
  ] = await Promise.all([
    sitesWhere(runningWhere, jobSites.plannedEnd),
    countSites(runningWhere),
    sitesWhere(startingWhere, jobSites.plannedStart),
    countSites(startingWhere),
    sitesWhere(unstaffedWhere, jobSites.plannedStart),
    countSites(unstaffedWhere),
    db
      .select({
        id: jobSiteReservations.id,
        jobSiteId: jobSites.id,
        number: jobSites.number,
        description: jobSiteReservations.description,
        deadline: jobSiteReservations.deadline,
      })
      .from(jobSiteReservations)
      .innerJoin(jobSiteReceptions, eq(jobSiteReceptions.id, jobSiteReservations.receptionId))
      .innerJoin(jobSites, eq(jobSites.id, jobSiteReceptions.jobSiteId))
      .where(lateWhere)
      .orderBy(asc(jobSiteReservations.deadline), asc(jobSites.number))
      .limit(JOB_SITES_DASHBOARD_SIZE),
    db
      .select({ n: count() })
      .from(jobSiteReservations)
      .innerJoin(jobSiteReceptions, eq(jobSiteReceptions.id, jobSiteReservations.receptionId))
      .where(lateWhere),
  ]);
  const [marginAlertBp, retentionsDue] = await Promise.all([marginAlertRate(db), dueRetentions(db, today)]);
  const running = await Promise.all(
    runningRows.map(async (site): Promise<RunningSite> => {
      const forecast = forecastSite(await lotBudgetLines(db, site.id), await siteCosts(db, site.id), {
        marginAlertBp,
      });
      return {
        ...site,
        progressBp: forecast.progressBp,
        projectedMarginRate: forecast.projectedMarginRate,
        alerts: forecast.alerts.length,
      };
    }),
  );
  return {
    running: { count: runningCount?.n ?? 0, items: running },
    starting: { count: startingCount?.n ?? 0, items: startingRows, until },
    unstaffed: { count: unstaffedCount?.n ?? 0, items: unstaffedRows },
    lateReservations: { count: lateCount?.n ?? 0, items: lateRows },
    retentionsDue,
  };
}

/**
 * The received sites with a retention still held whose release day (warranty.ts: one year
 * after the reception, the month's end rule included) falls by today + 30 days. Few rows
 * (held retentions of signed PVs): the release day is computed here, not in SQL.
 */
async function dueRetentions(
  db: DbExecutor,
  today: IsoDay,
): Promise<JobSitesDashboardFigures["retentionsDue"]> {
  const until = addDays(today, RETENTION_HORIZON_DAYS);
  const siteSeries = db
    .select({ seriesId: jobSiteQuotes.quoteSeriesId })
    .from(jobSiteQuotes)
    .where(eq(jobSiteQuotes.jobSiteId, jobSites.id));
  const withheld = db
    .select({ total: sql`coalesce(sum(${invoices.retentionCents}), 0)` })
    .from(invoices)
    .innerJoin(quotes, eq(quotes.id, invoices.quoteId))
    .where(and(ne(invoices.status, "brouillon"), inArray(quotes.seriesId, siteSeries)));
  const paid = db
    .select({ total: sql`coalesce(sum(${retentionReleases.amountCents}), 0)` })
    .from(retentionReleases)
    .innerJoin(quotes, eq(quotes.id, retentionReleases.quoteId))
    .where(inArray(quotes.seriesId, siteSeries));
  const held = sql<string>`(${withheld}) - (${paid})`;
  const rows = await db
    .select({
      jobSiteId: jobSites.id,
      number: jobSites.number,
      title: jobSites.title,
      clientName: clients.name,
      receivedOn: jobSiteReceptions.receivedOn,
      held,
      openReservations: db.$count(
        jobSiteReservations,
        and(eq(jobSiteReservations.receptionId, jobSiteReceptions.id), isNull(jobSiteReservations.liftedOn)),
      ),
    })
    .from(jobSiteReceptions)
    .innerJoin(jobSites, eq(jobSites.id, jobSiteReceptions.jobSiteId))
    .innerJoin(clients, eq(clients.id, jobSites.clientId))
    .where(
      and(eq(jobSiteReceptions.kind, "reception"), eq(jobSiteReceptions.status, "signe"), sql`${held} > 0`),
    );
  const due = rows
    .map(({ receivedOn, held: amount, openReservations, ...site }) => ({
      ...site,
      releaseOn: warrantyDates(receivedOn).retentionReleaseOn,
      held: Number(amount),
      openReservations: Number(openReservations),
    }))
    .filter((site) => site.releaseOn <= until)
    .sort((a, b) => a.releaseOn.localeCompare(b.releaseOn) || a.number.localeCompare(b.number));
  return { count: due.length, items: due.slice(0, JOB_SITES_DASHBOARD_SIZE), until };
}
