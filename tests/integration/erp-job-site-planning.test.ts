import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSiteLogEntries } from "#app/db/schema/site-log.ts";
import { JOB_SITE_MESSAGES, PLANNING_MESSAGES } from "#app/features/job-sites/schema.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/chantiers/detail.tsx";
import * as journalRoute from "#app/routes/erp/chantiers/journal.tsx";
import * as notesRoute from "#app/routes/erp/chantiers/journal-notes.ts";
import * as editRoute from "#app/routes/erp/chantiers/modifier.tsx";
import * as planningRoute from "#app/routes/erp/chantiers/planning.tsx";
import * as dashboardRoute from "#app/routes/erp/dashboard.tsx";
import * as mySiteRoute from "#app/routes/erp/mes-chantiers/detail.tsx";
import * as myRoute from "#app/routes/erp/mes-chantiers/index.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The planning through its routes, on a real database: people put on a site for a
// period, a person on two sites the same half-day shown as a conflict (kept, not
// refused), a site's dates moved with its team (by the buttons and by its form), the week
// and month views, and « Aujourd'hui et demain ».

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };
let worker: { userId: string };
let clientId: string;

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

const SITE = jobSiteData({
  title: "",
  siteStreet: "12 rue Paul Lendrin",
  sitePostalCode: "83000",
  accessCode: "A1234",
  keys: "Chez la gardienne",
  contactName: "Mme Roux",
  contactPhone: "0612345678",
});

async function newSite(title: string, plannedStart: string | null, plannedEnd: string | null) {
  const actor = { id: staff.userId, email: staff.email };
  return createJobSite(services.db, actor, clientId, { ...SITE, title, plannedStart, plannedEnd });
}

type SitePage = Awaited<ReturnType<typeof detailRoute.loader>>;
type PlanningPage = Awaited<ReturnType<typeof planningRoute.loader>>;

