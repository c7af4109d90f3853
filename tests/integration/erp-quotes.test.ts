import { createHash } from "node:crypto";
import { desc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients, issuedDocuments } from "#app/db/schema/clients.ts";
import { erpLeads } from "#app/db/schema/leads.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { quoteLinks, quotes } from "#app/db/schema/quotes.ts";
import { companySettings } from "#app/db/schema/settings.ts";
import { anonymiseClient, exportClientData } from "#app/features/clients/gdpr.server.ts";
import { type QuoteDraftInput, toDraftInput } from "#app/features/quotes/content.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import { addDays, formatDate, parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/devis/detail.tsx";
import * as listRoute from "#app/routes/erp/devis/index.tsx";
import * as newRoute from "#app/routes/erp/devis/nouveau.tsx";
import * as pdfRoute from "#app/routes/erp/devis/pdf.ts";
import * as docsNewRoute from "#app/routes/erp/docs/nouveau.tsx";
import { seedCompliance } from "#tests/helpers/compliance.ts";
import { attachPhoto, insertQuoteRequest, jpeg } from "#tests/helpers/leads.ts";
import { flattenSpaces, readPdf } from "#tests/helpers/pdf-text.ts";
import { filledDraft, fillQuoteSettings, insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// The quotes' lifecycle through their routes, on a real database (PGlite here,
// PostgreSQL in CI's second pass): creation from a client or a lead, saving, the
// list, sending (number, frozen PDF, e-mail with the client's link), versions.
// 401/403 for every route: tests/integration/erp-route-guard.test.ts.

let services: AppServices;
let close: () => Promise<void>;
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-quotes-"));
  staff = await signedInStaff(services, "staff", "devis@batirade.test");
  await fillQuoteSettings(services.db);
  await seedCompliance(services.db, { rge: { number: "E-E182736", validUntil: addDays(parisDay(), 90) } });
});
afterAll(() => close());

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

/** The notice a redirect carries to the next page, read as that page will read it. */
function flashOf(headers: Headers) {
  const cookie = headers
    .getSetCookie()
    .map((header) => header.split(";")[0] ?? "")
    .join("; ");
  return readFlash(new Request("http://localhost/erp", { headers: { cookie } })).flash;
}

function newClient(values: Partial<typeof clients.$inferInsert> = {}): Promise<string> {
  return insertClient(services.db, values);
}

async function createQuoteFor(clientId: string): Promise<string> {
  const outcome = await call(newRoute.action, "/erp/devis/nouveau", { form: { clientId } });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
  const location = outcome.headers.get("location") ?? "";
  expect(location).toMatch(/^\/erp\/devis\/[0-9a-f-]{36}$/);
  return location.split("/").pop() ?? "";
}

