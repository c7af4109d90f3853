import { and, asc, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import {
  jobSiteExpenses,
  jobSiteLots,
  jobSiteProgress,
  jobSiteQuotes,
  jobSites,
} from "#app/db/schema/job-sites.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { supplierInvoiceAllocations, supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { employees, timeEntries, timeWeeks } from "#app/db/schema/time-sheets.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { divideHalfAwayFromZero, formatCents, formatPercent, parsePercent } from "#app/lib/money.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { type LotBudgetLine, MARGIN_ALERT_BP, type SiteCost } from "./forecast.ts";
import { type Actor, JobSiteConflictError, lockJobSite } from "./query.server.ts";
import { COST_MESSAGES, type ExpenseData, PROGRESS_FIELD_PREFIX } from "./schema.ts";

/*
 * What a site has cost and how far it has gone: the lots' progress (every record kept,
 * the latest counts), the « Autres dépenses » and the hours of the time sheets.
 * `siteCosts` is the one door through which costs reach the forecast
 * (app/features/job-sites/forecast.ts).
 */

/** A refused form field: its name (`avancement.<lot id>`, `spentOn`…) and its message. */
export class CostFieldError extends Error {
  readonly field: string;
  constructor(field: string, message: string) {
    super(message);
    this.name = "CostFieldError";
    this.field = field;
  }
}

export type SiteExpense = {
  id: string;
  lotId: string | null;
  lotTitle: string | null;
  spentOn: string;
  label: string;
  amountHtCents: number;
  vatCode: string;
  /** A receipt was joined (served by /erp/chantiers/:id/depenses/:expenseId/justificatif). */
  hasReceipt: boolean;
  createdAt: Date;
};

/** A receipt stored for an expense. */
export type StoredReceipt = { storageKey: string; contentType: string };

export type ProgressRecord = { lotId: string; percentBp: number; recordedOn: string; createdAt: Date };

/** The settings' margin alert threshold (15 % until the settings say otherwise). */
export async function marginAlertRate(db: DbExecutor): Promise<number> {
  const [settings] = await db
    .select({ marginAlertBp: companySettings.marginAlertBp })
    .from(companySettings)
    .where(eq(companySettings.id, 1));
  return settings?.marginAlertBp ?? MARGIN_ALERT_BP;
}

/**
 * Every cost allocated to the site, for the forecast: the « Autres dépenses », the supplier
 * invoices allocated to it (« achat »), and the
 * hours of the time sheets × each employee's loaded hourly cost (on the line's lot, else
 * the whole site), counted as soon as they are entered.
 */
export async function siteCosts(db: DbExecutor, jobSiteId: string): Promise<SiteCost[]> {
  const [expenses, hours, purchases] = await Promise.all([
    db
      .select({ lotId: jobSiteExpenses.lotId, amountCents: jobSiteExpenses.amountHtCents })
      .from(jobSiteExpenses)
      .where(eq(jobSiteExpenses.jobSiteId, jobSiteId)),
    siteHours(db, jobSiteId),
    sitePurchases(db, jobSiteId),
  ]);
  return [
    ...expenses.map((expense) => ({ ...expense, source: "depense" as const })),
    ...purchases.map((purchase) => ({ ...purchase, source: "achat" as const })),
    ...hours.byLot.map(({ lotId, costCents }) => ({
      lotId,
      amountCents: costCents,
      source: "heures" as const,
    })),
  ];
}

/**
 * The supplier invoices allocated to the site (Achats), per lot, HT: a credit note's
 * allocation counts negative.
 */
async function sitePurchases(db: DbExecutor, jobSiteId: string) {
  const rows = await db
    .select({
      lotId: supplierInvoiceAllocations.lotId,
      amountCents: sql<string>`sum(case when ${supplierInvoices.isCreditNote} then -${supplierInvoiceAllocations.amountHtCents} else ${supplierInvoiceAllocations.amountHtCents} end)`,
    })
    .from(supplierInvoiceAllocations)
    .innerJoin(supplierInvoices, eq(supplierInvoices.id, supplierInvoiceAllocations.invoiceId))
    .where(eq(supplierInvoiceAllocations.jobSiteId, jobSiteId))
    .groupBy(supplierInvoiceAllocations.lotId);
  return rows.map((row) => ({ lotId: row.lotId, amountCents: Number(row.amountCents) }));
}

/** The hours worked on a site, from the time sheets: what the site's page says of its labour. */
export type SiteHours = {
  minutes: number;
  costCents: number;
  /** In weeks not validated yet: the figures may still change. */
  provisionalMinutes: number;
  provisionalCostCents: number;
  /** Worked by employees without a loaded hourly cost: counted at 0 €. */
  uncostedMinutes: number;
  byLot: { lotId: string | null; costCents: number }[];
};

/** Minutes × cents an hour → cents, rounded half away from zero once per group. */
const hourCost = (minuteCents: string | number | null) =>
  Number(divideHalfAwayFromZero(BigInt(minuteCents ?? 0), 60n));

export async function siteHours(db: DbExecutor, jobSiteId: string): Promise<SiteHours> {
  const validated = sql<boolean>`exists (select 1 from ${timeWeeks} where ${timeWeeks.employeeId} = ${timeEntries.employeeId} and ${timeWeeks.weekStart} = ${timeEntries.weekStart})`;
  const rows = await db
    .select({
      lotId: timeEntries.lotId,
      validated,
      costed: sql<boolean>`${employees.loadedHourlyCostCents} is not null`,
      minutes: sql<string>`sum(${timeEntries.minutes})`,
      minuteCents: sql<string>`sum(${timeEntries.minutes} * coalesce(${employees.loadedHourlyCostCents}, 0))`,
    })
    .from(timeEntries)
    .innerJoin(employees, eq(employees.id, timeEntries.employeeId))
    .where(and(eq(timeEntries.jobSiteId, jobSiteId), eq(timeEntries.kind, "travail")))
    .groupBy(timeEntries.lotId, validated, sql`${employees.loadedHourlyCostCents} is not null`);
  const hours: SiteHours = {
    minutes: 0,
    costCents: 0,
    provisionalMinutes: 0,
    provisionalCostCents: 0,
    uncostedMinutes: 0,
    byLot: [],
  };
  const byLot = new Map<string | null, bigint>();
  for (const row of rows) {
    const minutes = Number(row.minutes);
    const cost = hourCost(row.minuteCents);
    hours.minutes += minutes;
    if (!row.validated) {
      hours.provisionalMinutes += minutes;
      hours.provisionalCostCents += cost;
    }
    if (!row.costed) hours.uncostedMinutes += minutes;
    byLot.set(row.lotId, (byLot.get(row.lotId) ?? 0n) + BigInt(row.minuteCents ?? 0));
  }
  hours.byLot = [...byLot].map(([lotId, minuteCents]) => ({
    lotId,
    costCents: hourCost(String(minuteCents)),
  }));
  hours.costCents = hours.byLot.reduce((sum, lot) => sum + lot.costCents, 0);
  return hours;
}

export async function siteExpenses(db: DbExecutor, jobSiteId: string): Promise<SiteExpense[]> {
  return db
    .select({
      id: jobSiteExpenses.id,
      lotId: jobSiteExpenses.lotId,
      lotTitle: jobSiteLots.title,
      spentOn: jobSiteExpenses.spentOn,
      label: jobSiteExpenses.label,
      amountHtCents: jobSiteExpenses.amountHtCents,
      vatCode: jobSiteExpenses.vatCode,
      hasReceipt: sql<boolean>`${jobSiteExpenses.receiptStorageKey} is not null`,
      createdAt: jobSiteExpenses.createdAt,
    })
    .from(jobSiteExpenses)
    .leftJoin(jobSiteLots, eq(jobSiteLots.id, jobSiteExpenses.lotId))
    .where(eq(jobSiteExpenses.jobSiteId, jobSiteId))
    .orderBy(desc(jobSiteExpenses.spentOn), desc(jobSiteExpenses.createdAt));
}

/** The receipt of an expense of the site, or null (no such expense, another site's, none joined). */
export async function expenseReceipt(
  db: DbExecutor,
  jobSiteId: string,
  expenseId: string,
): Promise<StoredReceipt | null> {
  if (!isUuid(jobSiteId) || !isUuid(expenseId)) return null;
  const [row] = await db
    .select({
      storageKey: jobSiteExpenses.receiptStorageKey,
      contentType: jobSiteExpenses.receiptContentType,
    })
    .from(jobSiteExpenses)
    .where(and(eq(jobSiteExpenses.id, expenseId), eq(jobSiteExpenses.jobSiteId, jobSiteId)));
  return row?.storageKey && row.contentType
    ? { storageKey: row.storageKey, contentType: row.contentType }
    : null;
}

/** The latest progress of each lot of the site (by day, then by time), in basis points. */
export async function latestProgress(db: DbExecutor, jobSiteId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectDistinctOn([jobSiteProgress.lotId], {
      lotId: jobSiteProgress.lotId,
      percentBp: jobSiteProgress.percentBp,
    })
    .from(jobSiteProgress)
    .where(eq(jobSiteProgress.jobSiteId, jobSiteId))
    .orderBy(asc(jobSiteProgress.lotId), desc(jobSiteProgress.recordedOn), desc(jobSiteProgress.createdAt));
  return new Map(rows.map((row) => [row.lotId, row.percentBp]));
}

/** The lots with their budget and latest progress, as the forecast reads them. */
export async function lotBudgetLines(db: DbExecutor, jobSiteId: string): Promise<LotBudgetLine[]> {
  const [lots, progress] = await Promise.all([
    db
      .select({
        id: jobSiteLots.id,
        title: jobSiteLots.title,
        saleHtCents: jobSiteLots.saleHtCents,
        estimatedCostCents: jobSiteLots.estimatedCostCents,
      })
      .from(jobSiteLots)
      .where(eq(jobSiteLots.jobSiteId, jobSiteId))
      .orderBy(asc(jobSiteLots.position)),
    latestProgress(db, jobSiteId),
  ]);
  return lots.map((lot) => ({ ...lot, progressBp: progress.get(lot.id) ?? 0 }));
}

function notInFuture(field: string, day: string, now: Date): void {
  if (day > parisDay(now)) throw new CostFieldError(field, COST_MESSAGES.future);
}

async function siteLots(tx: DbExecutor, jobSiteId: string) {
  return tx
    .select({ id: jobSiteLots.id, title: jobSiteLots.title })
    .from(jobSiteLots)
    .where(eq(jobSiteLots.jobSiteId, jobSiteId))
    .orderBy(asc(jobSiteLots.position));
}

/**
 * Records the progress typed for the site's lots (`avancement.<lot id>` → « 40 », « 37,5 »),
 * on `recordedOn`: only the lots whose figure changed get a record. A field for a lot of
 * another site is refused; nothing is stored unless every field is right.
 */
export async function recordProgress(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  recordedOn: string,
  fields: Record<string, string>,
  now = new Date(),
): Promise<number> {
  notInFuture("recordedOn", recordedOn, now);
  return db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    const lots = await siteLots(tx, site.id);
    const current = await latestProgress(tx, site.id);
    const changes: { lotId: string; title: string; from: number; to: number }[] = [];
    for (const [name, text] of Object.entries(fields)) {
      if (!name.startsWith(PROGRESS_FIELD_PREFIX)) continue;
      const lotId = name.slice(PROGRESS_FIELD_PREFIX.length);
      const lot = lots.find((candidate) => candidate.id === lotId);
      if (!lot) throw new CostFieldError(name, COST_MESSAGES.lot);
      if (text.trim() === "") continue;
      const parsed = parsePercent(text);
      if (!parsed.ok) throw new CostFieldError(name, parsed.message);
      const from = current.get(lotId) ?? 0;
      if (parsed.basisPoints !== from)
        changes.push({ lotId, title: lot.title, from, to: parsed.basisPoints });
    }
    if (changes.length === 0) throw new JobSiteConflictError(COST_MESSAGES.noChange);
    await tx.insert(jobSiteProgress).values(
      changes.map((change) => ({
        jobSiteId: site.id,
        lotId: change.lotId,
        percentBp: change.to,
        recordedOn,
        createdBy: actor.id,
      })),
    );
    await tx
      .update(jobSites)
      .set({ revision: sql`${jobSites.revision} + 1`, updatedAt: now })
      .where(eq(jobSites.id, site.id));
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: site.id,
        kind: "progress",
        summary: `Avancement au ${formatDate(recordedOn)} : ${changes
          .map((change) => `${change.title} ${formatPercent(change.from)} → ${formatPercent(change.to)}`)
          .join(", ")}`,
        data: { recordedOn, changes: changes.map(({ lotId, from, to }) => ({ lotId, from, to })) },
        actor,
      },
    ]);
    return changes.length;
  });
}

