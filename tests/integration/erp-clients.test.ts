import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { clientSites, clients, issuedDocuments } from "#app/db/schema/clients.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { erpSubmissionPhotos, erpSubmissions } from "#app/db/schema/quote-requests.ts";
import { clientForLead } from "#app/features/clients/convert.server.ts";
import { CLIENT_MESSAGES, type ClientFormAnswer } from "#app/features/clients/schema.ts";
import { ANONYMISED_SUMMARY, listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { issueDocument } from "#app/lib/documents.server.ts";
import { renderDocumentPdf } from "#app/lib/pdf/document.server.ts";
import { identityFromCompanyConfig } from "#app/lib/pdf/identity.ts";
import { PHONE_MESSAGE } from "#app/lib/phone.ts";
import * as exportRoute from "#app/routes/api/erp/client-export.ts";
import * as convertRoute from "#app/routes/erp/clients/depuis-prospect.tsx";
import * as detailRoute from "#app/routes/erp/clients/detail.tsx";
import * as listRoute from "#app/routes/erp/clients/index.tsx";
import * as editRoute from "#app/routes/erp/clients/modifier.tsx";
import * as newRoute from "#app/routes/erp/clients/nouveau.tsx";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";

// The client register through its routes (loaders and actions), on a real database.
// 401 without a session and 403 without the « prospects » permission are proved for
// every route by tests/integration/erp-route-guard.test.ts.

let database: TestDatabase;
let services: AppServices;
let dataDir: string;
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-clients-"));
  services = staffTestServices(database, { DATA_DIR: dataDir });
  staff = await signedInStaff(services, "staff", "clients@batirade.test");
});
afterAll(async () => {
  await database.cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Calls a loader or action as the signed-in staff member. */
const call = routeCaller(() => ({ services, cookie: staff.cookie }));

type FormFields = Record<string, string>;

/** The create/edit form as a browser posts it; sites as `sites.<n>.<field>`. */
function clientForm(fields: FormFields, sites: FormFields[] = []): URLSearchParams {
  const form = new URLSearchParams({
    kind: "particulier",
    name: "",
    legalName: "",
    siren: "",
    vatNumber: "",
    email: "",
    phone: "",
    billingStreet: "",
    billingPostalCode: "",
    billingCity: "",
    notes: "",
    ...fields,
  });
  sites.forEach((site, index) => {
    for (const name of ["id", "label", "street", "postalCode", "city"]) {
      form.set(`sites.${index}.${name}`, site[name] ?? "");
    }
  });
  return form;
}

/** Creates a client through the route; returns its id. */
async function createThroughRoute(fields: FormFields, sites: FormFields[] = []): Promise<string> {
  const outcome = await call(newRoute.action, "/erp/clients/nouveau", {
    form: clientForm({ confirmDuplicate: "oui", ...fields }, sites),
  });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
  const location = outcome.headers.get("location") ?? "";
  expect(location).toMatch(/^\/erp\/clients\/[0-9a-f-]{36}$/);
  return location.split("/").pop() ?? "";
}

async function list(query: string) {
  const outcome = await call(listRoute.loader, `/erp/clients${query}`);
  expect(outcome.status).toBe(200);
  return outcome.data as Awaited<ReturnType<typeof listRoute.loader>>;
}

async function detail(id: string) {
  const outcome = await call(detailRoute.loader, `/erp/clients/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as Awaited<ReturnType<typeof detailRoute.loader>>;
}

/** A lead as the public form leaves it, with the town staff noted and a photo. */
async function leadWithPhoto(nom: string, email: string, town = "La Seyne-sur-Mer") {
  const id = await insertQuoteRequest(services.db, { nom, email, telephone: "06 44 55 66 77" });
  await services.db.insert(erpLeads).values({ submissionId: id, town });
  const photo = await attachPhoto(services.db, services.storage, id, await jpeg());
  return { id, photoKey: photo.storageKey };
}

/** Issues a tiny real quote PDF to a client. */
function issueQuote(clientId: string) {
  return services.db.transaction((tx) =>
    issueDocument(tx, {
      kind: "devis",
      clientId,
      issuedAt: new Date(),
      actor: { id: staff.userId, email: staff.email },
      storage: services.storage,
      render: (number) =>
        renderDocumentPdf(
          {
            identity: identityFromCompanyConfig(company),
            title: "Devis",
            number,
            date: new Date(),
            creationDate: new Date("2026-01-02T09:00:00Z"),
          },
          (content) => content.paragraph("Réfection de la toiture."),
        ),
    }),
  );
}

describe("create: server-side validation", () => {
  it("answers 400 with every field's message at once, and the values to show again", async () => {
    const form = clientForm(
      {
        kind: "entreprise",
        name: "",
        legalName: "",
        siren: "912 345 676",
        vatNumber: "FR00 912345675",
        phone: "12 34",
      },
      [
        { label: "", street: "", postalCode: "8300", city: "Toulon" },
        { label: "Entrepôt", street: "3 rue des Oliviers", postalCode: "", city: "" },
        { label: "", street: "", postalCode: "", city: "" },
      ],
    );
    const outcome = await call(newRoute.action, "/erp/clients/nouveau", { form });
    expect(outcome.status).toBe(400);
    const answer = outcome.data as ClientFormAnswer;
    expect(answer.errors).toEqual({
      name: [CLIENT_MESSAGES.name],
      siren: ["Le SIREN est invalide : vérifiez les 9 chiffres."],
      vatNumber: [CLIENT_MESSAGES.vatKey],
      phone: [PHONE_MESSAGE],
      "sites.0.postalCode": [CLIENT_MESSAGES.postalCode],
      "sites.1.city": [CLIENT_MESSAGES.siteCity],
      legalName: [CLIENT_MESSAGES.legalName],
    });
    expect(answer.values).toMatchObject({ kind: "entreprise", siren: "912 345 676" });
    expect(answer.values.sites).toHaveLength(3);
    expect(answer.duplicates).toEqual([]);

    // No way to reach the client: said under both fields.
    const noContact = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm({ name: "Sans Contact" }),
    });
    expect(noContact.status).toBe(400);
    expect((noContact.data as ClientFormAnswer).errors).toEqual({
      email: [CLIENT_MESSAGES.contact],
      phone: [CLIENT_MESSAGES.contact],
    });

    // A VAT number with a right key but another company's SIREN.
    const mismatch = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm({
        kind: "entreprise",
        name: "Bâti Sud",
        legalName: "BATI SUD SARL",
        siren: "912345675",
        vatNumber: "FR96552100554",
        email: "contact@batisud.example",
        billingStreet: "12 rue d'Alger",
      }),
    });
    expect(mismatch.status).toBe(400);
    expect((mismatch.data as ClientFormAnswer).errors).toEqual({
      vatNumber: [CLIENT_MESSAGES.vatSiren],
      billingPostalCode: [CLIENT_MESSAGES.billingPostalCode],
      billingCity: [CLIENT_MESSAGES.billingCity],
    });
    expect(await services.db.select({ n: count() }).from(clients)).toEqual([{ n: 0 }]);
  });

  it("creates a company with its checked identifiers and sites, redirects with a flash message", async () => {
    const outcome = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm(
        {
          kind: "entreprise",
          name: "Bâti Rade",
          legalName: "BATI RADE TOULON",
          siren: "912 345 675",
          vatNumber: "fr 65 912 345 675",
          mainContractor: "oui",
          email: "Compta@BatiRade.example",
          phone: "04 94 00 00 00",
          billingStreet: "145 avenue de la République",
          billingPostalCode: "83000",
          billingCity: "Toulon",
          notes: "Code portail : 1234\nSonner deux fois.",
        },
        [{ label: "Dépôt", street: "2 chemin du Pont", postalCode: "83200", city: "Toulon" }],
      ),
    });
    expect(outcome.status).toBe(303);
    expect(outcome.headers.getSetCookie().some((cookie) => cookie.startsWith("batirade.flash="))).toBe(true);
    const id = (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
    const { client, events } = await detail(id);
    expect(client).toMatchObject({
      kind: "entreprise",
      name: "Bâti Rade",
      legalName: "BATI RADE TOULON",
      siren: "912345675",
      vatNumber: "FR65912345675",
      mainContractor: true,
      email: "compta@batirade.example",
      notes: "Code portail : 1234\nSonner deux fois.",
      leadSubmissionId: null,
    });
    expect(client.sites).toMatchObject([{ label: "Dépôt", postalCode: "83200", city: "Toulon" }]);
    expect(events.map((event) => event.summary)).toEqual(["Client créé"]);
    // A person has no company identity, whatever the hidden fields held.
    const personId = await createThroughRoute({
      name: "Paul Personne",
      email: "paul.personne@example.fr",
      legalName: "Ne doit pas rester",
      siren: "912345675",
      mainContractor: "oui",
    });
    expect((await detail(personId)).client).toMatchObject({
      legalName: null,
      siren: null,
      vatNumber: null,
      mainContractor: false,
    });
    const forged = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm({ name: "Paul Forge", email: "paul.forge@example.fr", mainContractor: "peut-être" }),
    });
    expect(forged.status).toBe(400);
  });
});

describe("possible duplicates", () => {
  it("warns on the same e-mail (any case) or phone (any spelling), then creates when confirmed", async () => {
    const first = await createThroughRoute({
      name: "Élodie Dupont",
      email: "elodie.dupont@example.fr",
      phone: "06 12 34 56 78",
    });

    const sameEmail = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm({ name: "E. Dupont", email: "Elodie.DUPONT@example.fr" }),
    });
    expect(sameEmail.status).toBe(409);
    expect((sameEmail.data as ClientFormAnswer).duplicates).toEqual([
      expect.objectContaining({ id: first, name: "Élodie Dupont", same: ["email"] }),
    ]);

    const samePhone = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm({ name: "Monsieur Dupont", email: "m.dupont@example.fr", phone: "+33 6.12.34.56.78" }),
    });
    expect(samePhone.status).toBe(409);
    const answer = samePhone.data as ClientFormAnswer;
    expect(answer.duplicates).toEqual([expect.objectContaining({ id: first, same: ["phone"] })]);
    // What was typed comes back, to post again with « Créer quand même ».
    expect(answer.values).toMatchObject({ name: "Monsieur Dupont", phone: "+33 6.12.34.56.78" });
    expect(
      await services.db.select({ n: count() }).from(clients).where(eq(clients.name, "Monsieur Dupont")),
    ).toEqual([{ n: 0 }]);

    const confirmed = await call(newRoute.action, "/erp/clients/nouveau", {
      form: clientForm({
        name: "Monsieur Dupont",
        email: "m.dupont@example.fr",
        phone: "+33 6.12.34.56.78",
        confirmDuplicate: "oui",
      }),
    });
    expect(confirmed.status).toBe(303);
    const second = (confirmed.headers.get("location") ?? "").split("/").pop() ?? "";
    expect(second).not.toBe(first);
    expect((await detail(second)).events[0]?.summary).toBe(
      "Client créé (malgré un doublon possible signalé)",
    );
  });
});

describe("edit", () => {
  it("saves fields and sites (kept by id, added, removed), writes what changed in the history", async () => {
    const id = await createThroughRoute({ name: "Jean Modifié", email: "jean.modifie@example.fr" }, [
      { label: "Maison", street: "", postalCode: "", city: "Hyères" },
      { label: "Cabanon", street: "", postalCode: "", city: "Carqueiranne" },
    ]);
    const loaded = await call(editRoute.loader, `/erp/clients/${id}/modifier`, { params: { id } });
    expect(loaded.status).toBe(200);
    const { sites, ...values } = (loaded.data as Awaited<ReturnType<typeof editRoute.loader>>).values;
    const [maison, cabanon] = sites;
    expect(maison?.city).toBe("Hyères");

    const outcome = await call(editRoute.action, `/erp/clients/${id}/modifier`, {
      params: { id },
      form: clientForm({ ...values, phone: "06 98 76 54 32" }, [
        { ...maison, street: "8 impasse des Pins", postalCode: "83400" } as FormFields,
        { label: "", street: "", postalCode: "", city: "Le Pradet" },
      ]),
    });
    expect(outcome.status).toBe(303);
    expect(outcome.headers.get("location")).toBe(`/erp/clients/${id}`);
    const { client, events } = await detail(id);
    expect(client.phone).toBe("06 98 76 54 32");
    expect(client.sites.map((site) => site.city).sort()).toEqual(["Hyères", "Le Pradet"]);
    const kept = client.sites.find((site) => site.city === "Hyères");
    expect(kept).toMatchObject({ id: maison?.id, street: "8 impasse des Pins", postalCode: "83400" });
    expect(client.sites.some((site) => site.id === cabanon?.id)).toBe(false);
    expect(events[0]).toMatchObject({
      kind: "updated",
      summary: "Fiche modifiée : téléphone, adresses de chantier",
      actorEmail: staff.email,
    });
    // The search follows the edit.
    expect((await list("?q=pradet")).items.map((item) => item.id)).toContain(id);
    expect((await list("?q=carqueiranne")).items.map((item) => item.id)).not.toContain(id);

    // Refused fields: 400 with their messages, nothing changed.
    const refused = await call(editRoute.action, `/erp/clients/${id}/modifier`, {
      params: { id },
      form: clientForm({ ...values, email: "pas-une-adresse", phone: "" }),
    });
    expect(refused.status).toBe(400);
    expect((refused.data as ClientFormAnswer).errors.email).toEqual([CLIENT_MESSAGES.email]);
    expect((await detail(id)).client.email).toBe("jean.modifie@example.fr");

    const unknown = await call(
      editRoute.loader,
      "/erp/clients/00000000-0000-4000-8000-000000000000/modifier",
      {
        params: { id: "00000000-0000-4000-8000-000000000000" },
      },
    );
    expect(unknown.status).toBe(404);
  });
});

describe("list", () => {
  it("searches the folded text (accents, case) and the phone's digits, filters by kind, sorts, pages by 25", async () => {
    const elodie = await createThroughRoute(
      { name: "Élodie Tourvaise", email: "elodie.t@example.fr", phone: "06 11 22 33 44" },
      [{ label: "", street: "", postalCode: "", city: "Tourves" }],
    );
    const zoe = await createThroughRoute(
      { name: "Zoé Tourvaise", email: "zoe.t@example.fr", phone: "+33 6 98 70 00 01" },
      [{ label: "", street: "", postalCode: "", city: "Tourves" }],
    );
    const oeuvres = await createThroughRoute({
      kind: "entreprise",
      name: "Œuvres de Tourves",
      legalName: "OEUVRES DE TOURVES SAS",
      siren: "732829320",
      email: "contact@oeuvres.example",
    });

    const ids = async (query: string) => (await list(query)).items.map((item) => item.id);
    expect(await ids("?q=ÉLODIE TOURV")).toEqual([elodie]);
    expect(await ids("?q=élodie tourves")).toEqual([elodie]);
    expect(await ids("?q=oeuvres")).toEqual([oeuvres]);
    expect(await ids("?q=069870")).toEqual([zoe]);
    expect(await ids("?q=06 98 70")).toEqual([zoe]);
    expect(await ids("?q=%2B33 6 98 70")).toEqual([zoe]);
    expect(await ids("?q=732 829 320")).toEqual([oeuvres]);
    expect(await ids("?q=tourv&type=entreprise")).toEqual([oeuvres]);
    expect(await ids("?q=tourv&tri=nom&ordre=asc")).toEqual([elodie, oeuvres, zoe]);
    expect(await ids("?q=tourv&tri=nom&ordre=desc")).toEqual([zoe, oeuvres, elodie]);
    expect(await ids("?q=tourv")).toEqual([oeuvres, zoe, elodie]);
    expect(await ids("?q=100%25_")).toEqual([]);

    const row = (await list("?q=zoe")).items[0];
    expect(row).toMatchObject({
      name: "Zoé Tourvaise",
      phone: "+33 6 98 70 00 01",
      town: "Tourves",
      kind: "particulier",
    });

    for (let index = 0; index < 27; index++) {
      await createThroughRoute({
        name: `Client Ollioules ${String(index).padStart(2, "0")}`,
        email: `o${index}@example.fr`,
      });
    }
    const first = await list("?q=ollioules&tri=nom&ordre=asc");
    expect(first).toMatchObject({ total: 27, page: 1, pageCount: 2 });
    expect(first.items).toHaveLength(25);
    const second = await list("?q=ollioules&tri=nom&ordre=asc&page=2");
    expect(second.items.map((item) => item.name)).toEqual(["Client Ollioules 25", "Client Ollioules 26"]);

    const bad = await call(listRoute.loader, "/erp/clients?tri=prix");
    expect(bad.status).toBe(400);
    expect(bad.data).toEqual({ message: "Ce tri n'existe pas." });
  });
});

describe("convert a lead", () => {
  it("makes one client from the lead (name, e-mail, phone, site in its town), twice gives the same", async () => {
    const lead = await leadWithPhoto("Camille Convertie", "camille.convertie@example.fr");
    const url = `/erp/clients/depuis-prospect/${lead.id}`;
    const outcome = await call(convertRoute.action, url, { params: { leadId: lead.id }, method: "POST" });
    expect(outcome.status).toBe(303);
    const location = outcome.headers.get("location") ?? "";
    const id = location.split("/").pop() ?? "";
    const { client, events } = await detail(id);
    expect(client).toMatchObject({
      kind: "particulier",
      name: "Camille Convertie",
      email: "camille.convertie@example.fr",
      phone: "06 44 55 66 77",
      leadSubmissionId: lead.id,
    });
    expect(client.sites).toMatchObject([{ street: null, postalCode: null, city: "La Seyne-sur-Mer" }]);
    expect(client.lead).toMatchObject({ id: lead.id, photoCount: 1, workType: "Rénovation complète" });
    expect(events.map((event) => event.summary)).toEqual(["Client créé depuis un prospect"]);
    const leadHistory = await listActivity(services.db, "lead", lead.id);
    expect(leadHistory).toMatchObject([
      { kind: "converted", summary: "Converti en client", actorEmail: staff.email },
    ]);
    expect(await clientForLead(services.db, lead.id)).toEqual({ id, name: "Camille Convertie" });
    expect((await list("?q=seyne")).items.map((item) => item.id)).toContain(id);

    const again = await call(convertRoute.action, url, { params: { leadId: lead.id }, method: "POST" });
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(location);
    expect(await listActivity(services.db, "lead", lead.id)).toHaveLength(1);

    // A GET has nothing to show: back to the lead.
    const get = await call(convertRoute.loader, url, { params: { leadId: lead.id } });
    expect(get.status).toBe(302);
    expect(get.headers.get("location")).toBe(`/erp/leads/${lead.id}`);
    const unknown = await call(convertRoute.action, "/erp/clients/depuis-prospect/x", {
      params: { leadId: "00000000-0000-4000-8000-000000000000" },
      method: "POST",
    });
    expect(unknown.status).toBe(404);
  });

  it("two conversions at once make one client (the unique lead_submission_id decides)", async () => {
    const lead = await leadWithPhoto("Dominique Simultané", "dominique.simultane@example.fr", "Bandol");
    const url = `/erp/clients/depuis-prospect/${lead.id}`;
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () =>
        call(convertRoute.action, url, { params: { leadId: lead.id }, method: "POST" }),
      ),
    );
    const locations = new Set(outcomes.map((outcome) => outcome.headers.get("location")));
    expect(outcomes.map((outcome) => outcome.status)).toEqual([303, 303, 303, 303, 303]);
    expect(locations.size).toBe(1);
    expect(
      await services.db.select({ n: count() }).from(clients).where(eq(clients.leadSubmissionId, lead.id)),
    ).toEqual([{ n: 1 }]);
    expect(await listActivity(services.db, "lead", lead.id)).toHaveLength(1);
    const [client] = await services.db
      .select({ id: clients.id })
      .from(clients)
      .where(eq(clients.leadSubmissionId, lead.id));
    expect(
      await services.db
        .select({ n: count() })
        .from(clientSites)
        .where(eq(clientSites.clientId, client?.id ?? "")),
    ).toEqual([{ n: 1 }]);
  });
});

describe("GDPR: export, deletion, anonymisation", () => {
  it("exports the client's data as JSON: client, sites, linked lead, documents' numbers, history", async () => {
    const lead = await leadWithPhoto("Inès Exportée", "ines.exportee@example.fr", "Sanary-sur-Mer");
    const converted = await call(convertRoute.action, `/erp/clients/depuis-prospect/${lead.id}`, {
      params: { leadId: lead.id },
      method: "POST",
    });
    const id = (converted.headers.get("location") ?? "").split("/").pop() ?? "";
    const issued = await issueQuote(id);

    const outcome = await call(exportRoute.loader, `/api/erp/clients/${id}/export.json`, { params: { id } });
    expect(outcome.status).toBe(200);
    const response = outcome.data as Response;
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="client-[0-9a-f]{8}-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    const content = await response.json();
    expect(content.export.par).toBe(staff.email);
    expect(content.client).toMatchObject({
      id,
      type: "Particulier",
      nom: "Inès Exportée",
      email: "ines.exportee@example.fr",
      telephone: "06 44 55 66 77",
      anonymise_le: null,
    });
    expect(content.adresses_chantier).toEqual([
      { nom: null, rue: null, code_postal: null, ville: "Sanary-sur-Mer" },
    ]);
    expect(content.prospect_lie).toBe(lead.id);
    expect(content.documents).toEqual([expect.objectContaining({ type: "Devis", numero: issued.number })]);
    expect(content.historique.map((event: { resume: string }) => event.resume)).toEqual([
      "Client créé depuis un prospect",
      `Devis ${issued.number} émis`,
      "Données exportées (JSON)",
    ]);

    const missing = await call(
      exportRoute.loader,
      "/api/erp/clients/00000000-0000-4000-8000-000000000000/export.json",
      {
        params: { id: "00000000-0000-4000-8000-000000000000" },
      },
    );
    expect(missing.status).toBe(404);
  });

  it("refuses to delete a client with an issued document, saying why; the database refuses too", async () => {
    const id = await createThroughRoute({ name: "Client Facturé", email: "client.facture@example.fr" });
    const issued = await issueQuote(id);
    const outcome = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "supprimer", confirmation: "oui" },
    });
    expect(outcome.status).toBe(409);
    expect(outcome.data).toEqual({
      ok: false,
      intent: "supprimer",
      message: `Ce client a des documents que la loi impose de conserver 10 ans (${issued.number}) : il ne peut pas être supprimé. Vous pouvez l'anonymiser.`,
    });
    expect((await detail(id)).client.documents.map((document) => document.number)).toEqual([issued.number]);
    await expect(services.db.delete(clients).where(eq(clients.id, id))).rejects.toThrow();
    expect(await services.db.select({ n: count() }).from(clients).where(eq(clients.id, id))).toEqual([
      { n: 1 },
    ]);
  });

  it("deletes a client without documents: its record, sites, history, and its lead with the photo files", async () => {
    const lead = await leadWithPhoto("Hugo Supprimé", "hugo.supprime@example.fr", "Ollioules");
    const converted = await call(convertRoute.action, `/erp/clients/depuis-prospect/${lead.id}`, {
      params: { leadId: lead.id },
      method: "POST",
    });
    const id = (converted.headers.get("location") ?? "").split("/").pop() ?? "";
    expect(existsSync(path.join(dataDir, "uploads", ...lead.photoKey.split("/")))).toBe(true);

    const unconfirmed = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "supprimer" },
    });
    expect(unconfirmed.status).toBe(400);
    const unknownIntent = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "note", note: "x" },
    });
    expect(unknownIntent.status).toBe(400);

    const outcome = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "supprimer", confirmation: "oui" },
    });
    expect(outcome.status).toBe(303);
    expect(outcome.headers.get("location")).toBe("/erp/clients");
    expect(outcome.headers.getSetCookie().some((cookie) => cookie.startsWith("batirade.flash="))).toBe(true);
    expect(await services.db.select({ n: count() }).from(clients).where(eq(clients.id, id))).toEqual([
      { n: 0 },
    ]);
    expect(
      await services.db.select({ n: count() }).from(clientSites).where(eq(clientSites.clientId, id)),
    ).toEqual([{ n: 0 }]);
    expect(await listActivity(services.db, "client", id)).toEqual([]);
    expect(await services.db.select().from(erpSubmissions).where(eq(erpSubmissions.id, lead.id))).toEqual([]);
    expect(await listActivity(services.db, "lead", lead.id)).toEqual([]);
    expect(existsSync(path.join(dataDir, "uploads", ...lead.photoKey.split("/")))).toBe(false);
    const gone = await call(detailRoute.loader, `/erp/clients/${id}`, { params: { id } });
    expect(gone.status).toBe(404);
  });

  it("anonymises a client with documents: neutral values, documents and history's structure kept, lead erased", async () => {
    const lead = await leadWithPhoto("Léa Anonyme", "lea.anonyme@example.fr", "Six-Fours-les-Plages");
    const converted = await call(convertRoute.action, `/erp/clients/depuis-prospect/${lead.id}`, {
      params: { leadId: lead.id },
      method: "POST",
    });
    const id = (converted.headers.get("location") ?? "").split("/").pop() ?? "";
    const loaded = await call(editRoute.loader, `/erp/clients/${id}/modifier`, { params: { id } });
    const { sites, ...values } = (loaded.data as Awaited<ReturnType<typeof editRoute.loader>>).values;
    const edited = await call(editRoute.action, `/erp/clients/${id}/modifier`, {
      params: { id },
      form: clientForm(
        {
          ...values,
          notes: "Allergique aux chats",
          billingStreet: "1 rue Sadi",
          billingPostalCode: "83140",
          billingCity: "Six-Fours",
        },
        sites,
      ),
    });
    expect(edited.status).toBe(303);
    const issued = await issueQuote(id);

    const outcome = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "anonymiser", confirmation: "oui" },
    });
    expect(outcome.status).toBe(303);
    expect(outcome.headers.get("location")).toBe(`/erp/clients/${id}`);

    const { client, events } = await detail(id);
    expect(client).toMatchObject({
      name: `Client anonymisé ${id.slice(0, 8)}`,
      email: null,
      phone: null,
      billingStreet: null,
      billingPostalCode: null,
      billingCity: null,
      notes: null,
      leadSubmissionId: null,
      lead: null,
    });
    expect(client.anonymisedAt).not.toBeNull();
    expect(client.sites).toMatchObject([
      { label: null, street: null, postalCode: null, city: "Adresse anonymisée" },
    ]);
    // The documents stay, frozen.
    const [document] = await services.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.clientId, id));
    expect(document).toMatchObject({ number: issued.number, pdfSha256: issued.pdfSha256 });
    expect(client.documents.map((d) => d.number)).toEqual([issued.number]);
    // The history keeps its structure; what it said about changes is gone.
    expect(events.map((event) => event.kind)).toEqual([
      "anonymised",
      "document_issued",
      "updated",
      "created",
    ]);
    expect(events.find((event) => event.kind === "updated")?.summary).toBe(ANONYMISED_SUMMARY);
    // The lead went with its photo file.
    expect(await services.db.select().from(erpSubmissions).where(eq(erpSubmissions.id, lead.id))).toEqual([]);
    expect(
      await services.db
        .select()
        .from(erpSubmissionPhotos)
        .where(eq(erpSubmissionPhotos.submissionId, lead.id)),
    ).toEqual([]);
    expect(existsSync(path.join(dataDir, "uploads", ...lead.photoKey.split("/")))).toBe(false);
    // Nobody finds the person any more; the record cannot be edited.
    expect((await list("?q=lea anonyme")).items).toEqual([]);
    expect((await list("?q=0644556677")).items.map((item) => item.id)).not.toContain(id);
    const edit = await call(editRoute.loader, `/erp/clients/${id}/modifier`, { params: { id } });
    expect(edit.status).toBe(409);
    // Still not deletable; anonymising again changes nothing.
    const deletion = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "supprimer", confirmation: "oui" },
    });
    expect(deletion.status).toBe(409);
    const again = await call(detailRoute.action, `/erp/clients/${id}`, {
      params: { id },
      form: { intent: "anonymiser", confirmation: "oui" },
    });
    expect(again.status).toBe(303);
    expect((await detail(id)).events).toHaveLength(4);
  });
});
