import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { saveAllowanceRates } from "#app/features/settings/pointage.server.ts";
import { createEmployee } from "#app/features/time-sheets/employees.server.ts";
import { saveDay, type TimeActor, validateWeek } from "#app/features/time-sheets/entries.server.ts";
import { parseDayPost } from "#app/features/time-sheets/entries-schema.ts";
import { monthPayroll, weatherStoppages } from "#app/features/time-sheets/payroll.server.ts";
import { MONTH_MESSAGES } from "#app/features/time-sheets/payroll.ts";
import { PAYROLL_CSV_HEADERS } from "#app/features/time-sheets/payroll-csv.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays } from "#app/lib/paris-time.ts";
import * as payrollPageRoute from "#app/routes/erp/temps/paie.tsx";
import * as payrollFileRoute from "#app/routes/erp/temps/paie-file.ts";
import { payrollSettings } from "#app/routes/erp/temps/payroll-settings.server.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { readPdf } from "#tests/helpers/pdf-text.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The monthly payroll export on a known month, October 2026, on a real database: one
// employee (35 h) whose days are entered through the product's own parsing and saving, two
// sites placed 5 and 25 km north of the office, two versions of the allowance amounts (the
// second from 15 October), the first week split with September (its overtime belongs to
// October, its Sunday's month), the last split with November (its overtime does not), a week
// of 45 hours, a night across the clock change of Sunday 25 October (9 real hours on 8 of
// the clock), sick days, a weather stoppage, and the last week not validated.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let actor: TimeActor;
let employeeId: string;
let near: { id: string; number: string };
let far: { id: string; number: string };

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));

const OFFICE = { lat: 43.1242, lon: 5.928 };
// 1° of latitude is 111.195 km on the mean sphere: 0.045° ≈ 5.0 km (zone 1), 0.225° ≈ 25.0 km (zone 3).
const NEAR_LATITUDE = OFFICE.lat + 0.045;
const FAR_LATITUDE = OFFICE.lat + 0.225;

const SITE = jobSiteData({
  title: "",
  sitePostalCode: "83000",
});

type Line =
  | { site: "near" | "far"; hours: string; home?: boolean }
  | { site: "near" | "far"; start: string; end: string; nextDay?: boolean }
  | { kind: "maladie"; hours: string }
  | { kind: "intemperies"; site: "far"; hours: string; cause: string };

async function enter(day: string, lines: Line[]) {
  const values: Record<string, string> = { jour: day };
  lines.forEach((line, index) => {
    const set = (name: string, value: string) => {
      values[`${name}.${index}`] = value;
    };
    if ("kind" in line) {
      set("type", line.kind);
      set("heures", line.hours);
      if (line.kind === "intemperies") {
        set("chantier", far.id);
        set("note", line.cause);
      }
      return;
    }
    set("type", "travail");
    set("chantier", line.site === "near" ? near.id : far.id);
    if ("hours" in line) {
      set("heures", line.hours);
      if (line.home) set("domicile", "oui");
    } else {
      set("debut", line.start);
      set("fin", line.end);
      set("pause", "0");
      if (line.nextDay) set("lendemain", "oui");
    }
  });
  const parsed = parseDayPost(values, { allowFuture: true });
  if (!parsed.ok) throw new Error(`${day}: ${JSON.stringify(parsed.fieldErrors)}`);
  await saveDay(services.db, actor, employeeId, parsed.post);
}

