import { and, asc, between, eq, gt, gte, lt, ne, notExists, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { clients } from "#app/db/schema/clients.ts";
import { jobSiteQuotes } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, daysBetween, type IsoDay, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import { quoteDisplayNumber } from "./content.ts";

/*
 * The quotes' figures on the Espace Pro's home (/erp). Every day is a Paris calendar
 * day (app/lib/paris-time.ts), whatever the server's time zone.
 */

/** How many quotes each list of the dashboard shows; the counts say how many there are in all. */
export const DASHBOARD_LIST_SIZE = 8;
/** « Expirent dans les 7 jours »: last valid day between today and today + 7, both included. */
export const EXPIRY_HORIZON_DAYS = 7;
/** « Taux de transformation (90 jours) »: quotes first sent during the 90 Paris days ending today. */
export const CONVERSION_WINDOW_DAYS = 90;

type DashboardQuote = {
  id: string;
  /** « DEV-2026-0007 », « DEV-2026-0007-V2 ». */
  displayNumber: string;
  title: string;
  clientName: string;
  totalHt: number;
};

export type PendingQuote = DashboardQuote & {
  sentAt: Date;
  /** Whole Paris days since the day it was sent: 0 the same day, 1 the next… */
  ageDays: number;
  validUntil: IsoDay;
};

export type ExpiringQuote = DashboardQuote & {
  /** Its last valid day. */
  validUntil: IsoDay;
  /** Paris days from today to that last day: 0 when today is the last day. */
  daysLeft: number;
};

export type AcceptedQuote = DashboardQuote & { decidedAt: Date };

export type QuotesDashboardFigures = {
  today: IsoDay;
  /** Sent, no answer yet (status « envoye », the series' latest sent version), oldest sending first. */
  pending: { count: number; items: PendingQuote[] };
  /** Sent, last valid day within the next 7 days, the soonest first. */
  expiringSoon: { count: number; until: IsoDay; items: ExpiringQuote[] };
  /** Accepted (decidedAt) during the current Paris calendar month. */
  acceptedThisMonth: { count: number; totalHt: number; monthStart: IsoDay };
  /** Quote series first sent since `since` (included), and how many of them have an accepted version. */
  conversion: { since: IsoDay; sent: number; accepted: number; percent: number | null };
  /** Accepted quotes waiting for their job site, oldest acceptance first. */
  toSchedule: { count: number; items: AcceptedQuote[] };
};

/** The first day of the month after the one of `day`. */
function nextMonthStart(day: IsoDay): IsoDay {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

/** The share in whole percent, half up (1 on 8 is 13 %); null when nothing was sent. */
function wholePercent(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 100) / whole);
}

const displayNumber = (number: string | null, version: number) =>
  quoteDisplayNumber(number, version) ?? "Sans numéro";