/** An « Autre dépense » on a lot of the site or on the whole site. */
export async function addExpense(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  data: ExpenseData,
  now = new Date(),
  receipt: StoredReceipt | null = null,
): Promise<void> {
  notInFuture("spentOn", data.spentOn, now);
  await db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    const lots = await siteLots(tx, site.id);
    const lot = data.lotId === null ? null : lots.find((candidate) => candidate.id === data.lotId);
    if (lot === undefined) throw new CostFieldError("lotId", COST_MESSAGES.lot);
    const [expense] = await tx
      .insert(jobSiteExpenses)
      .values({
        jobSiteId: site.id,
        lotId: lot?.id ?? null,
        spentOn: data.spentOn,
        label: data.label,
        amountHtCents: data.amountHt,
        vatCode: data.vatCode,
        receiptStorageKey: receipt?.storageKey ?? null,
        receiptContentType: receipt?.contentType ?? null,
        createdBy: actor.id,
      })
      .returning({ id: jobSiteExpenses.id });
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: site.id,
        kind: "expense",
        summary: `Dépense ajoutée : ${data.label}, ${formatCents(data.amountHt)} HT (${lot ? `lot ${lot.title}` : "tout le chantier"})`,
        data: { expenseId: expense?.id ?? null, amountHtCents: data.amountHt, spentOn: data.spentOn },
        actor,
      },
    ]);
  });
}

