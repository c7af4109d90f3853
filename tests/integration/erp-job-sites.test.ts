import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invoices } from "#app/db/schema/invoices.ts";
import { jobSites } from "#app/db/schema/job-sites.ts";
import { JOB_SITE_MESSAGES } from "#app/features/job-sites/schema.ts";
import { quotesDashboard } from "#app/features/quotes/dashboard.server.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/chantiers/detail.tsx";
import * as listRoute from "#app/routes/erp/chantiers/index.tsx";
import * as editRoute from "#app/routes/erp/chantiers/modifier.tsx";
import * as newRoute from "#app/routes/erp/chantiers/nouveau.tsx";
import * as clientRoute from "#app/routes/erp/clients/detail.tsx";
import * as dashboardRoute from "#app/routes/erp/dashboard.tsx";
import * as quoteRoute from "#app/routes/erp/devis/detail.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import {
  acceptedQuoteFor,
  filledDraftQuote,
  fillQuoteSettings,
  insertClient,
} from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The job sites through their routes (loaders and actions), on a real database: a site
// from an accepted quote with its lots' budget, a supplementary quote joining it, the
// site's form and status moves, the list, a site opened by hand, and what the client
// register does with a client who has sites. 401 and 403 are proved for every route by
// tests/integration/erp-route-guard.test.ts.

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let staff: { cookie: string; userId: string; email: string };
let actor: { id: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-job-sites-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  staff = await signedInStaff(services, "staff", "chantiers@batirade.test");
  actor = { id: staff.userId, email: staff.email };
  // 45 € the hour: the quotes' first lot (4 h, no materials) costs 180 €.
  await fillQuoteSettings(services.db, { hourlyCostCents: 4500 });
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

type NewPage = Awaited<ReturnType<typeof newRoute.loader>>;
type SitePage = Awaited<ReturnType<typeof detailRoute.loader>>;

async function site(id: string): Promise<SitePage["site"]> {
  const outcome = await call(detailRoute.loader, `/erp/chantiers/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return (outcome.data as SitePage).site;
}

function idFrom(location: string | null): string {
  expect(location).toMatch(/^\/erp\/chantiers\/[0-9a-f-]{36}$/);
  return (location ?? "").split("/").pop() ?? "";
}

async function fromQuote(quoteId: string) {
  return call(newRoute.action, "/erp/chantiers/nouveau", { form: { intent: "depuis-devis", quoteId } });
}

const FORM_EMPTY = {
  title: "",
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

async function refusal(outcome: { status: number; data: unknown }, status: number) {
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(status);
  return outcome.data as {
    message: string;
    fieldErrors?: Record<string, string[]>;
    values?: Record<string, string>;
  };
}

describe("a job site from an accepted quote", () => {
  let clientId: string;
  let quoteId: string;
  let siteId: string;

  beforeAll(async () => {
    clientId = await insertClient(services.db, { name: "Famille Ménard", email: "menard@example.fr" });
    quoteId = await acceptedQuoteFor(services, actor, clientId);
  });

  it("shows, before creating it, what the site takes from the quote: lots, sale price and estimated cost", async () => {
    const outcome = await call(newRoute.loader, `/erp/chantiers/nouveau?devis=${quoteId}`);
    expect(outcome.status).toBe(200);
    const page = outcome.data as Extract<NewPage, { step: "devis" }>;
    expect(page.quote.status).toBe("accepte");
    expect(page.quote.onSite).toBeNull();
    expect(
      page.preview?.lots.map((lot) => [
        lot.title,
        lot.saleHtCents,
        lot.labourHoursMilli,
        lot.estimatedCostCents,
      ]),
    ).toEqual([
      ["Démolition", 35_000, 4000, 18_000],
      // 12,5 m² × 45,50 € (the option is not counted); no cost entered on the quote.
      ["Plâtrerie", 56_875, 0, null],
    ]);
    expect(page.preview?.budget).toMatchObject({
      saleHtCents: 91_875,
      estimatedCostCents: 18_000,
      estimatedMarginCents: 17_000,
      lotsWithoutEstimate: 1,
    });
  });

  it("creates the site numbered CH-YYYY-NNNN with the quote's client, address, start and lots", async () => {
    // Before: the dashboard's « À planifier » and the quote's page offer « Créer le chantier ».
    const waiting = await quotesDashboard(services.db, new Date());
    expect(waiting.toSchedule.items.map((item) => item.id)).toContain(quoteId);
    const quotePage = (await call(quoteRoute.loader, `/erp/devis/${quoteId}`, { params: { id: quoteId } }))
      .data as Awaited<ReturnType<typeof quoteRoute.loader>>;
    expect(quotePage.jobSite).toEqual({ site: null });

    const outcome = await fromQuote(quoteId);
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    siteId = idFrom(outcome.headers.get("location"));
    const created = await site(siteId);
    expect(created.number).toBe(`CH-${parisDay().slice(0, 4)}-0001`);
    expect(created).toMatchObject({
      title: "Rénovation de la salle de bains",
      status: "a_planifier",
      siteStreet: "12 rue des Lilas",
      sitePostalCode: "83000",
      siteCity: "Toulon",
      plannedEnd: null,
      client: { id: clientId, name: "Famille Ménard" },
    });
    expect(created.plannedStart).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(
      created.lots.map((lot) => [lot.title, lot.saleHtCents, lot.estimatedCostCents, lot.hourlyCostCents]),
    ).toEqual([
      ["Démolition", 35_000, 18_000, 4500],
      ["Plâtrerie", 56_875, null, 4500],
    ]);
    expect(created.quotes.map((quote) => quote.id)).toEqual([quoteId]);
    expect(created.activity.map((event) => event.summary)).toContain(
      `Chantier créé depuis le devis ${created.quotes[0]?.number} (2 lots)`,
    );
    const [row] = await services.db.select().from(jobSites).where(eq(jobSites.id, siteId));
    expect(row?.searchText).toContain("famille menard");

    // After: the quote leaves « À planifier », and its page leads to the site.
    const scheduled = await quotesDashboard(services.db, new Date());
    expect(scheduled.toSchedule.items.map((item) => item.id)).not.toContain(quoteId);
    expect(scheduled.toSchedule.count).toBe(waiting.toSchedule.count - 1);
    const after = (await call(quoteRoute.loader, `/erp/devis/${quoteId}`, { params: { id: quoteId } }))
      .data as Awaited<ReturnType<typeof quoteRoute.loader>>;
    expect(after.jobSite).toEqual({ site: { id: siteId, number: created.number } });
  });

  it("writes the site in the quote's history", async () => {
    const created = await site(siteId);
    const events = await listActivity(services.db, "devis", quoteId);
    expect(events.map((event) => event.summary)).toContain(`Chantier ${created.number} créé`);
  });

  it("refuses a second site for the same quote, and says which site has it", async () => {
    const created = await site(siteId);
    const answer = await refusal(await fromQuote(quoteId), 409);
    expect(answer.message).toBe(
      `Le devis ${created.quotes[0]?.number} est déjà rattaché au chantier ${created.number}.`,
    );
    const page = (await call(newRoute.loader, `/erp/chantiers/nouveau?devis=${quoteId}`)).data as Extract<
      NewPage,
      { step: "devis" }
    >;
    expect(page.quote.onSite).toEqual({ id: siteId, number: created.number });
  });

  it("lets a supplementary quote of the same client join the open site: its lots add to the budget", async () => {
    const second = await acceptedQuoteFor(services, actor, clientId, (draft) => ({
      ...draft,
      title: "Travaux supplémentaires : faïence",
    }));
    const page = (await call(newRoute.loader, `/erp/chantiers/nouveau?devis=${second}`)).data as Extract<
      NewPage,
      { step: "devis" }
    >;
    expect(page.quote.openSites.map((open) => open.id)).toEqual([siteId]);
    const outcome = await call(newRoute.action, "/erp/chantiers/nouveau", {
      form: { intent: "rattacher", quoteId: second, jobSiteId: siteId },
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(idFrom(outcome.headers.get("location"))).toBe(siteId);
    const joined = await site(siteId);
    expect(joined.quotes.map((quote) => quote.id)).toEqual([quoteId, second]);
    expect(joined.lots).toHaveLength(4);
    expect(joined.budget.saleHtCents).toBe(2 * 91_875);
    expect(joined.budget.estimatedCostCents).toBe(2 * 18_000);
    expect(joined.activity[0]?.summary).toMatch(
      /^Devis DEV-\d{4}-\d{4} rattaché \(travaux supplémentaires, 2 lots\)$/,
    );
  });

  it("refuses a quote of another client, a quote not accepted and an unknown quote, storing nothing", async () => {
    const otherClient = await insertClient(services.db, { name: "SCI Les Pins", email: "pins@example.fr" });
    const other = await acceptedQuoteFor(services, actor, otherClient);
    const before = await site(siteId);
    const foreign = await refusal(
      await call(newRoute.action, "/erp/chantiers/nouveau", {
        form: { intent: "rattacher", quoteId: other, jobSiteId: siteId },
      }),
      409,
    );
    expect(foreign.message).toMatch(
      /^Le devis DEV-\d{4}-\d{4} est celui d'un autre client : il ne peut pas rejoindre le chantier CH-/,
    );

    const draft = await filledDraftQuote(services.db, actor, otherClient);
    expect((await refusal(await fromQuote(draft), 400)).message).toBe(
      "Seul un devis accepté par le client peut devenir un chantier.",
    );
    expect((await refusal(await fromQuote("00000000-0000-4000-8000-000000000000"), 400)).message).toBe(
      JOB_SITE_MESSAGES.quote,
    );
    expect((await refusal(await fromQuote("pas-un-id"), 400)).message).toBe(JOB_SITE_MESSAGES.quote);
    const unknownIntent = await refusal(
      await call(newRoute.action, "/erp/chantiers/nouveau", { form: { intent: "pirater" } }),
      400,
    );
    expect(unknownIntent.message).toBe("Action inconnue.");
    const after = await site(siteId);
    expect(after.lots).toHaveLength(before.lots.length);
    expect(after.revision).toBe(before.revision);
  });
});

describe("the site's form and its status", () => {
  let siteId: string;

  beforeAll(async () => {
    const clientId = await insertClient(services.db, { name: "Jean Roux", email: "roux@example.fr" });
    const quoteId = await acceptedQuoteFor(services, actor, clientId);
    siteId = idFrom((await fromQuote(quoteId)).headers.get("location"));
  });

  const edit = (fields: Record<string, string>) =>
    call(editRoute.action, `/erp/chantiers/${siteId}/modifier`, {
      params: { id: siteId },
      form: { intent: "modifier", ...FORM_EMPTY, ...fields },
    });

  async function formValues() {
    const outcome = await call(editRoute.loader, `/erp/chantiers/${siteId}/modifier`, {
      params: { id: siteId },
    });
    expect(outcome.status).toBe(200);
    return outcome.data as Awaited<ReturnType<typeof editRoute.loader>>;
  }

  const move = (status: string, revision: number) =>
    call(detailRoute.action, `/erp/chantiers/${siteId}`, {
      params: { id: siteId },
      form: { intent: "statut", status, revision: String(revision) },
    });

  it("refuses « Planifié » until both planned dates are set", async () => {
    const { revision } = await site(siteId);
    expect((await refusal(await move("planifie", revision), 409)).message).toBe(
      JOB_SITE_MESSAGES.plannedToPlan,
    );
    expect((await site(siteId)).status).toBe("a_planifier");
  });

  it("refuses a bad form field by field and keeps what was typed", async () => {
    const { values, revision } = await formValues();
    const answer = await refusal(
      await edit({
        ...values,
        revision: String(revision),
        title: "",
        sitePostalCode: "8300",
        contactPhone: "12",
        plannedStart: "2027-03-10",
        plannedEnd: "2027-03-01",
        actualStart: "2027-02-30",
        keys: "Chez la voisine\u0000",
      }),
      400,
    );
    expect(answer.fieldErrors).toMatchObject({
      title: [JOB_SITE_MESSAGES.title],
      sitePostalCode: [JOB_SITE_MESSAGES.postalCode],
      plannedEnd: [JOB_SITE_MESSAGES.plannedOrder],
      actualStart: ["Cette date n'existe pas."],
      keys: ["Ce texte contient des caractères non autorisés."],
    });
    expect(answer.fieldErrors?.contactPhone).toHaveLength(1);
    expect(answer.values?.plannedStart).toBe("2027-03-10");
    expect((await site(siteId)).plannedEnd).toBeNull();
  });

  it("saves the access and dates, names the changed fields in the history, then plans and starts the site", async () => {
    const { values, revision } = await formValues();
    const saved = await edit({
      ...values,
      revision: String(revision),
      accessCode: "B1234",
      contactName: "Mme Roux",
      contactPhone: "06 12 34 56 78",
      plannedStart: "2027-03-01",
      plannedEnd: "2027-03-19",
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const after = await site(siteId);
    expect(after).toMatchObject({
      accessCode: "B1234",
      contactName: "Mme Roux",
      contactPhone: "06 12 34 56 78",
      plannedStart: "2027-03-01",
      plannedEnd: "2027-03-19",
      revision: revision + 1,
    });
    expect(after.activity[0]?.summary).toBe(
      "Fiche modifiée : digicode, contact sur place, téléphone du contact, début prévu, fin prévue",
    );

    // The same form posted again from the old page is refused: nothing is merged.
    const stale = await refusal(
      await edit({ ...values, revision: String(revision), notes: "Ancienne page" }),
      409,
    );
    expect(stale.message).toBe(JOB_SITE_MESSAGES.stale);

    expect((await move("planifie", after.revision)).status).toBe(303);
    const planned = await site(siteId);
    expect(planned.status).toBe("planifie");
    expect((await move("en_cours", planned.revision)).status).toBe(303);
    const started = await site(siteId);
    expect(started.status).toBe("en_cours");
    expect(started.actualStart).toBe(parisDay());
    expect(started.activity[0]?.summary).toBe("Statut : Planifié → En cours");
  });

  it("refuses a move the current status does not offer, and an unknown status", async () => {
    const { revision } = await site(siteId);
    expect((await refusal(await move("a_planifier", revision), 409)).message).toBe(JOB_SITE_MESSAGES.move);
    expect((await refusal(await move("clos", revision), 409)).message).toBe(JOB_SITE_MESSAGES.move);
    expect((await refusal(await move("demoli", revision), 400)).message).toBe(JOB_SITE_MESSAGES.status);
    expect((await site(siteId)).status).toBe("en_cours");
  });

  it("answers 404 for an unknown or malformed site", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "pas-un-id"]) {
      const outcome = await call(detailRoute.loader, `/erp/chantiers/${id}`, { params: { id } });
      expect(outcome.status).toBe(404);
      const moved = await call(detailRoute.action, `/erp/chantiers/${id}`, {
        params: { id },
        form: { intent: "statut", status: "en_cours", revision: "1" },
      });
      expect(moved.status).toBe(404);
    }
  });
});

describe("the list, a site opened by hand, and the client register", () => {
  let clientId: string;

  beforeAll(async () => {
    clientId = await insertClient(services.db, {
      name: "Élodie Garnier",
      email: "garnier-chantier@example.fr",
      billingStreet: "4 avenue de la Mer",
      billingPostalCode: "83500",
      billingCity: "La Seyne-sur-Mer",
    });
  });

  async function list(query: string) {
    const outcome = await call(listRoute.loader, `/erp/chantiers${query}`);
    expect(outcome.status).toBe(200);
    return outcome.data as Awaited<ReturnType<typeof listRoute.loader>>;
  }

  it("opens a site by hand: the picked client's address is offered, the form checks its fields", async () => {
    const picked = await call(newRoute.action, "/erp/chantiers/nouveau", { form: { clientId } });
    expect(picked.status).toBe(302);
    expect(picked.headers.get("location")).toBe(`/erp/chantiers/nouveau?client=${clientId}`);
    const form = (await call(newRoute.loader, `/erp/chantiers/nouveau?client=${clientId}`)).data as Extract<
      NewPage,
      { step: "fiche" }
    >;
    expect(form.values).toMatchObject({
      siteStreet: "4 avenue de la Mer",
      sitePostalCode: "83500",
      siteCity: "La Seyne-sur-Mer",
    });

    const refused = await refusal(
      await call(newRoute.action, "/erp/chantiers/nouveau", {
        form: { intent: "creer", clientId, ...FORM_EMPTY, ...form.values, title: "" },
      }),
      400,
    );
    expect(refused.fieldErrors?.title).toEqual([JOB_SITE_MESSAGES.title]);

    const created = await call(newRoute.action, "/erp/chantiers/nouveau", {
      form: { intent: "creer", clientId, ...FORM_EMPTY, ...form.values, title: "Dépannage fuite toiture" },
    });
    expect(created.status, JSON.stringify(created.data)).toBe(303);
    const opened = await site(idFrom(created.headers.get("location")));
    expect(opened).toMatchObject({
      title: "Dépannage fuite toiture",
      siteCity: "La Seyne-sur-Mer",
      lots: [],
      quotes: [],
    });
    expect(opened.activity.map((event) => event.summary)).toEqual(["Chantier créé"]);

    const unknown = await call(
      newRoute.loader,
      "/erp/chantiers/nouveau?client=00000000-0000-4000-8000-000000000000",
    );
    expect(unknown.status).toBe(404);
  });

  it("lists the open sites, searches without accents, filters by status and refuses a bad filter", async () => {
    const all = await list("");
    expect(all.total).toBe(3);
    const found = await list("?q=elodie");
    expect(found.items.map((item) => item.title)).toEqual(["Dépannage fuite toiture"]);
    expect(found.items[0]?.budgetHtCents).toBe(0);
    expect(found.items[0]?.estimatedMarginCents).toBeNull();
    const menard = await list("?q=MENARD");
    expect(menard.items[0]?.budgetHtCents).toBe(2 * 91_875);
    expect(menard.items[0]?.estimatedMarginCents).toBe(2 * 17_000);
    expect((await list("?statut=en_cours")).items.map((item) => item.clientName)).toEqual(["Jean Roux"]);
    // A site handed over leaves the default list (the open sites), not « Tous ».
    await services.db.update(jobSites).set({ status: "receptionne" }).where(eq(jobSites.status, "en_cours"));
    expect((await list("")).items.map((item) => item.clientName)).not.toContain("Jean Roux");
    expect((await list("?statut=tous")).total).toBe(3);
    expect((await list("?statut=tous&tri=numero&ordre=asc")).items.map((item) => item.number)).toEqual(
      [...(await list("?statut=tous")).items.map((item) => item.number)].sort(),
    );
    const bad = await call(listRoute.loader, "/erp/chantiers?statut=demoli");
    expect(bad.status).toBe(400);
  });

  it("refuses to delete a client who has a site, and anonymising blanks the site's access details", async () => {
    const deleted = await call(clientRoute.action, `/erp/clients/${clientId}`, {
      params: { id: clientId },
      form: { intent: "supprimer", confirmation: "oui" },
    });
    const answer = await refusal(deleted, 409);
    expect(answer.message).toMatch(
      /^Ce client a des chantiers \(CH-\d{4}-\d{4}\) : il ne peut pas être supprimé\./,
    );

    const [row] = await services.db.select().from(jobSites).where(eq(jobSites.clientId, clientId));
    await services.db
      .update(jobSites)
      .set({ contactName: "M. Garnier", accessCode: "4321" })
      .where(eq(jobSites.id, row?.id ?? ""));
    const anonymised = await call(clientRoute.action, `/erp/clients/${clientId}`, {
      params: { id: clientId },
      form: { intent: "anonymiser", confirmation: "oui" },
    });
    expect(anonymised.status).toBe(303);
    const [after] = await services.db.select().from(jobSites).where(eq(jobSites.clientId, clientId));
    expect(after).toMatchObject({
      number: row?.number,
      siteCity: "La Seyne-sur-Mer",
      siteStreet: "",
      contactName: "",
      accessCode: "",
    });
    expect(after?.searchText).not.toContain("garnier");
  });
});

describe("progress and costs: the budget against actual", () => {
  let siteId: string;
  let quoteId: string;
  let lots: { id: string; title: string }[];

  beforeAll(async () => {
    const clientId = await insertClient(services.db, { name: "Hélène Baudin", email: "baudin@example.fr" });
    quoteId = await acceptedQuoteFor(services, actor, clientId);
    siteId = idFrom((await fromQuote(quoteId)).headers.get("location"));
    lots = (await site(siteId)).lots.map(({ id, title }) => ({ id, title }));
  });

  const post = (form: Record<string, string>) =>
    call(detailRoute.action, `/erp/chantiers/${siteId}`, { params: { id: siteId }, form });

  it("records an expense on a lot and on the whole site, and refuses a bad one field by field", async () => {
    const [demolition] = lots;
    const added = await post({
      intent: "depense",
      spentOn: "2026-11-20",
      label: "Benne 8 m³",
      amountHt: "240",
      vatCode: "20",
      lotId: demolition?.id ?? "",
    });
    expect(added.status, JSON.stringify(added.data)).toBe(303);
    expect(
      (
        await post({
          intent: "depense",
          spentOn: "2026-11-21",
          label: "Carburant",
          amountHt: "91,875",
          vatCode: "20",
          lotId: "",
        })
      ).status,
    ).toBe(400);
    const shared = await post({
      intent: "depense",
      spentOn: "2026-11-21",
      label: "Location échafaudage",
      amountHt: "918,75",
      vatCode: "10",
      lotId: "",
    });
    expect(shared.status).toBe(303);

    const refusedDay = await refusal(
      await post({
        intent: "depense",
        spentOn: "2099-01-01",
        label: "Plus tard",
        amountHt: "10",
        vatCode: "20",
        lotId: "",
      }),
      400,
    );
    expect(refusedDay.fieldErrors).toEqual({ spentOn: ["Cette date est dans le futur."] });
    const refusedFields = await refusal(
      await post({
        intent: "depense",
        spentOn: "2026-11-21",
        label: "",
        amountHt: "0",
        vatCode: "19,6",
        lotId: "",
      }),
      400,
    );
    expect(refusedFields.fieldErrors).toMatchObject({
      label: ["Indiquez ce qui a été payé (benne, location, fournitures…)."],
      amountHt: ["Indiquez un montant HT supérieur à zéro."],
      vatCode: ["Choisissez le taux de TVA du justificatif."],
    });
    expect(refusedFields.values?.label).toBe("");
    // A lot of another site: refused, nothing stored.
    const other = await insertClient(services.db, { name: "Autre", email: "autre-site@example.fr" });
    const otherSite = await site(
      idFrom((await fromQuote(await acceptedQuoteFor(services, actor, other))).headers.get("location")),
    );
    const foreignLot = await refusal(
      await post({
        intent: "depense",
        spentOn: "2026-11-21",
        label: "Vol",
        amountHt: "10",
        vatCode: "20",
        lotId: otherSite.lots[0]?.id ?? "",
      }),
      400,
    );
    expect(foreignLot.fieldErrors).toEqual({ lotId: ["Ce lot n'appartient pas à ce chantier."] });

    const after = await site(siteId);
    expect(after.expenses.map((expense) => [expense.label, expense.amountHtCents, expense.lotTitle])).toEqual(
      [
        ["Location échafaudage", 91_875, null],
        ["Benne 8 m³", 24_000, "Démolition"],
      ],
    );
    // The whole-site expense is shared by sale price: 350 € and 568,75 € of 918,75 €.
    expect(after.forecast.lots.map((lot) => lot.spentCents)).toEqual([24_000 + 35_000, 56_875]);
    expect(after.forecast.spentCents).toBe(24_000 + 91_875);
  });

  it("records the lots' progress (changed lots only), keeps its history and forecasts the cost at completion", async () => {
    const [demolition, plaster] = lots;
    const first = await post({
      intent: "avancement",
      recordedOn: "2026-11-22",
      [`avancement.${demolition?.id}`]: "50",
      [`avancement.${plaster?.id}`]: "0",
    });
    expect(first.status, JSON.stringify(first.data)).toBe(303);
    let current = await site(siteId);
    expect(current.forecast.lots.map((lot) => lot.progressBp)).toEqual([5000, 0]);
    // Démolition: 590 € spent at 50 % → 1 180 € at completion, against 180 € estimated.
    expect(current.forecast.lots[0]).toMatchObject({
      costAtCompletionCents: 118_000,
      projectedMarginCents: 35_000 - 118_000,
      driftCents: 35_000 - 118_000 - 17_000,
      overspent: true,
    });
    expect(current.forecast.alerts[0]).toMatch(/^Marge projetée de -?\d+(,\d)?\u00a0% au rythme actuel/);
    expect(current.activity[0]?.summary).toBe(
      "Avancement au 22 novembre 2026 : Démolition 0 % → 50 %".replace(/ %/g, "\u00a0%"),
    );

    const unchanged = await refusal(
      await post({ intent: "avancement", recordedOn: "2026-11-23", [`avancement.${demolition?.id}`]: "50" }),
      409,
    );
    expect(unchanged.message).toBe("Aucun avancement modifié : changez au moins un pourcentage.");
    const tooMuch = await refusal(
      await post({ intent: "avancement", recordedOn: "2026-11-23", [`avancement.${demolition?.id}`]: "120" }),
      400,
    );
    expect(tooMuch.fieldErrors?.[`avancement.${demolition?.id}`]).toHaveLength(1);
    const foreign = await refusal(
      await post({
        intent: "avancement",
        recordedOn: "2026-11-23",
        "avancement.00000000-0000-4000-8000-000000000000": "10",
      }),
      400,
    );
    expect(foreign.message).toBe("Ce lot n'appartient pas à ce chantier.");

    expect(
      (await post({ intent: "avancement", recordedOn: "2026-11-24", [`avancement.${plaster?.id}`]: "37,5" }))
        .status,
    ).toBe(303);
    current = await site(siteId);
    expect(current.forecast.lots.map((lot) => lot.progressBp)).toEqual([5000, 3750]);
    // Weighted by the sale price: (350 × 50 % + 568,75 × 37,5 %) ÷ 918,75 = 42,26 %.
    expect(current.forecast.progressBp).toBe(4226);
    // The list computes the same figure in SQL.
    const listed = await call(listRoute.loader, "/erp/chantiers?q=baudin");
    const page = listed.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(page.items.map((item) => item.progressBp)).toEqual([4226]);
  });

  it("flags the projected margin against the settings' threshold", async () => {
    const { companySettings } = await import("#app/db/schema/settings.ts");
    const before = (await site(siteId)).forecast;
    // The site loses money at this pace: flagged under the default 15 %, and under 0 % too.
    expect(before.alerts[0]).toMatch(/sous le seuil de 15\u00a0%\.$/);
    await services.db.update(companySettings).set({ marginAlertBp: 0 }).where(eq(companySettings.id, 1));
    const after = (await site(siteId)).forecast;
    expect(after.alerts[0]).toMatch(/sous le seuil de 0\u00a0%\.$/);
    await services.db.update(companySettings).set({ marginAlertBp: 1500 }).where(eq(companySettings.id, 1));
  });

  it("« Facturer l'avancement » drafts the progress invoice at the recorded percentages, nothing retyped", async () => {
    // Before: nothing invoiced against 388,28 € HT of work done (lots at their price × progress).
    const page = (await call(detailRoute.loader, `/erp/chantiers/${siteId}`, { params: { id: siteId } }))
      .data as SitePage;
    expect(page.billing[quoteId]).toEqual({
      workInvoicedHt: 0,
      depositsToDeductHt: 0,
      paidTtc: 0,
      progressValueHt: 17_500 + 21_328,
    });
    const invoice = await post({ intent: "facturer-avancement", quoteId });
    expect(invoice.status, JSON.stringify(invoice.data)).toBe(303);
    const invoiceId = (invoice.headers.get("location") ?? "").split("/").pop() ?? "";
    const [row] = await services.db.select().from(invoices).where(eq(invoices.id, invoiceId));
    expect(row).toMatchObject({ kind: "situation", quoteId, status: "brouillon" });
    expect((row?.content as { request: unknown } | undefined)?.request).toEqual({
      kind: "situation",
      lots: [
        { lotId: "lot1", percent: 5000 },
        { lotId: "lot2", percent: 3750 },
      ],
    });
    // 50 % of 350 € + 37,5 % of 568,75 € = 388,28 € HT.
    expect(row?.totalHtCents).toBe(17_500 + 21_328);

    const elsewhere = await refusal(
      await post({ intent: "facturer-avancement", quoteId: "00000000-0000-4000-8000-000000000000" }),
      409,
    );
    expect(elsewhere.message).toBe("Ce devis n'est pas rattaché à ce chantier.");
  });

  it("deletes an expense of the site only, and writes it in the history", async () => {
    const current = await site(siteId);
    const expense = current.expenses.find((entry) => entry.label === "Benne 8 m³");
    const unknown = await refusal(
      await post({ intent: "supprimer-depense", expenseId: "00000000-0000-4000-8000-000000000000" }),
      409,
    );
    expect(unknown.message).toBe("Cette dépense n'existe pas ou a déjà été supprimée.");
    expect((await post({ intent: "supprimer-depense", expenseId: expense?.id ?? "" })).status).toBe(303);
    const after = await site(siteId);
    expect(after.expenses.map((entry) => entry.label)).toEqual(["Location échafaudage"]);
    expect(after.activity[0]?.summary).toBe(
      "Dépense supprimée : Benne 8 m³, 240,00\u00a0€ HT du 20 novembre 2026",
    );
  });
});

describe("the home page's Chantiers block", () => {
  it("lists the sites in progress with their progress and projected margin, and those starting within the week", async () => {
    const clientId = await insertClient(services.db, { name: "Lucien Arnaud", email: "arnaud@example.fr" });
    const quoteId = await acceptedQuoteFor(services, actor, clientId);
    const siteId = idFrom((await fromQuote(quoteId)).headers.get("location"));
    const inThreeDays = addDays(parisDay(), 3);
    await services.db
      .update(jobSites)
      .set({ plannedStart: inThreeDays, plannedEnd: addDays(parisDay(), 20) })
      .where(eq(jobSites.id, siteId));

    const home = async () => {
      const outcome = await call(dashboardRoute.loader, "/erp");
      expect(outcome.status).toBe(200);
      const figures = (outcome.data as Awaited<ReturnType<typeof dashboardRoute.loader>>).jobSites;
      if (!figures) throw new Error("bloc Chantiers absent");
      return figures;
    };
    const before = await home();
    expect(before.starting.items.find((item) => item.id === siteId)).toMatchObject({
      plannedStart: inThreeDays,
      clientName: "Lucien Arnaud",
    });
    expect(before.running.items.map((item) => item.id)).not.toContain(siteId);

    const post = (form: Record<string, string>) =>
      call(detailRoute.action, `/erp/chantiers/${siteId}`, { params: { id: siteId }, form });
    const planned = await site(siteId);
    expect(
      (await post({ intent: "statut", status: "planifie", revision: String(planned.revision) })).status,
    ).toBe(303);
    const started = await site(siteId);
    expect(
      (await post({ intent: "statut", status: "en_cours", revision: String(started.revision) })).status,
    ).toBe(303);
    expect(
      (
        await post({
          intent: "avancement",
          recordedOn: parisDay(),
          [`avancement.${started.lots[0]?.id}`]: "100",
        })
      ).status,
    ).toBe(303);

    const after = await home();
    expect(after.starting.items.map((item) => item.id)).not.toContain(siteId);
    const running = after.running.items.find((item) => item.id === siteId);
    // Démolition done (350 € of 918,75 €), nothing spent: 38,1 % and no alert.
    expect(running).toMatchObject({ progressBp: 3810, alerts: 0 });
    expect(running?.projectedMarginRate).toBeGreaterThan(1500);
  });
});
