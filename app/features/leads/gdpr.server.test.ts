import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos } from "#app/db/schema/quote-requests.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { StorageNotFoundError } from "#app/lib/storage.server.ts";
import { attachPhoto, insertQuoteRequest, jpeg, leadsTestDatabase } from "#tests/helpers/leads.ts";
import { addLeadNote, updateLead } from "./actions.server.ts";
import { getLead } from "./detail.server.ts";
import { deleteLead, exportLeadData } from "./gdpr.server.ts";
import { listLeads } from "./list.server.ts";
import { LeadNotFoundError } from "./query.server.ts";
import { parseLeadFilters } from "./schema.ts";

const ctx = leadsTestDatabase();

const longAgo = new Date("2024-01-15T10:00:00Z");

async function names() {
  const parsed = parseLeadFilters(new URLSearchParams());
  if (!parsed.ok) throw new Error(parsed.message);
  return (await listLeads(ctx.database.db, parsed.filters, ctx.actor.id)).items.map((item) => item.nom);
}

describe("the person's rights over their data", () => {
  it("exports the person's data as JSON, photos included, and notes the export", async () => {
    const id = await insertQuoteRequest(
      ctx.database.db,
      { nom: "Export", email: "export@example.fr" },
      longAgo,
    );
    const photo = await jpeg(40, 30);
    await attachPhoto(ctx.database.db, ctx.services.storage, id, photo, "terrasse.jpg");
    await addLeadNote(ctx.database.db, ctx.actor, id, "Note à exporter.");
    const exported = await exportLeadData(ctx.database.db, ctx.services.storage, ctx.actor, id);
    expect(exported.demande).toMatchObject({
      id,
      nom: "Export",
      email: "export@example.fr",
      origine: "Site Web - Modal Devis",
    });
    expect(exported.demande.consentement_le).toBe(longAgo.toISOString());
    expect(exported.historique.map((e) => e.note)).toContain("Note à exporter.");
    expect(exported.photos).toHaveLength(1);
    expect(exported.photos[0]?.fichier).toBe("terrasse.jpg");
    expect(Buffer.from(exported.photos[0]?.contenu_base64 ?? "", "base64").equals(photo)).toBe(true);
    const lead = await getLead(ctx.database.db, id);
    expect(lead.events[0]?.kind).toBe("export");
  });

  it("deletes everything about the person for good: rows and photo files", async () => {
    const id = await insertQuoteRequest(ctx.database.db, { nom: "À effacer" });
    const keep = await insertQuoteRequest(ctx.database.db, { nom: "À garder" });
    const photo = await attachPhoto(ctx.database.db, ctx.services.storage, id, await jpeg());
    await updateLead(ctx.database.db, ctx.actor, id, { status: "perdu" });
    await addLeadNote(ctx.database.db, ctx.actor, id, "Ne donne pas suite.");
    expect(await deleteLead(ctx.database.db, ctx.services.storage, id)).toEqual({ photos: 1 });
    await expect(getLead(ctx.database.db, id)).rejects.toBeInstanceOf(LeadNotFoundError);
    expect(await ctx.database.db.select().from(erpLeads).where(eq(erpLeads.submissionId, id))).toEqual([]);
    // Its history too (the shared activity history has no cascade), and only its own.
    expect(await listActivity(ctx.database.db, "lead", id)).toEqual([]);
    expect(
      await ctx.database.db
        .select()
        .from(erpSubmissionPhotos)
        .where(eq(erpSubmissionPhotos.submissionId, id)),
    ).toEqual([]);
    await expect(ctx.services.storage.get(photo.storageKey)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await names()).toEqual(["À garder"]);
    await expect(deleteLead(ctx.database.db, ctx.services.storage, id)).rejects.toBeInstanceOf(
      LeadNotFoundError,
    );
    expect((await getLead(ctx.database.db, keep)).nom).toBe("À garder");
  });
});
