import { and, desc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { erpLeadSearch } from "#app/db/schema/leads.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { filterConditions, syncSearchIndex } from "./list.server.ts";
import { type LeadListItem, listRows, toItem } from "./query.server.ts";
import type { LeadFilters } from "./schema.ts";

/** Every lead matching the filters (for the CSV export, written by csv.ts), newest first. */
export async function allLeads(
  db: Database,
  filters: LeadFilters,
  actorId: string | null,
): Promise<LeadListItem[]> {
  if (filters.q) await syncSearchIndex(db);
  const base = listRows(db);
  const joined = filters.q
    ? base.innerJoin(erpLeadSearch, eq(erpLeadSearch.submissionId, erpSubmissions.id))
    : base;
  const rows = await joined
    .where(and(...filterConditions(filters, actorId)))
    .orderBy(desc(erpSubmissions.createdAt), desc(erpSubmissions.id));
  return rows.map(toItem);
}
