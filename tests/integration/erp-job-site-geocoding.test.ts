import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityEvents } from "#app/db/schema/activity.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { geocodeJobSite } from "#app/features/job-sites/geocoding.server.ts";
import { DISTANCE_MESSAGES } from "#app/features/job-sites/schema.ts";
import { locateOffice, timeSheetSettings } from "#app/features/settings/pointage.server.ts";
import { siteDistanceMetres } from "#app/features/time-sheets/site-distance.server.ts";
import { distanceMetres } from "#app/features/time-sheets/zones.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import * as detailRoute from "#app/routes/erp/chantiers/detail.tsx";
import * as editRoute from "#app/routes/erp/chantiers/modifier.tsx";
import * as newRoute from "#app/routes/erp/chantiers/nouveau.tsx";
import { createTestDatabase, databaseRefusal, type TestDatabase } from "#tests/helpers/db.ts";
import {
  type GeoplateformeStub,
  KNOWN_ADDRESSES,
  type KnownAddress,
  startGeoplateformeStub,
} from "#tests/helpers/geoplateforme-stub.ts";
import { acceptedQuoteFor, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// A job site's position for the travel zones (issue 27): its address geocoded through the
// loopback stub of the Géoplateforme when the site is created or its address changes, the
// distance from the office on its page, and the distance typed by hand when the service is
// down or cannot place the address.

let database: TestDatabase;
let services: AppServices;
let stub: GeoplateformeStub;
let dataDir: string;
let staff: { cookie: string; userId: string; email: string };
let clientId: string;

const office = KNOWN_ADDRESSES.toulonOffice;
const asAddress = (known: KnownAddress) => ({
  street: `${known.housenumber ?? ""} ${known.street}`.trim(),
  postalCode: known.postcode,
  city: known.city,
});

beforeAll(async () => {
  stub = await startGeoplateformeStub();
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-job-site-geocoding-"));
  services = staffTestServices(database, { DATA_DIR: dataDir, GEOCODING_URL: stub.url });
  staff = await signedInStaff(services, "staff", "chantiers-geocodage@batirade.test");
  await fillQuoteSettings(services.db, { hourlyCostCents: 4500 });
  await locateOffice(services.db, services.env, asAddress(office));
  clientId = await insertClient(services.db, { name: "Famille Géraud", email: "geraud@example.fr" });
});
afterAll(async () => {
  await database.cleanup();
  await stub.close();
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(() => {
  stub.mode("normal");
});

const call = routeCaller(() => ({ services, cookie: staff.cookie }));
type SitePage = Awaited<ReturnType<typeof detailRoute.loader>>;

const FORM_EMPTY = {
  title: "Réfection de façade",
  siteStreet: "",
  sitePostalCode: "",
  siteCity: "",
  accessCode: "",
  keys: "",
  contactName: "",
  contactPhone: "",
  parking: "",
  constraints: "",
  notes: "",
  plannedStart: "",
  plannedEnd: "",
  actualStart: "",
  actualEnd: "",
};

function addressFields(known: KnownAddress) {
  const { street, postalCode, city } = asAddress(known);
  return { siteStreet: street, sitePostalCode: postalCode, siteCity: city };
}

async function createSite(known: KnownAddress): Promise<string> {
  const outcome = await call(newRoute.action, "/erp/chantiers/nouveau", {
    form: { intent: "creer", clientId, ...FORM_EMPTY, ...addressFields(known) },
  });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
  return (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
}

async function page(id: string): Promise<SitePage> {
  const outcome = await call(detailRoute.loader, `/erp/chantiers/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as SitePage;
}

async function row(id: string) {
  const [site] = await services.db.select().from(jobSites).where(eq(jobSites.id, id));
  if (!site) throw new Error("site not found");
  return site;
}

const postDistance = (id: string, form: Record<string, string>) =>
  call(detailRoute.action, `/erp/chantiers/${id}`, { params: { id }, form });

const expectedMetres = (known: KnownAddress) =>
  Math.round(
    distanceMetres(
      { latitude: office.lat, longitude: office.lon },
      { latitude: known.lat, longitude: known.lon },
    ),
  );

describe("a site whose address the service places", () => {
  it("stores its coordinates when created, and its page gives the distance from the office and the zone", async () => {
    stub.requests.length = 0;
    const id = await createSite(KNOWN_ADDRESSES.hyeres);
    expect(stub.requests.filter((request) => request.path === "/geocodage/search")).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      geocodingStatus: "ok",
      siteLatitude: KNOWN_ADDRESSES.hyeres.lat,
      siteLongitude: KNOWN_ADDRESSES.hyeres.lon,
      distanceOverrideMetres: null,
    });
    const metres = expectedMetres(KNOWN_ADDRESSES.hyeres);
    expect(metres).toBeGreaterThan(10_000);
    expect(metres).toBeLessThanOrEqual(20_000);
    const { office: origin } = await timeSheetSettings(services.db);
    expect(await siteDistanceMetres(services.db, id, origin)).toBe(metres);
    const { position } = await page(id);
    const km = (metres / 1000).toLocaleString("fr-FR", {
      minimumFractionDigits: 1,
      maximumFractionDigits: 1,
    });
    expect(position).toEqual({
      status: "ok",
      officePlaced: true,
      distance: { text: `${km}\u00a0km`, zoneLabel: "Zone 2", typed: false },
      typedKm: null,
    });
  });

  it("geocodes again when the address changes, and not when another field does", async () => {
    const id = await createSite(KNOWN_ADDRESSES.toulonHarbour);
    expect((await row(id)).siteLatitude).toBe(KNOWN_ADDRESSES.toulonHarbour.lat);
    const edit = async (fields: Record<string, string>) => {
      const { revision } = await row(id);
      const outcome = await call(editRoute.action, `/erp/chantiers/${id}/modifier`, {
        params: { id },
        form: { intent: "modifier", ...FORM_EMPTY, revision: String(revision), ...fields },
      });
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    };
    stub.requests.length = 0;
    await edit({ ...addressFields(KNOWN_ADDRESSES.toulonHarbour), notes: "Portail bleu" });
    expect(stub.requests).toHaveLength(0);
    await edit(addressFields(KNOWN_ADDRESSES.draguignan));
    expect(stub.requests).toHaveLength(1);
    expect(await row(id)).toMatchObject({
      geocodingStatus: "ok",
      siteLatitude: KNOWN_ADDRESSES.draguignan.lat,
      siteLongitude: KNOWN_ADDRESSES.draguignan.lon,
    });
    expect((await page(id)).position.distance?.zoneLabel).toBe("Grand déplacement");
  });
});

describe("a site the service cannot place", () => {
  it("says why when only the town was found, and offers the distance by hand", async () => {
    // « 12 rue des Lilas, Toulon » (the quotes' test address) is a street the stub does not know.
    const quoteId = await acceptedQuoteFor(services, { id: staff.userId, email: staff.email }, clientId);
    const outcome = await call(newRoute.action, "/erp/chantiers/nouveau", {
      form: { intent: "depuis-devis", quoteId },
    });
    expect(outcome.status).toBe(303);
    const id = (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
    expect(await row(id)).toMatchObject({ geocodingStatus: "uncertain", siteLatitude: null });
    expect((await page(id)).position).toMatchObject({ status: "uncertain", distance: null });
    expect(await siteDistanceMetres(services.db, id, { lat: office.lat, lon: office.lon })).toBeNull();
  });

  it("records « unreachable » when the service is down, then takes the distance typed by hand", async () => {
    stub.mode("error");
    const id = await createSite(KNOWN_ADDRESSES.laSeyne);
    expect(await row(id)).toMatchObject({
      geocodingStatus: "unreachable",
      siteLatitude: null,
      siteLongitude: null,
    });
    expect((await page(id)).position).toMatchObject({ status: "unreachable", distance: null, typedKm: null });

    const saved = await postDistance(id, { intent: "distance", distanceKm: "12,3" });
    expect(saved.status).toBe(303);
    expect((await row(id)).distanceOverrideMetres).toBe(12_300);
    expect(await siteDistanceMetres(services.db, id, null)).toBe(12_300);
    expect((await page(id)).position).toMatchObject({
      distance: { text: "12,3\u00a0km", zoneLabel: "Zone 2", typed: true },
      typedKm: "12,3",
    });
    const history = await listActivity(services.db, "chantier", id);
    expect(history[0]?.summary).toBe("Distance du siège saisie : aucune → 12,3\u00a0km");

    expect((await postDistance(id, { intent: "distance", distanceKm: "1000" })).status).toBe(303);
    expect((await row(id)).distanceOverrideMetres).toBe(1_000_000);
    expect((await postDistance(id, { intent: "distance", distanceKm: "0.1" })).status).toBe(303);
    expect((await row(id)).distanceOverrideMetres).toBe(100);

    expect((await postDistance(id, { intent: "effacer-distance" })).status).toBe(303);
    expect((await row(id)).distanceOverrideMetres).toBeNull();
    expect(await siteDistanceMetres(services.db, id, null)).toBeNull();
  });

  it("drops the typed distance when the address changes, and geocodes the new one", async () => {
    stub.mode("error");
    const id = await createSite(KNOWN_ADDRESSES.laSeyne);
    await postDistance(id, { intent: "distance", distanceKm: "7" });
    stub.mode("normal");
    const { revision } = await row(id);
    const outcome = await call(editRoute.action, `/erp/chantiers/${id}/modifier`, {
      params: { id },
      form: {
        intent: "modifier",
        ...FORM_EMPTY,
        revision: String(revision),
        ...addressFields(KNOWN_ADDRESSES.marseille),
      },
    });
    expect(outcome.status).toBe(303);
    expect(await row(id)).toMatchObject({
      geocodingStatus: "ok",
      siteLatitude: KNOWN_ADDRESSES.marseille.lat,
      distanceOverrideMetres: null,
    });
    const history = await listActivity(services.db, "chantier", id);
    expect(history[0]?.summary).toContain("distance du siège saisie (7,0\u00a0km) effacée");
  });

  it.each([
    ["0", DISTANCE_MESSAGES.range],
    ["0,0", DISTANCE_MESSAGES.range],
    ["-5", DISTANCE_MESSAGES.format],
    ["1000,1", DISTANCE_MESSAGES.range],
    ["99999999", DISTANCE_MESSAGES.format],
    ["12,34", DISTANCE_MESSAGES.decimals],
    ["abc", DISTANCE_MESSAGES.format],
    ["", DISTANCE_MESSAGES.format],
    ["   ", DISTANCE_MESSAGES.format],
    ["1e3", DISTANCE_MESSAGES.format],
    ["Infinity", DISTANCE_MESSAGES.format],
    ["NaN", DISTANCE_MESSAGES.format],
    ["0x10", DISTANCE_MESSAGES.format],
    ["١٢", DISTANCE_MESSAGES.format],
    ["12 km", DISTANCE_MESSAGES.format],
    ["12,3\u0000", DISTANCE_MESSAGES.format],
    ["1".repeat(5000), DISTANCE_MESSAGES.format],
  ])("refuses the distance %j at its field, nothing changed", async (typed, message) => {
    const id = await siteTypedAt7km();
    const eventsBefore = (await services.db.select().from(activityEvents)).length;
    const outcome = await postDistance(id, { intent: "distance", distanceKm: typed });
    expect(outcome.status).toBe(400);
    expect(outcome.data).toMatchObject({
      ok: false,
      intent: "distance",
      fieldErrors: { distanceKm: [message] },
      values: { distanceKm: typed },
    });
    expect((await row(id)).distanceOverrideMetres).toBe(7000);
    expect((await services.db.select().from(activityEvents)).length).toBe(eventsBefore);
  });

  it("refuses a post without the field, and answers 404 for a site that does not exist", async () => {
    const id = await siteTypedAt7km();
    const missing = await postDistance(id, { intent: "distance" });
    expect(missing.status).toBe(400);
    expect(missing.data).toMatchObject({ fieldErrors: { distanceKm: [DISTANCE_MESSAGES.format] } });
    const unknown = "00000000-0000-4000-8000-000000000000";
    expect((await postDistance(unknown, { intent: "distance", distanceKm: "5" })).status).toBe(404);
    expect(await siteDistanceMetres(services.db, unknown, { lat: office.lat, lon: office.lon })).toBeNull();
    expect(await siteDistanceMetres(services.db, "pas-un-uuid", null)).toBeNull();
  });
});

describe("two saves of the address at once", () => {
  it("never let the answer about the older address overwrite the newer one's", async () => {
    const id = await createSite(KNOWN_ADDRESSES.toulonHarbour);
    // A relay to the stub that holds the first search until the test lets it go: the
    // service answering slowly about the old address while the office saves a new one.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = true;
    const relay = createServer(async (request, response) => {
      if (holding) {
        holding = false;
        await held;
      }
      const answer = await fetch(`${stub.url}${(request.url ?? "").replace(/^\/geocodage/, "")}`);
      response.writeHead(answer.status, { "content-type": "application/json" });
      response.end(await answer.text());
    });
    await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
    const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/geocodage`;
    try {
      const slow = geocodeJobSite(services.db, { GEOCODING_URL: relayUrl }, id);
      await new Promise((resolve) => setTimeout(resolve, 100));
      const { revision } = await row(id);
      const outcome = await call(editRoute.action, `/erp/chantiers/${id}/modifier`, {
        params: { id },
        form: {
          intent: "modifier",
          ...FORM_EMPTY,
          revision: String(revision),
          ...addressFields(KNOWN_ADDRESSES.hyeres),
        },
      });
      expect(outcome.status).toBe(303);
      release();
      expect(await slow).toBeNull();
      expect(await row(id)).toMatchObject({
        siteStreet: asAddress(KNOWN_ADDRESSES.hyeres).street,
        geocodingStatus: "ok",
        siteLatitude: KNOWN_ADDRESSES.hyeres.lat,
        siteLongitude: KNOWN_ADDRESSES.hyeres.lon,
      });
    } finally {
      release();
      await new Promise((resolve) => relay.close(resolve));
    }
  });
});

describe("the database", () => {
  it("refuses a position without « ok », « ok » without a position, half a position and a distance out of range", async () => {
    const id = await siteTypedAt7km();
    const set = (values: Partial<typeof jobSites.$inferInsert>) =>
      databaseRefusal(() => services.db.update(jobSites).set(values).where(eq(jobSites.id, id)));
    expect(await set({ siteLatitude: 43.1, siteLongitude: 5.9, geocodingStatus: "unreachable" })).toContain(
      "job_sites_geocoding_status_check",
    );
    expect(await set({ siteLatitude: 43.1, siteLongitude: 5.9, geocodingStatus: null })).toContain(
      "job_sites_geocoding_status_check",
    );
    expect(await set({ geocodingStatus: "ok" })).toContain("job_sites_geocoding_status_check");
    expect(await set({ siteLatitude: 43.1, geocodingStatus: "ok" })).toContain("job_sites_position_check");
    expect(await set({ distanceOverrideMetres: 0 })).toContain("job_sites_distance_override_check");
    expect(await set({ distanceOverrideMetres: 1_000_001 })).toContain("job_sites_distance_override_check");
    expect((await row(id)).distanceOverrideMetres).toBe(7000);
  });
});

let typedSite: string | undefined;
/** One site, the service down when it was created, with 7 km typed: the hostile posts' target. */
async function siteTypedAt7km(): Promise<string> {
  if (!typedSite) {
    stub.mode("error");
    typedSite = await createSite(KNOWN_ADDRESSES.laSeyne);
    stub.mode("normal");
    await postDistance(typedSite, { intent: "distance", distanceKm: "7" });
  }
  return typedSite;
}
