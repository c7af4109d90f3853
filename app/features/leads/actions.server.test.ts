import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { insertQuoteRequest, leadsTestDatabase } from "#tests/helpers/leads.ts";
import { addLeadNote, updateLead } from "./actions.server.ts";
import { getLead } from "./detail.server.ts";
import { LeadInputError, LeadNotFoundError } from "./query.server.ts";

const ctx = leadsTestDatabase();

async function lastActivity(id: string): Promise<number> {
  const [row] = await ctx.database.db.select().from(erpSubmissions).where(eq(erpSubmissions.id, id));
  return row?.lastActivityAt.getTime() ?? 0;
}

const longAgo = new Date("2024-01-15T10:00:00Z");

describe("actions on a lead", () => {
  it("writes each change in the timeline with who made it, and moves the last activity", async () => {
    const id = await insertQuoteRequest(ctx.database.db, { nom: "Suivi" }, longAgo);
    expect(await lastActivity(id)).toBe(longAgo.getTime());
    await updateLead(ctx.database.db, ctx.actor, id, {
      status: "contacte",
      assigneeId: ctx.colleague.id,
      nextFollowUp: "2025-04-01",
    });
    const afterUpdate = await lastActivity(id);
    expect(afterUpdate).toBeGreaterThan(longAgo.getTime());
    await addLeadNote(ctx.database.db, ctx.colleague, id, "Rappelé : visite prévue mardi.");
    // Sending the same values again changes nothing and writes nothing.
    await updateLead(ctx.database.db, ctx.actor, id, { status: "contacte", assigneeId: ctx.colleague.id });
    const lead = await getLead(ctx.database.db, id);
    expect(lead.status).toBe("contacte");
    expect(lead.assigneeEmail).toBe("bastien@batirade.test");
    expect(lead.nextFollowUp).toBe("2025-04-01");
    expect(lead.events.map((e) => [e.kind, e.fromValue, e.toValue, e.note, e.actorEmail])).toEqual(
      expect.arrayContaining([
        ["note", null, null, "Rappelé : visite prévue mardi.", "bastien@batirade.test"],
        ["status", "nouveau", "contacte", null, "alice@batirade.test"],
        ["assignee", null, "bastien@batirade.test", null, "alice@batirade.test"],
        ["follow_up", null, "2025-04-01", null, "alice@batirade.test"],
      ]),
    );
    expect(lead.events).toHaveLength(4);
    expect(lead.events[0]?.kind).toBe("note");
  });

  it("refuses an unknown or disabled follower, and an unknown lead", async () => {
    const id = await insertQuoteRequest(ctx.database.db);
    await expect(
      updateLead(ctx.database.db, ctx.actor, id, { assigneeId: "personne-inconnue" }),
    ).rejects.toBeInstanceOf(LeadInputError);
    await expect(
      addLeadNote(ctx.database.db, ctx.actor, "00000000-0000-4000-8000-000000000000", "x"),
    ).rejects.toBeInstanceOf(LeadNotFoundError);
    await expect(getLead(ctx.database.db, "pas-un-uuid")).rejects.toBeInstanceOf(LeadNotFoundError);
  });
});