async function load(id: string) {
  const outcome = await call(detailRoute.loader, `/erp/devis/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as Awaited<ReturnType<typeof detailRoute.loader>>;
}

function save(id: string, draft: QuoteDraftInput, revision: number) {
  return call(detailRoute.action, `/erp/devis/${id}`, {
    params: { id },
    form: { intent: "enregistrer", revision: String(revision), draft: JSON.stringify(draft) },
  });
}

function intent(id: string, name: string) {
  return call(detailRoute.action, `/erp/devis/${id}`, {
    params: { id },
    form: { intent: name, confirmation: "oui" },
  });
}

describe("creating a quote", () => {
  it("from a client: a draft without number, the client's address as the site, the terms from the settings", async () => {
    const clientId = await newClient();
    const id = await createQuoteFor(clientId);
    const page = await load(id);
    expect(page.quote.status).toBe("brouillon");
    expect(page.quote.number).toBeNull();
    expect(page.draft?.site).toEqual({ street: "12 rue des Lilas", postalCode: "83000", city: "Toulon" });
    const [settings] = await services.db.select().from(companySettings);
    expect(page.draft?.terms.validityDays).toBe(String(settings?.quoteValidityDays));
    expect(page.draft?.terms.paymentTerms).toBe(settings?.paymentTermsText);
    // Nothing to send yet: no line.
    expect(page.missing).toContain("Le devis ne compte aucune ligne chiffrée (hors options).");
  });

  it("from a lead: the lead becomes a client once, its description and photos follow the quote", async () => {
    const leadId = await insertQuoteRequest(services.db, {
      nom: "Karim Benali",
      email: "karim.benali@example.fr",
      type_projet: "Salle de bain",
      message: "Refaire la salle de bains, douche à l'italienne.",
    });
    await services.db.insert(erpLeads).values({ submissionId: leadId, town: "Six-Fours-les-Plages" });
    await attachPhoto(services.db, services.storage, leadId, await jpeg());
    const first = await call(newRoute.action, "/erp/devis/nouveau", { form: { prospect: leadId } });
    expect(first.status).toBe(303);
    // The notice names what was taken over; the public form asks for no address.
    expect(flashOf(first.headers)).toEqual({
      tone: "success",
      message:
        "Le prospect est devenu client (nom, e-mail, téléphone, commune) et son devis est ouvert avec le type de travaux, la description et les photos de sa demande. La demande ne donne pas l'adresse du chantier : complétez-la.",
    });
    const second = await call(newRoute.action, "/erp/devis/nouveau", { form: { prospect: leadId } });
    expect(second.status).toBe(303);
    const linked = await services.db.select().from(clients).where(eq(clients.leadSubmissionId, leadId));
    expect(linked).toHaveLength(1);
    const id = (first.headers.get("location") ?? "").split("/").pop() ?? "";
    const page = await load(id);
    expect(page.quote.title).toBe("Salle de bain — Six-Fours-les-Plages");
    expect(page.draft?.description).toBe("Refaire la salle de bains, douche à l'italienne.");
    expect(page.photos).toHaveLength(1);
    expect(page.client.name).toBe("Karim Benali");
    const [client] = linked;
    expect([client?.email, client?.phone]).toEqual(["karim.benali@example.fr", "06 12 34 56 78"]);
    expect(page.draft?.site).toEqual({ street: "", postalCode: "", city: "Six-Fours-les-Plages" });
    expect(flashOf(second.headers)?.message).toBe("Devis créé pour ce client, à partir de sa demande.");
  });

  it("for a business client who subcontracts to the company, starts in reverse charge", async () => {
    const contractor = await newClient({
      kind: "entreprise",
      name: "Bâtiments du Faron",
      legalName: "BATIMENTS DU FARON",
      siren: "912345675",
      vatNumber: "FR65912345675",
      mainContractor: true,
    });
    expect((await load(await createQuoteFor(contractor))).draft?.reverseCharge).toBe(true);
    const direct = await newClient({ kind: "entreprise", name: "Syndic Azur", legalName: "SYNDIC AZUR" });
    expect((await load(await createQuoteFor(direct))).draft?.reverseCharge).toBe(false);
  });

  it("refuses an unknown client and an unknown lead with a 4xx", async () => {
    const unknown = await call(newRoute.action, "/erp/devis/nouveau", {
      form: { clientId: "00000000-0000-4000-8000-000000000000" },
    });
    expect(unknown.status).toBe(409);
    const badLead = await call(newRoute.action, "/erp/devis/nouveau", { form: { prospect: "pas-un-id" } });
    expect(badLead.status).toBe(404);
    const nothing = await call(newRoute.action, "/erp/devis/nouveau", { form: {} });
    expect(nothing.status).toBe(400);
  });
});

describe("saving a draft", () => {
  it("stores the content and the totals computed by the server", async () => {
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    const outcome = await save(id, draft, page.quote.revision);
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
    expect(outcome.data).toEqual({ ok: true, revision: page.quote.revision + 1 });
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    // 350,00 + 12,5 × 45,50 = 350,00 + 568,75 = 918,75 HT at 10 % → VAT 91,88 (on the sum), TTC 1 010,63.
    expect(row?.totalHtCents).toBe(91_875);
    expect(row?.totalVatCents).toBe(9_188);
    expect(row?.totalTtcCents).toBe(101_063);
    expect(row?.content.lots[1]?.lines[0]).toMatchObject({ quantity: 12_500, unitPriceHt: 4_550 });
    const reloaded = await load(id);
    expect(toDraftInput(reloaded.quote.content).lots[1]?.lines[0]).toMatchObject({
      quantity: "12,5",
      unitPriceHt: "45,50",
    });
  });

  it("refuses bad input with a message at each field, and changes nothing", async () => {
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    const broken = structuredClone(draft);
    const line = broken.lots[1]?.lines[0];
    if (line?.kind !== "item") throw new Error("ligne attendue");
    line.quantity = "12,5678";
    broken.site.postalCode = "830";
    broken.terms.validityDays = "0";
    const outcome = await save(id, broken, page.quote.revision);
    expect(outcome.status).toBe(400);
    const data = outcome.data as { fieldErrors: Record<string, string[]> };
    expect(data.fieldErrors["lots.1.lines.0.quantity"]).toEqual(["Trois décimales au plus."]);
    expect(data.fieldErrors["site.postalCode"]).toEqual(["Le code postal doit compter 5 chiffres."]);
    expect(data.fieldErrors["terms.validityDays"]?.[0]).toMatch(/validité/);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.revision).toBe(page.quote.revision);
    expect(row?.content.lots[0]?.lines).toEqual([]);
  });

  it("refuses a save over an older revision (409), and a draft that is not JSON (400)", async () => {
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    expect((await save(id, draft, page.quote.revision)).status).toBe(200);
    const stale = await save(id, { ...draft, title: "Autre titre" }, page.quote.revision);
    expect(stale.status).toBe(409);
    expect((stale.data as { formError: string }).formError).toMatch(/modifié ailleurs/);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.title).toBe("Rénovation de la salle de bains");
    const garbage = await call(detailRoute.action, `/erp/devis/${id}`, {
      params: { id },
      form: { intent: "enregistrer", revision: "2", draft: "{pas du json" },
    });
    expect(garbage.status).toBe(400);
  });
});

describe("sending", () => {
  it("refuses with the list of what is missing, and changes nothing", async () => {
    const clientId = await newClient({ billingStreet: null, email: null });
    const id = await createQuoteFor(clientId);
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    draft.site.street = "";
    expect((await save(id, draft, page.quote.revision)).status).toBe(200);
    const outcome = await intent(id, "envoyer");
    expect(outcome.status).toBe(400);
    const missing = (outcome.data as { missing: string[] }).missing;
    expect(missing).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/adresse du client est incomplète/),
        expect.stringMatching(/pas d'adresse e-mail/),
        expect.stringMatching(/adresse du chantier est incomplète/),
      ]),
    );
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.status).toBe("brouillon");
    expect(row?.number).toBeNull();
  });

  it("links each missing fact to its field: the client's page, the editor, the settings", async () => {
    const clientId = await newClient({ billingStreet: null, email: null });
    const id = await createQuoteFor(clientId);
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    draft.site.street = "";
    expect((await save(id, draft, page.quote.revision)).status).toBe(200);
    await seedCompliance(services.db, { decennaleUntil: null });
    try {
      const expected = [
        {
          message:
            "L'adresse du client est incomplète : complétez-la sur sa fiche (rue, code postal, ville).",
          href: `/erp/clients/${clientId}/modifier#client-billing-street`,
        },
        {
          message: "Le client n'a pas d'adresse e-mail : ajoutez-la sur sa fiche pour lui envoyer le devis.",
          href: `/erp/clients/${clientId}/modifier#client-email`,
        },
        {
          message: "L'adresse du chantier est incomplète : indiquez la rue, le code postal et la commune.",
          href: "#devis-site-street",
        },
        {
          message:
            "La date de fin de validité de l'assurance décennale est à renseigner : joignez l'attestation dans le registre des documents.",
          href: "/erp/docs/nouveau?type=decennale",
        },
      ];
      // The checklist of the page, and the refusal of « Envoyer au client », for an owner.
      const owner = await signedInStaff(services, "owner", "gerant-devis@batirade.test");
      const asOwner = await call(detailRoute.loader, `/erp/devis/${id}`, {
        params: { id },
        cookie: owner.cookie,
      });
      expect((asOwner.data as { problems: unknown }).problems).toEqual(expected);
      const outcome = await call(detailRoute.action, `/erp/devis/${id}`, {
        params: { id },
        form: { intent: "envoyer", confirmation: "oui" },
        cookie: owner.cookie,
      });
      expect(outcome.status).toBe(400);
      expect((outcome.data as { problems: unknown }).problems).toEqual(expected);
      // A member who may not open the settings reads the same reasons, the settings' without a link.
      const withoutSettings = expected.map((item) =>
        item.href.startsWith("/erp/parametres") ? { ...item, href: null } : item,
      );
      expect((await load(id)).problems).toEqual(withoutSettings);
      expect(((await intent(id, "envoyer")).data as { problems: unknown }).problems).toEqual(withoutSettings);
    } finally {
      await fillQuoteSettings(services.db);
    }
  });

  it("refuses a quote without its estimated start and duration (arrêté of 24 January 2017)", async () => {
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    draft.terms.startOn = "";
    draft.terms.duration = "";
    expect((await save(id, draft, page.quote.revision)).status).toBe(200);
    const outcome = await intent(id, "envoyer");
    expect(outcome.status).toBe(400);
    expect((outcome.data as { problems: unknown }).problems).toEqual([
      {
        message: "Indiquez la date de début estimée des travaux (arrêté du 24 janvier 2017).",
        href: "#devis-terms-startOn",
      },
      {
        message: "Indiquez la durée estimée des travaux (arrêté du 24 janvier 2017).",
        href: "#devis-terms-duration",
      },
    ]);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    expect(row?.status).toBe("brouillon");
    // Filled in, the same quote goes.
    const saved = await load(id);
    draft.terms.startOn = addDays(parisDay(), 14);
    draft.terms.duration = "10 jours";
    expect((await save(id, draft, saved.quote.revision)).status).toBe(200);
    expect((await intent(id, "envoyer")).status).toBe(303);
  });

  it("warns, without refusing, that a deposit will need the bank details", async () => {
    const [settings] = await services.db.select().from(companySettings);
    expect(settings?.iban).toBeNull();
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    expect((await save(id, draft, page.quote.revision)).status).toBe(200);
    expect((await load(id)).warnings).toEqual([]);
    const withDeposit = await load(id);
    draft.terms.deposit = { kind: "percent", value: "30" };
    expect((await save(id, draft, withDeposit.quote.revision)).status).toBe(200);
    const warned = await load(id);
    const message =
      "Le devis demande un acompte : la facture d'acompte devra porter les coordonnées bancaires (titulaire, IBAN, BIC). Renseignez-les dans les paramètres de l'entreprise.";
    expect(warned.warnings).toEqual([{ message, href: null }]);
    const owner = await signedInStaff(services, "owner", "gerant-acompte@batirade.test");
    const asOwner = await call(detailRoute.loader, `/erp/devis/${id}`, {
      params: { id },
      cookie: owner.cookie,
    });
    expect((asOwner.data as { warnings: unknown }).warnings).toEqual([
      { message, href: "/erp/parametres#bankAccountHolder" },
    ]);
    expect(warned.problems).toEqual([]);
    expect((await intent(id, "envoyer")).status).toBe(303);
  });

  it("refuses while the register's décennale has expired, and sends once the renewal is filed in the register", async () => {
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    expect((await save(id, filledDraft(page.draft as QuoteDraftInput), page.quote.revision)).status).toBe(
      200,
    );
    await seedCompliance(services.db, { decennaleUntil: addDays(parisDay(), -1) });
    try {
      const refused = await intent(id, "envoyer");
      expect(refused.status).toBe(400);
      expect((refused.data as { problems: unknown }).problems).toEqual([
        {
          message: `L'assurance décennale a expiré le ${formatDate(addDays(parisDay(), -1))} : ajoutez la nouvelle attestation au registre des documents.`,
          href: "/erp/docs/nouveau?type=decennale",
        },
      ]);
      const [stillDraft] = await services.db.select().from(quotes).where(eq(quotes.id, id));
      expect(stillDraft?.status).toBe("brouillon");
      // The renewal through the register's own form (where the refusal links): kind chosen, new file.
      const form = new FormData();
      const renewal = {
        kind: "decennale",
        label: "",
        issuer: "SMABTP",
        number: "DEC-2027-000042",
        issuerAddress: "8 rue Louis Armand, 75015 Paris",
        coverage: "France métropolitaine",
        validFrom: parisDay(),
        validUntil: addDays(parisDay(), 365),
        notes: "",
      };
      for (const [name, value] of Object.entries(renewal)) form.set(name, value);
      form.set(
        "file",
        new File(
          [Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n")],
          "decennale-2027.pdf",
          {
            type: "application/pdf",
          },
        ),
      );
      const filed = await call(docsNewRoute.action, "/erp/docs/nouveau?type=decennale", {
        method: "POST",
        body: form,
      });
      expect(filed.status, JSON.stringify(filed.data)).toBe(303);
      expect(flashOf(filed.headers)?.message).toContain("Document renouvelé");
      expect((await load(id)).problems).toEqual([]);
      expect((await intent(id, "envoyer")).status).toBe(303);
      // The frozen PDF prints the renewed policy.
      const pdf = await call(pdfRoute.loader, `/erp/devis/${id}/pdf`, { params: { id } });
      const served = Buffer.from(await (pdf.data as Response).arrayBuffer());
      const printed = flattenSpaces((await readPdf(served)).pages.join(" "));
      expect(printed).toContain(
        "Assurance décennale : SMABTP, 8 rue Louis Armand, 75015 Paris, contrat n° DEC-2027-000042, couverture : France métropolitaine",
      );
    } finally {
      await fillQuoteSettings(services.db);
    }
  });

  it("refuses a line at 5,5 % while the register's RGE has expired, and accepts it with a valid certificate", async () => {
    const id = await createQuoteFor(await newClient());
    const page = await load(id);
    const draft = filledDraft(page.draft as QuoteDraftInput);
    const first = draft.lots[0]?.lines[0];
    if (first?.kind !== "item") throw new Error("ligne chiffrée attendue");
    first.vatCode = "5.5";
    expect((await save(id, draft, page.quote.revision)).status).toBe(200);
    const ended = addDays(parisDay(), -3);
    await seedCompliance(services.db, { rge: { number: "E-E182736", validUntil: ended } });
    try {
      const refused = await intent(id, "envoyer");
      expect(refused.status).toBe(400);
      expect((refused.data as { problems: unknown }).problems).toEqual([
        {
          message: `La qualification RGE n° E-E182736 a expiré le ${formatDate(ended)} : une ligne à 5,5 % ne peut pas être proposée. Ajoutez le nouveau certificat au registre des documents.`,
          href: "/erp/docs/nouveau?type=rge",
        },
      ]);
      // No RGE in the register at all: the same line asks for one.
      await seedCompliance(services.db, { rge: null });
      expect((await load(id)).problems).toEqual([
        {
          message:
            "Une ligne à 5,5 % demande une qualification RGE : ajoutez le certificat RGE au registre des documents.",
          href: "/erp/docs/nouveau?type=rge",
        },
      ]);
    } finally {
      await seedCompliance(services.db, {
        rge: { number: "E-E182736", validUntil: addDays(parisDay(), 90) },
      });
    }
    expect((await load(id)).problems).toEqual([]);
  });

  it("numbers, freezes, stores the PDF once and e-mails the client a link; versions keep the number", async () => {
    const leadId = await insertQuoteRequest(services.db, {
      nom: "Lucie Fabre",
      email: "lucie.fabre@example.fr",
    });
    const created = await call(newRoute.action, "/erp/devis/nouveau", { form: { prospect: leadId } });
    const id = (created.headers.get("location") ?? "").split("/").pop() ?? "";
    const [client] = await services.db.select().from(clients).where(eq(clients.leadSubmissionId, leadId));
    await services.db
      .update(clients)
      .set({ billingStreet: "3 avenue Foch", billingPostalCode: "83000", billingCity: "Toulon" })
      .where(eq(clients.id, client?.id ?? ""));
    const page = await load(id);
    expect((await save(id, filledDraft(page.draft as QuoteDraftInput), page.quote.revision)).status).toBe(
      200,
    );

    const sent = await intent(id, "envoyer");
    expect(sent.status, JSON.stringify(sent.data)).toBe(303);
    const [row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    const year = parisDay().slice(0, 4);
    expect(row?.status).toBe("envoye");
    expect(row?.number).toMatch(new RegExp(`^DEV-${year}-\\d{4}$`));
    expect(row?.sentTo).toBe("lucie.fabre@example.fr");
    expect(row?.validUntil).toBe(addDays(parisDay(), row?.content.terms.validityDays ?? 0));

    // The PDF is stored once; its SHA-256 is on the quote and in the register.
    const stored = await services.storage.get(row?.pdfStorageKey ?? "");
    const sha = createHash("sha256").update(stored).digest("hex");
    expect(row?.pdfSha256).toBe(sha);
    const [register] = await services.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.number, row?.number ?? ""));
    expect(register?.pdfSha256).toBe(sha);
    const { pages } = await readPdf(stored);
    expect(pages.join(" ")).toContain(row?.number ?? "?");

    // The PDF route gives those exact bytes.
    const pdf = await call(pdfRoute.loader, `/erp/devis/${id}/pdf`, { params: { id } });
    expect(pdf.status).toBe(200);
    const served = Buffer.from(await (pdf.data as Response).arrayBuffer());
    expect(createHash("sha256").update(served).digest("hex")).toBe(sha);

    // The e-mail: to the client, the PDF attached, the link to /accord/{token} whose hash is stored.
    const [mail] = await services.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "quote.sent"))
      .orderBy(desc(outboxMessages.createdAt))
      .limit(1);
    expect(mail?.payload.to).toBe("lucie.fabre@example.fr");
    expect(mail?.payload.attachments?.[0]).toMatchObject({
      contentType: "application/pdf",
      storageKey: row?.pdfStorageKey,
    });
    const token = /\/accord\/([A-Za-z0-9_-]+)/.exec(mail?.payload.text ?? "")?.[1] ?? "";
    expect(token.length).toBeGreaterThanOrEqual(43);
    const [link] = await services.db.select().from(quoteLinks).where(eq(quoteLinks.quoteId, id));
    expect(link?.tokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(link)).not.toContain(token);

    // The lead follows.
    const [lead] = await services.db.select().from(erpLeads).where(eq(erpLeads.submissionId, leadId));
    expect(lead?.status).toBe("devis_envoye");

    // Frozen: saving, sending again and the database itself refuse a change.
    expect((await save(id, filledDraft(page.draft as QuoteDraftInput), row?.revision ?? 0)).status).toBe(409);
    expect((await intent(id, "envoyer")).status).toBe(409);
    await expect(
      services.db.execute(sql`update quotes set total_ht_cents = 1 where id = ${id}`),
    ).rejects.toThrow();
    await expect(services.db.execute(sql`delete from quotes where id = ${id}`)).rejects.toThrow();

    // « Renvoyer »: the same PDF, a new link.
    expect((await intent(id, "renvoyer")).status).toBe(303);
    const links = await services.db.select().from(quoteLinks).where(eq(quoteLinks.quoteId, id));
    expect(links).toHaveLength(2);

    // « Modifier »: version 2 under the same number; sending it replaces version 1.
    const revised = await intent(id, "modifier");
    expect(revised.status).toBe(303);
    const v2 = (revised.headers.get("location") ?? "").split("/").pop() ?? "";
    expect(v2).not.toBe(id);
    const again = await intent(id, "modifier");
    expect((again.headers.get("location") ?? "").split("/").pop()).toBe(v2);
    const v2Page = await load(v2);
    expect(v2Page.quote.version).toBe(2);
    expect(v2Page.quote.status).toBe("brouillon");
    const v2Draft = v2Page.draft as QuoteDraftInput;
    expect(
      (await save(v2, { ...v2Draft, title: "Salle de bains, version revue" }, v2Page.quote.revision)).status,
    ).toBe(200);
    expect((await intent(v2, "envoyer")).status).toBe(303);
    const [v1Row] = await services.db.select().from(quotes).where(eq(quotes.id, id));
    const [v2Row] = await services.db.select().from(quotes).where(eq(quotes.id, v2));
    expect(v1Row?.status).toBe("remplace");
    expect(v2Row?.number).toBe(row?.number);
    expect(await load(v2).then((view) => view.quote.displayNumber)).toBe(`${row?.number}-V2`);
    const [v2Register] = await services.db
      .select()
      .from(issuedDocuments)
      .where(eq(issuedDocuments.number, `${row?.number}-V2`));
    expect(v2Register?.pdfSha256).toBe(v2Row?.pdfSha256);
    // The replaced version cannot be revised again.
    expect((await intent(id, "modifier")).status).toBe(409);

    const history = await listActivity(services.db, "devis", id);
    expect(history.map((event) => event.kind)).toEqual(
      expect.arrayContaining(["created", "saved", "sent", "resent", "replaced"]),
    );
  });

  it("gives numbers without gap, in order", async () => {
    const numbers: string[] = [];
    for (let index = 0; index < 3; index++) {
      const id = await createQuoteFor(await newClient({ email: `client${index}@example.fr` }));
      const page = await load(id);
      expect((await save(id, filledDraft(page.draft as QuoteDraftInput), page.quote.revision)).status).toBe(
        200,
      );
      expect((await intent(id, "envoyer")).status).toBe(303);
      const [row] = await services.db.select({ number: quotes.number }).from(quotes).where(eq(quotes.id, id));
      numbers.push(row?.number ?? "");
    }
    const sequence = numbers.map((number) => Number(number.split("-")[2]));
    expect(sequence[1]).toBe((sequence[0] ?? 0) + 1);
    expect(sequence[2]).toBe((sequence[0] ?? 0) + 2);
  });
});