/**
 * Deletes an expense of the site; the history keeps what it was. Returns its receipt's
 * storage key, for the caller to delete the file once the row is gone.
 */
export async function deleteExpense(
  db: Database,
  actor: Actor,
  jobSiteId: string,
  expenseId: string,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const site = await lockJobSite(tx, jobSiteId);
    if (!isUuid(expenseId)) throw new JobSiteConflictError(COST_MESSAGES.expense);
    const [deleted] = await tx
      .delete(jobSiteExpenses)
      .where(and(eq(jobSiteExpenses.id, expenseId), eq(jobSiteExpenses.jobSiteId, site.id)))
      .returning();
    if (!deleted) throw new JobSiteConflictError(COST_MESSAGES.expense);
    await recordActivities(tx, [
      {
        subjectType: "chantier",
        subjectId: site.id,
        kind: "expense_deleted",
        summary: `Dépense supprimée : ${deleted.label}, ${formatCents(deleted.amountHtCents)} HT du ${formatDate(deleted.spentOn)}`,
        data: { expenseId, amountHtCents: deleted.amountHtCents, spentOn: deleted.spentOn },
        actor,
      },
    ]);
    return deleted.receiptStorageKey;
  });
}

/**
 * « Facturer l'avancement »: the recorded progress of the lots a quote brought to the
 * site, as a progress invoice takes it (each lot named by its id in the quote), for the
 * lots that have progressed. Refused for a quote that is not on this site.
 */
