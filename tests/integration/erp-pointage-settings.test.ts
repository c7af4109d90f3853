import { count } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { allowanceRates, allowanceRateVersions, companySettings } from "#app/db/schema/settings.ts";
import {
  allowanceRatesOn,
  locateOffice,
  saveAllowanceRates,
  savePointageSettings,
  timeSheetSettings,
} from "#app/features/settings/pointage.server.ts";
import { POINTAGE_MESSAGES } from "#app/features/settings/pointage-schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { FLASH_COOKIE } from "#app/lib/flash.server.ts";
import { MONEY_MESSAGES } from "#app/lib/money.ts";
import * as settingsRoute from "#app/routes/erp/parametres/index.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import {
  type GeoplateformeStub,
  KNOWN_ADDRESSES,
  startGeoplateformeStub,
} from "#tests/helpers/geoplateforme-stub.ts";
import { type RouteCallInit, routeArgs, routeOutcome } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The Pointage part of « Paramètres de l'entreprise » (/erp/parametres), through the route's
// loader and action on a real PGlite database, the geocoding service played by the loopback
// stub (tests/helpers/geoplateforme-stub.ts).

let database: TestDatabase;
let services: AppServices;
let stub: GeoplateformeStub;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  stub = await startGeoplateformeStub();
  database = await createTestDatabase();
  services = staffTestServices(database, { GEOCODING_URL: stub.url });
  owner = await signedInStaff(services, "owner", "gerant-pointage@batirade.test");
  staff = await signedInStaff(services, "staff", "equipe-pointage@batirade.test");
});
afterAll(async () => {
  await database.cleanup();
  await stub.close();
});
beforeEach(() => {
  stub.mode("normal");
});

const URL = "/erp/parametres";
/** The stub's office in Toulon, as the settings pass an address to geocode. */
const TOULON_OFFICE = {
  street: `${KNOWN_ADDRESSES.toulonOffice.housenumber} ${KNOWN_ADDRESSES.toulonOffice.street}`,
  postalCode: KNOWN_ADDRESSES.toulonOffice.postcode,
  city: KNOWN_ADDRESSES.toulonOffice.city,
};
type LoaderData = Awaited<ReturnType<typeof settingsRoute.loader>>;
type Refusal = { ok: false; intent?: string; message: string; fieldErrors?: Record<string, string[]> };

function call(handler: (args: never) => Promise<unknown>, init: RouteCallInit = {}, cookie = owner.cookie) {
  return routeOutcome(() => handler(routeArgs(services, URL, { cookie, ...init }) as never));
}
const post = (form: Record<string, string>, cookie = owner.cookie) =>
  call(settingsRoute.action, { form }, cookie);

async function load(): Promise<LoaderData> {
  const outcome = await call(settingsRoute.loader);
  expect(outcome.status).toBe(200);
  return outcome.data as LoaderData;
}

function flashOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((value) => value.startsWith(`${FLASH_COOKIE}=`)) ?? "";
  return decodeURIComponent(cookie.slice(FLASH_COOKIE.length + 1).split(";")[0] ?? "");
}

async function snapshot() {
  const [row] = await services.db.select().from(companySettings);
  const versions = await services.db.select().from(allowanceRateVersions);
  const rates = await services.db.select().from(allowanceRates);
  const [events] = await services.db.select({ n: count() }).from(activityEvents);
  return { row, versions, rates, events: events?.n };
}

/** A full allowances form: the meal, then per zone transport = zone × `base`, trajet = zone × `base` / 2. */
function allowancesForm(validFrom: string, meal: string, base: number, changes: Record<string, string> = {}) {
  const form: Record<string, string> = { intent: "indemnites", validFrom, meal };
  for (const zone of [1, 2, 3, 4, 5]) {
    form[`transport${zone}`] = String(zone * base).replace(".", ",");
    form[`travelTime${zone}`] = String((zone * base) / 2).replace(".", ",");
  }
  return { ...form, ...changes };
}

describe("a fresh installation", () => {
  it("measures zones from the office, knows no office position, counts 220 hours of quota and no allowances", async () => {
    expect(await timeSheetSettings(services.db)).toEqual({
      zoneOrigin: "siege",
      office: null,
      overtimeQuotaMinutes: 220 * 60,
    });
    expect(await allowanceRatesOn(services.db, "2026-11-27")).toBeNull();
    const { pointage } = await load();
    expect(pointage).toMatchObject({
      zoneOrigin: "siege",
      overtimeQuotaHours: 220,
      versions: [],
      inForceFrom: null,
    });
    expect(pointage.office.status).toBeNull();
  });
});

