import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { addDays, parisDay, parisMidnight, parisWeek } from "#app/lib/paris-time.ts";
import { followUpDue, type LeadListItem, leadModules, listRows, statusExpr, toItem } from "./query.server.ts";
import { isLeadStatus, type LeadStatus } from "./schema.ts";

export type Dashboard = {
  today: string;
  weekStart: string;
  thisWeek: number;
  lastWeekSamePeriod: number;
  byStatus: Record<LeadStatus, number>;
  followUps: { due: number; late: number; items: LeadListItem[] };
  latest: LeadListItem[];
};

const instant = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The Espace Pro's home: this week's requests, the pipeline, the call-backs due, the latest requests. */
export async function dashboard(db: Database, now = new Date()): Promise<Dashboard> {
  const today = parisDay(now);
  // This Paris week so far, against last week over the same time since its Monday's midnight.
  const week = parisWeek(today);
  const lastWeekStart = parisMidnight(addDays(week.monday, -7));
  const lastWeekNow = new Date(lastWeekStart.getTime() + (now.getTime() - week.start.getTime()));
  const between = (from: Date, to: Date) =>
    sql`${erpSubmissions.createdAt} >= ${instant(from)} and ${erpSubmissions.createdAt} <= ${instant(to)}`;
  const [weekRow] = await db
    .select({
      thisWeek: sql<number>`count(*) filter (where ${between(week.start, now)})::int`,
      lastWeek: sql<number>`count(*) filter (where ${between(lastWeekStart, lastWeekNow)})::int`,
    })
    .from(erpSubmissions)
    .where(leadModules);
  const statusRows = await db
    .select({ status: statusExpr, n: count() })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .where(leadModules)
    .groupBy(statusExpr);
  const byStatus = { nouveau: 0, contacte: 0, devis_envoye: 0, gagne: 0, perdu: 0 } as Record<
    LeadStatus,
    number
  >;
  for (const row of statusRows) if (isLeadStatus(row.status)) byStatus[row.status] = Number(row.n);

  const due = and(leadModules, followUpDue(today));
  const [dueRow] = await db
    .select({
      due: count(),
      late: sql<number>`count(*) filter (where ${erpLeads.nextFollowUp} < ${today}::date)::int`,
    })
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .where(due);
  const followUpItems = await listRows(db)
    .where(due)
    .orderBy(asc(erpLeads.nextFollowUp), desc(erpSubmissions.createdAt))
    .limit(10);
  const latest = await listRows(db)
    .where(leadModules)
    .orderBy(desc(erpSubmissions.createdAt), desc(erpSubmissions.id))
    .limit(10);
  return {
    today,
    weekStart: week.monday,
    thisWeek: Number(weekRow?.thisWeek ?? 0),
    lastWeekSamePeriod: Number(weekRow?.lastWeek ?? 0),
    byStatus,
    followUps: {
      due: Number(dueRow?.due ?? 0),
      late: Number(dueRow?.late ?? 0),
      items: followUpItems.map(toItem),
    },
    latest: latest.map(toItem),
  };
}
