import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { timeEntries } from "#app/db/schema/time-sheets.ts";
import { addAssignment } from "#app/features/job-sites/planning.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { DAY_GRID_MESSAGES, DEPOT_COLUMN, dayCellField } from "#app/features/time-sheets/day-grid.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { saveDay, validateWeek } from "#app/features/time-sheets/entries.server.ts";
import { DAY_MESSAGES, parseDayPost } from "#app/features/time-sheets/entries-schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import * as dayRoute from "#app/routes/erp/temps/jour.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The office's day grid (employees × sites) through its route, on a real database: the
// columns (the sites the planning puts someone on, the sites hours were entered on, the
// ones added, the depot), the quick entry replacing a day by one line per filled cell, a
// detailed day and a validated week left untouched, and bad input refused with nothing saved.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
let siteA: { id: string; number: string };
let siteB: { id: string; number: string };
let siteC: { id: string; number: string };
/** Linked to the worker's account, who is planned on site B that day. */
let alice: string;
/** Entered that day with times on site A: a detailed day. */
let bruno: string;
/** Nothing entered yet. */
let chloe: string;
/** Left the company the day before. */
let denis: string;

const DAY = "2026-11-10";
const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));

type DayPage = Awaited<ReturnType<typeof dayRoute.loader>>;
type Refusal = { message: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

async function dayPage(query = `jour=${DAY}`) {
  const outcome = await asOwner(dayRoute.loader, `/erp/temps/jour?${query}`);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as DayPage;
}

const rowOf = (page: DayPage, employeeId: string) => {
  const row = page.grid.rows.find((candidate) => candidate.employee.id === employeeId);
  if (!row) throw new Error(`pas de ligne pour ${employeeId}`);
  return row;
};

const post = (form: Record<string, string>) =>
  asOwner(dayRoute.action, "/erp/temps/jour", {
    form: { intent: "enregistrer-journee", jour: DAY, ...form },
  });

const linesOf = (employeeId: string) =>
  services.db
    .select({ kind: timeEntries.kind, jobSiteId: timeEntries.jobSiteId, minutes: timeEntries.minutes })
    .from(timeEntries)
    .where(and(eq(timeEntries.employeeId, employeeId), eq(timeEntries.day, DAY)))
    .orderBy(asc(timeEntries.minutes));

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-time-day-grid-"));
  owner = await signedInStaff(services, "owner", "gerant-journee@batirade.test");
  worker = await signedInStaff(services, "compagnon", "ouvrier-journee@batirade.test");
  const actor = { id: owner.userId, email: owner.email };
  const clientId = await insertClient(services.db, { name: "Famille Roux", email: "roux@example.fr" });
  siteA = await createJobSite(services.db, actor, clientId, jobSiteData({ title: "Cuisine Roux" }));
  siteB = await createJobSite(services.db, actor, clientId, jobSiteData({ title: "Toiture Roux" }));
  siteC = await createJobSite(services.db, actor, clientId, jobSiteData({ title: "Façade Roux" }));
  await addAssignment(services.db, actor, siteB.id, {
    userId: worker.userId,
    startDate: "2026-11-09",
    endDate: "2026-11-13",
    slot: "journee",
  });
  const employee = async (lastName: string, userId: string | null, leaveDate: string | null = null) =>
    (
      await createEmployee(services.db, actor, {
        lastName,
        firstName: "Test",
        qualification: "Maçon",
        coefficient: 185,
        contractKind: "temps_plein",
        weeklyMinutes: 35 * 60,
        hireDate: "2020-01-06",
        leaveDate,
        loadedHourlyCostCents: 3800,
        homeStreet: "",
        homePostalCode: "",
        homeCity: "",
        userId,
        notes: "",
      })
    ).id;
  alice = await employee("Arnaud", worker.userId);
  bruno = await employee("Bernard", null);
  chloe = await employee("Chevalier", null);
  denis = await employee("Durand", null, "2026-11-09");
  const parsed = parseDayPost(
    { jour: DAY, "chantier.0": siteA.id, "debut.0": "07:30", "fin.0": "16:00", "pause.0": "60" },
    { allowFuture: true },
  );
  if (!parsed.ok) throw new Error(parsed.message);
  await saveDay(services.db, { ...actor, role: "owner" }, bruno, parsed.post);
});
afterAll(async () => close());

describe("the day grid", () => {
  it("lists the employees in post × the planned and entered sites, then the depot", async () => {
    const page = await dayPage();
    expect(page.grid.rows.map((row) => row.employee.name)).toEqual([
      "Arnaud Test",
      "Bernard Test",
      "Chevalier Test",
    ]);
    expect(page.grid.columns.map((column) => column.id)).toEqual([siteA.id, siteB.id, DEPOT_COLUMN]);
    expect(page.grid.otherSites.map((site) => site.id)).toEqual([siteC.id]);
    const a = rowOf(page, alice);
    expect(a.quick).toBe(true);
    expect(a.cells[siteB.id]).toEqual({ minutes: 0, hours: "", planned: true });
    expect(a.cells[siteA.id]?.planned).toBe(false);
    const b = rowOf(page, bruno);
    expect(b.quick).toBe(false);
    expect(b.cells[siteA.id]?.minutes).toBe(450);
    expect(b.workedMinutes).toBe(450);
  });

  it("adds a column asked for, and answers 400 to a site that is not open or not an id", async () => {
    const page = await dayPage(`jour=${DAY}&ajout=${siteC.id}`);
    expect(page.grid.columns.map((column) => column.id)).toEqual([
      siteA.id,
      siteB.id,
      siteC.id,
      DEPOT_COLUMN,
    ]);
    expect(page.extraSites).toEqual([siteC.id]);
    for (const bad of ["ajout=x", "ajout=00000000-0000-4000-8000-000000000000"]) {
      const outcome = await asOwner(dayRoute.loader, `/erp/temps/jour?jour=${DAY}&${bad}`);
      expect(outcome.status, bad).toBe(400);
      expect(outcome.data).toEqual({ message: DAY_GRID_MESSAGES.site });
    }
    const badDay = await asOwner(dayRoute.loader, "/erp/temps/jour?jour=2026-02-30");
    expect(badDay.status).toBe(400);
    expect(badDay.data).toEqual({ message: DAY_MESSAGES.day });
  });
});