describe("the list", () => {
  it("filters by status and search, sums the filtered quotes, and refuses bad parameters", async () => {
    const clientId = await newClient({ name: "Syndic Les Pins", kind: "particulier" });
    const id = await createQuoteFor(clientId);
    const page = await load(id);
    expect(
      (
        await save(
          id,
          { ...filledDraft(page.draft as QuoteDraftInput), title: "Ravalement façade nord" },
          page.quote.revision,
        )
      ).status,
    ).toBe(200);

    const all = await call(listRoute.loader, "/erp/devis?q=pins");
    const found = all.data as Awaited<ReturnType<typeof listRoute.loader>>;
    expect(found.items.map((item) => item.id)).toEqual([id]);
    expect(found.sums.totalTtc).toBe(101_063);
    const byTitle = (await call(listRoute.loader, "/erp/devis?q=FACADE")).data as typeof found;
    expect(byTitle.items.map((item) => item.id)).toContain(id);
    const drafts = (await call(listRoute.loader, "/erp/devis?statut=brouillon&q=pins")).data as typeof found;
    expect(drafts.total).toBe(1);
    const sent = (await call(listRoute.loader, "/erp/devis?statut=envoye&q=pins")).data as typeof found;
    expect(sent.total).toBe(0);
    for (const bad of [
      "?statut=perdu",
      "?tri=prix",
      "?du=2026-13-01",
      "?page=0",
      "?du=2026-05-02&au=2026-05-01",
    ]) {
      expect((await call(listRoute.loader, `/erp/devis${bad}`)).status, bad).toBe(400);
    }
  });
});

