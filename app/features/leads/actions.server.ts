import { asc, eq } from "drizzle-orm";
import type { Database } from "#app/db/client.server.ts";
import { authUsers } from "#app/db/schema/auth.ts";
import { erpLeadSearch, erpLeads } from "#app/db/schema/leads.ts";
import { recordActivities, recordActivity } from "#app/lib/activity.server.ts";
import { type Actor, LeadInputError } from "./query.server.ts";
import type { LeadStatus, LeadUpdate } from "./schema.ts";
import { assertLead, event, touch } from "./timeline.server.ts";

// Each action moves the lead's last activity and writes its timeline.

/** Adds a note to the lead's timeline. */
export async function addLeadNote(db: Database, actor: Actor, id: string, note: string): Promise<void> {
  await db.transaction(async (tx) => {
    await assertLead(tx, id);
    await recordActivity(tx, event(id, actor, "note", { note }));
    await touch(tx, id);
  });
}

/**
 * Changes the follow-up of a lead (status, do-not-contact, assignee, next call-back,
 * town): only the fields given change, and each change is written in the timeline
 * with who made it.
 */
export async function updateLead(db: Database, actor: Actor, id: string, update: LeadUpdate): Promise<void> {
  await db.transaction(async (tx) => {
    await assertLead(tx, id);
    const [current] = await tx.select().from(erpLeads).where(eq(erpLeads.submissionId, id));
    const before = {
      status: (current?.status ?? "nouveau") as LeadStatus,
      doNotContact: current?.doNotContact ?? false,
      assigneeId: current?.assigneeId ?? null,
      nextFollowUp: current?.nextFollowUp ?? null,
      town: current?.town ?? null,
    };
    const after = { ...before };
    const events: ReturnType<typeof event>[] = [];
    if (update.status !== undefined && update.status !== before.status) {
      after.status = update.status;
      events.push(event(id, actor, "status", { from: before.status, to: update.status }));
    }
    if (update.doNotContact !== undefined && update.doNotContact !== before.doNotContact) {
      after.doNotContact = update.doNotContact;
      events.push(event(id, actor, "do_not_contact", { to: update.doNotContact ? "oui" : "non" }));
    }
    if (update.assigneeId !== undefined && (update.assigneeId || null) !== before.assigneeId) {
      const assigneeId = update.assigneeId || null;
      let email: string | null = null;
      if (assigneeId) {
        const [user] = await tx
          .select({ email: authUsers.email, disabled: authUsers.disabled })
          .from(authUsers)
          .where(eq(authUsers.id, assigneeId));
        if (!user || user.disabled)
          throw new LeadInputError("Ce membre de l'équipe n'existe pas ou est désactivé.");
        email = user.email;
      }
      const [previous] = before.assigneeId
        ? await tx
            .select({ email: authUsers.email })
            .from(authUsers)
            .where(eq(authUsers.id, before.assigneeId))
        : [];
      after.assigneeId = assigneeId;
      events.push(event(id, actor, "assignee", { from: previous?.email ?? null, to: email }));
    }
    if (update.nextFollowUp !== undefined && (update.nextFollowUp || null) !== before.nextFollowUp) {
      after.nextFollowUp = update.nextFollowUp || null;
      events.push(event(id, actor, "follow_up", { from: before.nextFollowUp, to: after.nextFollowUp }));
    }
    if (update.town !== undefined && (update.town || null) !== before.town) {
      after.town = update.town || null;
      events.push(event(id, actor, "town", { from: before.town, to: after.town }));
    }
    if (events.length === 0) return;
    await tx
      .insert(erpLeads)
      .values({ submissionId: id, ...after, updatedAt: new Date() })
      .onConflictDoUpdate({ target: erpLeads.submissionId, set: { ...after, updatedAt: new Date() } });
    await recordActivities(tx, events);
    // The town is part of the searchable text: folded again at the next search.
    if (after.town !== before.town) await tx.delete(erpLeadSearch).where(eq(erpLeadSearch.submissionId, id));
    await touch(tx, id);
  });
}

/** Accounts that can follow a lead (enabled ones), for the assignee menu. */
export async function assignableStaff(db: Database): Promise<{ id: string; email: string }[]> {
  return db
    .select({ id: authUsers.id, email: authUsers.email })
    .from(authUsers)
    .where(eq(authUsers.disabled, false))
    .orderBy(asc(authUsers.email));
}
