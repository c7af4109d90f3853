import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import { timeEntries, timeEntryChanges } from "#app/db/schema/time-sheets.ts";
import { siteHours } from "#app/features/job-sites/costs.server.ts";
import { getJobSite } from "#app/features/job-sites/detail.server.ts";
import { addAssignment } from "#app/features/job-sites/planning.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { DAY_MESSAGES } from "#app/features/time-sheets/entries-schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as myHoursRoute from "#app/routes/erp/mes-heures/index.tsx";
import * as dayRoute from "#app/routes/erp/temps/salaries/jour.tsx";
import * as statementRoute from "#app/routes/erp/temps/salaries/releve.ts";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { flattenSpaces, pdfPageTexts } from "#tests/helpers/pdf-text.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The time sheets through their routes, on a real database: a site worker enters a day on
// two of their sites from « Mes heures »; what is not theirs, a day to come and a bad line
// are refused at their field; the office validates the week; then the week is locked for
// the worker and the staff, and the owner changes a day only with a reason, kept with the
// lines before and after.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
let employeeId: string;
let siteA: { id: string; number: string };
let siteB: { id: string; number: string };
let elsewhere: { id: string; number: string };

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));

const SITE = jobSiteData({
  title: "",
  sitePostalCode: "83000",
});

// A Tuesday of a past week: the worker may enter it, the week is whole.
const TODAY = parisDay();
const DAY = addDays(TODAY, -7 - ((new Date(`${TODAY}T12:00:00Z`).getUTCDay() + 6) % 7) + 1);

type Refusal = { message: string; fieldErrors?: Record<string, string[]> };
type MyPage = Awaited<ReturnType<typeof myHoursRoute.loader>>;

const twoSites = () => ({
  jour: DAY,
  "type.0": "travail",
  "chantier.0": siteA.id,
  "debut.0": "07:30",
  "fin.0": "12:00",
  "pause.0": "0",
  "type.1": "travail",
  "chantier.1": siteB.id,
  "debut.1": "13:00",
  "fin.1": "16:30",
  "pause.1": "0",
});

async function myPage(day = DAY) {
  const outcome = await asWorker(myHoursRoute.loader, `/erp/mes-heures?jour=${day}`);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return outcome.data as MyPage;
}

const postMine = (form: Record<string, string>) =>
  asWorker(myHoursRoute.action, "/erp/mes-heures", { form: { intent: "enregistrer", ...form } });
const postOffice = (call: typeof asOwner, form: Record<string, string>) =>
  call(dayRoute.action, `/erp/temps/salaries/${employeeId}/jour`, { params: { id: employeeId }, form });

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-time-"));
  owner = await signedInStaff(services, "owner", "gerant-heures@batirade.test");
  staff = await signedInStaff(services, "staff", "bureau-heures@batirade.test");
  worker = await signedInStaff(services, "compagnon", "lucas-heures@batirade.test");
  const actor = { id: owner.userId, email: owner.email };
  const clientId = await insertClient(services.db, { name: "Famille Heures", email: "heures@example.fr" });
  siteA = await createJobSite(services.db, actor, clientId, { ...SITE, title: "Salle de bains" });
  siteB = await createJobSite(services.db, actor, clientId, { ...SITE, title: "Cuisine" });
  elsewhere = await createJobSite(services.db, actor, clientId, { ...SITE, title: "Garage" });
  for (const site of [siteA, siteB]) {
    await addAssignment(services.db, actor, site.id, {
      userId: worker.userId,
      startDate: addDays(DAY, -1),
      endDate: addDays(DAY, 1),
      slot: "journee",
    });
  }
  employeeId = (
    await createEmployee(services.db, actor, {
      lastName: "Martin",
      firstName: "Lucas",
      qualification: "Maçon",
      coefficient: 185,
      contractKind: "temps_plein",
      weeklyMinutes: 35 * 60,
      hireDate: "2020-01-06",
      leaveDate: null,
      loadedHourlyCostCents: 3800,
      homeStreet: "",
      homePostalCode: "",
      homeCity: "",
      userId: worker.userId,
      notes: "",
    })
  ).id;
});
afterAll(async () => close());

