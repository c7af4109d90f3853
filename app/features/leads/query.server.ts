import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { type DevisSubmissionData, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { namedError } from "#app/lib/named-error.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { CLOSED_STATUSES, isLeadStatus, type LeadStatus } from "./schema.ts";

/*
 * What every query on leads shares: which requests are leads, the columns a row of
 * the list shows, and the errors the Prospects screens turn into French messages.
 */

/** Requests from the public site, and leads entered by staff. */
export const LEAD_MODULES = ["devis", "manuel"] as const;

/** Who does something on a lead (shown in its timeline). */
export type Actor = { id: string; email: string };

export class LeadNotFoundError extends namedError(
  "LeadNotFoundError",
  "Ce prospect n'existe pas ou a été supprimé.",
) {}

export class LeadInputError extends namedError("LeadInputError") {}

export function isLeadId(id: string | undefined): id is string {
  return isUuid(id);
}

/** A field of the request as the form stored it ('' when missing). */
export const field = (name: keyof DevisSubmissionData) =>
  sql<string>`coalesce(${erpSubmissions.data}->>${name}, '')`;
export const statusExpr = sql<string>`coalesce(${erpLeads.status}, 'nouveau')`;
export const leadModules = inArray(erpSubmissions.module, [...LEAD_MODULES]);

/** Follow-ups due on `today` or late, on open leads that may be contacted. */
export function followUpDue(today: string): SQL {
  return and(
    sql`${erpLeads.nextFollowUp} <= ${today}::date`,
    sql`${statusExpr} not in (${sql.join(
      CLOSED_STATUSES.map((s) => sql`${s}`),
      sql`, `,
    )})`,
    eq(erpLeads.doNotContact, false),
  ) as SQL;
}

export type LeadListItem = {
  id: string;
  createdAt: Date;
  module: string;
  nom: string;
  email: string;
  telephone: string;
  typeProjet: string;
  budget: string;
  source: string;
  message: string;
  town: string | null;
  status: LeadStatus;
  doNotContact: boolean;
  assigneeEmail: string | null;
  nextFollowUp: string | null;
  photoCount: number;
};

/** A row of the list; the query joins erp_leads and the assignee (auth users). */
export const listColumns = {
  id: erpSubmissions.id,
  createdAt: erpSubmissions.createdAt,
  module: erpSubmissions.module,
  nom: field("nom"),
  email: field("email"),
  telephone: field("telephone"),
  typeProjet: field("type_projet"),
  budget: field("budget"),
  source: field("source"),
  message: field("message"),
  town: erpLeads.town,
  status: statusExpr,
  doNotContact: sql<boolean>`coalesce(${erpLeads.doNotContact}, false)`,
  assigneeEmail: authUsers.email,
  nextFollowUp: erpLeads.nextFollowUp,
};

/** The list's rows, to filter and order: requests with their follow-up and assignee. */
export function listRows(db: Database) {
  return db
    .select(listColumns)
    .from(erpSubmissions)
    .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
    .leftJoin(authUsers, eq(authUsers.id, erpLeads.assigneeId));
}

export function toItem(
  row: Omit<LeadListItem, "status" | "photoCount"> & { status: string; photoCount?: number },
) {
  return {
    ...row,
    status: isLeadStatus(row.status) ? row.status : "nouveau",
    photoCount: Number(row.photoCount ?? 0),
  } satisfies LeadListItem;
}