export async function quoteProgressOfSite(
  db: DbExecutor,
  jobSiteId: string,
  quoteId: string,
): Promise<{ lotId: string; percent: number }[]> {
  if (!isUuid(jobSiteId) || !isUuid(quoteId)) throw new JobSiteConflictError(COST_MESSAGES.quoteNotOnSite);
  const [onSite] = await db
    .select({ quoteId: jobSiteQuotes.quoteId })
    .from(jobSiteQuotes)
    .where(and(eq(jobSiteQuotes.jobSiteId, jobSiteId), eq(jobSiteQuotes.quoteId, quoteId)));
  if (!onSite) throw new JobSiteConflictError(COST_MESSAGES.quoteNotOnSite);
  const [lots, progress] = await Promise.all([
    db
      .select({ id: jobSiteLots.id, quoteLotId: jobSiteLots.quoteLotId })
      .from(jobSiteLots)
      .where(and(eq(jobSiteLots.jobSiteId, jobSiteId), eq(jobSiteLots.quoteId, quoteId)))
      .orderBy(asc(jobSiteLots.position)),
    latestProgress(db, jobSiteId),
  ]);
  const entries = lots.flatMap((lot) => {
    const percent = progress.get(lot.id) ?? 0;
    return lot.quoteLotId && percent > 0 ? [{ lotId: lot.quoteLotId, percent }] : [];
  });
  if (entries.length === 0) throw new JobSiteConflictError(COST_MESSAGES.noProgressToInvoice);
  return entries;
}
