import { and, count, eq, gte, lt, lte, sql } from "drizzle-orm";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import type { Cents } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { addDays, type IsoDay, parisDay } from "#app/lib/paris-time.ts";
import { SUPPLIER_INVOICES_PATH } from "./supplier-invoice-schema.ts";

/*
 * The dashboard's « Factures fournisseurs » figures: what is to pay in the next seven days
 * (today to today + 6, status « À payer ») and what is overdue (due before today, status
 * « À payer »: neither paid nor in dispute). Amounts are what is still due TTC, a credit
 * note counting negative, as the list's « Reste à payer » reads them.
 */

export type DueFigure = { count: number; totalCents: Cents; href: string };

export type SupplierInvoicesDueFigures = {
  today: IsoDay;
  /** The last day of the « this week » window (today + 6). */
  weekEnd: IsoDay;
  dueThisWeek: DueFigure;
  overdue: DueFigure;
};

const signedDue = sql<string>`coalesce(sum(case when ${supplierInvoices.isCreditNote} then -${supplierInvoices.dueCents} else ${supplierInvoices.dueCents} end), 0)`;

export async function supplierInvoicesDue(
  db: DbExecutor,
  now = new Date(),
): Promise<SupplierInvoicesDueFigures> {
  const today = parisDay(now);
  const weekEnd = addDays(today, 6);
  const toPay = eq(supplierInvoices.status, "a_payer");
  const figure = async (where: ReturnType<typeof and>) => {
    const [row] = await db.select({ count: count(), total: signedDue }).from(supplierInvoices).where(where);
    return { count: row?.count ?? 0, totalCents: Number(row?.total ?? 0) };
  };
  const [week, late] = await Promise.all([
    figure(and(toPay, gte(supplierInvoices.dueDate, today), lte(supplierInvoices.dueDate, weekEnd))),
    figure(and(toPay, lt(supplierInvoices.dueDate, today))),
  ]);
  return {
    today,
    weekEnd,
    dueThisWeek: { ...week, href: `${SUPPLIER_INVOICES_PATH}?echeance=7jours&statut=a_payer` },
    overdue: { ...late, href: `${SUPPLIER_INVOICES_PATH}?echeance=retard&statut=a_payer` },
  };
}
