import { and, asc, desc, eq, gte, lt, type SQL, sql, sum } from "drizzle-orm";
import { clients } from "#app/db/schema/clients.ts";
import {
  type InvoiceKindValue,
  type InvoiceRow,
  type InvoiceStatus,
  invoicePayments,
  invoices,
} from "#app/db/schema/invoices.ts";
import { quotes } from "#app/db/schema/quotes.ts";
import { type ActivityEvent, listActivity } from "#app/lib/activity.server.ts";
import { pageWindow } from "#app/lib/list-filters.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, parisMidnight } from "#app/lib/paris-time.ts";
import { escapeLike, foldedWords } from "#app/lib/search-text.ts";
import { sortableText } from "#app/lib/sortable-text.server.ts";
import { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS } from "./labels.ts";
import { owedSql } from "./owed.server.ts";
import { INVOICES_PAGE_SIZE, type InvoiceFilters, invoiceSort } from "./schema.ts";

export { INVOICE_KIND_LABELS, INVOICE_STATUS_LABELS };

import { namedError } from "#app/lib/named-error.ts";
import { isInvoiceId } from "./query.server.ts";

/*
 * Reading invoices: the list /erp/factures (filters in the URL, sums of the filtered
 * list), an invoice with its payments and history, and a quote's invoices.
 */

export type InvoiceListItem = {
  id: string;
  number: string | null;
  kind: InvoiceKindValue;
  status: InvoiceStatus;
  clientId: string;
  clientName: string;
  quoteId: string | null;
  totalHt: number;
  totalTtc: number;
  netToPay: number;
  credited: number;
  paid: number;
  issuedOn: string | null;
  dueOn: string | null;
  createdAt: Date;
};

const columns = {
  id: invoices.id,
  number: invoices.number,
  kind: invoices.kind,
  status: invoices.status,
  clientId: invoices.clientId,
  clientName: clients.name,
  quoteId: invoices.quoteId,
  totalHt: invoices.totalHtCents,
  totalTtc: invoices.totalTtcCents,
  netToPay: invoices.netToPayCents,
  credited: invoices.creditedCents,
  paid: invoices.paidCents,
  issuedOn: invoices.issuedOn,
  dueOn: invoices.dueOn,
  createdAt: invoices.createdAt,
};

function conditions(filters: InvoiceFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.type) where.push(eq(invoices.kind, filters.type));
  if (filters.statut) where.push(eq(invoices.status, filters.statut));
  if (filters.client) where.push(eq(invoices.clientId, filters.client));
  for (const word of foldedWords(filters.q ?? "")) {
    const pattern = `%${escapeLike(word)}%`;
    where.push(sql`(${invoices.searchText} like ${pattern} or ${clients.searchText} like ${pattern})`);
  }
  const day = sql`coalesce(${invoices.issuedAt}, ${invoices.createdAt})`;
  if (filters.du) where.push(gte(day, parisMidnight(filters.du)));
  if (filters.au) where.push(lt(day, parisMidnight(addDays(filters.au, 1))));
  return where;
}

/** The name of the client a list is filtered on; null when there is no such client. */
export async function filteredClientName(db: DbExecutor, clientId: string): Promise<string | null> {
  const [row] = await db.select({ name: clients.name }).from(clients).where(eq(clients.id, clientId));
  return row?.name ?? null;
}

export async function listInvoices(db: DbExecutor, filters: InvoiceFilters) {
  const where = and(...conditions(filters));
  const [aggregate] = await db
    .select({
      n: sql<number>`count(*)::int`,
      ht: sum(invoices.totalHtCents),
      vat: sum(invoices.totalVatCents),
      ttc: sum(invoices.totalTtcCents),
      // What clients still owe on issued invoices (credit notes and drafts owe nothing).
      outstanding: sql<string>`coalesce(sum(${owedSql()}), 0)`,
    })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(where);
  const total = Number(aggregate?.n ?? 0);
  const { page, pageCount, limit, offset } = pageWindow(total, filters.page, INVOICES_PAGE_SIZE);
  const sort = invoiceSort(filters);
  const direction = sort.direction === "asc" ? asc : desc;
  const order =
    sort.key === "numero"
      ? [sql`${invoices.number} ${sort.direction === "asc" ? sql`asc nulls last` : sql`desc nulls first`}`]
      : sort.key === "client"
        ? [direction(sortableText(clients.name))]
        : sort.key === "total"
          ? [direction(invoices.totalTtcCents)]
          : [direction(sql`coalesce(${invoices.issuedAt}, ${invoices.createdAt})`)];
  const items: InvoiceListItem[] = await db
    .select(columns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(where)
    .orderBy(...order, direction(invoices.id))
    .limit(limit)
    .offset(offset);
  return {
    items,
    total,
    page,
    pageCount,
    sums: {
      totalHt: Number(aggregate?.ht ?? 0),
      totalVat: Number(aggregate?.vat ?? 0),
      totalTtc: Number(aggregate?.ttc ?? 0),
      outstanding: Number(aggregate?.outstanding ?? 0),
    },
  };
}

/** The invoices of a quote (every version of it), oldest first. */
export async function invoicesOfQuote(db: DbExecutor, seriesId: string): Promise<InvoiceListItem[]> {
  return db
    .select(columns)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .innerJoin(quotes, eq(quotes.id, invoices.quoteId))
    .where(eq(quotes.seriesId, seriesId))
    .orderBy(asc(invoices.createdAt), asc(invoices.id));
}

export class InvoiceMissingError extends namedError(
  "InvoiceMissingError",
  "Cette facture n'existe pas ou a été supprimée.",
) {}

export type InvoiceView = {
  invoice: InvoiceRow;
  clientName: string;
  quote: { id: string; number: string | null; version: number; title: string } | null;
  credited: { id: string; number: string | null } | null;
  payments: (typeof invoicePayments.$inferSelect)[];
  events: ActivityEvent[];
};

export async function getInvoice(db: DbExecutor, id: string): Promise<InvoiceView> {
  if (!isInvoiceId(id)) throw new InvoiceMissingError();
  const [row] = await db
    .select({ invoice: invoices, clientName: clients.name })
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .where(eq(invoices.id, id));
  if (!row) throw new InvoiceMissingError();
  const { invoice } = row;
  const [quote] = invoice.quoteId
    ? await db
        .select({ id: quotes.id, number: quotes.number, version: quotes.version, title: quotes.title })
        .from(quotes)
        .where(eq(quotes.id, invoice.quoteId))
    : [];
  const [credited] = invoice.creditedInvoiceId
    ? await db
        .select({ id: invoices.id, number: invoices.number })
        .from(invoices)
        .where(eq(invoices.id, invoice.creditedInvoiceId))
    : [];
  const payments = await db
    .select()
    .from(invoicePayments)
    .where(eq(invoicePayments.invoiceId, id))
    .orderBy(asc(invoicePayments.paidOn), asc(invoicePayments.createdAt));
  return {
    invoice,
    clientName: row.clientName,
    quote: quote ?? null,
    credited: credited ?? null,
    payments,
    events: await listActivity(db, "facture", id),
  };
}

/** Deletes a draft (an issued invoice is kept: the database refuses its deletion). */
export async function deleteInvoiceDraft(db: DbExecutor, id: string): Promise<{ quoteId: string | null }> {
  if (!isInvoiceId(id)) throw new InvoiceMissingError();
  const [row] = await db
    .delete(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, "brouillon")))
    .returning({ quoteId: invoices.quoteId });
  if (!row) throw new InvoiceMissingError();
  return { quoteId: row.quoteId };
}
