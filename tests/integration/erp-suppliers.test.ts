import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { supplierContacts, suppliers } from "#app/db/schema/purchases.ts";
import { SUPPLIER_MESSAGES } from "#app/features/purchases/supplier-schema.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { BANK_MESSAGES } from "#app/lib/bank.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import * as detailRoute from "#app/routes/erp/achats/fournisseurs/detail.tsx";
import * as editRoute from "#app/routes/erp/achats/fournisseurs/modifier.tsx";
import * as newRoute from "#app/routes/erp/achats/fournisseurs/nouveau.tsx";
import * as listRoute from "#app/routes/erp/achats/index.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The register of suppliers and subcontractors (Achats › Fournisseurs) through its routes, on
// a real database: creation with its contacts and the VAT number derived from the SIREN,
// every refusal at its field with what was typed kept, one supplier per SIREN (two saves
// at once included), a form opened before someone else's save refused, the list's search
// and filters, archiving, and the section closed to site workers.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));

const FORM = {
  intent: "creer",
  kind: "sous_traitant",
  legalName: "Plomberie du Faron SARL",
  siren: "912 345 675",
  vatNumber: "",
  street: "12 avenue de la République",
  postcode: "83 000",
  city: "Toulon",
  country: "FR",
  email: "Contact@Plomberie-Faron.test",
  phone: "04 94 11 22 33",
  paymentTermsDays: "30",
  paymentTermsEndOfMonth: "oui",
  iban: "fr76 3000 6000 0112 3456 7890 189",
  bic: "bnpa frpp",
  defaultVatCode: "autoliquidation",
  trade: "Plomberie",
  notes: "",
  "contacts.0.name": "Nadia Roux",
  "contacts.0.role": "Conductrice de travaux",
  "contacts.0.email": "nadia@plomberie-faron.test",
  "contacts.0.phone": "06 12 34 56 78",
  "contacts.1.name": "",
  "contacts.1.role": "",
  "contacts.1.email": "",
  "contacts.1.phone": "",
};

type Refusal = {
  message: string;
  fieldErrors?: Record<string, string[]>;
  values?: Record<string, string>;
  fix?: { href: string; label: string };
};

async function create(form: Record<string, string>, call = asOwner) {
  return call(newRoute.action, "/erp/achats/fournisseurs/nouveau", { form });
}

const idOf = (outcome: { headers: Headers }) =>
  (outcome.headers.get("location") ?? "").split("/").pop() ?? "";

async function names(query: string, call = asStaff) {
  const outcome = await call(listRoute.loader, `/erp/achats${query}`);
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  return (outcome.data as { items: { legalName: string }[] }).items.map((item) => item.legalName);
}

let faronId: string;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-suppliers-"));
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  staff = await signedInStaff(services, "staff", "bureau@batirade.test");
  worker = await signedInStaff(services, "compagnon", "lucas@batirade.test");
});
afterAll(async () => {
  await close();
});