describe("the list's order", () => {
  it("sorts client names as the client list does: folded, « Élodie » with the e", async () => {
    const ids: Record<string, string> = {};
    for (const name of ["Zoé Tourvalon", "Élodie Tourvalon", "Bernard Tourvalon", "Œuvres Tourvalon"]) {
      ids[name] = await createQuoteFor(await newClient({ name, kind: "particulier" }));
    }
    const list = async (query: string) =>
      (
        (await call(listRoute.loader, `/erp/devis${query}`)).data as Awaited<
          ReturnType<typeof listRoute.loader>
        >
      ).items.map((item) => item.clientName);
    expect(await list("?q=tourvalon&tri=client")).toEqual([
      "Bernard Tourvalon",
      "Élodie Tourvalon",
      "Œuvres Tourvalon",
      "Zoé Tourvalon",
    ]);
    expect(await list("?q=tourvalon&tri=client&ordre=desc")).toEqual([
      "Zoé Tourvalon",
      "Œuvres Tourvalon",
      "Élodie Tourvalon",
      "Bernard Tourvalon",
    ]);
  });
});

describe("deleting a draft", () => {
  it("deletes a draft after confirmation, never a sent quote", async () => {
    const clientId = await newClient();
    const id = await createQuoteFor(clientId);
    const unconfirmed = await call(detailRoute.action, `/erp/devis/${id}`, {
      params: { id },
      form: { intent: "supprimer" },
    });
    expect(unconfirmed.status).toBe(400);
    const deleted = await intent(id, "supprimer");
    expect(deleted.status).toBe(303);
    expect(await services.db.select().from(quotes).where(eq(quotes.id, id))).toEqual([]);
    const missing = await call(detailRoute.loader, `/erp/devis/${id}`, { params: { id } });
    expect(missing.status).toBe(404);
  });
});

describe("the client's rights over their quotes", () => {
  it("the export lists every quote; anonymising erases the drafts and keeps what was sent", async () => {
    const clientId = await newClient({ email: "droits@example.fr" });
    const draftId = await createQuoteFor(clientId);
    const sentId = await createQuoteFor(clientId);
    const page = await load(sentId);
    expect((await save(sentId, filledDraft(page.draft as QuoteDraftInput), page.quote.revision)).status).toBe(
      200,
    );
    expect((await intent(sentId, "envoyer")).status).toBe(303);
    const actor = { id: staff.userId, email: staff.email };
    const exported = await exportClientData(services.db, actor, clientId);
    expect(exported.devis.map((quote) => quote.statut).sort()).toEqual(["brouillon", "envoye"]);
    expect(exported.devis.find((quote) => quote.statut === "envoye")?.envoye_a).toBe("droits@example.fr");
    await anonymiseClient(services.db, services.storage, actor, clientId);
    expect(await services.db.select().from(quotes).where(eq(quotes.id, draftId))).toEqual([]);
    const [kept] = await services.db.select().from(quotes).where(eq(quotes.id, sentId));
    expect(kept?.status).toBe("envoye");
  });
});
