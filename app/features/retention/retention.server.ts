import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { and, eq, inArray, lt, ne, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authRateLimits, authSessions } from "#app/db/schema/auth.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { shopOrders } from "#app/db/schema/shop.ts";
import { timeEntries, timeEntryChanges, timeWeeks } from "#app/db/schema/time-sheets.ts";
import { deleteActivity } from "#app/lib/activity.server.ts";
import { addDays, addYears, parisDay } from "#app/lib/paris-time.ts";
import { STAGED_IMPORT_DAYS, STAGED_IMPORTS_PREFIX, stagedImportDay } from "#app/lib/staged-imports.ts";
import type { FileStorage } from "#app/lib/storage.server.ts";

/**
 * The retention the privacy page promises, made true (politique de confidentialité,
 * « Durées de conservation »):
 * - prospects without follow-up are deleted 3 years after their last activity;
 * - customers (a lead that was won) are archived 5 years after their last activity, then deleted;
 * - shop orders lose their contact details after 5 years and are deleted after 10
 *   (accounting documents are kept 10 years);
 * - delivered or failed e-mails leave the outbox after 30 days, and the .eml copies
 *   written without an SMTP server after 3 years;
 * - addresses counted for rate limits are kept 24 hours; expired sessions go;
 * - the employees' time records (Pointage) are kept 5 years after their day, then deleted:
 *   the law asks to keep them at least 3 years (Code du travail D3171-16, and 3 years is
 *   the prescription of wage claims), 5 keeps them as long as the pay slips' duplicates;
 * - a supplier invoice's file dropped for a second step that never came (a supplier to
 *   create, fields to type) is deleted after STAGED_IMPORT_DAYS days (app/lib/staged-imports.ts).
 */
export const RETENTION = {
  prospectYears: 3,
  customerYears: 5,
  orderContactYears: 5,
  orderYears: 10,
  outboxDays: 30,
  mailFileYears: 3,
  rateLimitHours: 24,
  timeRecordYears: 5,
} as const;

export type RetentionServices = { db: Database; storage: FileStorage; env: { DATA_DIR: string } };

export type RetentionPlan = {
  now: string;
  prospects: { id: string; lastActivityAt: string; status: string }[];
  customers: { id: string; lastActivityAt: string }[];
  photoFiles: string[];
  ordersToAnonymise: string[];
  ordersToDelete: string[];
  outboxMessages: number;
  mailFiles: string[];
  rateLimitHits: number;
  authRateLimits: number;
  expiredSessions: number;
  /** Time records (lines, validations, changes) older than RETENTION.timeRecordYears. */
  timeRecords: number;
  /** Supplier invoice files left waiting for their second step over STAGED_IMPORT_DAYS days. */
  stagedImports: string[];
};

export type RetentionCounts = {
  prospects: number;
  customers: number;
  photoFiles: number;
  ordersAnonymised: number;
  ordersDeleted: number;
  outboxMessages: number;
  mailFiles: number;
  rateLimitHits: number;
  authRateLimits: number;
  expiredSessions: number;
  timeRecords: number;
  stagedImports: number;
};

function yearsBefore(now: Date, years: number): Date {
  const date = new Date(now);
  date.setFullYear(date.getFullYear() - years);
  return date;
}

function daysBefore(now: Date, days: number): Date {
  return new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
}

/** The staged supplier invoice files dropped before the last STAGED_IMPORT_DAYS days (undated ones too). */
async function abandonedImports(storage: FileStorage, now: Date): Promise<string[]> {
  const oldest = addDays(parisDay(now), -STAGED_IMPORT_DAYS);
  return (await storage.list(STAGED_IMPORTS_PREFIX)).filter((key) => {
    const day = stagedImportDay(key);
    return day === null || day < oldest;
  });
}

async function oldMailFiles(dataDir: string, cutoff: Date): Promise<string[]> {
  const dir = path.resolve(dataDir, "mail");
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const old: string[] = [];
  for (const name of names) {
    if (!name.endsWith(".eml")) continue;
    const file = path.join(dir, name);
    const info = await stat(file).catch(() => null);
    if (info?.isFile() && info.mtime < cutoff) old.push(file);
  }
  return old.sort();
}

