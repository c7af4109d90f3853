import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { timeEntries } from "#app/db/schema/time-sheets.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { findEmployee, saveDay, weekSheet } from "#app/features/time-sheets/entries.server.ts";
import { parseDayPost } from "#app/features/time-sheets/entries-schema.ts";
import { cellField, WEEK_GRID_MESSAGES } from "#app/features/time-sheets/week-grid.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays } from "#app/lib/paris-time.ts";
import * as weekRoute from "#app/routes/erp/temps/semaine.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The office's week grid through its route, on a real database: the figures of each row
// (hours per day, totals, overtime, status, warnings), the quick entry saving only the
// changed cells as one line of work on the chosen site, a worker's detailed day left
// untouched, a validated week's cell refused, and « Valider toute la semaine ».

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let site: { id: string; number: string };
/** 39 h, worked Monday to Friday 9 h a day as numbers of hours: quick cells. */
let alice: string;
/** 35 h, a worker who entered Tuesday with times, and a day of paid leave on Wednesday. */
let bruno: string;
/** Hired on the Thursday of the week: the days before are outside the contract. */
let chloe: string;
/** 50 hours a week for the 11 weeks before, and a short night before the week's Monday. */
let denis: string;

const WEEK = "2026-W46";
const MONDAY = "2026-11-09";
const day = (index: number) => addDays(MONDAY, index);

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));

type GridPage = Awaited<ReturnType<typeof weekRoute.loader>>;
type Refusal = { message: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

const SITE = jobSiteData({
  title: "Rénovation Aubert",
  sitePostalCode: "83000",
});

async function gridPage(week = WEEK) {
  const outcome = await asOwner(weekRoute.loader, `/erp/temps/semaine?semaine=${week}`);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as GridPage;
}

const rowOf = (page: GridPage, employeeId: string) => {
  const row = page.grid.rows.find((candidate) => candidate.employee.id === employeeId);
  if (!row) throw new Error(`pas de ligne pour ${employeeId}`);
  return row;
};

const post = (form: Record<string, string>) =>
  asOwner(weekRoute.action, "/erp/temps/semaine", { form: { semaine: WEEK, ...form } });

const linesOf = (employeeId: string, of: string) =>
  services.db
    .select({
      kind: timeEntries.kind,
      jobSiteId: timeEntries.jobSiteId,
      minutes: timeEntries.minutes,
      startTime: timeEntries.startTime,
    })
    .from(timeEntries)
    .where(and(eq(timeEntries.employeeId, employeeId), eq(timeEntries.day, of)))
    .orderBy(asc(timeEntries.startsAt));

async function enter(employeeId: string, values: Record<string, string>) {
  const parsed = parseDayPost(values, { allowFuture: true });
  if (!parsed.ok) throw new Error(parsed.message);
  await saveDay(
    services.db,
    { id: owner.userId, email: owner.email, role: "owner" },
    employeeId,
    parsed.post,
  );
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-time-grid-"));
  owner = await signedInStaff(services, "owner", "gerant-grille@batirade.test");
  const actor = { id: owner.userId, email: owner.email };
  const clientId = await insertClient(services.db, { name: "Famille Aubert", email: "aubert@example.fr" });
  site = await createJobSite(services.db, actor, clientId, SITE);
  const employee = async (lastName: string, weeklyMinutes: number, hireDate: string) =>
    (
      await createEmployee(services.db, actor, {
        lastName,
        firstName: "Test",
        qualification: "Maçon",
        coefficient: 185,
        contractKind: "temps_plein",
        weeklyMinutes,
        hireDate,
        leaveDate: null,
        loadedHourlyCostCents: 3800,
        homeStreet: "",
        homePostalCode: "",
        homeCity: "",
        userId: null,
        notes: "",
      })
    ).id;
  alice = await employee("Arnaud", 39 * 60, "2020-01-06");
  bruno = await employee("Bernard", 35 * 60, "2020-01-06");
  chloe = await employee("Chevalier", 35 * 60, day(3));
  denis = await employee("Durand", 35 * 60, "2020-01-06");
  for (let week = 1; week <= 11; week++) {
    for (let index = 0; index < 5; index++) {
      await enter(denis, { jour: addDays(MONDAY, index - 7 * week), "heures.0": "10" });
    }
  }
  await enter(denis, { jour: day(-1), "debut.0": "20:00", "fin.0": "23:30" });
  await enter(denis, { jour: day(0), "debut.0": "05:00", "fin.0": "12:00" });
  for (let index = 0; index < 5; index++) {
    await enter(alice, { jour: day(index), "chantier.0": site.id, "heures.0": "9" });
  }
  await enter(bruno, {
    jour: day(1),
    "chantier.0": site.id,
    "debut.0": "07:00",
    "fin.0": "12:00",
    "chantier.1": site.id,
    "debut.1": "13:00",
    "fin.1": "19:00",
  });
  await enter(bruno, { jour: day(2), "type.0": "conges_payes", "heures.0": "7" });
});
afterAll(async () => close());

