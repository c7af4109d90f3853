import { describe, expect, it } from "vitest";
import { parisDay } from "#app/lib/paris-time.ts";
import { insertQuoteRequest, leadsTestDatabase } from "#tests/helpers/leads.ts";
import { updateLead } from "./actions.server.ts";
import { createManualLead } from "./create.server.ts";
import { listLeads } from "./list.server.ts";
import { LEADS_PAGE_SIZE, type LeadFilters, ManualLeadSchema, parseLeadFilters } from "./schema.ts";

const ctx = leadsTestDatabase();

function filters(input: Record<string, string> = {}): LeadFilters {
  const parsed = parseLeadFilters(new URLSearchParams(input));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.filters;
}

async function names(input: Record<string, string> = {}) {
  return (await listLeads(ctx.database.db, filters(input), ctx.actor.id)).items.map((item) => item.nom);
}

describe("the list of leads", () => {
  it("shows quote requests and manual leads, newest first, 25 per page", async () => {
    for (let i = 0; i < 30; i++) {
      await insertQuoteRequest(
        ctx.database.db,
        { nom: `Client ${String(i).padStart(2, "0")}` },
        new Date(Date.UTC(2025, 0, 1, 8, i)),
      );
    }
    const manual = ManualLeadSchema.parse({
      nom: "Appel Téléphonique",
      telephone: "0494000000",
      type_projet: "Extension",
      message: "Extension de 20 m² côté jardin, à La Garde.",
      source: "Appel téléphonique",
      town: "La Garde",
    });
    await createManualLead(ctx.database.db, ctx.actor, manual);
    const first = await listLeads(ctx.database.db, filters(), ctx.actor.id);
    expect(first.total).toBe(31);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.items[0]?.nom).toBe("Appel Téléphonique");
    expect(first.items[0]?.module).toBe("manuel");
    expect(first.items[0]?.town).toBe("La Garde");
    expect(first.items[1]?.nom).toBe("Client 29");
    const second = await listLeads(ctx.database.db, filters({ page: "2" }), ctx.actor.id);
    expect(second.items.map((i) => i.nom)).toEqual([
      "Client 05",
      "Client 04",
      "Client 03",
      "Client 02",
      "Client 01",
      "Client 00",
    ]);
    // Past the last page: the last page.
    const beyond = await listLeads(ctx.database.db, filters({ page: "9" }), ctx.actor.id);
    expect(beyond.page).toBe(2);
  });

  it("searches names without minding accents or case, e-mails, phone digits however spaced, towns and text", async () => {
    const eleonore = await insertQuoteRequest(ctx.database.db, {
      nom: "Éléonore Dupré",
      email: "eleonore.dupre@example.fr",
      telephone: "+33 6 98 76 54 32",
      message: "Ravalement de la façade d'une villa des années 70.",
      type_projet: "Ravalement de façade",
    });
    await insertQuoteRequest(ctx.database.db, {
      nom: "Marc Olivier",
      email: "m.olivier@example.com",
      telephone: "04 94 11 22 33",
      message: "Isolation des combles perdus, maison de 1985.",
      type_projet: "Isolation thermique",
    });
    await updateLead(ctx.database.db, ctx.actor, eleonore, { town: "Hyères" });

    expect(await names({ q: "eleonore" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "DUPRE" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "example.com" })).toEqual(["Marc Olivier"]);
    expect(await names({ q: "0698765432" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "06 98 76" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "+33698" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "94 11" })).toEqual(["Marc Olivier"]);
    expect(await names({ q: "hyeres" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "combles" })).toEqual(["Marc Olivier"]);
    expect(await names({ q: "façade villa" })).toEqual(["Éléonore Dupré"]);
    expect(await names({ q: "façade combles" })).toEqual([]);
    // LIKE wildcards are plain characters.
    expect(await names({ q: "%" })).toEqual([]);
    expect(await names({ q: "_" })).toEqual([]);
  });

  it("filters by status (no pipeline row yet means Nouveau), work type, budget and follower", async () => {
    const a = await insertQuoteRequest(ctx.database.db, {
      nom: "A",
      type_projet: "Extension",
      budget: "Plus de 60 000 €",
    });
    const b = await insertQuoteRequest(ctx.database.db, {
      nom: "B",
      type_projet: "Extension",
      budget: "Moins de 5 000 €",
    });
    await insertQuoteRequest(ctx.database.db, { nom: "C", type_projet: "Autre", budget: "" });
    await updateLead(ctx.database.db, ctx.actor, a, { status: "contacte", assigneeId: ctx.actor.id });
    await updateLead(ctx.database.db, ctx.actor, b, { assigneeId: ctx.colleague.id });
    expect(await names({ statut: "nouveau" })).toEqual(["C", "B"]);
    expect(await names({ statut: "contacte" })).toEqual(["A"]);
    expect(await names({ statut: "gagne" })).toEqual([]);
    expect(await names({ type: "Extension" })).toEqual(["B", "A"]);
    expect(await names({ budget: "Plus de 60 000 €" })).toEqual(["A"]);
    expect(await names({ type: "Extension", budget: "Moins de 5 000 €" })).toEqual(["B"]);
    expect(await names({ suivi: "moi" })).toEqual(["A"]);
    expect(await names({ suivi: ctx.colleague.id })).toEqual(["B"]);
    expect(await names({ suivi: "personne" })).toEqual(["C"]);
  });

  it("filters by a range of Paris calendar days", async () => {
    // 23:30 UTC on 9 March is 00:30 on 10 March in Paris.
    await insertQuoteRequest(ctx.database.db, { nom: "Minuit" }, new Date("2025-03-09T23:30:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Veille" }, new Date("2025-03-09T22:30:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Fin" }, new Date("2025-03-12T21:00:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Après" }, new Date("2025-03-12T23:30:00Z"));
    expect(await names({ du: "2025-03-10" })).toEqual(["Après", "Fin", "Minuit"]);
    expect(await names({ du: "2025-03-10", au: "2025-03-12" })).toEqual(["Fin", "Minuit"]);
    expect(await names({ au: "2025-03-09" })).toEqual(["Veille"]);
  });

  it("lists follow-ups due today or late on open leads that may be contacted", async () => {
    const today = parisDay();
    const late = await insertQuoteRequest(ctx.database.db, { nom: "En retard" });
    const due = await insertQuoteRequest(ctx.database.db, { nom: "Aujourd'hui" });
    const later = await insertQuoteRequest(ctx.database.db, { nom: "Plus tard" });
    const closed = await insertQuoteRequest(ctx.database.db, { nom: "Gagné" });
    const refused = await insertQuoteRequest(ctx.database.db, { nom: "Refus" });
    await updateLead(ctx.database.db, ctx.actor, late, { nextFollowUp: "2020-01-02" });
    await updateLead(ctx.database.db, ctx.actor, due, { nextFollowUp: today });
    await updateLead(ctx.database.db, ctx.actor, later, { nextFollowUp: "2999-01-01" });
    await updateLead(ctx.database.db, ctx.actor, closed, { nextFollowUp: "2020-01-02", status: "gagne" });
    await updateLead(ctx.database.db, ctx.actor, refused, { nextFollowUp: "2020-01-02", doNotContact: true });
    expect((await names({ relance: "echue" })).sort()).toEqual(["Aujourd'hui", "En retard"]);
  });

  it("refuses bad filters with a French message", () => {
    expect(parseLeadFilters(new URLSearchParams({ page: "abc" }))).toEqual({
      ok: false,
      message: "Le numéro de page est invalide.",
    });
    expect(parseLeadFilters(new URLSearchParams({ statut: "inconnu" }))).toEqual({
      ok: false,
      message: "Ce statut n'existe pas.",
    });
    expect(parseLeadFilters(new URLSearchParams({ du: "2025-03-12", au: "2025-03-10" }))).toEqual({
      ok: false,
      message: "La date de début doit précéder la date de fin.",
    });
    expect(parseLeadFilters(new URLSearchParams({ du: "2025-02-30" }))).toMatchObject({ ok: false });
  });
});