const days = (from: string, count: number) =>
  Array.from({ length: count }, (_, index) => addDays(from, index));

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-payroll-"));
  owner = await signedInStaff(services, "owner", "gerant-paie@batirade.test");
  actor = { id: owner.userId, email: owner.email, role: "owner" };
  const clientId = await insertClient(services.db, { name: "Famille Paie", email: "paie@example.fr" });
  near = await createJobSite(services.db, actor, clientId, { ...SITE, title: "Salle de bains" });
  far = await createJobSite(services.db, actor, clientId, { ...SITE, title: "Extension" });
  for (const [site, latitude] of [
    [near, NEAR_LATITUDE],
    [far, FAR_LATITUDE],
  ] as const) {
    await services.db
      .update(jobSites)
      .set({ siteLatitude: latitude, siteLongitude: OFFICE.lon, geocodingStatus: "ok" })
      .where(eq(jobSites.id, site.id));
  }
  await services.db
    .update(companySettings)
    .set({ officeLatitude: OFFICE.lat, officeLongitude: OFFICE.lon, officeGeocodingStatus: "ok" })
    .where(eq(companySettings.id, 1));
  // Zone n: transport n × 1,50 €, travel time n × 1,00 € from January; n × 2,00 € and
  // n × 1,20 € from 15 October, when the meal goes from 10,40 € to 11,00 €.
  const zones = (transport: number, travelTime: number) =>
    ([1, 2, 3, 4, 5] as const).map((zone) => ({
      zone,
      transportCents: zone * transport,
      travelTimeCents: zone * travelTime,
    }));
  await saveAllowanceRates(services.db, actor, {
    validFrom: "2026-01-01",
    mealCents: 1040,
    zones: zones(150, 100),
  });
  await saveAllowanceRates(services.db, actor, {
    validFrom: "2026-10-15",
    mealCents: 1100,
    zones: zones(200, 120),
  });

  const base = {
    qualification: "Maçon",
    coefficient: 185,
    contractKind: "temps_plein" as const,
    weeklyMinutes: 35 * 60,
    leaveDate: null,
    loadedHourlyCostCents: 3800,
    homeStreet: "",
    homePostalCode: "",
    homeCity: "",
    userId: null,
    notes: "",
  };
  employeeId = (
    await createEmployee(services.db, actor, {
      ...base,
      lastName: "Martin",
      firstName: "Lucas",
      hireDate: "2020-01-06",
    })
  ).id;
  // Gone before October: not in the month's export.
  await createEmployee(services.db, actor, {
    ...base,
    lastName: "Ancien",
    firstName: "Paul",
    hireDate: "2026-01-05",
    leaveDate: "2026-09-30",
  });

  // Week of 28 September: 3 × 8 h in September, 2 × 8 h in October (home for lunch on the 1st).
  for (const day of days("2026-09-28", 3)) await enter(day, [{ site: "near", hours: "8" }]);
  await enter("2026-10-01", [{ site: "near", hours: "8", home: true }]);
  await enter("2026-10-02", [{ site: "near", hours: "8" }]);
  // Week of 5 October: 45 h; Monday on both sites (the farther sets zone 3).
  await enter("2026-10-05", [
    { site: "near", start: "07:30", end: "12:00" },
    { site: "far", start: "13:00", end: "17:30" },
  ]);
  for (const day of days("2026-10-06", 4)) await enter(day, [{ site: "near", hours: "9" }]);
  // Week of 12 October: two sick days, a morning stopped by rain, then the new amounts.
  await enter("2026-10-12", [{ kind: "maladie", hours: "7" }]);
  await enter("2026-10-13", [{ kind: "maladie", hours: "7" }]);
  await enter("2026-10-14", [
    { kind: "intemperies", site: "far", hours: "3", cause: "Pluie battante" },
    { site: "far", hours: "4" },
  ]);
  for (const day of days("2026-10-15", 2)) await enter(day, [{ site: "near", hours: "7" }]);
  // Week of 19 October: 4 × 7 h, then a night from Saturday 22:00 to Sunday 06:00 across the
  // clock going back: 9 real hours, counted on the Saturday.
  for (const day of days("2026-10-19", 4)) await enter(day, [{ site: "near", hours: "7" }]);
  await enter("2026-10-24", [{ site: "far", start: "22:00", end: "06:00", nextDay: true }]);
  // Week of 26 October: 5 × 8 h in October (home for lunch on the 30th); its Sunday is in November.
  for (const day of days("2026-10-26", 4)) await enter(day, [{ site: "near", hours: "8" }]);
  await enter("2026-10-30", [{ site: "near", hours: "8", home: true }]);

  for (const monday of ["2026-09-28", "2026-10-05", "2026-10-12", "2026-10-19"]) {
    await validateWeek(services.db, actor, employeeId, monday);
  }
});
afterAll(async () => close());

const EXPECTED = {
  // 16 + 45 + 18 + 37 + 40 hours.
  workedMinutes: 156 * 60,
  // 5 h (week of 28 September) + 8 h (week of 5 October) + 2 h (the night's week); the
  // week of 26 October's 5 hours go to November.
  overtime25Minutes: 15 * 60,
  overtime50Minutes: 2 * 60,
  zoneDays: { 1: 17, 2: 0, 3: 3, 4: 0, 5: 0 },
  grandDeplacementDays: 0,
  unknownZoneDays: 0,
  meals: 18,
  // 7 meals at 10,40 € before the 15th, 11 at 11,00 € from then.
  mealCents: 7 * 1040 + 11 * 1100,
  // Before the 15th: 6 days in zone 1 at 1,50 €, 2 in zone 3 at 4,50 €; then 11 in zone 1 at 2,00 €, 1 in zone 3 at 6,00 €.
  transportCents: 6 * 150 + 2 * 450 + 11 * 200 + 600,
  travelTimeCents: 6 * 100 + 2 * 300 + 11 * 120 + 360,
  weatherMinutes: 3 * 60,
  unvalidatedWeeks: ["2026-10-26"],
  provisional: true,
};