export async function quotesDashboard(db: DbExecutor, now = new Date()): Promise<QuotesDashboardFigures> {
  const today = parisDay(now);
  const expiryUntil = addDays(today, EXPIRY_HORIZON_DAYS);
  const monthStart = `${today.slice(0, 7)}-01`;
  const since = addDays(today, -(CONVERSION_WINDOW_DAYS - 1));

  // A version is awaiting an answer only if no later version of its series was sent
  // (sending a new version marks the earlier ones « remplace »; this holds even if that
  // ever failed). A later draft does not count: the client may still accept this one.
  const later = alias(quotes, "later_version");
  const latestSent = notExists(
    db
      .select({ one: sql`1` })
      .from(later)
      .where(
        and(
          eq(later.seriesId, quotes.seriesId),
          gt(later.version, quotes.version),
          ne(later.status, "brouillon"),
        ),
      ),
  );
  const awaiting = and(eq(quotes.status, "envoye"), latestSent);
  // Counted over the whole filter before the LIMIT applies.
  const total = sql<number>`(count(*) over ())::int`;
  const columns = {
    id: quotes.id,
    number: quotes.number,
    version: quotes.version,
    title: quotes.title,
    clientName: clients.name,
    totalHt: quotes.totalHtCents,
    sentAt: quotes.sentAt,
    validUntil: quotes.validUntil,
    decidedAt: quotes.decidedAt,
    total,
  };

  const [pendingRows, expiringRows, acceptedRows, [month], [conversion]] = await Promise.all([
    db
      .select(columns)
      .from(quotes)
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .where(awaiting)
      .orderBy(asc(quotes.sentAt), asc(quotes.id))
      .limit(DASHBOARD_LIST_SIZE),
    db
      .select(columns)
      .from(quotes)
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .where(and(awaiting, between(quotes.validUntil, today, expiryUntil)))
      .orderBy(asc(quotes.validUntil), asc(quotes.sentAt), asc(quotes.id))
      .limit(DASHBOARD_LIST_SIZE),
    // The accepted quotes that no job site holds yet (« Créer le chantier »).
    db
      .select(columns)
      .from(quotes)
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .where(
        and(
          eq(quotes.status, "accepte"),
          notExists(
            db
              .select({ one: sql`1` })
              .from(jobSiteQuotes)
              .where(eq(jobSiteQuotes.quoteSeriesId, quotes.seriesId)),
          ),
        ),
      )
      .orderBy(asc(quotes.decidedAt), asc(quotes.id))
      .limit(DASHBOARD_LIST_SIZE),
    db
      .select({
        count: sql<number>`count(*)::int`,
        totalHt: sql<string>`coalesce(sum(${quotes.totalHtCents}), 0)`,
      })
      .from(quotes)
      .where(
        and(
          eq(quotes.status, "accepte"),
          gte(quotes.decidedAt, parisMidnight(monthStart)),
          lt(quotes.decidedAt, parisMidnight(nextMonthStart(today))),
        ),
      ),
    conversionFigures(db, parisMidnight(since), now),
  ]);

  const sent = conversion?.sent ?? 0;
  const accepted = conversion?.accepted ?? 0;
  const base = (row: (typeof pendingRows)[number]): DashboardQuote => ({
    id: row.id,
    displayNumber: displayNumber(row.number, row.version),
    title: row.title,
    clientName: row.clientName,
    totalHt: row.totalHt,
  });
  return {
    today,
    pending: {
      count: pendingRows[0]?.total ?? 0,
      items: pendingRows.map((row) => {
        // Never null for a sent version: the table's checks require both.
        const sentAt = row.sentAt ?? now;
        return {
          ...base(row),
          sentAt,
          ageDays: daysBetween(parisDay(sentAt), today),
          validUntil: row.validUntil ?? today,
        };
      }),
    },
    expiringSoon: {
      count: expiringRows[0]?.total ?? 0,
      until: expiryUntil,
      items: expiringRows.map((row) => {
        const validUntil = row.validUntil ?? today;
        return { ...base(row), validUntil, daysLeft: daysBetween(today, validUntil) };
      }),
    },
    acceptedThisMonth: {
      count: month?.count ?? 0,
      totalHt: Number(month?.totalHt ?? 0),
      monthStart,
    },
    conversion: { since, sent, accepted, percent: wholePercent(accepted, sent) },
    toSchedule: {
      count: acceptedRows[0]?.total ?? 0,
      items: acceptedRows.map((row) => ({ ...base(row), decidedAt: row.decidedAt ?? now })),
    },
  };
}

/**
 * Each quote counted once (its series): sent when its first version was, accepted when
 * any version was (a V1 replaced by an accepted V2 is one quote, accepted).
 */
async function conversionFigures(db: DbExecutor, from: Date, to: Date) {
  const series = db
    .select({
      firstSentAt: sql<Date>`min(${quotes.sentAt})`.as("first_sent_at"),
      accepted: sql<boolean>`bool_or(${quotes.status} = 'accepte')`.as("accepted"),
    })
    .from(quotes)
    .where(sql`${quotes.sentAt} is not null`)
    .groupBy(quotes.seriesId)
    .as("series");
  return db
    .select({
      sent: sql<number>`count(*)::int`,
      accepted: sql<number>`(count(*) filter (where ${series.accepted}))::int`,
    })
    .from(series)
    .where(
      sql`${series.firstSentAt} >= ${from.toISOString()}::timestamptz and ${series.firstSentAt} <= ${to.toISOString()}::timestamptz`,
    );
}