describe("the zone origin and the overtime quota", () => {
  it("are saved by an owner, with one history line each, and the office is geocoded from the company's address", async () => {
    const eventsBefore = (await snapshot()).events ?? 0;
    stub.requests.length = 0;
    const outcome = await post({ intent: "pointage", zoneOrigin: "domicile", overtimeQuotaHours: "300" });
    expect(outcome.status).toBe(303);
    expect((await timeSheetSettings(services.db)).zoneOrigin).toBe("domicile");
    expect((await timeSheetSettings(services.db)).overtimeQuotaMinutes).toBe(300 * 60);
    const after = await snapshot();
    expect(after.events).toBe(eventsBefore + 2);
    // The company's address (app/config/company.ts) is a street the stub does not know: it
    // answers the town only, which is no position, and the owner is told why.
    expect(stub.requests.map((request) => request.path)).toEqual(["/geocodage/search"]);
    expect(stub.requests[0]?.params.postcode).toBe("83000");
    expect(after.row).toMatchObject({ officeGeocodingStatus: "uncertain", officeLatitude: null });
    expect(flashOf(outcome.headers)).toContain("n'a pas pu situer l'adresse de l'entreprise");
    const { pointage, events } = await load();
    expect(pointage.office.status).toBe("uncertain");
    expect(events.map((event) => event.summary)).toEqual(
      expect.arrayContaining([
        "Pointage : zones de déplacement « Depuis le siège de l'entreprise » → « Depuis le domicile du salarié »",
        "Pointage : contingent annuel d'heures supplémentaires 220 h → 300 h",
      ]),
    );
  });

  it("stores the office's position when the service places it", async () => {
    const office = await locateOffice(services.db, services.env, TOULON_OFFICE);
    expect(office).toEqual({
      status: "ok",
      lat: KNOWN_ADDRESSES.toulonOffice.lat,
      lon: KNOWN_ADDRESSES.toulonOffice.lon,
    });
    expect((await timeSheetSettings(services.db)).office).toEqual({
      lat: KNOWN_ADDRESSES.toulonOffice.lat,
      lon: KNOWN_ADDRESSES.toulonOffice.lon,
    });
  });

  it("keeps the settings saved when the service is down, and says the office could not be placed", async () => {
    stub.mode("error");
    const result = await savePointageSettings(
      services.db,
      services.env,
      { id: owner.userId, email: owner.email },
      { intent: "pointage", zoneOrigin: "siege", overtimeQuotaHours: 220 },
      TOULON_OFFICE,
    );
    expect(result.changed).toEqual(["zoneOrigin", "overtimeQuotaHours"]);
    expect(result.office).toEqual({ status: "unreachable", lat: null, lon: null });
    expect(await timeSheetSettings(services.db)).toEqual({
      zoneOrigin: "siege",
      office: null,
      overtimeQuotaMinutes: 220 * 60,
    });
  });

  it.each([
    ["0", "overtimeQuotaHours"],
    ["1001", "overtimeQuotaHours"],
    ["12,5", "overtimeQuotaHours"],
    ["-3", "overtimeQuotaHours"],
    ["1e2", "overtimeQuotaHours"],
    ["", "overtimeQuotaHours"],
    ["二百", "overtimeQuotaHours"],
  ])("refuses the quota %j at its field, nothing changed", async (quota, field) => {
    const before = await snapshot();
    const outcome = await post({ intent: "pointage", zoneOrigin: "siege", overtimeQuotaHours: quota });
    expect(outcome.status).toBe(400);
    const refusal = outcome.data as Refusal;
    expect(refusal).toMatchObject({ ok: false, intent: "pointage" });
    expect(refusal.fieldErrors?.[field]).toEqual([POINTAGE_MESSAGES.overtimeQuota]);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses an origin that is not one of the two, and a missing one, at the field", async () => {
    const before = await snapshot();
    const forms: Record<string, string>[] = [
      { intent: "pointage", zoneOrigin: "bureau", overtimeQuotaHours: "220" },
      { intent: "pointage", overtimeQuotaHours: "220" },
    ];
    for (const form of forms) {
      const outcome = await post(form);
      expect(outcome.status).toBe(400);
      expect((outcome.data as Refusal).fieldErrors?.zoneOrigin).toEqual([POINTAGE_MESSAGES.zoneOrigin]);
    }
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a staff member (403) and an unknown intent (400), nothing changed", async () => {
    const before = await snapshot();
    const denied = await post(
      { intent: "pointage", zoneOrigin: "domicile", overtimeQuotaHours: "100" },
      staff.cookie,
    );
    expect(denied.status).toBe(403);
    expect(denied.data).toEqual({ message: "Accès réservé aux gérants." });
    const deniedRates = await post(allowancesForm("2026-01-01", "10", 2), staff.cookie);
    expect(deniedRates.status).toBe(403);
    const unknown = await post({ intent: "effacer-tout" });
    expect(unknown.status).toBe(400);
    expect(unknown.data).toMatchObject({ ok: false, message: "Action inconnue." });
    expect(await snapshot()).toEqual(before);
  });
});

