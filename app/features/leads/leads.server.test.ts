import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { erpLeadEvents, erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { StorageNotFoundError } from "#app/lib/storage.server.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";
import { CSV_BOM, leadsCsv } from "./csv.ts";
import {
  type Actor,
  addLeadNote,
  allLeads,
  createManualLead,
  dashboard,
  deleteLead,
  exportLeadData,
  getLead,
  LeadInputError,
  LeadNotFoundError,
  listLeads,
  parisDay,
  updateLead,
} from "./leads.server.ts";
import { LEADS_PAGE_SIZE, type LeadFilters, ManualLeadSchema, parseLeadFilters } from "./schema.ts";

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let actor: Actor;
let colleague: Actor;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "leads-test-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  const a = await signedInStaff(services, "staff", "alice@batirade.test");
  const b = await signedInStaff(services, "staff", "bastien@batirade.test");
  actor = { id: a.userId, email: a.email };
  colleague = { id: b.userId, email: b.email };
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(erpSubmissions);
});

function filters(input: Record<string, string> = {}): LeadFilters {
  const parsed = parseLeadFilters(new URLSearchParams(input));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.filters;
}

async function names(input: Record<string, string> = {}) {
  return (await listLeads(database.db, filters(input), actor.id)).items.map((item) => item.nom);
}

async function lastActivity(id: string): Promise<number> {
  const [row] = await database.db.select().from(erpSubmissions).where(eq(erpSubmissions.id, id));
  return row?.lastActivityAt.getTime() ?? 0;
}

const longAgo = new Date("2024-01-15T10:00:00Z");

