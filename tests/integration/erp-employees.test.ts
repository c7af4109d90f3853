import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employees } from "#app/db/schema/time-sheets.ts";
import { EMPLOYEE_MESSAGES, HOME_NOT_PLACED } from "#app/features/time-sheets/employee-schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import * as listRoute from "#app/routes/erp/temps/index.tsx";
import * as detailRoute from "#app/routes/erp/temps/salaries/detail.tsx";
import * as editRoute from "#app/routes/erp/temps/salaries/modifier.tsx";
import * as newRoute from "#app/routes/erp/temps/salaries/nouveau.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import {
  type GeoplateformeStub,
  KNOWN_ADDRESSES,
  startGeoplateformeStub,
} from "#tests/helpers/geoplateforme-stub.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The register of employees (Pointage › Salariés) through its routes, on a real database:
// creation with the contract and the cost, every refusal at its field with what was typed
// kept, the cost kept from anyone but the owner, the site worker's account linked once,
// changes in the history, and the list's filters.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
/** The State's geocoding service, on loopback: the home is placed after each save. */
let geoplateforme: GeoplateformeStub;

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));

const FORM = {
  intent: "creer",
  lastName: "Martin",
  firstName: "Lucas",
  qualification: "Maçon",
  coefficient: "185",
  contract: "39",
  partTimeHours: "",
  hireDate: "2024-03-04",
  leaveDate: "",
  loadedHourlyCost: "38,50",
  homeStreet: "5 Quai Saturnin Fabre",
  homePostalCode: "83 500",
  homeCity: "La Seyne-sur-Mer",
  userId: "",
  notes: "",
};

