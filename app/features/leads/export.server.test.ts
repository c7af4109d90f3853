import { describe, expect, it } from "vitest";
import { insertQuoteRequest, leadsTestDatabase } from "#tests/helpers/leads.ts";
import { updateLead } from "./actions.server.ts";
import { CSV_BOM, leadsCsv } from "./csv.ts";
import { allLeads } from "./export.server.ts";
import { type LeadFilters, parseLeadFilters } from "./schema.ts";

const ctx = leadsTestDatabase();

function filters(input: Record<string, string> = {}): LeadFilters {
  const parsed = parseLeadFilters(new URLSearchParams(input));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.filters;
}

describe("CSV export", () => {
  it("writes UTF-8 with a BOM, ';' separators, CRLF lines, French dates, and neutralises formulas", async () => {
    await insertQuoteRequest(
      ctx.database.db,
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
      ctx.database.db,
      { nom: '=HYPERLINK("http://x")', message: "@SUM(A1:A2) test", telephone: "0494000000" },
      new Date("2025-03-13T08:30:00Z"),
    );
    await updateLead(ctx.database.db, ctx.actor, formula, {
      status: "devis_envoye",
      doNotContact: true,
      nextFollowUp: "2025-04-02",
    });
    const csv = leadsCsv(await allLeads(ctx.database.db, filters(), ctx.actor.id));
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
    await insertQuoteRequest(ctx.database.db, { nom: "Dans le filtre", type_projet: "Extension" });
    await insertQuoteRequest(ctx.database.db, { nom: "Hors filtre", type_projet: "Autre" });
    const csv = leadsCsv(await allLeads(ctx.database.db, filters({ type: "Extension" }), ctx.actor.id));
    expect(csv).toContain("Dans le filtre");
    expect(csv).not.toContain("Hors filtre");
  });
});