describe("the register of suppliers", () => {
  it("says the register is empty, with the way to add the first one", async () => {
    const outcome = await asStaff(listRoute.loader, "/erp/achats");
    expect(outcome.data).toMatchObject({ items: [], total: 0, anySupplier: false });
  });

  it("adds a subcontractor: VAT number from its SIREN, IBAN and BIC as the bank reads them, its contact, its history", async () => {
    const outcome = await create(FORM);
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe("Fournisseur ajouté au registre.");
    faronId = idOf(outcome);
    const [stored] = await services.db.select().from(suppliers).where(eq(suppliers.id, faronId));
    expect(stored).toMatchObject({
      kind: "sous_traitant",
      legalName: "Plomberie du Faron SARL",
      siren: "912345675",
      vatNumber: "FR65912345675",
      postcode: "83000",
      email: "contact@plomberie-faron.test",
      paymentTermsDays: 30,
      paymentTermsEndOfMonth: true,
      iban: "FR7630006000011234567890189",
      bic: "BNPAFRPP",
      defaultVatCode: "autoliquidation",
      trade: "Plomberie",
      archivedAt: null,
      revision: 1,
    });
    const contacts = await services.db
      .select()
      .from(supplierContacts)
      .where(eq(supplierContacts.supplierId, faronId));
    expect(contacts).toEqual([
      expect.objectContaining({ name: "Nadia Roux", role: "Conductrice de travaux", position: 0 }),
    ]);
    const page = await asStaff(detailRoute.loader, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
    });
    expect(page.status).toBe(200);
    expect(page.data).toMatchObject({
      supplier: { legalName: "Plomberie du Faron SARL", contacts: [{ name: "Nadia Roux" }] },
      events: [expect.objectContaining({ summary: "Fiche créée : Plomberie du Faron SARL" })],
    });
  });

  it("refuses each wrong field with its message and keeps what was typed", async () => {
    const cases: [Record<string, string>, string, string][] = [
      [{ siren: "912 345 676" }, "siren", SUPPLIER_MESSAGES.siren],
      [{ siren: "12345" }, "siren", SUPPLIER_MESSAGES.siren],
      [{ iban: "FR76 3000 6000 0112 3456 7890 188" }, "iban", BANK_MESSAGES.ibanKey],
      [{ iban: "FR76 3000" }, "iban", BANK_MESSAGES.ibanLength("FR", 27)],
      [{ bic: "BNPA" }, "bic", BANK_MESSAGES.bicFormat],
      [{ bic: "DEUTDEFF" }, "bic", BANK_MESSAGES.bicCountry("DE", "FR")],
      [{ legalName: "  " }, "legalName", SUPPLIER_MESSAGES.legalName],
      [{ kind: "grossiste" }, "kind", SUPPLIER_MESSAGES.kind],
      [{ vatNumber: "FR66912345675" }, "vatNumber", SUPPLIER_MESSAGES.vatKey],
      [{ siren: "912 345 675", vatNumber: "FR44732829320" }, "vatNumber", SUPPLIER_MESSAGES.vatSiren],
      [{ vatNumber: "DE12" }, "vatNumber", SUPPLIER_MESSAGES.vatFormat],
      [{ postcode: "8300" }, "postcode", SUPPLIER_MESSAGES.postcode],
      [{ country: "France" }, "country", SUPPLIER_MESSAGES.country],
      [
        { paymentTermsDays: "90", paymentTermsEndOfMonth: "" },
        "paymentTermsDays",
        SUPPLIER_MESSAGES.termsDays,
      ],
      [{ paymentTermsDays: "60" }, "paymentTermsDays", SUPPLIER_MESSAGES.termsEndOfMonth],
      [{ paymentTermsDays: "trente" }, "paymentTermsDays", SUPPLIER_MESSAGES.termsDays],
      [{ defaultVatCode: "7" }, "defaultVatCode", SUPPLIER_MESSAGES.vatCode],
      [{ email: "pas-une-adresse" }, "email", SUPPLIER_MESSAGES.email],
      [{ phone: "12" }, "phone", SUPPLIER_MESSAGES.phone],
      [{ "contacts.0.name": "" }, "contacts.0.name", SUPPLIER_MESSAGES.contactName],
      [{ "contacts.1.email": "x@" }, "contacts.1.email", SUPPLIER_MESSAGES.email],
      [{ trade: "Plom\u0000berie" }, "trade", TEXT_RULE_MESSAGES.controlCharacters],
    ];
    const before = (await services.db.select().from(suppliers)).length;
    for (const [change, field, message] of cases) {
      const outcome = await create({ ...FORM, siren: "", legalName: "Refusé", ...change });
      expect(outcome.status, `${field}: ${JSON.stringify(outcome.data)}`).toBe(400);
      const refusal = outcome.data as Refusal;
      expect(refusal.fieldErrors?.[field]?.[0], field).toBe(message);
      expect(refusal.values?.street).toBe(FORM.street);
      expect(refusal.values?.["contacts.0.role"]).toBe("Conductrice de travaux");
    }
    expect((await services.db.select().from(suppliers)).length).toBe(before);
  });

  it("accepts a foreign supplier with its own VAT number and phone, and no SIREN", async () => {
    const outcome = await create({
      ...FORM,
      kind: "loueur",
      legalName: "Andamios Levante SL",
      siren: "",
      vatNumber: "ESB12345678",
      postcode: "03001",
      city: "Alicante",
      country: "es",
      phone: "+34 965 12 34 56",
      iban: "ES91 2100 0418 4502 0005 1332",
      bic: "CAIXESBB",
      paymentTermsDays: "45",
      paymentTermsEndOfMonth: "",
      defaultVatCode: "20",
      trade: "",
      "contacts.0.name": "",
      "contacts.0.role": "",
      "contacts.0.email": "",
      "contacts.0.phone": "",
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const [stored] = await services.db
      .select()
      .from(suppliers)
      .where(eq(suppliers.id, idOf(outcome)));
    expect(stored).toMatchObject({
      country: "ES",
      siren: null,
      vatNumber: "ESB12345678",
      iban: "ES9121000418450200051332",
    });
  });

  it("keeps one supplier per SIREN: the refusal names the other and links to it, even for two saves at once", async () => {
    const duplicate = await create({ ...FORM, legalName: "Faron bis" });
    expect(duplicate.status).toBe(409);
    const refusal = duplicate.data as Refusal;
    expect(refusal.fieldErrors?.siren).toEqual([SUPPLIER_MESSAGES.sirenTaken("Plomberie du Faron SARL")]);
    expect(refusal.fix?.href).toBe(`/erp/achats/fournisseurs/${faronId}`);
    expect(refusal.values?.legalName).toBe("Faron bis");

    // Two people register the same new company at the same instant: one record.
    const race = { ...FORM, siren: "402 123 459", vatNumber: "" };
    const outcomes = await Promise.all([
      create({ ...race, legalName: "Maçonnerie Varoise" }),
      create({ ...race, legalName: "Maçonnerie Varoise SAS" }, asStaff),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    expect(await services.db.select().from(suppliers).where(eq(suppliers.siren, "402123459"))).toHaveLength(
      1,
    );
  });

  it("saves an edit with the fields it changed in the history, and refuses a form opened before someone else's save", async () => {
    const form = await asStaff(editRoute.loader, `/erp/achats/fournisseurs/${faronId}/modifier`, {
      params: { id: faronId },
    });
    expect(form.status).toBe(200);
    const { revision, values } = form.data as { revision: number; values: Record<string, string> };
    expect(values).toMatchObject({
      siren: "912345675",
      iban: "FR76 3000 6000 0112 3456 7890 189",
      paymentTermsEndOfMonth: "oui",
      "contacts.0.name": "Nadia Roux",
    });
    const saved = await asStaff(editRoute.action, `/erp/achats/fournisseurs/${faronId}/modifier`, {
      params: { id: faronId },
      form: {
        ...values,
        intent: "modifier",
        revision: String(revision),
        paymentTermsDays: "45",
        "contacts.1.name": "Service comptable",
        "contacts.1.email": "compta@plomberie-faron.test",
      },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    expect(readFlash(saved)?.message).toBe("Fiche du fournisseur enregistrée.");
    const [stored] = await services.db.select().from(suppliers).where(eq(suppliers.id, faronId));
    expect(stored).toMatchObject({ paymentTermsDays: 45, revision: revision + 1 });
    const page = await asOwner(detailRoute.loader, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
    });
    const detail = page.data as { supplier: { contacts: { name: string }[] }; events: { summary: string }[] };
    expect(detail.supplier.contacts.map((contact) => contact.name)).toEqual([
      "Nadia Roux",
      "Service comptable",
    ]);
    expect(detail.events[0]?.summary).toBe("Fiche modifiée : délai de paiement, contacts");

    // The owner's form was opened at the old revision: refused, nothing written, what was typed kept.
    const stale = await asOwner(editRoute.action, `/erp/achats/fournisseurs/${faronId}/modifier`, {
      params: { id: faronId },
      form: { ...values, intent: "modifier", revision: String(revision), notes: "Périmé" },
    });
    expect(stale.status).toBe(409);
    const refusal = stale.data as Refusal;
    expect(refusal.message).toContain(
      "Cette fiche a été modifiée par quelqu'un d'autre (bureau@batirade.test)",
    );
    expect(refusal.values?.notes).toBe("Périmé");
    const [after] = await services.db.select().from(suppliers).where(eq(suppliers.id, faronId));
    expect(after).toMatchObject({ notes: "", revision: revision + 1 });
  });

  it("masks the IBAN in the history when it changes", async () => {
    const form = await asOwner(editRoute.loader, `/erp/achats/fournisseurs/${faronId}/modifier`, {
      params: { id: faronId },
    });
    const { revision, values } = form.data as { revision: number; values: Record<string, string> };
    const saved = await asOwner(editRoute.action, `/erp/achats/fournisseurs/${faronId}/modifier`, {
      params: { id: faronId },
      form: {
        ...values,
        intent: "modifier",
        revision: String(revision),
        iban: "FR1420041010050500013M02606",
        bic: "PSSTFRPP",
      },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const page = await asOwner(detailRoute.loader, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
    });
    const summary = (page.data as { events: { summary: string }[] }).events[0]?.summary ?? "";
    expect(summary).toBe("Fiche modifiée : IBAN (FR14 •••• •••• 2606), BIC");
    expect(summary).not.toContain("20041010050500013");
  });

  it("finds suppliers by name, SIREN (spaces or not) and town, filters by kind, and refuses an unknown filter", async () => {
    await create({
      ...FORM,
      kind: "fournisseur",
      legalName: "Négoce Matériaux du Var",
      siren: "732829320",
      city: "La Seyne-sur-Mer",
      postcode: "83500",
      defaultVatCode: "20",
      trade: "",
    });
    // By name A → Z; the race's winner is one of two names: it is left out of this check.
    const all = (await names("")).filter((name) => !name.startsWith("Maçonnerie"));
    expect(all).toEqual(["Andamios Levante SL", "Négoce Matériaux du Var", "Plomberie du Faron SARL"]);
    expect(await names("?q=negoce")).toEqual(["Négoce Matériaux du Var"]);
    expect(await names("?q=732%20829%20320")).toEqual(["Négoce Matériaux du Var"]);
    expect(await names("?q=732829320")).toEqual(["Négoce Matériaux du Var"]);
    expect(await names("?q=seyne")).toEqual(["Négoce Matériaux du Var"]);
    expect(await names("?q=toulon&type=sous_traitant")).toEqual(
      expect.arrayContaining(["Plomberie du Faron SARL"]),
    );
    expect(await names("?type=loueur")).toEqual(["Andamios Levante SL"]);
    expect(await names("?q=introuvable")).toEqual([]);
    const nothing = await asStaff(listRoute.loader, "/erp/achats?q=introuvable");
    expect(nothing.data).toMatchObject({ total: 0, anySupplier: true });
    // Another supplier's SIREN refused on an edit too, naming it, nothing written.
    const [negoce] = await services.db.select().from(suppliers).where(eq(suppliers.siren, "732829320"));
    const negoceId = negoce?.id ?? "";
    const form = await asStaff(editRoute.loader, `/erp/achats/fournisseurs/${negoceId}/modifier`, {
      params: { id: negoceId },
    });
    const { revision, values } = form.data as { revision: number; values: Record<string, string> };
    const taken = await asStaff(editRoute.action, `/erp/achats/fournisseurs/${negoceId}/modifier`, {
      params: { id: negoceId },
      form: { ...values, intent: "modifier", revision: String(revision), siren: "912345675", vatNumber: "" },
    });
    expect(taken.status).toBe(409);
    expect((taken.data as Refusal).fix?.href).toBe(`/erp/achats/fournisseurs/${faronId}`);
    const [unchanged] = await services.db.select().from(suppliers).where(eq(suppliers.id, negoceId));
    expect(unchanged).toMatchObject({ siren: "732829320", revision });
    expect((await asStaff(listRoute.loader, "/erp/achats?type=grossiste")).status).toBe(400);
    expect((await asStaff(listRoute.loader, "/erp/achats?statut=perdus")).status).toBe(400);
  });

  it("archives a supplier out of the list, shows it on request, and restores it", async () => {
    const archive = await asStaff(detailRoute.action, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
      form: { intent: "archiver" },
    });
    expect(archive.status, JSON.stringify(archive.data)).toBe(303);
    expect(readFlash(archive)?.message).toContain("est archivé");
    expect(await names("?q=faron")).toEqual([]);
    expect(await names("?q=faron&statut=archives")).toEqual(["Plomberie du Faron SARL"]);
    expect(await names("?q=faron&statut=tous")).toEqual(["Plomberie du Faron SARL"]);
    const again = await asStaff(detailRoute.action, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
      form: { intent: "archiver" },
    });
    expect(readFlash(again)?.message).toBe("Ce fournisseur était déjà archivé.");
    const restore = await asOwner(detailRoute.action, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
      form: { intent: "restaurer" },
    });
    expect(restore.status).toBe(303);
    expect(await names("?q=faron")).toEqual(["Plomberie du Faron SARL"]);
    const page = await asOwner(detailRoute.loader, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
    });
    expect(
      (page.data as { events: { summary: string }[] }).events.slice(0, 2).map((event) => event.summary),
    ).toEqual(["Fournisseur restauré dans le registre", "Fournisseur archivé"]);
    const unknown = await asOwner(detailRoute.action, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
      form: { intent: "supprimer" },
    });
    expect(unknown.status).toBe(400);
  });

  it("is closed to site workers and answers 404 for an unknown or malformed id", async () => {
    const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));
    expect((await asWorker(listRoute.loader, "/erp/achats")).status).toBe(403);
    expect((await create(FORM, asWorker)).status).toBe(403);
    expect(
      (
        await asWorker(detailRoute.loader, `/erp/achats/fournisseurs/${faronId}`, {
          params: { id: faronId },
        })
      ).status,
    ).toBe(403);
    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [missing, "pas-un-id"]) {
      const page = await asOwner(detailRoute.loader, `/erp/achats/fournisseurs/${id}`, { params: { id } });
      expect(page.status).toBe(404);
      expect(page.data).toMatchObject({ message: SUPPLIER_MESSAGES.notFound });
      const edit = await asOwner(editRoute.loader, `/erp/achats/fournisseurs/${id}/modifier`, {
        params: { id },
      });
      expect(edit.status).toBe(404);
      const post = await asOwner(editRoute.action, `/erp/achats/fournisseurs/${id}/modifier`, {
        params: { id },
        form: { ...FORM, siren: "", intent: "modifier", revision: "1" },
      });
      expect(post.status).toBe(404);
    }
  });
});
