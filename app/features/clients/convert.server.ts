import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { clientSites, clients } from "#app/db/schema/clients.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { recordActivities } from "#app/lib/activity.server.ts";
import { namedError } from "#app/lib/named-error.ts";
import type { DbExecutor } from "#app/lib/outbox.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Actor } from "./query.server.ts";
import { clientSearchText } from "./search-text.ts";

/*
 * « Convertir en client »: a lead becomes a client without retyping anything: its
 * name, e-mail and phone, and a job site in its town (the public form asks no street:
 * the site's street stays empty until the staff know it). The request and its photos
 * stay where they are, linked by `lead_submission_id`.
 */

/** Requests from the public site and leads entered by staff (erp_submissions.module). */
const LEAD_MODULES = ["devis", "manuel"] as const;

export class LeadToConvertNotFoundError extends namedError(
  "LeadToConvertNotFoundError",
  "Ce prospect n'existe pas ou a été supprimé.",
) {}

export type LinkedClient = { id: string; name: string };

/** The client a lead was converted into, if any (for the lead's page). */
export async function clientForLead(db: DbExecutor, leadId: string): Promise<LinkedClient | null> {
  if (!isUuid(leadId)) return null;
  const [row] = await db
    .select({ id: clients.id, name: clients.name })
    .from(clients)
    .where(eq(clients.leadSubmissionId, leadId));
  return row ?? null;
}

export type ConversionResult = { clientId: string; created: boolean };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Converts a lead into a client, once: converting it again, even at the same instant
 * from another screen, returns the client of the first conversion. The proof is the
 * unique `clients.lead_submission_id`: of two inserts racing, the second waits for the
 * first to commit, then inserts nothing (ON CONFLICT DO NOTHING) and reads its row.
 */
export async function convertLeadToClient(
  db: Database,
  actor: Actor,
  leadId: string,
): Promise<ConversionResult> {
  if (!isUuid(leadId)) throw new LeadToConvertNotFoundError();
  return db.transaction(async (tx) => {
    const existing = await clientForLead(tx, leadId);
    if (existing) return { clientId: existing.id, created: false };

    const [lead] = await tx
      .select({ data: erpSubmissions.data, town: erpLeads.town })
      .from(erpSubmissions)
      .leftJoin(erpLeads, eq(erpLeads.submissionId, erpSubmissions.id))
      .where(and(eq(erpSubmissions.id, leadId), inArray(erpSubmissions.module, [...LEAD_MODULES])));
    if (!lead) throw new LeadToConvertNotFoundError();

    const name = text(lead.data.nom).slice(0, 120) || "Client sans nom";
    const email = text(lead.data.email).toLowerCase() || null;
    // As the lead has it (a number typed before the phone rule is kept: the staff see it).
    const phone = text(lead.data.telephone).slice(0, 40) || null;
    const town = text(lead.town).slice(0, 100);
    const sites = town ? [{ label: null, street: null, postalCode: null, city: town, position: 0 }] : [];
    const [row] = await tx
      .insert(clients)
      .values({
        kind: "particulier",
        name,
        email,
        phone,
        leadSubmissionId: leadId,
        createdBy: actor.id,
        searchText: clientSearchText({ name, email, phone, sites }),
      })
      .onConflictDoNothing({ target: clients.leadSubmissionId })
      .returning({ id: clients.id });
    if (!row) {
      // Another conversion of this lead committed while this one waited on the constraint.
      const winner = await clientForLead(tx, leadId);
      if (!winner) throw new Error("Conversion du prospect impossible.");
      return { clientId: winner.id, created: false };
    }
    if (sites.length > 0) {
      await tx.insert(clientSites).values(sites.map((site) => ({ ...site, clientId: row.id })));
    }
    await tx.update(erpSubmissions).set({ lastActivityAt: sql`now()` }).where(eq(erpSubmissions.id, leadId));
    await recordActivities(tx, [
      {
        subjectType: "client",
        subjectId: row.id,
        kind: "created",
        summary: "Client créé depuis un prospect",
        data: { leadId },
        actor,
      },
      {
        subjectType: "lead",
        subjectId: leadId,
        kind: "converted",
        summary: "Converti en client",
        data: { clientId: row.id },
        actor,
      },
    ]);
    return { clientId: row.id, created: true };
  });
}