describe("the list of leads", () => {
  it("shows quote requests and manual leads, newest first, 25 per page", async () => {
    for (let i = 0; i < 30; i++) {
      await insertQuoteRequest(
        database.db,
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
    await createManualLead(database.db, actor, manual);
    const first = await listLeads(database.db, filters(), actor.id);
    expect(first.total).toBe(31);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(LEADS_PAGE_SIZE);
    expect(first.items[0]?.nom).toBe("Appel Téléphonique");
    expect(first.items[0]?.module).toBe("manuel");
    expect(first.items[0]?.town).toBe("La Garde");
    expect(first.items[1]?.nom).toBe("Client 29");
    const second = await listLeads(database.db, filters({ page: "2" }), actor.id);
    expect(second.items.map((i) => i.nom)).toEqual([
      "Client 05",
      "Client 04",
      "Client 03",
      "Client 02",
      "Client 01",
      "Client 00",
    ]);
    // Past the last page: the last page.
    const beyond = await listLeads(database.db, filters({ page: "9" }), actor.id);
    expect(beyond.page).toBe(2);
  });

  it("searches names without minding accents or case, e-mails, phone digits however spaced, towns and text", async () => {
    const eleonore = await insertQuoteRequest(database.db, {
      nom: "Éléonore Dupré",
      email: "eleonore.dupre@example.fr",
      telephone: "+33 6 98 76 54 32",
      message: "Ravalement de la façade d'une villa des années 70.",
      type_projet: "Ravalement de façade",
    });
    await insertQuoteRequest(database.db, {
      nom: "Marc Olivier",
      email: "m.olivier@example.com",
      telephone: "04 94 11 22 33",
      message: "Isolation des combles perdus, maison de 1985.",
      type_projet: "Isolation thermique",
    });
    await updateLead(database.db, actor, eleonore, { town: "Hyères" });

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
    const a = await insertQuoteRequest(database.db, {
      nom: "A",
      type_projet: "Extension",
      budget: "Plus de 60 000 €",
    });
    const b = await insertQuoteRequest(database.db, {
      nom: "B",
      type_projet: "Extension",
      budget: "Moins de 5 000 €",
    });
    await insertQuoteRequest(database.db, { nom: "C", type_projet: "Autre", budget: "" });
    await updateLead(database.db, actor, a, { status: "contacte", assigneeId: actor.id });
    await updateLead(database.db, actor, b, { assigneeId: colleague.id });
    expect(await names({ statut: "nouveau" })).toEqual(["C", "B"]);
    expect(await names({ statut: "contacte" })).toEqual(["A"]);
    expect(await names({ statut: "gagne" })).toEqual([]);
    expect(await names({ type: "Extension" })).toEqual(["B", "A"]);
    expect(await names({ budget: "Plus de 60 000 €" })).toEqual(["A"]);
    expect(await names({ type: "Extension", budget: "Moins de 5 000 €" })).toEqual(["B"]);
    expect(await names({ suivi: "moi" })).toEqual(["A"]);
    expect(await names({ suivi: colleague.id })).toEqual(["B"]);
    expect(await names({ suivi: "personne" })).toEqual(["C"]);
  });

  it("filters by a range of Paris calendar days", async () => {
    // 23:30 UTC on 9 March is 00:30 on 10 March in Paris.
    await insertQuoteRequest(database.db, { nom: "Minuit" }, new Date("2025-03-09T23:30:00Z"));
    await insertQuoteRequest(database.db, { nom: "Veille" }, new Date("2025-03-09T22:30:00Z"));
    await insertQuoteRequest(database.db, { nom: "Fin" }, new Date("2025-03-12T21:00:00Z"));
    await insertQuoteRequest(database.db, { nom: "Après" }, new Date("2025-03-12T23:30:00Z"));
    expect(await names({ du: "2025-03-10" })).toEqual(["Après", "Fin", "Minuit"]);
    expect(await names({ du: "2025-03-10", au: "2025-03-12" })).toEqual(["Fin", "Minuit"]);
    expect(await names({ au: "2025-03-09" })).toEqual(["Veille"]);
  });

  it("lists follow-ups due today or late on open leads that may be contacted", async () => {
    const today = parisDay();
    const late = await insertQuoteRequest(database.db, { nom: "En retard" });
    const due = await insertQuoteRequest(database.db, { nom: "Aujourd'hui" });
    const later = await insertQuoteRequest(database.db, { nom: "Plus tard" });
    const closed = await insertQuoteRequest(database.db, { nom: "Gagné" });
    const refused = await insertQuoteRequest(database.db, { nom: "Refus" });
    await updateLead(database.db, actor, late, { nextFollowUp: "2020-01-02" });
    await updateLead(database.db, actor, due, { nextFollowUp: today });
    await updateLead(database.db, actor, later, { nextFollowUp: "2999-01-01" });
    await updateLead(database.db, actor, closed, { nextFollowUp: "2020-01-02", status: "gagne" });
    await updateLead(database.db, actor, refused, { nextFollowUp: "2020-01-02", doNotContact: true });
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

describe("actions on a lead", () => {
  it("writes each change in the timeline with who made it, and moves the last activity", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "Suivi" }, longAgo);
    expect(await lastActivity(id)).toBe(longAgo.getTime());
    await updateLead(database.db, actor, id, {
      status: "contacte",
      assigneeId: colleague.id,
      nextFollowUp: "2025-04-01",
    });
    const afterUpdate = await lastActivity(id);
    expect(afterUpdate).toBeGreaterThan(longAgo.getTime());
    await addLeadNote(database.db, colleague, id, "Rappelé : visite prévue mardi.");
    // Sending the same values again changes nothing and writes nothing.
    await updateLead(database.db, actor, id, { status: "contacte", assigneeId: colleague.id });
    const lead = await getLead(database.db, id);
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
    const id = await insertQuoteRequest(database.db);
    await expect(
      updateLead(database.db, actor, id, { assigneeId: "personne-inconnue" }),
    ).rejects.toBeInstanceOf(LeadInputError);
    await expect(
      addLeadNote(database.db, actor, "00000000-0000-4000-8000-000000000000", "x"),
    ).rejects.toBeInstanceOf(LeadNotFoundError);
    await expect(getLead(database.db, "pas-un-uuid")).rejects.toBeInstanceOf(LeadNotFoundError);
  });

  it("exports the person's data as JSON, photos included, and notes the export", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "Export", email: "export@example.fr" }, longAgo);
    const photo = await jpeg(40, 30);
    await attachPhoto(database.db, services.storage, id, photo, "terrasse.jpg");
    await addLeadNote(database.db, actor, id, "Note à exporter.");
    const exported = await exportLeadData(database.db, services.storage, actor, id);
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
    const lead = await getLead(database.db, id);
    expect(lead.events[0]?.kind).toBe("export");
  });

  it("deletes everything about the person for good: rows and photo files", async () => {
    const id = await insertQuoteRequest(database.db, { nom: "À effacer" });
    const keep = await insertQuoteRequest(database.db, { nom: "À garder" });
    const photo = await attachPhoto(database.db, services.storage, id, await jpeg());
    await updateLead(database.db, actor, id, { status: "perdu" });
    await addLeadNote(database.db, actor, id, "Ne donne pas suite.");
    expect(await deleteLead(database.db, services.storage, id)).toEqual({ photos: 1 });
    await expect(getLead(database.db, id)).rejects.toBeInstanceOf(LeadNotFoundError);
    expect(await database.db.select().from(erpLeads).where(eq(erpLeads.submissionId, id))).toEqual([]);
    expect(await database.db.select().from(erpLeadEvents).where(eq(erpLeadEvents.submissionId, id))).toEqual(
      [],
    );
    expect(
      await database.db.select().from(erpSubmissionPhotos).where(eq(erpSubmissionPhotos.submissionId, id)),
    ).toEqual([]);
    await expect(services.storage.get(photo.storageKey)).rejects.toBeInstanceOf(StorageNotFoundError);
    expect(await names()).toEqual(["À garder"]);
    await expect(deleteLead(database.db, services.storage, id)).rejects.toBeInstanceOf(LeadNotFoundError);
    expect((await getLead(database.db, keep)).nom).toBe("À garder");
  });
});