/** What the purge would remove at `now`, without removing anything. */
export async function planRetention(
  services: RetentionServices,
  now: Date = new Date(),
): Promise<RetentionPlan> {
  const { db } = services;
  const prospectCutoff = yearsBefore(now, RETENTION.prospectYears);
  const customerCutoff = yearsBefore(now, RETENTION.customerYears);

  const stale = await db
    .select({
      id: erpSubmissions.id,
      lastActivityAt: erpSubmissions.lastActivityAt,
      status: sql<string>`coalesce(${erpLeads.status}, 'nouveau')`,
    })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .where(lt(erpSubmissions.lastActivityAt, prospectCutoff));
  const prospects = stale
    .filter((row) => row.status !== "gagne")
    .map((row) => ({ id: row.id, lastActivityAt: row.lastActivityAt.toISOString(), status: row.status }));
  const customers = stale
    .filter((row) => row.status === "gagne" && row.lastActivityAt < customerCutoff)
    .map((row) => ({ id: row.id, lastActivityAt: row.lastActivityAt.toISOString() }));

  const goingIds = [...prospects, ...customers].map((row) => row.id);
  const photoFiles =
    goingIds.length === 0
      ? []
      : (
          await db
            .select({ key: erpSubmissionPhotos.storageKey })
            .from(erpSubmissionPhotos)
            .where(inArray(erpSubmissionPhotos.submissionId, goingIds))
        ).map((row) => row.key);

  const orderContactCutoff = yearsBefore(now, RETENTION.orderContactYears);
  const orderCutoff = yearsBefore(now, RETENTION.orderYears);
  const ordersToAnonymise = (
    await db
      .select({ id: shopOrders.id })
      .from(shopOrders)
      .where(
        and(
          lt(shopOrders.createdAt, orderContactCutoff),
          sql`${shopOrders.createdAt} >= ${orderCutoff}`,
          ne(shopOrders.customerEmail, ""),
        ),
      )
  ).map((row) => row.id);
  const ordersToDelete = (
    await db.select({ id: shopOrders.id }).from(shopOrders).where(lt(shopOrders.createdAt, orderCutoff))
  ).map((row) => row.id);

  const outboxCutoff = daysBefore(now, RETENTION.outboxDays);
  const [outbox] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(outboxMessages)
    .where(
      and(inArray(outboxMessages.status, ["sent", "failed"]), lt(outboxMessages.createdAt, outboxCutoff)),
    );
  const rateCutoff = new Date(now.getTime() - RETENTION.rateLimitHours * 60 * 60 * 1000);
  const [hits] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rateLimitHits)
    .where(lt(rateLimitHits.hitAt, rateCutoff));
  const [authLimits] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authRateLimits)
    .where(lt(authRateLimits.lastRequest, rateCutoff.getTime()));
  const [sessions] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(authSessions)
    .where(lt(authSessions.expiresAt, now));

  const timeCutoff = timeRecordCutoff(now);
  const [timeLines] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(timeEntries)
    .where(lt(timeEntries.day, timeCutoff));

  return {
    now: now.toISOString(),
    prospects,
    customers,
    photoFiles,
    ordersToAnonymise,
    ordersToDelete,
    outboxMessages: outbox?.n ?? 0,
    mailFiles: await oldMailFiles(services.env.DATA_DIR, yearsBefore(now, RETENTION.mailFileYears)),
    rateLimitHits: hits?.n ?? 0,
    authRateLimits: authLimits?.n ?? 0,
    expiredSessions: sessions?.n ?? 0,
    timeRecords: timeLines?.n ?? 0,
    stagedImports: await abandonedImports(services.storage, now),
  };
}

/** The first Paris day whose time records are still kept: RETENTION.timeRecordYears before today. */
function timeRecordCutoff(now: Date): string {
  return addYears(parisDay(now), -RETENTION.timeRecordYears);
}

