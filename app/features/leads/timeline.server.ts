import { and, eq, inArray } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import type { ActivityData, ActivityInput } from "#app/lib/activity.server.ts";
import { leadEventSummary } from "./event-summary.ts";
import { type Actor, isLeadId, LEAD_MODULES, LeadNotFoundError } from "./query.server.ts";

/*
 * What every change to a lead does besides the change itself: lock the lead, write
 * an event in its timeline with who made it, and move its last activity (which the
 * retention rules count from).
 */

export type Tx = Parameters<Parameters<Database["transaction"]>[0]>[0];

export async function touch(tx: Tx | Database, id: string): Promise<void> {
  await tx.update(erpSubmissions).set({ lastActivityAt: new Date() }).where(eq(erpSubmissions.id, id));
}

/** Locks the lead for the transaction; throws LeadNotFoundError if there is none. */
export async function assertLead(tx: Tx | Database, id: string): Promise<void> {
  if (!isLeadId(id)) throw new LeadNotFoundError();
  const [row] = await tx
    .select({ id: erpSubmissions.id })
    .from(erpSubmissions)
    .where(and(eq(erpSubmissions.id, id), inArray(erpSubmissions.module, [...LEAD_MODULES])))
    .for("update");
  if (!row) throw new LeadNotFoundError();
}

/** An event of the lead's history (the shared activity history, subject « lead »). */
export function event(
  id: string,
  actor: Actor,
  kind: string,
  values: { note?: string; from?: string | null; to?: string | null },
): ActivityInput {
  const data: ActivityData = {};
  if (values.note !== undefined) data.note = values.note;
  if (values.from !== undefined && values.from !== null) data.from = values.from;
  if (values.to !== undefined && values.to !== null) data.to = values.to;
  return {
    subjectType: "lead",
    subjectId: id,
    kind,
    summary: leadEventSummary(kind, values),
    data: Object.keys(data).length > 0 ? data : null,
    actor: { id: actor.id, email: actor.email },
  };
}
