import { describe, expect, it } from "vitest";
import { insertQuoteRequest, leadsTestDatabase } from "#tests/helpers/leads.ts";
import { updateLead } from "./actions.server.ts";
import { dashboard } from "./dashboard.server.ts";

const ctx = leadsTestDatabase();

describe("dashboard", () => {
  it("counts this week's requests against the same moment last week, statuses, due follow-ups and the last ten", async () => {
    // Thursday 13 March 2025, 15:00 in Paris; the week began on Monday 10 March.
    const now = new Date("2025-03-13T14:00:00Z");
    await insertQuoteRequest(ctx.database.db, { nom: "Lundi" }, new Date("2025-03-10T07:00:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Mercredi" }, new Date("2025-03-12T07:00:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Jeudi" }, new Date("2025-03-13T09:00:00Z"));
    // Last week: Tuesday (counted), Friday (after the same moment: not counted).
    await insertQuoteRequest(ctx.database.db, { nom: "Mardi dernier" }, new Date("2025-03-04T09:00:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Vendredi dernier" }, new Date("2025-03-07T09:00:00Z"));
    // Sunday night before, 23:30 Paris: last week.
    const sunday = await insertQuoteRequest(
      ctx.database.db,
      { nom: "Dimanche soir" },
      new Date("2025-03-09T22:30:00Z"),
    );
    await updateLead(ctx.database.db, ctx.actor, sunday, { status: "gagne" });
    const late = await insertQuoteRequest(
      ctx.database.db,
      { nom: "Relance" },
      new Date("2025-02-01T09:00:00Z"),
    );
    await updateLead(ctx.database.db, ctx.actor, late, { status: "contacte", nextFollowUp: "2020-05-05" });

    const figures = await dashboard(ctx.database.db, now);
    expect(figures.weekStart).toBe("2025-03-10");
    expect(figures.thisWeek).toBe(3);
    expect(figures.lastWeekSamePeriod).toBe(1);
    expect(figures.byStatus).toEqual({ nouveau: 5, contacte: 1, devis_envoye: 0, gagne: 1, perdu: 0 });
    expect(figures.followUps.due).toBe(1);
    expect(figures.followUps.late).toBe(1);
    expect(figures.followUps.items.map((i) => i.nom)).toEqual(["Relance"]);
    expect(figures.latest.map((i) => i.nom).slice(0, 3)).toEqual(["Jeudi", "Mercredi", "Lundi"]);
  });

  it("counts the Paris week that ends with the clock change of March, from its Monday's midnight", async () => {
    // Sunday 29 March 2026, 12:00 in Paris (summer time since 02:00); the week began on
    // Monday 23 March at 00:00 Paris, still winter time: 22 March 23:00 UTC.
    const now = new Date("2026-03-29T10:00:00Z");
    await insertQuoteRequest(ctx.database.db, { nom: "Lundi 00:30" }, new Date("2026-03-22T23:30:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Dimanche 23:30" }, new Date("2026-03-22T22:30:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Dimanche 11:00" }, new Date("2026-03-29T09:00:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Plus tard" }, new Date("2026-03-29T11:00:00Z"));
    await insertQuoteRequest(ctx.database.db, { nom: "Dimanche 10:00" }, new Date("2026-03-22T09:00:00Z"));
    const figures = await dashboard(ctx.database.db, now);
    expect(figures.today).toBe("2026-03-29");
    expect(figures.weekStart).toBe("2026-03-23");
    expect(figures.thisWeek).toBe(2);
    // Last week up to the same point: Sunday 22 March 10:00 counts, 23:30 is past it.
    expect(figures.lastWeekSamePeriod).toBe(1);
  });

  it("keeps to the ten most recent requests", async () => {
    for (let i = 0; i < 12; i++)
      await insertQuoteRequest(ctx.database.db, { nom: `R${i}` }, new Date(Date.UTC(2025, 2, 1, 8, i)));
    const figures = await dashboard(ctx.database.db);
    expect(figures.latest).toHaveLength(10);
    expect(figures.latest[0]?.nom).toBe("R11");
  });
});