describe("quick entry", () => {
  it("replaces each changed day by one line of work per filled cell", async () => {
    const saved = await post({
      [dayCellField(alice, siteB.id)]: "5",
      [dayCellField(alice, siteC.id)]: "2,5",
      [dayCellField(alice, DEPOT_COLUMN)]: "0,5",
      [dayCellField(chloe, siteA.id)]: "7",
      [dayCellField(chloe, siteB.id)]: "",
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    expect(readFlash(saved)?.message).toBe("2 journées enregistrées (mardi 10 novembre 2026).");
    expect(await linesOf(alice)).toEqual([
      { kind: "travail", jobSiteId: null, minutes: 30 },
      { kind: "travail", jobSiteId: siteC.id, minutes: 150 },
      { kind: "travail", jobSiteId: siteB.id, minutes: 300 },
    ]);
    expect(await linesOf(chloe)).toEqual([{ kind: "travail", jobSiteId: siteA.id, minutes: 420 }]);
    const page = await dayPage();
    // Site C now has hours entered: it is a column without being asked for.
    expect(page.grid.columns.map((column) => column.id)).toEqual([
      siteA.id,
      siteB.id,
      siteC.id,
      DEPOT_COLUMN,
    ]);
    expect(rowOf(page, alice).cells[siteC.id]?.hours).toBe("2,5");
    expect(rowOf(page, alice).workedMinutes).toBe(480);
    // The same values again: nothing to save.
    const again = await post({ [dayCellField(alice, siteB.id)]: "5", [dayCellField(chloe, siteA.id)]: "7" });
    expect(readFlash(again)?.message).toBe(DAY_GRID_MESSAGES.nothingChanged);
    // Emptying a cell removes that line only.
    await post({ [dayCellField(alice, DEPOT_COLUMN)]: "" });
    expect((await linesOf(alice)).map((line) => line.jobSiteId)).toEqual([siteC.id, siteB.id]);
  });

  it("refuses a detailed day, bad hours, an unknown site or employee, saving nothing", async () => {
    const before = await linesOf(bruno);
    const refused = await post({
      [dayCellField(bruno, siteA.id)]: "8",
      [dayCellField(chloe, siteA.id)]: "25",
      [dayCellField(alice, "00000000-0000-4000-8000-000000000000")]: "1",
      [dayCellField(denis, siteA.id)]: "7",
    });
    expect(refused.status).toBe(409);
    const refusal = refused.data as Refusal;
    expect(refusal.message).toBe(DAY_GRID_MESSAGES.cells);
    expect(refusal.fieldErrors?.[dayCellField(bruno, siteA.id)]).toEqual([DAY_GRID_MESSAGES.detailed]);
    expect(refusal.fieldErrors?.[dayCellField(chloe, siteA.id)]?.[0]).toMatch(/24 h|heures/);
    expect(refusal.fieldErrors?.[dayCellField(alice, "00000000-0000-4000-8000-000000000000")]).toEqual([
      DAY_GRID_MESSAGES.site,
    ]);
    expect(refusal.fieldErrors?.[dayCellField(denis, siteA.id)]).toEqual([DAY_GRID_MESSAGES.employee]);
    expect(refusal.values?.[dayCellField(chloe, siteA.id)]).toBe("25");
    expect(await linesOf(bruno)).toEqual(before);
    expect(await linesOf(chloe)).toEqual([{ kind: "travail", jobSiteId: siteA.id, minutes: 420 }]);
  });

  it("refuses a validated week's day with 409, and a site worker altogether", async () => {
    await validateWeek(
      services.db,
      { id: owner.userId, email: owner.email, role: "owner" },
      chloe,
      "2026-11-09",
    );
    const refused = await post({ [dayCellField(chloe, siteA.id)]: "6" });
    expect(refused.status).toBe(409);
    expect((refused.data as Refusal).fieldErrors?.[dayCellField(chloe, siteA.id)]).toEqual([
      DAY_GRID_MESSAGES.locked,
    ]);
    expect(await linesOf(chloe)).toEqual([{ kind: "travail", jobSiteId: siteA.id, minutes: 420 }]);
    expect(rowOf(await dayPage(), chloe).lock?.validatedBy).toBe(owner.email);
    const fromWorker = await asWorker(dayRoute.action, "/erp/temps/jour", {
      form: { intent: "enregistrer-journee", jour: DAY, [dayCellField(alice, siteB.id)]: "9" },
    });
    expect(fromWorker.status).toBe(403);
    expect((await linesOf(alice)).find((line) => line.jobSiteId === siteB.id)?.minutes).toBe(300);
  });
});
