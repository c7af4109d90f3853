import { and, asc, desc, eq, gte, lt, ne, type SQL, sql, sum } from "drizzle-orm";
import { clients } from "#app/db/schema/clients.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, parisMidnight } from "#app/lib/paris-time.ts";
import { escapeLike, foldedWords } from "#app/lib/search-text.ts";
import { sortableText } from "#app/lib/sortable-text.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { QUOTE_STATUS_LABELS, type QuoteStatus, quoteDisplayNumber } from "./content.ts";
import { QUOTES_PAGE_SIZE, type QuoteFilters, quoteSort } from "./schema.ts";

/*
 * The quotes listed: the list /erp/devis (filters in the URL, sums of the filtered list)
 * and a client's quotes, every version.
 */

export type QuoteListItem = {
  id: string;
  displayNumber: string | null;
  status: QuoteStatus;
  statusLabel: string;
  clientId: string;
  clientName: string;
  siteCity: string;
  title: string;
  totalHt: number;
  totalTtc: number;
  createdAt: Date;
  sentAt: Date | null;
  validUntil: string | null;
};

export type QuotePage = {
  items: QuoteListItem[];
  total: number;
  page: number;
  pageCount: number;
  /** Sums of the whole filtered list, every page. */
  sums: { totalHt: number; totalTtc: number };
};

const listColumns = {
  id: quotes.id,
  number: quotes.number,
  version: quotes.version,
  status: quotes.status,
  clientId: quotes.clientId,
  clientName: clients.name,
  siteCity: quotes.siteCity,
  title: quotes.title,
  totalHt: quotes.totalHtCents,
  totalTtc: quotes.totalTtcCents,
  createdAt: quotes.createdAt,
  sentAt: quotes.sentAt,
  validUntil: quotes.validUntil,
};

function listItem(
  row: Omit<QuoteListItem, "displayNumber" | "statusLabel"> & { number: string | null; version: number },
): QuoteListItem {
  const { number, version, ...fields } = row;
  return {
    ...fields,
    displayNumber: quoteDisplayNumber(number, version),
    statusLabel: QUOTE_STATUS_LABELS[row.status],
  };
}

function listConditions(filters: QuoteFilters): SQL[] {
  const where: SQL[] = [];
  // Replaced versions stay out of the list (and its sums) unless asked for.
  where.push(filters.statut ? eq(quotes.status, filters.statut) : ne(quotes.status, "remplace"));
  for (const word of foldedWords(filters.q ?? "")) {
    const pattern = `%${escapeLike(word)}%`;
    where.push(sql`(${quotes.searchText} like ${pattern} or ${clients.searchText} like ${pattern})`);
  }
  // The period: the day it was sent, or created for a draft (Paris calendar days).
  const day = sql`coalesce(${quotes.sentAt}, ${quotes.createdAt})`;
  if (filters.du) where.push(gte(day, parisMidnight(filters.du)));
  if (filters.au) where.push(lt(day, parisMidnight(addDays(filters.au, 1))));
  return where;
}

export async function listQuotes(db: DbExecutor, filters: QuoteFilters): Promise<QuotePage> {
  const where = and(...listConditions(filters));
  const [aggregate] = await db
    .select({
      n: sql<number>`count(*)::int`,
      totalHt: sum(quotes.totalHtCents),
      totalTtc: sum(quotes.totalTtcCents),
    })
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(where);
  const total = Number(aggregate?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, QUOTES_PAGE_SIZE);
  const sort = quoteSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const nulls = sort.direction === "asc" ? sql`nulls last` : sql`nulls first`;
  const order =
    sort.key === "numero"
      ? [
          sql`${quotes.number} ${sort.direction === "asc" ? sql`asc` : sql`desc`} ${nulls}`,
          direction(quotes.version),
        ]
      : sort.key === "client"
        ? [direction(sortableText(clients.name)), direction(quotes.createdAt)]
        : sort.key === "total"
          ? [direction(quotes.totalTtcCents), direction(quotes.createdAt)]
          : [direction(quotes.createdAt)];
  const rows = await db
    .select(listColumns)
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(where)
    .orderBy(...order, direction(quotes.id))
    .limit(limit)
    .offset(offset);
  return {
    items: rows.map(listItem),
    total,
    page,
    pageCount,
    sums: { totalHt: Number(aggregate?.totalHt ?? 0), totalTtc: Number(aggregate?.totalTtc ?? 0) },
  };
}

/** The quotes of a client, every version, newest first (its page lists them). */
export async function quotesOfClient(db: DbExecutor, clientId: string): Promise<QuoteListItem[]> {
  if (!isUuid(clientId)) return [];
  const rows = await db
    .select(listColumns)
    .from(quotes)
    .innerJoin(clients, eq(clients.id, quotes.clientId))
    .where(eq(quotes.clientId, clientId))
    .orderBy(desc(quotes.createdAt), desc(quotes.id))
    .limit(200);
  return rows.map(listItem);
}