describe("the week grid", () => {
  it("shows each employee's days, totals, overtime, status and warnings", async () => {
    const page = await gridPage();
    expect(page.weekKey).toBe(WEEK);
    expect(page.previous).toBe("2026-W45");
    expect(page.next).toBe("2026-W47");
    expect(page.grid.days).toEqual(Array.from({ length: 7 }, (_, index) => day(index)));
    expect(page.grid.rows.map((row) => row.employee.name)).toEqual([
      "Arnaud Test",
      "Bernard Test",
      "Chevalier Test",
      "Durand Test",
    ]);
    const a = rowOf(page, alice);
    expect(a.workedMinutes).toBe(45 * 60);
    expect(a.overtime.overtime25Minutes).toBe(8 * 60);
    expect(a.overtime.overtime50Minutes).toBe(2 * 60);
    expect(a.cells.map((cell) => cell.hours)).toEqual(["9", "9", "9", "9", "9", "", ""]);
    expect(a.cells.every((cell) => cell.quick)).toBe(true);
    expect(a.lock).toBeNull();
    const b = rowOf(page, bruno);
    expect(b.workedMinutes).toBe(11 * 60);
    expect(b.overtime.overtimeMinutes).toBe(0);
    // Tuesday: two lines with times (11 h, over the 10-hour day); Wednesday: paid leave.
    expect(b.cells[1]).toMatchObject({ quick: false, workedMinutes: 11 * 60, lineCount: 2 });
    expect(b.cells[2]).toMatchObject({ quick: false, absences: ["conges_payes"], absenceMinutes: 7 * 60 });
    expect(b.warningCount).toBe(1);
    const c = rowOf(page, chloe);
    expect(c.cells.map((cell) => cell.inPost)).toEqual([false, false, false, true, true, true, true]);
    expect(page.sites.map((choice) => choice.id)).toEqual([site.id]);
    // The rest before Monday and the 12-week average, read from the weeks before.
    expect(rowOf(page, denis).warningCount).toBe(2);
    // The grid's count is the one the employee's own week says, row by row.
    for (const row of page.grid.rows) {
      const sheet = await weekSheet(services.db, await findEmployee(services.db, row.employee.id), MONDAY);
      expect(row.warningCount, row.employee.name).toBe(sheet.warnings.length);
    }
  });

  it("answers 400 with a French message to a bad week", async () => {
    for (const bad of ["2026-W54", "2026-48", "2025-W53", "x", "2026-W00"]) {
      const outcome = await asOwner(weekRoute.loader, `/erp/temps/semaine?semaine=${bad}`);
      expect(outcome.status, bad).toBe(400);
      expect(outcome.data).toEqual({ message: WEEK_GRID_MESSAGES.week });
    }
    // 2026 has a week 53 (its 31 December is a Thursday).
    expect((await gridPage("2026-W53")).grid.weekStart).toBe("2026-12-28");
    const crafted = await asOwner(weekRoute.action, "/erp/temps/semaine", {
      form: { intent: "enregistrer-grille", semaine: "2026-W99" },
    });
    expect(crafted.status).toBe(400);
  });
});