async function page(id: string): Promise<SitePage> {
  const outcome = await call(detailRoute.loader, `/erp/chantiers/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as SitePage;
}

async function post(id: string, form: Record<string, string>) {
  return call(detailRoute.action, `/erp/chantiers/${id}`, { params: { id }, form });
}

async function planning(query: string): Promise<PlanningPage> {
  const outcome = await call(planningRoute.loader, `/erp/chantiers/planning${query}`);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as PlanningPage;
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-planning-"));
  staff = await signedInStaff(services, "owner", "planning@batirade.test");
  worker = await signedInStaff(services, "staff", "karim@batirade.test");
  clientId = await insertClient(services.db, { name: "Famille Roux", email: "roux@example.fr" });
});
afterAll(async () => close());

describe("putting people on a site", () => {
  let siteA: { id: string; number: string };
  let siteB: { id: string; number: string };

  beforeAll(async () => {
    siteA = await newSite("Salle de bains Roux", "2026-12-07", "2026-12-11");
    siteB = await newSite("Cuisine Roux", "2026-12-09", "2026-12-16");
  });

  it("offers the active team and the site's planned dates, then records an assignment in the history", async () => {
    const before = await page(siteA.id);
    expect(before.people.map((person) => person.id)).toEqual(
      expect.arrayContaining([staff.userId, worker.userId]),
    );
    expect(before.team.assignments).toEqual([]);

    const outcome = await post(siteA.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: "2026-12-07",
      endDate: "2026-12-11",
      slot: "journee",
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe("Affectation enregistrée.");
    const after = await page(siteA.id);
    expect(after.team.assignments).toMatchObject([
      { userId: worker.userId, startDate: "2026-12-07", endDate: "2026-12-11", slot: "journee" },
    ]);
    expect(after.team.conflicts).toEqual([]);
    expect(after.site.activity[0]?.summary).toMatch(
      /affecté du 7 décembre 2026 au 11 décembre 2026 \(journée\)/,
    );
  });

  it("keeps an assignment that puts a person on two sites the same half-day, and names the conflict", async () => {
    const outcome = await post(siteB.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: "2026-12-10",
      endDate: "2026-12-14",
      slot: "apres_midi",
    });
    expect(outcome.status).toBe(303);
    const flash = readFlash(outcome);
    expect(flash?.tone).toBe("info");
    expect(flash?.message).toContain(`${siteA.number} et ${siteB.number} le 10 décembre 2026 (après-midi)`);
    expect(flash?.message).toContain("le 11 décembre 2026 (après-midi)");

    // A morning elsewhere the same day is no conflict.
    await post(siteB.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: "2026-12-15",
      endDate: "2026-12-15",
      slot: "matin",
    });
    const { team } = await page(siteB.id);
    expect(team.assignments).toHaveLength(2);
    expect(team.conflicts.map((conflict) => [conflict.day, conflict.half])).toEqual([
      ["2026-12-10", "apres_midi"],
      ["2026-12-11", "apres_midi"],
    ]);

    const week = await planning("?vue=semaine&jour=2026-12-09");
    expect(week.period).toMatchObject({ from: "2026-12-07", to: "2026-12-13" });
    expect(week.planning?.conflicts.map((conflict) => conflict.day)).toEqual(["2026-12-10", "2026-12-11"]);
    expect(week.planning?.sites.map((site) => site.number)).toEqual([siteA.number, siteB.number]);
  });

  it("refuses a bad assignment field by field, keeping what was typed, and stores nothing", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ userId: "" }, "userId", PLANNING_MESSAGES.member],
      [{ userId: "inconnu" }, "userId", PLANNING_MESSAGES.member],
      [{ endDate: "2026-12-01" }, "endDate", PLANNING_MESSAGES.order],
      [{ startDate: "2026-02-30" }, "startDate", "Cette date n'existe pas."],
      [{ endDate: "2028-01-01" }, "endDate", PLANNING_MESSAGES.tooLong],
      [{ slot: "nuit" }, "slot", PLANNING_MESSAGES.slot],
    ];
    for (const [change, field, message] of cases) {
      const form = {
        intent: "affecter",
        userId: worker.userId,
        startDate: "2026-12-07",
        endDate: "2026-12-08",
        slot: "matin",
        ...change,
      };
      const outcome = await post(siteA.id, form);
      expect(outcome.status, JSON.stringify(change)).toBe(400);
      const refusal = outcome.data as {
        fieldErrors?: Record<string, string[]>;
        values?: Record<string, string>;
      };
      expect(refusal.fieldErrors?.[field]?.[0], JSON.stringify(change)).toContain(message.slice(0, 20));
      expect(refusal.values?.startDate).toBe(form.startDate);
    }
    expect((await page(siteA.id)).team.assignments).toHaveLength(1);
  });

  it("takes a person off the site, and refuses another site's assignment", async () => {
    const { team } = await page(siteB.id);
    const morning = team.assignments.find((assignment) => assignment.slot === "matin");
    const ofA = (await page(siteA.id)).team.assignments[0];
    const wrong = await post(siteB.id, { intent: "retirer-affectation", assignmentId: ofA?.id ?? "" });
    expect(wrong.status).toBe(409);
    expect((wrong.data as { message: string }).message).toBe(PLANNING_MESSAGES.assignment);
    const removed = await post(siteB.id, { intent: "retirer-affectation", assignmentId: morning?.id ?? "" });
    expect(removed.status).toBe(303);
    expect((await page(siteB.id)).team.assignments).toHaveLength(1);
    expect((await page(siteA.id)).team.assignments).toHaveLength(1);
  });
});

describe("moving a site moves its team", () => {
  it("« Décaler » moves the planned dates and every assignment by the same days, in the history", async () => {
    const site = await newSite("Terrasse Roux", "2027-01-04", "2027-01-08");
    await post(site.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: "2027-01-05",
      endDate: "2027-01-06",
      slot: "matin",
    });
    const before = await page(site.id);
    const shifted = await post(site.id, {
      intent: "decaler",
      days: "7",
      revision: String(before.site.revision),
    });
    expect(shifted.status, JSON.stringify(shifted.data)).toBe(303);
    expect(readFlash(shifted)?.message).toBe("Chantier décalé de 7 jours plus tard, avec son équipe.");
    const after = await page(site.id);
    expect(after.site).toMatchObject({ plannedStart: "2027-01-11", plannedEnd: "2027-01-15" });
    expect(after.team.assignments).toMatchObject([{ startDate: "2027-01-12", endDate: "2027-01-13" }]);
    expect(after.site.activity[0]?.summary).toContain("Chantier décalé de 7 jours plus tard");

    // The same page posted twice: the second is refused, nothing moves again.
    const stale = await post(site.id, {
      intent: "decaler",
      days: "7",
      revision: String(before.site.revision),
    });
    expect(stale.status).toBe(409);
    expect((stale.data as { message: string }).message).toBe(JOB_SITE_MESSAGES.stale);

    for (const days of ["0", "400", "1.5", "abc"]) {
      const refused = await post(site.id, { intent: "decaler", days, revision: String(after.site.revision) });
      expect(refused.status, days).toBe(400);
    }
    expect((await page(site.id)).site.plannedStart).toBe("2027-01-11");
  });

  it("from the month view, one day earlier with the keyboard's buttons, back to the same view", async () => {
    const site = await newSite("Façade Roux", "2027-02-10", "2027-02-12");
    await post(site.id, {
      intent: "affecter",
      userId: staff.userId,
      startDate: "2027-02-10",
      endDate: "2027-02-12",
      slot: "journee",
    });
    const month = await planning("?vue=mois&jour=2027-02-01");
    const row = month.planning?.sites.find((candidate) => candidate.id === site.id);
    expect(row).toBeDefined();
    const outcome = await call(planningRoute.action, "/erp/chantiers/planning?vue=mois&jour=2027-02-01", {
      form: { intent: "decaler", jobSiteId: site.id, revision: String(row?.revision), days: "-1" },
    });
    expect(outcome.status).toBe(303);
    expect(outcome.headers.get("location")).toBe("/erp/chantiers/planning?vue=mois&jour=2027-02-01");
    const after = await page(site.id);
    expect(after.site).toMatchObject({ plannedStart: "2027-02-09", plannedEnd: "2027-02-11" });
    expect(after.team.assignments).toMatchObject([{ startDate: "2027-02-09", endDate: "2027-02-11" }]);

    const unknown = await call(planningRoute.action, "/erp/chantiers/planning", {
      form: {
        intent: "decaler",
        jobSiteId: "00000000-0000-4000-8000-000000000000",
        revision: "1",
        days: "1",
      },
    });
    expect(unknown.status).toBe(404);
  });

  it("a new planned start typed in the site's form moves the team by as much", async () => {
    const site = await newSite("Toiture Roux", "2027-03-01", "2027-03-05");
    await post(site.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: "2027-03-01",
      endDate: "2027-03-05",
      slot: "journee",
    });
    const { site: before } = await page(site.id);
    const form: Record<string, string> = {
      intent: "modifier",
      revision: String(before.revision),
      ...Object.fromEntries(Object.entries(SITE).map(([key, value]) => [key, value ?? ""])),
      title: "Toiture Roux",
      plannedStart: "2027-03-08",
      plannedEnd: "2027-03-12",
    };
    const saved = await call(editRoute.action, `/erp/chantiers/${site.id}/modifier`, {
      params: { id: site.id },
      form,
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const after = await page(site.id);
    expect(after.team.assignments).toMatchObject([{ startDate: "2027-03-08", endDate: "2027-03-12" }]);
    expect(after.site.activity[0]?.summary).toContain("équipe décalée de 7 jours plus tard");
  });
});

describe("the planning's views", () => {
  it("the month lists the sites that run in it, those without a team, and refuses a bad view or day", async () => {
    const lonely = await newSite("Clôture Roux", "2027-04-28", "2027-05-03");
    const april = await planning("?vue=mois&jour=2027-04-15");
    expect(april.period).toMatchObject({ from: "2027-04-01", to: "2027-04-30", next: "2027-05-01" });
    expect(april.planning?.sites.map((site) => site.id)).toContain(lonely.id);
    expect(april.planning?.assignments.some((assignment) => assignment.jobSiteId === lonely.id)).toBe(false);
    const may = await planning("?vue=mois&jour=2027-05-20");
    expect(may.planning?.sites.map((site) => site.id)).toContain(lonely.id);

    for (const query of ["?vue=annee", "?jour=2027-13-01", "?jour=hier", "?vue=mois&jour=1800-01-01"]) {
      const outcome = await call(planningRoute.loader, `/erp/chantiers/planning${query}`);
      expect(outcome.status, query).toBe(400);
      expect((outcome.data as { message: string }).message).toMatch(/Vue inconnue|Jour du planning/);
    }
  });

  it("« Aujourd'hui et demain »: each person's sites with the address and the access notes", async () => {
    const site = await newSite("Véranda Roux", "2027-06-01", "2027-06-04");
    await post(site.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: "2027-06-02",
      endDate: "2027-06-02",
      slot: "matin",
    });
    const days = await planning("?vue=jours&jour=2027-06-01");
    expect(days.agenda?.map((day) => day.day)).toEqual(["2027-06-01", "2027-06-02"]);
    expect(days.agenda?.[0]?.people).toEqual([]);
    expect(days.agenda?.[1]?.people).toMatchObject([
      {
        id: worker.userId,
        sites: [
          {
            number: site.number,
            siteStreet: "12 rue Paul Lendrin",
            siteCity: "Toulon",
            accessCode: "A1234",
            contactPhone: "0612345678",
            slot: "matin",
          },
        ],
      },
    ]);
  });
});

describe("a site worker (compagnon)", () => {
  let compagnon: { cookie: string; userId: string };
  const asWorker = routeCaller(() => ({ services, cookie: compagnon.cookie }));

  beforeAll(async () => {
    compagnon = await signedInStaff(services, "compagnon", "lucas@batirade.test");
  });

  it("sees today's and tomorrow's sites and the sites they are on, never a price or a client", async () => {
    const today = parisDay();
    const mine = await newSite("Plomberie Roux", today, addDays(today, 3));
    const other = await newSite("Peinture Roux", today, addDays(today, 3));
    await post(mine.id, {
      intent: "affecter",
      userId: compagnon.userId,
      startDate: addDays(today, 1),
      endDate: addDays(today, 2),
      slot: "journee",
    });
    const home = await asWorker(myRoute.loader, "/erp/mes-chantiers");
    expect(home.status).toBe(200);
    const page = home.data as Awaited<ReturnType<typeof myRoute.loader>>;
    expect(page.agenda[0]?.people).toEqual([]);
    expect(page.agenda[1]?.people[0]?.sites.map((site) => site.number)).toEqual([mine.number]);
    expect(page.sites.map((site) => site.number)).toEqual([mine.number]);

    const siteOutcome = await asWorker(mySiteRoute.loader, `/erp/mes-chantiers/${mine.id}`, {
      params: { id: mine.id },
    });
    expect(siteOutcome.status).toBe(200);
    const shown = JSON.stringify(siteOutcome.data);
    expect(shown).toContain("A1234");
    expect(shown).toContain("0612345678");
    expect(shown).not.toMatch(/Cents|client|Famille Roux|roux@example\.fr/i);

    const refused = await asWorker(mySiteRoute.loader, `/erp/mes-chantiers/${other.id}`, {
      params: { id: other.id },
    });
    expect(refused.status).toBe(403);
    expect((refused.data as { message: string }).message).toMatch(/pas affecté à ce chantier/);
  });

  it("writes in the log of a site they are on, and is refused the log of another site", async () => {
    const mine = await newSite("Maçonnerie Roux", "2027-08-02", "2027-08-06");
    const other = await newSite("Enduit Roux", "2027-08-02", "2027-08-06");
    await post(mine.id, {
      intent: "affecter",
      userId: compagnon.userId,
      startDate: "2027-08-02",
      endDate: "2027-08-03",
      slot: "journee",
    });
    const note = (site: string) => {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        intent: "publier",
        body: "Mur monté jusqu'au linteau.",
        weather: "ensoleille",
        peoplePresent: "Lucas",
      }))
        form.set(name, value);
      return asWorker(notesRoute.action, `/erp/chantiers/${site}/journal/notes`, {
        method: "POST",
        body: form,
        params: { id: site },
      });
    };
    const posted = await note(mine.id);
    expect(posted.status).toBe(200);
    expect(await (posted.data as Response).json()).toMatchObject({ ok: true, intent: "publier" });
    const log = await asWorker(journalRoute.loader, `/erp/chantiers/${mine.id}/journal`, {
      params: { id: mine.id },
    });
    expect(log.status).toBe(200);
    const shown = log.data as Awaited<ReturnType<typeof journalRoute.loader>>;
    expect(shown.siteHref).toBe(`/erp/mes-chantiers/${mine.id}`);
    expect(shown.entries.map((entry) => entry.body)).toEqual(["Mur monté jusqu'au linteau."]);

    const refused = await note(other.id);
    expect(refused.status).toBe(403);
    const otherLog = await asWorker(journalRoute.loader, `/erp/chantiers/${other.id}/journal`, {
      params: { id: other.id },
    });
    expect(otherLog.status).toBe(403);
    const [{ n } = { n: -1 }] = await services.db
      .select({ n: count() })
      .from(jobSiteLogEntries)
      .where(eq(jobSiteLogEntries.jobSiteId, other.id));
    expect(n).toBe(0);
  });

  it("is refused the office's pages, the planning included, and sent from the dashboard to their sites", async () => {
    const site = await newSite("Électricité Roux", "2027-07-01", "2027-07-02");
    for (const [handler, url, params] of [
      [detailRoute.loader, `/erp/chantiers/${site.id}`, { id: site.id }],
      [planningRoute.loader, "/erp/chantiers/planning", {}],
    ] as const) {
      const outcome = await asWorker(handler, url, { params });
      expect(outcome.status, url).toBe(403);
    }
    const assign = await asWorker(detailRoute.action, `/erp/chantiers/${site.id}`, {
      params: { id: site.id },
      form: {
        intent: "affecter",
        userId: compagnon.userId,
        startDate: "2027-07-01",
        endDate: "2027-07-01",
        slot: "matin",
      },
    });
    expect(assign.status).toBe(403);
    expect((await page(site.id)).team.assignments).toEqual([]);
    const home = await asWorker(dashboardRoute.loader, "/erp");
    expect(home.status).toBe(302);
    expect(home.headers.get("location")).toBe("/erp/mes-chantiers");
  });
});

describe("the home page's « Sans équipe »", () => {
  it("lists a planned site nobody is put on from today, until someone is", async () => {
    const today = parisDay();
    const site = await newSite("Carrelage Roux", addDays(today, 2), addDays(today, 6));
    const planned = await post(site.id, { intent: "statut", status: "planifie", revision: "1" });
    expect(planned.status, JSON.stringify(planned.data)).toBe(303);
    type Home = Awaited<ReturnType<typeof dashboardRoute.loader>>;
    const numbers = async () => {
      const home = (await call(dashboardRoute.loader, "/erp")).data as Home;
      return home.jobSites?.unstaffed.items.map((item) => item.number) ?? [];
    };
    expect(await numbers()).toContain(site.number);
    // Someone who was on it last month does not staff it now.
    await post(site.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: addDays(today, -40),
      endDate: addDays(today, -35),
      slot: "journee",
    });
    expect(await numbers()).toContain(site.number);
    await post(site.id, {
      intent: "affecter",
      userId: worker.userId,
      startDate: addDays(today, 2),
      endDate: addDays(today, 3),
      slot: "matin",
    });
    expect(await numbers()).not.toContain(site.number);
  });
});
