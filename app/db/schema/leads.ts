import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { isoDate, updatedAtColumn } from "./columns.ts";
import { erpSubmissions } from "./quote-requests.ts";
import { staffRef } from "./staff-columns.ts";

// ─── Espace Pro › Prospects: the follow-up of every quote request ────────────────────
// A lead is an `erp_submissions` row: a request from the site (module 'devis') or one
// entered by staff after a call or a visit (module 'manuel'). Its pipeline row is
// created on the first action; without one the lead is 'nouveau'. Every action on a
// lead moves its submission's `last_activity_at` (the retention job measures it).

/** Where a lead stands, who follows it and when to call back. */
export const erpLeads = pgTable(
  "erp_leads",
  {
    submissionId: uuid("submission_id")
      .primaryKey()
      .references(() => erpSubmissions.id, { onDelete: "cascade" }),
    status: text("status").notNull().default("nouveau"),
    /** The person asked not to be contacted again. */
    doNotContact: boolean("do_not_contact").notNull().default(false),
    assigneeId: staffRef("assignee_id"),
    /** Day of the next call-back (Europe/Paris calendar day). */
    nextFollowUp: isoDate("next_follow_up"),
    /** Town of the job, noted by staff (the public form does not ask for it). */
    town: text("town"),
    updatedAt: updatedAtColumn(),
  },
  (t) => [
    index("erp_leads_status_idx").on(t.status),
    index("erp_leads_follow_up_idx").on(t.nextFollowUp),
    check(
      "erp_leads_status_check",
      sql`${t.status} in ('nouveau', 'contacte', 'devis_envoye', 'gagne', 'perdu')`,
    ),
  ],
);

/**
 * What the Prospects search compares, folded once (lower case, no accents; phone as
 * digits with +33 written 0) instead of for every row of every search. Filled lazily
 * by the list for requests it has not seen (app/features/leads/list.server.ts), so
 * storing a quote request never depends on it; a row is dropped when its lead's town
 * changes and comes back at the next search.
 */
export const erpLeadSearch = pgTable("erp_lead_search", {
  submissionId: uuid("submission_id")
    .primaryKey()
    .references(() => erpSubmissions.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  phone: text("phone").notNull(),
});