type Refusal = { message: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

async function create(form: Record<string, string>, call = asOwner) {
  return call(newRoute.action, "/erp/temps/salaries/nouveau", { form });
}

const idOf = (outcome: { headers: Headers }) =>
  (outcome.headers.get("location") ?? "").split("/").pop() ?? "";

beforeAll(async () => {
  geoplateforme = await startGeoplateformeStub();
  ({ services, close } = await openStaffTestServices("erp-employees-", { GEOCODING_URL: geoplateforme.url }));
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  staff = await signedInStaff(services, "staff", "bureau@batirade.test");
  worker = await signedInStaff(services, "compagnon", "lucas@batirade.test");
});
afterAll(async () => {
  await close();
  await geoplateforme.close();
});

describe("the register of employees", () => {
  it("adds an employee with the contract's minutes and the owner's cost, and writes the history", async () => {
    const outcome = await create({ ...FORM, userId: worker.userId });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe("Salarié ajouté au registre.");
    const id = idOf(outcome);
    const [stored] = await services.db.select().from(employees).where(eq(employees.id, id));
    expect(stored).toMatchObject({
      lastName: "Martin",
      firstName: "Lucas",
      coefficient: 185,
      contractKind: "temps_plein",
      weeklyMinutes: 39 * 60,
      hireDate: "2024-03-04",
      leaveDate: null,
      loadedHourlyCostCents: 3850,
      homePostalCode: "83500",
      homeLatitude: KNOWN_ADDRESSES.laSeyne.lat,
      homeLongitude: KNOWN_ADDRESSES.laSeyne.lon,
      userId: worker.userId,
    });
    const page = await asOwner(detailRoute.loader, `/erp/temps/salaries/${id}`, { params: { id } });
    expect(page.data).toMatchObject({
      employee: { account: { email: "lucas@batirade.test" } },
      cost: { cents: 3850 },
      events: [expect.objectContaining({ summary: "Fiche créée : Martin Lucas" })],
    });
  });

  it("says when the home cannot be placed, and keeps no position for it", async () => {
    const outcome = await create({
      ...FORM,
      lastName: "Sansadresse",
      homeStreet: "1 rue Inconnue",
      homeCity: "Nullepart",
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe(`Salarié ajouté au registre. ${HOME_NOT_PLACED}`);
    const [stored] = await services.db
      .select()
      .from(employees)
      .where(eq(employees.id, idOf(outcome)));
    expect(stored).toMatchObject({ homeLatitude: null, homeLongitude: null });
  });

  it("refuses each wrong field with its message and keeps what was typed", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ lastName: "  " }, "lastName", EMPLOYEE_MESSAGES.lastName],
      [{ coefficient: "12" }, "coefficient", EMPLOYEE_MESSAGES.coefficient],
      [{ contract: "45" }, "contract", EMPLOYEE_MESSAGES.contract],
      [{ contract: "partiel", partTimeHours: "35" }, "partTimeHours", EMPLOYEE_MESSAGES.partTimeHours],
      [{ contract: "partiel", partTimeHours: "20,1" }, "partTimeHours", EMPLOYEE_MESSAGES.partTimeHours],
      [{ hireDate: "" }, "hireDate", EMPLOYEE_MESSAGES.hireDate],
      [{ leaveDate: "2024-03-01" }, "leaveDate", EMPLOYEE_MESSAGES.leaveDate],
      [{ loadedHourlyCost: "1500" }, "loadedHourlyCost", EMPLOYEE_MESSAGES.cost],
      [{ loadedHourlyCost: "-3" }, "loadedHourlyCost", EMPLOYEE_MESSAGES.cost],
      [{ homePostalCode: "8300" }, "homePostalCode", EMPLOYEE_MESSAGES.postalCode],
      [{ userId: owner.userId }, "userId", EMPLOYEE_MESSAGES.account],
      [{ firstName: "Lu\u0000cas" }, "firstName", TEXT_RULE_MESSAGES.controlCharacters],
    ];
    const before = (await services.db.select().from(employees)).length;
    for (const [change, field, message] of cases) {
      const outcome = await create({ ...FORM, lastName: "Refusé", ...change });
      expect(outcome.status, `${field}: ${JSON.stringify(outcome.data)}`).toBe(400);
      const refusal = outcome.data as Refusal;
      expect(refusal.fieldErrors?.[field]?.[0], field).toBe(message);
      expect(refusal.values?.qualification).toBe("Maçon");
    }
    expect((await services.db.select().from(employees)).length).toBe(before);
  });

  it("links a site worker's account to one employee only", async () => {
    const outcome = await create({ ...FORM, lastName: "Autre", userId: worker.userId });
    expect(outcome.status).toBe(409);
    expect((outcome.data as Refusal).fieldErrors?.userId).toEqual([EMPLOYEE_MESSAGES.accountTaken]);
    const form = await asOwner(newRoute.loader, "/erp/temps/salaries/nouveau");
    expect((form.data as { accounts: { id: string }[] }).accounts.map((account) => account.id)).not.toContain(
      worker.userId,
    );
  });

  it("keeps the loaded hourly cost from anyone but the owner", async () => {
    const created = await create({
      ...FORM,
      lastName: "Bernard",
      firstName: "Karim",
      loadedHourlyCost: "41,00",
    });
    const id = idOf(created);
    const staffPage = await asStaff(detailRoute.loader, `/erp/temps/salaries/${id}`, { params: { id } });
    expect(staffPage.status).toBe(200);
    expect(JSON.stringify(staffPage.data)).not.toContain("4100");
    expect((staffPage.data as { cost: unknown }).cost).toBeNull();
    const staffForm = await asStaff(editRoute.loader, `/erp/temps/salaries/${id}/modifier`, {
      params: { id },
    });
    expect(staffForm.data).toMatchObject({ showCost: false, values: { loadedHourlyCost: "" } });

    // A staff member's save (even one posting a cost) leaves the cost as the owner set it.
    const { revision } = staffForm.data as { revision: number };
    const saved = await asStaff(editRoute.action, `/erp/temps/salaries/${id}/modifier`, {
      params: { id },
      form: {
        ...FORM,
        intent: "modifier",
        revision: String(revision),
        lastName: "Bernard",
        firstName: "Karim",
        qualification: "Chef d'équipe",
        loadedHourlyCost: "1,00",
      },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const [stored] = await services.db.select().from(employees).where(eq(employees.id, id));
    expect(stored).toMatchObject({
      qualification: "Chef d'équipe",
      loadedHourlyCostCents: 4100,
      revision: 2,
    });

    // A form opened before that save is refused, nothing changed.
    const stale = await asOwner(editRoute.action, `/erp/temps/salaries/${id}/modifier`, {
      params: { id },
      form: { ...FORM, intent: "modifier", revision: String(revision), lastName: "Bernard", notes: "Périmé" },
    });
    expect(stale.status).toBe(409);
    expect((stale.data as Refusal).message).toBe(EMPLOYEE_MESSAGES.stale);
    const page = await asOwner(detailRoute.loader, `/erp/temps/salaries/${id}`, { params: { id } });
    expect((page.data as { events: { summary: string }[] }).events[0]?.summary).toBe(
      "Fiche modifiée : qualification",
    );
  });

  it("switches a contract to part time and back, in quarter hours", async () => {
    const created = await create({
      ...FORM,
      lastName: "Petit",
      firstName: "Inès",
      contract: "partiel",
      partTimeHours: "24,75",
    });
    const id = idOf(created);
    const form = await asOwner(editRoute.loader, `/erp/temps/salaries/${id}/modifier`, { params: { id } });
    expect(form.data).toMatchObject({ values: { contract: "partiel", partTimeHours: "24,75" } });
    const [stored] = await services.db.select().from(employees).where(eq(employees.id, id));
    expect(stored).toMatchObject({ contractKind: "temps_partiel", weeklyMinutes: 24 * 60 + 45 });
  });

  it("lists those in post by name, the ones who left on request, and refuses an unknown filter", async () => {
    await create({ ...FORM, lastName: "Ancien", firstName: "Paul", leaveDate: "2025-01-31" });
    const list = async (query: string) => {
      const outcome = await asStaff(listRoute.loader, `/erp/temps${query}`);
      return outcome;
    };
    const names = (outcome: { data: unknown }) =>
      (outcome.data as { items: { lastName: string }[] }).items.map((item) => item.lastName);
    expect(names(await list(""))).toEqual(["Bernard", "Martin", "Petit", "Sansadresse"]);
    expect(names(await list("?statut=sortis"))).toEqual(["Ancien"]);
    expect(names(await list("?statut=tous&q=macon"))).toEqual(["Ancien", "Martin", "Petit", "Sansadresse"]);
    const wrong = await list("?statut=partis");
    expect(wrong.status).toBe(400);
  });

  it("is closed to site workers and answers 404 for an unknown employee", async () => {
    const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));
    expect((await asWorker(listRoute.loader, "/erp/temps")).status).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    expect(
      (await asOwner(detailRoute.loader, `/erp/temps/salaries/${missing}`, { params: { id: missing } }))
        .status,
    ).toBe(404);
    expect(
      (await asOwner(detailRoute.loader, "/erp/temps/salaries/pas-un-id", { params: { id: "pas-un-id" } }))
        .status,
    ).toBe(404);
  });
});
