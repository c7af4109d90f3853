import { and, asc, eq, gt, gte, isNotNull, lt, ne, sql } from "drizzle-orm";
import { clients } from "#app/db/schema/clients.ts";
import { invoices, retentionReleases } from "#app/db/schema/invoices.ts";
import { jobSiteQuotes } from "#app/db/schema/job-sites.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { jobSiteReceptions, jobSiteReservations } from "#app/db/schema/receptions.ts";
import type { Cents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, daysBetween, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { VAT_CODES, type VatCode } from "#app/lib/vat.ts";
import { retentionReleaseDate } from "./billing-summary.ts";
import { owedSql } from "./owed.server.ts";

/*
 * The invoices' figures on the Espace Pro's home (/erp): what clients owe, what is late,
 * what was invoiced this Paris calendar month and its VAT per rate, and the retentions
 * held. Four statements run together, each one pass over `invoices` (hash joins, no
 * per-row subquery): the sums of what is owed, the five oldest late invoices, the month
 * per VAT rate, the retentions per quote. Money in cents.
 */

/** How many late invoices the block lists (the oldest due first); the count says how many in all. */
export const OVERDUE_LIST_SIZE = 5;
/** How many quotes with a retention held the block lists (the soonest release first). */
export const RETENTION_LIST_SIZE = 8;

export type OverdueInvoice = {
  id: string;
  number: string;
  clientName: string;
  dueOn: IsoDay;
  /** Paris days since the due day: 1 the day after. */
  daysLate: number;
  /** What is still owed on it (net to pay − paid − its credit notes). */
  left: Cents;
};

export type MonthRate = {
  code: VatCode;
  /** The documents' VAT bases of the rate (credit notes negative). */
  ht: Cents;
  vat: Cents;
};

export type HeldRetention = {
  quoteId: string;
  /** « DEV-2026-0007 », « DEV-2026-0007-V2 ». */
  quoteNumber: string;
  quoteTitle: string;
  clientName: string;
  /** Withheld on the quote's issued invoices, less what its credit notes gave back. */
  held: Cents;
  handoverOn: IsoDay | null;
  /** One year after the handover (loi 71-584, article 2); null while the handover is not entered. */
  releaseOn: IsoDay | null;
  /** The release day has come: the client owes it, unless he objected with reasons. */
  releasable: boolean;
  /** Reservations of the site's PV de réception not lifted yet: shown beside the release. */
  openReservations: number;
};

export type InvoicesDashboardFigures = {
  today: IsoDay;
  /** Issued invoices with something left to pay. */
  outstanding: { count: number; amount: Cents };
  /** Those of them « En retard » (the daily job marks them the day after their due day). */
  overdue: { count: number; amount: Cents; items: OverdueInvoice[] };
  /** Documents issued from the first to the last day of the current Paris calendar month. */
  month: {
    start: IsoDay;
    end: IsoDay;
    invoices: number;
    creditNotes: number;
    /** Σ HT of the month's invoices, minus its credit notes (their HT is negative). */
    invoicedHt: Cents;
    /** 20 %, 10 % and 5,5 % always (zero when none); reverse charge only when the month has some. */
    rates: MonthRate[];
  };
  retentions: { count: number; held: Cents; items: HeldRetention[] };
};

/** The first day of the month after the one of `day`. */
function nextMonthStart(day: IsoDay): IsoDay {
  const year = Number(day.slice(0, 4));
  const month = Number(day.slice(5, 7));
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, "0")}-01`;
}

/** Money out of a sum (a string from PostgreSQL's bigint/numeric, a number or bigint from PGlite). */
const cents = (value: unknown): Cents => Number(value ?? 0);

export async function invoicesDashboard(db: DbExecutor, now = new Date()): Promise<InvoicesDashboardFigures> {
  const today = parisDay(now);
  const monthStart = `${today.slice(0, 7)}-01`;
  const nextMonth = nextMonthStart(today);
  const issued = ne(invoices.status, "brouillon");

  // What a client still owes on an invoice: the one rule of every « Reste dû » (owed.ts),
  // as PostgreSQL sums it (owed.server.ts).
  const left = owedSql();
  const owing = sql`${left} > 0`;
  const late = sql`${invoices.status} = 'en_retard'`;
  // Each document's VAT breakdown as it printed it (decision 018: one entry per rate of its
  // quote, zeros included; its HT entries add up to `total_ht_cents`).
  const rate = sql`jsonb_to_recordset(${invoices.content} -> 'billing' -> 'byRate') as rate(code text, ht bigint, vat bigint)`;

  // Withheld by the quote's invoices (credit notes give theirs back), less what the client
  // paid at the release (« Retenue versée »).
  const heldRetention = sql`sum(${invoices.retentionCents}) - (select coalesce(sum(${retentionReleases.amountCents}), 0) from ${retentionReleases} where ${retentionReleases.quoteId} = ${quotes.id})`;
  const [[owed], lateRows, monthRows, retentionRows] = await Promise.all([
    db
      .select({
        count: sql<number>`count(*)`.mapWith(Number),
        amount: sql<string>`coalesce(sum(${left}), 0)`,
        lateCount: sql<number>`count(*) filter (where ${late})`.mapWith(Number),
        lateAmount: sql<string>`coalesce(sum(${left}) filter (where ${late}), 0)`,
      })
      .from(invoices)
      .where(owing),
    db
      .select({
        id: invoices.id,
        number: invoices.number,
        dueOn: invoices.dueOn,
        clientName: clients.name,
        left: sql<string>`${left}`,
      })
      .from(invoices)
      .innerJoin(clients, eq(clients.id, invoices.clientId))
      .where(and(owing, eq(invoices.status, "en_retard")))
      .orderBy(asc(invoices.dueOn), asc(invoices.number))
      .limit(OVERDUE_LIST_SIZE),
    // issued_on is the Paris day of the issue instant (an invoice issued on the 1st at
    // 00:30 in Paris, still the last day of the month in UTC, has the 1st). One row per
    // rate, and the row of all rates (code null) with the counts and the HT invoiced.
    db
      .select({
        code: sql<string | null>`rate.code`,
        invoices:
          sql<number>`count(distinct ${invoices.id}) filter (where ${invoices.kind} <> 'avoir')`.mapWith(
            Number,
          ),
        creditNotes:
          sql<number>`count(distinct ${invoices.id}) filter (where ${invoices.kind} = 'avoir')`.mapWith(
            Number,
          ),
        ht: sql<string>`coalesce(sum(rate.ht), 0)`,
        vat: sql<string>`coalesce(sum(rate.vat), 0)`,
      })
      .from(invoices)
      .innerJoin(rate, sql`true`)
      .where(and(issued, gte(invoices.issuedOn, monthStart), lt(invoices.issuedOn, nextMonth)))
      .groupBy(sql`grouping sets ((rate.code), ())`),
    // Per quote, what its issued documents withheld (a credit note gives its share back,
    // negative). Releases are not recorded by the application (no payment records one):
    // what was withheld is what is held until then. Soonest release first, then the
    // quotes whose handover is not entered.
    db
      .select({
        quoteId: quotes.id,
        number: quotes.number,
        version: quotes.version,
        title: quotes.title,
        handoverOn: quotes.handoverOn,
        clientName: clients.name,
        held: sql<string>`${heldRetention}`,
        openReservations: sql<number>`(
          select count(*) from ${jobSiteReservations}
          join ${jobSiteReceptions} on ${jobSiteReceptions.id} = ${jobSiteReservations.receptionId}
          join ${jobSiteQuotes} on ${jobSiteQuotes.jobSiteId} = ${jobSiteReceptions.jobSiteId}
          where ${jobSiteQuotes.quoteSeriesId} = ${quotes.seriesId}
            and ${jobSiteReceptions.kind} = 'reception'
            and ${jobSiteReservations.liftedOn} is null
        )`.mapWith(Number),
        count: sql<number>`count(*) over ()`.mapWith(Number),
        total: sql<string>`sum(${heldRetention}) over ()`,
      })
      .from(invoices)
      .innerJoin(quotes, eq(quotes.id, invoices.quoteId))
      .innerJoin(clients, eq(clients.id, quotes.clientId))
      .where(and(issued, isNotNull(invoices.quoteId), ne(invoices.retentionCents, 0)))
      .groupBy(quotes.id, clients.name)
      .having(gt(heldRetention, 0))
      .orderBy(sql`${quotes.handoverOn} asc nulls last`, asc(quotes.number), asc(quotes.id))
      .limit(RETENTION_LIST_SIZE),
  ]);

  const month = monthRows.find((row) => row.code === null);
  const rates: MonthRate[] = VAT_CODES.map((code) => {
    const found = monthRows.find((row) => row.code === code);
    return { code, ht: cents(found?.ht), vat: cents(found?.vat) };
  }).filter((entry) => entry.code !== "autoliquidation" || entry.ht !== 0);
  const firstRetention = retentionRows[0];

  return {
    today,
    outstanding: { count: owed?.count ?? 0, amount: cents(owed?.amount) },
    overdue: {
      count: owed?.lateCount ?? 0,
      amount: cents(owed?.lateAmount),
      items: lateRows.map((row) => {
        // Never null on an issued invoice: the table's checks require both.
        const dueOn = row.dueOn ?? today;
        return {
          id: row.id,
          number: row.number ?? "",
          clientName: row.clientName,
          dueOn,
          daysLate: daysBetween(dueOn, today),
          left: cents(row.left),
        };
      }),
    },
    month: {
      start: monthStart,
      end: addDays(nextMonth, -1),
      invoices: month?.invoices ?? 0,
      creditNotes: month?.creditNotes ?? 0,
      invoicedHt: cents(month?.ht),
      rates,
    },
    retentions: {
      count: firstRetention?.count ?? 0,
      held: cents(firstRetention?.total),
      items: retentionRows.map((row) => {
        const releaseOn = row.handoverOn ? retentionReleaseDate(row.handoverOn) : null;
        return {
          quoteId: row.quoteId,
          quoteNumber: `${row.number ?? "Sans numéro"}${row.version > 1 ? `-V${row.version}` : ""}`,
          quoteTitle: row.title,
          clientName: row.clientName,
          held: cents(row.held),
          handoverOn: row.handoverOn,
          releaseOn,
          releasable: releaseOn !== null && releaseOn <= today,
          openReservations: row.openReservations,
        };
      }),
    },
  };
}