/** Removes what the retention rules say must go, and answers how much went. */
export async function purgeExpiredData(
  services: RetentionServices,
  now: Date = new Date(),
): Promise<RetentionCounts> {
  const plan = await planRetention(services, now);
  const { db, storage } = services;
  const goingIds = [...plan.prospects, ...plan.customers].map((row) => row.id);
  const rateCutoff = new Date(now.getTime() - RETENTION.rateLimitHours * 60 * 60 * 1000);

  const counts = await db.transaction(async (tx) => {
    // Photos and the pipeline row go with the request (ON DELETE CASCADE); the history
    // serves every kind of record and has no foreign key, so it is deleted here.
    const submissions = goingIds.length
      ? await tx
          .delete(erpSubmissions)
          .where(inArray(erpSubmissions.id, goingIds))
          .returning({ id: erpSubmissions.id })
      : [];
    await deleteActivity(tx, "lead", goingIds);
    const anonymised = plan.ordersToAnonymise.length
      ? await tx
          .update(shopOrders)
          .set({ customerEmail: "", customerPhone: "", shippingAddress: null, updatedAt: now })
          .where(inArray(shopOrders.id, plan.ordersToAnonymise))
          .returning({ id: shopOrders.id })
      : [];
    const deletedOrders = plan.ordersToDelete.length
      ? await tx
          .delete(shopOrders)
          .where(inArray(shopOrders.id, plan.ordersToDelete))
          .returning({ id: shopOrders.id })
      : [];
    const outbox = await tx
      .delete(outboxMessages)
      .where(
        and(
          inArray(outboxMessages.status, ["sent", "failed"]),
          lt(outboxMessages.createdAt, daysBefore(now, RETENTION.outboxDays)),
        ),
      )
      .returning({ id: outboxMessages.id });
    const hits = await tx
      .delete(rateLimitHits)
      .where(lt(rateLimitHits.hitAt, rateCutoff))
      .returning({ id: rateLimitHits.id });
    const authLimits = await tx
      .delete(authRateLimits)
      .where(lt(authRateLimits.lastRequest, rateCutoff.getTime()))
      .returning({ id: authRateLimits.id });
    const sessions = await tx
      .delete(authSessions)
      .where(lt(authSessions.expiresAt, now))
      .returning({ id: authSessions.id });
    // A week is validated and changed as a whole: its validation and changes go with its last day.
    const timeCutoff = timeRecordCutoff(now);
    const timeLines = await tx
      .delete(timeEntries)
      .where(lt(timeEntries.day, timeCutoff))
      .returning({ id: timeEntries.id });
    await tx.delete(timeEntryChanges).where(lt(timeEntryChanges.day, timeCutoff));
    await tx.delete(timeWeeks).where(sql`${timeWeeks.weekStart} + 6 < ${timeCutoff}::date`);
    return {
      submissionIds: new Set(submissions.map((row) => row.id)),
      timeRecords: timeLines.length,
      ordersAnonymised: anonymised.length,
      ordersDeleted: deletedOrders.length,
      outboxMessages: outbox.length,
      rateLimitHits: hits.length,
      authRateLimits: authLimits.length,
      expiredSessions: sessions.length,
    };
  });

  // Files go once their rows are gone: a crash in between leaves an orphan file, never a dangling row.
  let photoFiles = 0;
  for (const key of plan.photoFiles) {
    await storage.delete(key);
    photoFiles += 1;
  }
  let stagedImports = 0;
  for (const key of plan.stagedImports) {
    await storage.delete(key);
    stagedImports += 1;
  }
  let mailFiles = 0;
  for (const file of plan.mailFiles) {
    await rm(file, { force: true });
    mailFiles += 1;
  }

  return {
    prospects: plan.prospects.filter((row) => counts.submissionIds.has(row.id)).length,
    customers: plan.customers.filter((row) => counts.submissionIds.has(row.id)).length,
    photoFiles,
    ordersAnonymised: counts.ordersAnonymised,
    ordersDeleted: counts.ordersDeleted,
    outboxMessages: counts.outboxMessages,
    mailFiles,
    rateLimitHits: counts.rateLimitHits,
    authRateLimits: counts.authRateLimits,
    expiredSessions: counts.expiredSessions,
    timeRecords: counts.timeRecords,
    stagedImports,
  };
}