describe("quick entry", () => {
  it("saves only the changed cells, each as the day's one line of work on the chosen site", async () => {
    const saved = await post({
      intent: "enregistrer-grille",
      chantier: site.id,
      [cellField(alice, day(0))]: "9",
      [cellField(alice, day(1))]: "7,5",
      [cellField(alice, day(5))]: "4",
      [cellField(bruno, day(0))]: "8",
      [cellField(chloe, day(3))]: "",
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    expect(readFlash(saved)?.message).toBe("3 journées enregistrées (semaine du 9 novembre 2026).");
    expect(await linesOf(alice, day(1))).toEqual([
      { kind: "travail", jobSiteId: site.id, minutes: 450, startTime: null },
    ]);
    expect(await linesOf(bruno, day(0))).toEqual([
      { kind: "travail", jobSiteId: site.id, minutes: 480, startTime: null },
    ]);
    const page = await gridPage();
    expect(rowOf(page, alice).cells.map((cell) => cell.hours)).toEqual(["9", "7,5", "9", "9", "9", "4", ""]);
    expect(rowOf(page, alice).workedMinutes).toBe(47 * 60 + 30);
  });

  it("refuses a worker's detailed day and keeps it, with the typed values, saving nothing", async () => {
    const before = await linesOf(bruno, day(1));
    const refused = await post({
      intent: "enregistrer-grille",
      chantier: site.id,
      [cellField(bruno, day(1))]: "8",
      [cellField(bruno, day(3))]: "7",
    });
    expect(refused.status).toBe(409);
    const refusal = refused.data as Refusal;
    expect(refusal.message).toBe(WEEK_GRID_MESSAGES.cells);
    expect(refusal.fieldErrors).toEqual({ [cellField(bruno, day(1))]: [WEEK_GRID_MESSAGES.detailed] });
    expect(refusal.values?.[cellField(bruno, day(3))]).toBe("7");
    expect(await linesOf(bruno, day(1))).toEqual(before);
    expect(await linesOf(bruno, day(3))).toEqual([]);
  });

  it("refuses bad hours and a missing site at their fields", async () => {
    const refused = await post({
      intent: "enregistrer-grille",
      chantier: "",
      [cellField(bruno, day(3))]: "25",
      [cellField(bruno, day(4))]: "7",
    });
    expect(refused.status).toBe(400);
    const refusal = refused.data as Refusal;
    expect(Object.keys(refusal.fieldErrors ?? {}).sort()).toEqual(
      ["chantier", cellField(bruno, day(3))].sort(),
    );
    expect(refusal.fieldErrors?.chantier).toEqual([WEEK_GRID_MESSAGES.site]);
    expect(await linesOf(bruno, day(4))).toEqual([]);
    const outside = await post({
      intent: "enregistrer-grille",
      chantier: site.id,
      [cellField(chloe, day(0))]: "7",
    });
    expect(outside.status).toBe(400);
    expect((outside.data as Refusal).fieldErrors?.[cellField(chloe, day(0))]).toEqual([
      WEEK_GRID_MESSAGES.notInPost,
    ]);
  });
});

describe("validation", () => {
  it("validates a row, after which its cells are refused (409)", async () => {
    const validated = await post({ intent: "valider", salarie: alice });
    expect(validated.status, JSON.stringify(validated.data)).toBe(303);
    const page = await gridPage();
    expect(rowOf(page, alice).lock?.validatedBy).toBe(owner.email);
    const refused = await post({
      intent: "enregistrer-grille",
      chantier: site.id,
      [cellField(alice, day(6))]: "3",
    });
    expect(refused.status).toBe(409);
    expect((refused.data as Refusal).fieldErrors?.[cellField(alice, day(6))]).toEqual([
      WEEK_GRID_MESSAGES.locked,
    ]);
    expect(await linesOf(alice, day(6))).toEqual([]);
  });

  it("« Valider toute la semaine » validates each week not yet validated, one activity line each", async () => {
    const all = await post({ intent: "valider-tout" });
    expect(all.status, JSON.stringify(all.data)).toBe(303);
    expect(readFlash(all)?.message).toBe(
      "3 semaines validées (semaine du 9 novembre 2026) : leurs heures sont verrouillées.",
    );
    const page = await gridPage();
    expect(page.grid.rows.every((row) => row.lock !== null)).toBe(true);
    const events = await services.db
      .select({ subjectId: activityEvents.subjectId })
      .from(activityEvents)
      .where(eq(activityEvents.kind, "week_validated"));
    expect(events.map((event) => event.subjectId).sort()).toEqual([alice, bruno, chloe, denis].sort());
    const again = await post({ intent: "valider-tout" });
    expect(again.status).toBe(409);
    expect((again.data as { message: string }).message).toBe(WEEK_GRID_MESSAGES.nothingToValidate);
  });
});