describe("« Mes heures »: a site worker's day", () => {
  it("offers the day's planned sites first, and saves a day on two sites with its real minutes", async () => {
    const before = await myPage();
    expect(before).toMatchObject({ linked: true, day: DAY });
    if (!before.linked) return;
    expect(before.sites.map((site) => [site.id, site.planned])).toEqual([
      [siteA.id, true],
      [siteB.id, true],
    ]);
    const saved = await postMine(twoSites());
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    expect(readFlash(saved)?.message).toMatch(/^Journée du .+ enregistrée\.$/);
    const after = await myPage();
    if (!after.linked) return;
    expect(after.values).toMatchObject({
      "chantier.0": siteA.id,
      "debut.0": "07:30",
      "chantier.1": siteB.id,
    });
    const day = after.sheet.days.find((entry) => entry.day === DAY);
    expect(day?.workedMinutes).toBe(8 * 60);
    expect(after.sheet.lock).toBeNull();
  });

  it("refuses a site they are not on, a day to come, and a bad line, at their field, storing nothing", async () => {
    const [{ n: stored } = { n: 0 }] = await services.db.select({ n: count() }).from(timeEntries);
    const notMine = await postMine({ ...twoSites(), "chantier.1": elsewhere.id });
    expect(notMine.status).toBe(403);
    expect((notMine.data as Refusal).fieldErrors?.["chantier.1"]).toEqual([DAY_MESSAGES.siteRefused]);
    const future = await postMine({ jour: addDays(TODAY, 1), "heures.0": "8" });
    expect(future.status).toBe(400);
    expect((future.data as Refusal).fieldErrors?.jour).toEqual([DAY_MESSAGES.future]);
    const longDay = await postMine({ jour: DAY, "heures.0": "25" });
    expect(longDay.status).toBe(400);
    const reversed = await postMine({ jour: DAY, "debut.0": "12:00", "fin.0": "08:00" });
    expect(reversed.status).toBe(400);
    expect((reversed.data as Refusal).fieldErrors?.["fin.0"]).toEqual([DAY_MESSAGES.endBeforeStart]);
    const [{ n: after } = { n: 0 }] = await services.db.select({ n: count() }).from(timeEntries);
    expect(after).toBe(stored);
  });

  it("warns, without refusing, of a day over 10 hours", async () => {
    const other = addDays(DAY, 1);
    const saved = await postMine({
      jour: other,
      "chantier.0": siteA.id,
      "debut.0": "06:00",
      "fin.0": "17:00",
      "pause.0": "30",
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    expect(readFlash(saved)?.message).toContain("1 point à vérifier");
    const page = await myPage(other);
    if (!page.linked) return;
    expect(page.sheet.warnings.map((warning) => warning.rule)).toEqual(["daily_max"]);
    expect(page.sheet.warnings[0]?.message).toContain("L3121-18");
  });

  it("copies the day before into an empty day", async () => {
    const next = addDays(DAY, 2);
    const page = await myPage(next);
    if (!page.linked) return;
    expect(page.copyFrom).toBe(addDays(DAY, 1));
    const copied = await asWorker(myHoursRoute.action, "/erp/mes-heures", {
      form: { intent: "copier-veille", jour: next },
    });
    expect(copied.status, JSON.stringify(copied.data)).toBe(303);
    const again = await myPage(next);
    if (!again.linked) return;
    expect(again.values).toMatchObject({
      "chantier.0": siteA.id,
      "debut.0": "06:00",
      "fin.0": "17:00",
      "pause.0": "30",
    });
    const twice = await asWorker(myHoursRoute.action, "/erp/mes-heures", {
      form: { intent: "copier-veille", jour: next },
    });
    expect(twice.status).toBe(409);
  });

  it("says so to an account no employee is linked to, and keeps the office's pages from the worker", async () => {
    const stranger = await signedInStaff(services, "compagnon", "sans-fiche@batirade.test");
    const call = routeCaller(() => ({ services, cookie: stranger.cookie }));
    const page = await call(myHoursRoute.loader, "/erp/mes-heures");
    expect(page.data).toMatchObject({ linked: false });
    const post = await call(myHoursRoute.action, "/erp/mes-heures", {
      form: { intent: "enregistrer", jour: DAY, "heures.0": "7" },
    });
    expect(post.status).toBe(403);
    expect((post.data as Refusal).message).toBe(DAY_MESSAGES.noEmployee);
    const office = await asWorker(dayRoute.loader, `/erp/temps/salaries/${employeeId}/jour`, {
      params: { id: employeeId },
    });
    expect(office.status).toBe(403);
  });
});

describe("the hours in the site's costs", () => {
  it("count each line's minutes × the employee's loaded cost, provisional until the week is validated", async () => {
    const hours = await siteHours(services.db, siteA.id);
    // 07:30–12:00 on DAY, 06:00–17:00 less 30 min on the next two days: 270 + 630 + 630 minutes at 38 €/h.
    expect(hours).toMatchObject({
      minutes: 1530,
      costCents: 96900,
      provisionalMinutes: 1530,
      uncostedMinutes: 0,
    });
    const site = await getJobSite(services.db, siteA.id);
    expect(site.forecast.spentCents).toBe(96900);
    expect(site.hours.costCents).toBe(96900);
  });
});

describe("a line on a lot", () => {
  it("names a lot of the site, whose hours then cost on that lot; another site's lot is refused", async () => {
    const [lot] = await services.db
      .insert(jobSiteLots)
      .values({
        jobSiteId: siteA.id,
        position: 0,
        title: "Plâtrerie",
        saleHtCents: 500_000,
        hourlyCostCents: 4500,
      })
      .returning({ id: jobSiteLots.id });
    const [otherLot] = await services.db
      .insert(jobSiteLots)
      .values({
        jobSiteId: elsewhere.id,
        position: 0,
        title: "Carrelage",
        saleHtCents: 100_000,
        hourlyCostCents: 4500,
      })
      .returning({ id: jobSiteLots.id });
    const page = await myPage(TODAY);
    if (!page.linked) return;
    expect(page.sites.find((site) => site.id === siteA.id)?.lots).toEqual([
      { id: lot?.id, title: "Plâtrerie" },
    ]);
    const wrong = await postMine({
      jour: TODAY,
      "chantier.0": `${siteA.id}:${otherLot?.id}`,
      "heures.0": "2",
    });
    expect(wrong.status).toBe(400);
    expect((wrong.data as Refusal).fieldErrors?.["chantier.0"]).toEqual([DAY_MESSAGES.lot]);
    const saved = await postMine({ jour: TODAY, "chantier.0": `${siteA.id}:${lot?.id}`, "heures.0": "2" });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const again = await myPage(TODAY);
    if (!again.linked) return;
    expect(again.values["chantier.0"]).toBe(`${siteA.id}:${lot?.id}`);
    const hours = await siteHours(services.db, siteA.id);
    expect(hours.byLot).toContainEqual({ lotId: lot?.id, costCents: 7600 });
  });
});

describe("the week: validation and lock", () => {
  it("is validated by the office, then locked for the worker and the staff", async () => {
    const validated = await postOffice(asStaff, { intent: "valider-semaine", jour: DAY });
    expect(validated.status, JSON.stringify(validated.data)).toBe(303);
    expect((await postOffice(asStaff, { intent: "valider-semaine", jour: DAY })).status).toBe(409);
    const page = await myPage();
    if (!page.linked) return;
    expect(page.sheet.lock?.validatedBy).toBe(staff.email);

    const byWorker = await postMine({ ...twoSites(), "fin.1": "17:30" });
    expect(byWorker.status).toBe(409);
    expect((byWorker.data as Refusal).message).toBe(DAY_MESSAGES.locked);
    const byStaff = await postOffice(asStaff, {
      intent: "enregistrer",
      ...twoSites(),
      "fin.1": "17:30",
      motif: "Oubli",
    });
    expect(byStaff.status).toBe(409);
    const copy = await asWorker(myHoursRoute.action, "/erp/mes-heures", {
      form: { intent: "copier-veille", jour: addDays(DAY, 3) },
    });
    expect(copy.status).toBe(409);
  });

  it("is changed by the owner only with a reason, kept with the day's lines before and after", async () => {
    const noReason = await postOffice(asOwner, { intent: "enregistrer", ...twoSites(), "fin.1": "17:30" });
    expect(noReason.status).toBe(400);
    expect((noReason.data as Refusal).fieldErrors?.motif).toEqual([DAY_MESSAGES.reason]);
    const changed = await postOffice(asOwner, {
      intent: "enregistrer",
      ...twoSites(),
      "fin.1": "17:30",
      motif: "Fin de chantier oubliée, confirmée par le chef d'équipe",
    });
    expect(changed.status, JSON.stringify(changed.data)).toBe(303);
    const [change] = await services.db
      .select()
      .from(timeEntryChanges)
      .where(eq(timeEntryChanges.employeeId, employeeId));
    expect(change).toMatchObject({
      day: DAY,
      reason: "Fin de chantier oubliée, confirmée par le chef d'équipe",
      changedBy: owner.userId,
      before: [
        expect.objectContaining({ site: siteA.number, start: "07:30", end: "12:00" }),
        expect.objectContaining({ site: siteB.number, start: "13:00", end: "16:30", minutes: 210 }),
      ],
      after: [
        expect.objectContaining({ site: siteA.number }),
        expect.objectContaining({ end: "17:30", minutes: 270 }),
      ],
    });
    // The validated week's hours are no longer provisional (the day after DAY's week is too).
    expect((await siteHours(services.db, siteB.id)).provisionalMinutes).toBe(0);
    const office = await asOwner(dayRoute.loader, `/erp/temps/salaries/${employeeId}/jour?jour=${DAY}`, {
      params: { id: employeeId },
    });
    expect((office.data as { changes: unknown[] }).changes).toHaveLength(1);
    // The worker's own page does not carry the owner's reasons nor who changed what.
    expect(await myPage()).not.toHaveProperty("changes");
  });

  it("counts the week's overtime by tier and the year's total against the settings' quota", async () => {
    for (const [offset, hours] of [
      [3, "12"],
      [4, "6"],
    ] as const) {
      const saved = await postOffice(asOwner, {
        intent: "enregistrer",
        jour: addDays(DAY, offset),
        "chantier.0": siteA.id,
        "heures.0": hours,
        motif: "Fin de semaine rattrapée",
      });
      expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    }
    const page = await myPage();
    if (!page.linked) return;
    // 9 h + 10 h 30 + 10 h 30 + 12 h + 6 h = 48 h on a 35-hour contract.
    expect(page.sheet.workedMinutes).toBe(48 * 60);
    expect(page.sheet.overtime).toMatchObject({ overtime25Minutes: 8 * 60, overtime50Minutes: 5 * 60 });
    // 48 h is the weekly maximum itself: not beyond it.
    expect(page.sheet.warnings.map((warning) => warning.rule)).not.toContain("weekly_max");
    expect(page.sheet.year).toMatchObject({
      totalMinutes: 13 * 60,
      quotaMinutes: 220 * 60,
      remainingMinutes: (220 - 13) * 60,
      beyondQuotaMinutes: 0,
    });
  });

  it("prints the period's record for an inspection: the days, the week's validation and the change with its reason", async () => {
    const url = (from: string, to: string) =>
      `/erp/temps/salaries/${employeeId}/releve.pdf?du=${from}&au=${to}`;
    const outcome = await asStaff(statementRoute.loader, url(DAY, addDays(DAY, 2)), {
      params: { id: employeeId },
    });
    const response = outcome.data as Response;
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const text = flattenSpaces((await pdfPageTexts(new Uint8Array(await response.arrayBuffer()))).join(" "));
    expect(text).toContain("Relevé des heures de travail");
    expect(text).toContain("Martin Lucas");
    expect(text).toContain(`Travail ${siteA.number}`);
    expect(text).toContain("13:00–17:30");
    expect(text).toContain(`par ${staff.email}`);
    expect(text).toContain("Fin de chantier oubliée, confirmée par le chef d'équipe");
    for (const [from, to] of [
      ["2026-13-01", DAY],
      [DAY, addDays(DAY, -1)],
      ["2024-01-01", "2025-06-30"],
    ] as const) {
      const refused = await asStaff(statementRoute.loader, url(from, to), { params: { id: employeeId } });
      expect((refused.data as Response).status, `${from} → ${to}`).toBe(400);
    }
    const worker = await asWorker(statementRoute.loader, url(DAY, DAY), { params: { id: employeeId } });
    expect(worker.status).toBe(403);
  });
});