describe("the allowance amounts by zone", () => {
  it("keep each version for its days: a day reads the version in force that day", async () => {
    expect((await post(allowancesForm("2026-01-01", "10,50", 2))).status).toBe(303);
    const second = await post(allowancesForm("2027-01-01", "11", 3));
    expect(second.status).toBe(303);
    expect(flashOf(second.headers)).toContain("les montants précédents restent appliqués");

    expect(await allowanceRatesOn(services.db, "2025-12-31")).toBeNull();
    const first = await allowanceRatesOn(services.db, "2026-01-01");
    expect(first).toEqual({
      validFrom: "2026-01-01",
      mealCents: 1050,
      zones: [1, 2, 3, 4, 5].map((zone) => ({
        zone,
        transportCents: zone * 200,
        travelTimeCents: zone * 100,
      })),
    });
    expect((await allowanceRatesOn(services.db, "2026-12-31"))?.validFrom).toBe("2026-01-01");
    const later = await allowanceRatesOn(services.db, "2027-01-01");
    expect(later?.mealCents).toBe(1100);
    expect(later?.zones[4]).toEqual({ zone: 5, transportCents: 1500, travelTimeCents: 750 });
    expect((await allowanceRatesOn(services.db, "2030-06-01"))?.validFrom).toBe("2027-01-01");

    const { pointage } = await load();
    expect(pointage.versions.map((version) => version.validFrom)).toEqual(["2027-01-01", "2026-01-01"]);
  });

  it("corrects a version posted again with the same start date, the history keeping the amounts before", async () => {
    const outcome = await post(allowancesForm("2027-01-01", "11,20", 3));
    expect(outcome.status).toBe(303);
    expect(flashOf(outcome.headers)).toContain("corrigées");
    expect((await allowanceRatesOn(services.db, "2027-03-01"))?.mealCents).toBe(1120);
    expect(await services.db.select().from(allowanceRateVersions)).toHaveLength(2);
    expect(await services.db.select().from(allowanceRates)).toHaveLength(10);
    const { events } = await load();
    expect(events[0]?.summary).toMatch(
      /^Pointage : indemnités valables à partir du 01\/01\/2027 corrigées \(panier 11,00\s€ → 11,20\s€\)$/,
    );
  });

  it("two owners saving the same start date at once end with one version, whole", async () => {
    const actor = { id: owner.userId, email: owner.email };
    const version = (meal: number) => ({
      validFrom: "2028-01-01",
      mealCents: meal,
      zones: ([1, 2, 3, 4, 5] as const).map((zone) => ({
        zone,
        transportCents: meal + zone,
        travelTimeCents: zone,
      })),
    });
    await Promise.all([
      saveAllowanceRates(services.db, actor, version(1200)),
      saveAllowanceRates(services.db, actor, version(1300)),
    ]);
    const stored = await allowanceRatesOn(services.db, "2028-01-01");
    expect(stored?.zones).toHaveLength(5);
    // Whichever came last, its meal and its zones go together.
    expect(stored?.zones.every((rate) => rate.transportCents === (stored.mealCents ?? 0) + rate.zone)).toBe(
      true,
    );
  });

  it.each([
    ["meal", "-1", POINTAGE_MESSAGES.amountRange],
    ["meal", "1 000,01", POINTAGE_MESSAGES.amountRange],
    ["transport3", "abc", MONEY_MESSAGES.format],
    ["travelTime5", "12,345", "decimals"],
    ["transport1", "", MONEY_MESSAGES.format],
    ["validFrom", "2026-02-30", "day"],
    ["validFrom", "", POINTAGE_MESSAGES.validFrom],
    ["validFrom", "27/11/2026", "day"],
  ])("refuses %s = %j at its field, nothing changed", async (field, value, expected) => {
    const before = await snapshot();
    const outcome = await post(allowancesForm("2029-01-01", "10", 2, { [field]: value }));
    expect(outcome.status).toBe(400);
    const refusal = outcome.data as Refusal;
    expect(refusal).toMatchObject({ ok: false, intent: "indemnites" });
    const messages = refusal.fieldErrors?.[field] ?? [];
    expect(messages).toHaveLength(1);
    if (expected !== "decimals" && expected !== "day") expect(messages[0]).toBe(expected);
    expect(messages[0]).toMatch(/[A-ZÉ].+\./);
    expect(await snapshot()).toEqual(before);
  });

  it("refuses a post missing a zone's amount", async () => {
    const before = await snapshot();
    const { travelTime4: _dropped, ...form } = allowancesForm("2029-01-01", "10", 2);
    const outcome = await post(form);
    expect(outcome.status).toBe(400);
    expect((outcome.data as Refusal).fieldErrors?.travelTime4).toHaveLength(1);
    expect(await snapshot()).toEqual(before);
  });
});