describe("the payroll variables of October 2026", () => {
  it("hold the exact figures of the month, in post employees only", async () => {
    const payroll = await monthPayroll(services.db, await payrollSettings(services.db), "2026-10");
    expect(payroll.rows.map((row) => row.employee.name)).toEqual(["Martin Lucas"]);
    const variables = payroll.rows[0]?.variables;
    expect(variables).toMatchObject(EXPECTED);
    expect(variables?.absences.maladie).toEqual({ minutes: 14 * 60, days: 2 });
    expect(variables?.absences.intemperies).toEqual({ minutes: 3 * 60, days: 1 });
    expect(variables?.absences.conges_payes).toEqual({ minutes: 0, days: 0 });
    expect(payroll.unvalidatedWeeks).toEqual([
      { employeeId, name: "Martin Lucas", monday: "2026-10-26", key: "2026-W44" },
    ]);
  });

  it("give the split week's overtime to November, with its one November day not worked", async () => {
    const november = await monthPayroll(services.db, await payrollSettings(services.db), "2026-11");
    const variables = november.rows.find((row) => row.employee.id === employeeId)?.variables;
    expect(variables).toMatchObject({ workedMinutes: 0, overtime25Minutes: 5 * 60, overtime50Minutes: 0 });
  });

  it("list the weather stoppage with its day, site, hours and cause", async () => {
    expect(await weatherStoppages(services.db, "2026-10")).toEqual([
      {
        employeeId,
        name: "Martin Lucas",
        totalMinutes: 180,
        stoppages: [
          {
            day: "2026-10-14",
            siteNumber: far.number,
            siteTitle: "Extension",
            minutes: 180,
            cause: "Pluie battante",
          },
        ],
      },
    ]);
    expect(await weatherStoppages(services.db, "2026-09")).toEqual([]);
  });
});

describe("GET /erp/temps/paie.csv and .pdf", () => {
  it("answers the month's CSV, one line per employee with the documented columns", async () => {
    const outcome = await asOwner(payrollFileRoute.loader, "/erp/temps/paie.csv?mois=2026-10");
    expect(outcome.status).toBe(200);
    const response = outcome.data as Response;
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="variables-paie-2026-10.csv"',
    );
    const text = await response.text();
    const [header, line, end, ...rest] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(rest).toEqual([]);
    expect(end).toBe("");
    expect(header).toBe(PAYROLL_CSV_HEADERS.join(";"));
    expect(line).toBe(
      [
        "2026-10",
        "Martin",
        "Lucas",
        "Maçon",
        "185",
        "35,00",
        "156,00",
        "15,00",
        "2,00",
        // Congés payés, RTT, maladie, accident du travail, intempéries, formation, jour férié, absence injustifiée.
        "0,00;0",
        "0,00;0",
        "14,00;2",
        "0,00;0",
        "3,00;1",
        "0,00;0",
        "0,00;0",
        "0,00;0",
        "17;0;3;0;0",
        "0",
        "0",
        "18",
        "193,80",
        "46,00",
        "28,80",
        "oui",
      ].join(";"),
    );
  });

  it("answers the PDF summary in the company frame, with the weather stoppages", async () => {
    const outcome = await asOwner(payrollFileRoute.loader, "/erp/temps/paie.pdf?mois=2026-10");
    expect(outcome.status).toBe(200);
    const response = outcome.data as Response;
    expect(response.headers.get("content-type")).toBe("application/pdf");
    const pdf = await readPdf(new Uint8Array(await response.arrayBuffer()));
    const text = pdf.pages.join("\n").replace(/\s+/g, " ");
    expect(text).toContain("Variables de paie");
    expect(text).toContain("octobre 2026");
    expect(text).toContain("Martin Lucas");
    expect(text).toContain("156 h");
    expect(text).toContain("zone 1 : 17 j ; zone 3 : 3 j");
    expect(text).toContain("Pluie battante");
    expect(text).toContain("Provisoire");
  });

  it("refuses a bad month with a 400 and a French message", async () => {
    for (const mois of ["2026-13", "octobre", "2026-10-01", "1899-12"]) {
      const outcome = await asOwner(payrollFileRoute.loader, `/erp/temps/paie.csv?mois=${mois}`);
      expect(outcome.status, mois).toBe(400);
      const body = (await (outcome.data as Response).json()) as { message: string };
      expect([MONTH_MESSAGES.format, MONTH_MESSAGES.range]).toContain(body.message);
    }
  });
});

describe("the page /erp/temps/paie", () => {
  it("shows the month's variables, the weeks not validated and the two files", async () => {
    const outcome = await asOwner(payrollPageRoute.loader, "/erp/temps/paie?mois=2026-10");
    expect(outcome.status).toBe(200);
    const page = outcome.data as Extract<Awaited<ReturnType<typeof payrollPageRoute.loader>>, { ok: true }>;
    expect(page.ok).toBe(true);
    expect(page.rows[0]?.variables).toMatchObject(EXPECTED);
    expect(page.unvalidatedWeeks.map((week) => week.key)).toEqual(["2026-W44"]);
    expect(page.files.csv.href).toBe("/erp/temps/paie.csv?mois=2026-10");
    expect(page.files.pdf.href).toBe("/erp/temps/paie.pdf?mois=2026-10");
    expect([page.previous, page.next]).toEqual(["2026-09", "2026-11"]);
  });

  it("answers a bad month with a 400 and the message at the field", async () => {
    const outcome = await asOwner(payrollPageRoute.loader, "/erp/temps/paie?mois=2026-1");
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({ ok: false, message: MONTH_MESSAGES.format, value: "2026-1" });
  });
});