describe("CSV export", () => {
  it("writes UTF-8 with a BOM, ';' separators, CRLF lines, French dates, and neutralises formulas", async () => {
    await insertQuoteRequest(
      database.db,
      {
        nom: "Zoé « Les Pins » ; Durand",
        email: "zoe@example.fr",
        telephone: "+33612345678",
        message: 'Deux lignes :\nmur de 12 m, "urgent"',
        budget: "5 000 € - 15 000 €",
      },
      new Date("2025-03-14T08:30:00Z"),
    );
    const formula = await insertQuoteRequest(
      database.db,
      { nom: '=HYPERLINK("http://x")', message: "@SUM(A1:A2) test", telephone: "0494000000" },
      new Date("2025-03-13T08:30:00Z"),
    );
    await updateLead(database.db, actor, formula, {
      status: "devis_envoye",
      doNotContact: true,
      nextFollowUp: "2025-04-02",
    });
    const csv = leadsCsv(await allLeads(database.db, filters(), actor.id));
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    const lines = csv.slice(1).split("\r\n");
    expect(lines[0]).toBe(
      "Reçue le;Nom;E-mail;Téléphone;Commune;Type de travaux;Budget;Statut;Ne pas recontacter;Suivi par;Prochaine relance;Origine;Message",
    );
    expect(lines[1]).toBe(
      '14/03/2025 09:30;"Zoé « Les Pins » ; Durand";zoe@example.fr;06 12 34 56 78;;Rénovation complète;5 000 € - 15 000 €;Nouveau;Non;;;Site Web - Modal Devis;"Deux lignes :\nmur de 12 m, ""urgent"""',
    );
    expect(lines[2]).toBe(
      '13/03/2025 09:30;"\'=HYPERLINK(""http://x"")";camille.martin@example.fr;04 94 00 00 00;;Rénovation complète;15 000 € - 30 000 €;Devis envoyé;Oui;;02/04/2025;Site Web - Modal Devis;\'@SUM(A1:A2) test',
    );
    expect(lines.at(-1)).toBe("");
    expect(lines).toHaveLength(4);
  });

  it("exports only what the filters select", async () => {
    await insertQuoteRequest(database.db, { nom: "Dans le filtre", type_projet: "Extension" });
    await insertQuoteRequest(database.db, { nom: "Hors filtre", type_projet: "Autre" });
    const csv = leadsCsv(await allLeads(database.db, filters({ type: "Extension" }), actor.id));
    expect(csv).toContain("Dans le filtre");
    expect(csv).not.toContain("Hors filtre");
  });
});

describe("dashboard", () => {
  it("counts this week's requests against the same moment last week, statuses, due follow-ups and the last ten", async () => {
    // Thursday 13 March 2025, 15:00 in Paris; the week began on Monday 10 March.
    const now = new Date("2025-03-13T14:00:00Z");
    await insertQuoteRequest(database.db, { nom: "Lundi" }, new Date("2025-03-10T07:00:00Z"));
    await insertQuoteRequest(database.db, { nom: "Mercredi" }, new Date("2025-03-12T07:00:00Z"));
    await insertQuoteRequest(database.db, { nom: "Jeudi" }, new Date("2025-03-13T09:00:00Z"));
    // Last week: Tuesday (counted), Friday (after the same moment: not counted).
    await insertQuoteRequest(database.db, { nom: "Mardi dernier" }, new Date("2025-03-04T09:00:00Z"));
    await insertQuoteRequest(database.db, { nom: "Vendredi dernier" }, new Date("2025-03-07T09:00:00Z"));
    // Sunday night before, 23:30 Paris: last week.
    const sunday = await insertQuoteRequest(
      database.db,
      { nom: "Dimanche soir" },
      new Date("2025-03-09T22:30:00Z"),
    );
    await updateLead(database.db, actor, sunday, { status: "gagne" });
    const late = await insertQuoteRequest(database.db, { nom: "Relance" }, new Date("2025-02-01T09:00:00Z"));
    await updateLead(database.db, actor, late, { status: "contacte", nextFollowUp: "2020-05-05" });

    const figures = await dashboard(database.db, now);
    expect(figures.weekStart).toBe("2025-03-10");
    expect(figures.thisWeek).toBe(3);
    expect(figures.lastWeekSamePeriod).toBe(1);
    expect(figures.byStatus).toEqual({ nouveau: 5, contacte: 1, devis_envoye: 0, gagne: 1, perdu: 0 });
    expect(figures.followUps.due).toBe(1);
    expect(figures.followUps.late).toBe(1);
    expect(figures.followUps.items.map((i) => i.nom)).toEqual(["Relance"]);
    expect(figures.latest.map((i) => i.nom).slice(0, 3)).toEqual(["Jeudi", "Mercredi", "Lundi"]);
  });

  it("keeps to the ten most recent requests", async () => {
    for (let i = 0; i < 12; i++)
      await insertQuoteRequest(database.db, { nom: `R${i}` }, new Date(Date.UTC(2025, 2, 1, 8, i)));
    const figures = await dashboard(database.db);
    expect(figures.latest).toHaveLength(10);
    expect(figures.latest[0]?.nom).toBe("R11");
  });
});
