import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { company } from "#app/config/company.ts";
import { activityEvents } from "#app/db/schema/activity.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { subcontracts, supplierDocuments, vigilanceOverrides } from "#app/db/schema/subcontracts.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { SUBCONTRACT_MESSAGES } from "#app/features/purchases/subcontract-schema.ts";
import { checkVigilance } from "#app/features/purchases/vigilance.server.ts";
import { addMonths } from "#app/features/purchases/vigilance.ts";
import { sendVigilanceReminders } from "#app/features/purchases/vigilance-reminders.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { addDays, formatDate, parisDay, parisMidnight } from "#app/lib/paris-time.ts";
import * as orderRoute from "#app/routes/erp/achats/commandes/detail.tsx";
import * as newOrderRoute from "#app/routes/erp/achats/commandes/nouvelle.tsx";
import * as invoiceRoute from "#app/routes/erp/achats/factures/detail.tsx";
import * as supplierRoute from "#app/routes/erp/achats/fournisseurs/detail.tsx";
import * as documentFileRoute from "#app/routes/erp/achats/fournisseurs/document-file.ts";
import * as documentsRoute from "#app/routes/erp/achats/fournisseurs/documents.tsx";
import * as detailRoute from "#app/routes/erp/achats/sous-traitances/detail.tsx";
import * as newRoute from "#app/routes/erp/achats/sous-traitances/nouvelle.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// Subcontracts and the duty of vigilance (Code du travail L8222-1) through their routes on a
// real database: a subcontractor whose URSSAF attestation has expired is stopped (409, the
// reason), the owner passes the stop with a written reason kept in the history (once), the
// staff cannot (403); the documents are checked by their bytes (nothing stored when
// refused); the reminders go 30 and 7 days before the expiry, once each.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let staff: { cookie: string; userId: string; email: string };
let siteId: string;
let faronId: string;

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asStaff = routeCaller(() => ({ services, cookie: staff.cookie }));
const today = parisDay();
const PDF = Buffer.from("%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");

type Refusal = {
  message: string;
  fieldErrors?: Record<string, string[]>;
  vigilanceStop?: string;
  canOverride?: boolean;
};

async function insertSubcontractor(legalName: string, email: string, trade = "Plomberie") {
  const [row] = await services.db
    .insert(suppliers)
    .values({ kind: "sous_traitant", legalName, email, trade })
    .returning({ id: suppliers.id });
  if (!row) throw new Error("no supplier");
  return row.id;
}

function documentForm(fields: Record<string, string>, file?: File): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ validUntil: "", trades: "", ...fields }))
    form.set(name, value);
  if (file) form.set("file", file);
  return form;
}

const upload = (supplierId: string, form: FormData, call = asStaff) =>
  call(documentsRoute.action, `/erp/achats/fournisseurs/${supplierId}/documents`, {
    method: "POST",
    body: form,
    params: { id: supplierId },
  });

const pdfFile = (name = "attestation.pdf") =>
  new File([new Uint8Array(PDF)], name, { type: "application/pdf" });

function contract(overrides: Record<string, string> = {}) {
  return {
    intent: "creer",
    supplierId: faronId,
    jobSiteId: siteId,
    lotId: "",
    scope: "Plomberie sanitaire des deux salles de bains",
    priceHt: "6 000,00",
    startOn: today,
    endOn: addDays(today, 30),
    signedOn: "",
    reverseCharge: "oui",
    ...overrides,
  };
}

const createContract = (form: Record<string, string>, call = asOwner) =>
  call(newRoute.action, "/erp/achats/sous-traitances/nouvelle", { form });

const contractCount = async () => (await services.db.select().from(subcontracts)).length;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-vigilance-"));
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  staff = await signedInStaff(services, "staff", "bureau@batirade.test");
  const clientId = await insertClient(services.db, { name: "Famille Faron", email: "faron@example.fr" });
  ({ id: siteId } = await createJobSite(
    services.db,
    { id: owner.userId, email: owner.email },
    clientId,
    jobSiteData({ title: "Rénovation Faron" }),
  ));
  faronId = await insertSubcontractor("Plomberie du Faron SARL", "contact@plomberie-faron.test");
});
afterAll(async () => close());

describe("the vigilance file's documents", () => {
  it("files an attestation as uploaded, its validity computed (6 months), served to the office", async () => {
    const issuedOn = addMonths(today, -7);
    const outcome = await upload(
      faronId,
      documentForm({ kind: "attestation_vigilance", issuedOn }, pdfFile()),
    );
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const [stored] = await services.db
      .select()
      .from(supplierDocuments)
      .where(eq(supplierDocuments.supplierId, faronId));
    expect(stored).toMatchObject({
      kind: "attestation_vigilance",
      issuedOn,
      validUntil: addMonths(issuedOn, 6),
      contentType: "application/pdf",
      fileName: "attestation.pdf",
    });
    expect(stored?.sha256).toMatch(/^[0-9a-f]{64}$/);
    const served = await asStaff(
      documentFileRoute.loader,
      `/erp/achats/fournisseurs/${faronId}/documents/${stored?.id}`,
      { params: { id: faronId, documentId: stored?.id ?? "" } },
    );
    const response = served.data as Response;
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(Buffer.from(await response.arrayBuffer()).equals(PDF)).toBe(true);
    const page = await asStaff(supplierRoute.loader, `/erp/achats/fournisseurs/${faronId}`, {
      params: { id: faronId },
    });
    expect(page.data).toMatchObject({
      subcontracting: {
        vigilance: {
          statuses: [
            { kind: "attestation_vigilance", state: "expired" },
            { state: "missing" },
            { state: "missing" },
          ],
        },
        subcontracts: [],
      },
    });
  });

  it("refuses a renamed .exe, an empty file and one over 10 MB with French messages, storing nothing", async () => {
    const before = (await services.storage.list()).length;
    const rows = (await services.db.select().from(supplierDocuments)).length;
    const exe = Buffer.concat([
      Buffer.from("MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff", "latin1"),
      Buffer.alloc(200),
    ]);
    const cases: [File | undefined, number, string][] = [
      [
        new File([new Uint8Array(exe)], "attestation.pdf", { type: "application/pdf" }),
        415,
        "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
      ],
      [new File([], "vide.pdf", { type: "application/pdf" }), 400, "Joignez la copie numérisée du document."],
      [undefined, 400, "Joignez la copie numérisée du document."],
      [
        new File([new Uint8Array(Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]))], "gros.pdf", {
          type: "application/pdf",
        }),
        413,
        "La copie numérisée dépasse 10 Mo.",
      ],
    ];
    for (const [file, status, message] of cases) {
      const outcome = await upload(faronId, documentForm({ kind: "kbis", issuedOn: today }, file));
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(status);
      expect((outcome.data as Refusal).message).toBe(message);
      expect((outcome.data as Refusal).fieldErrors?.file?.[0]).toBeTruthy();
    }
    // A décennale without its end date or trades: the fields say so.
    const decennale = await upload(faronId, documentForm({ kind: "decennale", issuedOn: today }, pdfFile()));
    expect(decennale.status).toBe(400);
    expect((decennale.data as Refusal).fieldErrors).toMatchObject({
      validUntil: ["Indiquez la date de fin de validité écrite sur l'attestation."],
      trades: ["Indiquez les activités couvertes par l'attestation décennale."],
    });
    expect((await services.storage.list()).length).toBe(before);
    expect((await services.db.select().from(supplierDocuments)).length).toBe(rows);
  });
});

describe("a subcontract and the vigilance stop", () => {
  it("lets a contract under 5 000 € HT through, then stops the one that brings the 12 months to 5 000 €", async () => {
    const small = await createContract(contract({ priceHt: "4 000" }), asStaff);
    expect(small.status, JSON.stringify(small.data)).toBe(303);
    expect(await contractCount()).toBe(1);

    const stopped = await createContract(contract({ priceHt: "1 000" }), asStaff);
    expect(stopped.status).toBe(409);
    const refusal = stopped.data as Refusal;
    const expiredOn = formatDate(addMonths(addMonths(today, -7), 6));
    expect(refusal.message).toContain(
      `L'attestation de vigilance URSSAF de Plomberie du Faron SARL a expiré le ${expiredOn}`,
    );
    expect(refusal.message).toContain("l'extrait Kbis de Plomberie du Faron SARL manque");
    expect(refusal.canOverride).toBe(false);
    expect(await contractCount()).toBe(1);
    // The same door for an order or a payment: the 4 000 € contract alone is under the threshold.
    expect(await checkVigilance(services.db, faronId, "payment", today)).toBeNull();
    expect(await checkVigilance(services.db, faronId, "payment", today, 100_000)).toBe(refusal.message);
  });

  it("refuses the staff's override (403), and the owner's without a written reason (400)", async () => {
    const byStaff = await createContract(
      contract({ intent: "passer_outre", overrideReason: "Chantier urgent, attestation demandée" }),
      asStaff,
    );
    expect(byStaff.status).toBe(403);
    expect((byStaff.data as Refusal).message).toBe(SUBCONTRACT_MESSAGES.overrideOwnerOnly);
    const noReason = await createContract(contract({ intent: "passer_outre", overrideReason: "ok" }));
    expect(noReason.status).toBe(400);
    expect((noReason.data as Refusal).fieldErrors?.overrideReason).toEqual([
      SUBCONTRACT_MESSAGES.overrideReason,
    ]);
    const plain = await createContract(contract());
    expect(plain.status).toBe(409);
    expect((plain.data as Refusal).canOverride).toBe(true);
    expect(await contractCount()).toBe(1);
    expect(await services.db.select().from(vigilanceOverrides)).toEqual([]);
  });

  it("lets the owner pass with a written reason, kept in the supplier's history, once", async () => {
    const reason = "Attestation renouvelée reçue par courrier, en cours de numérisation";
    const outcome = await createContract(contract({ intent: "passer_outre", overrideReason: reason }));
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const id = (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
    const [override] = await services.db.select().from(vigilanceOverrides);
    expect(override).toMatchObject({
      supplierId: faronId,
      purpose: "subcontract",
      reason,
      ownerId: owner.userId,
      reference: id,
    });
    expect(override?.usedAt).not.toBeNull();
    expect(override?.stopReason).toContain("a expiré le");
    const events = await services.db
      .select()
      .from(activityEvents)
      .where(and(eq(activityEvents.subjectId, faronId), eq(activityEvents.kind, "vigilance_override")));
    expect(events).toHaveLength(1);
    expect(events[0]?.summary).toContain(reason);
    const page = await asStaff(detailRoute.loader, `/erp/achats/sous-traitances/${id}`, { params: { id } });
    expect(page.data).toMatchObject({
      subcontract: { supplierName: "Plomberie du Faron SARL", priceHtCents: 600_000, reverseCharge: true },
    });
    // The override served once: the next contract is stopped again.
    const next = await createContract(contract({ priceHt: "500" }));
    expect(next.status).toBe(409);
    expect(await contractCount()).toBe(2);
  });

  it("lets a contract through once the three documents are valid and the décennale covers the trade", async () => {
    const uploads: Record<string, string>[] = [
      { kind: "attestation_vigilance", issuedOn: today },
      { kind: "kbis", issuedOn: addDays(today, -10) },
      {
        kind: "decennale",
        issuedOn: addMonths(today, -2),
        validUntil: addMonths(today, 10),
        trades: "Électricité",
      },
    ];
    for (const fields of uploads) {
      const outcome = await upload(faronId, documentForm(fields, pdfFile()));
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    }
    const wrongTrade = await createContract(contract({ priceHt: "500" }));
    expect(wrongTrade.status).toBe(409);
    expect((wrongTrade.data as Refusal).message).toContain("ne couvre pas son métier (« Plomberie »)");
    const covering = await upload(
      faronId,
      documentForm(
        {
          kind: "decennale",
          issuedOn: addMonths(today, -2),
          validUntil: addMonths(today, 10),
          trades: "PLOMBERIE, chauffage",
        },
        pdfFile("decennale.pdf"),
      ),
    );
    expect(covering.status).toBe(303);
    const passed = await createContract(contract({ priceHt: "500" }));
    expect(passed.status, JSON.stringify(passed.data)).toBe(303);
    expect(await contractCount()).toBe(3);
  });

  it("refuses a supplier that is not a subcontractor, a wrong price and an end before the start", async () => {
    const [materials] = await services.db
      .insert(suppliers)
      .values({ kind: "fournisseur", legalName: "Négoce Var" })
      .returning({ id: suppliers.id });
    const cases: [Record<string, string>, string, string][] = [
      [{ supplierId: materials?.id ?? "" }, "supplierId", SUBCONTRACT_MESSAGES.notSubcontractor],
      [{ priceHt: "0" }, "priceHt", SUBCONTRACT_MESSAGES.price],
      [{ endOn: addDays(today, -1) }, "endOn", SUBCONTRACT_MESSAGES.endBeforeStart],
      [{ scope: " " }, "scope", SUBCONTRACT_MESSAGES.scope],
      [{ jobSiteId: "pas-un-id" }, "jobSiteId", SUBCONTRACT_MESSAGES.jobSite],
    ];
    for (const [change, field, message] of cases) {
      const outcome = await createContract(contract(change));
      expect(outcome.status, field).toBe(400);
      expect((outcome.data as Refusal).fieldErrors?.[field]?.[0], field).toBe(message);
    }
    expect(await contractCount()).toBe(3);
    expect(await checkVigilance(services.db, materials?.id ?? "", "order", today)).toBeNull();
  });
});

describe("two contracts at once", () => {
  it("reads the 12 months' total one contract at a time: of two 3 000 € contracts, the second is stopped", async () => {
    const supplierId = await insertSubcontractor(
      "Menuiserie Pont-du-Las",
      "atelier@menuiserie-pdl.test",
      "Menuiserie",
    );
    const before = await contractCount();
    const outcomes = await Promise.all([
      createContract(contract({ supplierId, priceHt: "3 000" }), asStaff),
      createContract(contract({ supplierId, priceHt: "3 000" }), asStaff),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual([303, 409]);
    expect(await contractCount()).toBe(before + 1);
  });
});

describe("the reminders before expiry", () => {
  it("e-mails the subcontractor 30 and 7 days before, once each", async () => {
    const supplierId = await insertSubcontractor(
      "Carrelages Mourillon",
      "devis@carrelages-mourillon.test",
      "Carrelage",
    );
    const expiry = "2027-03-31";
    await services.db.insert(supplierDocuments).values({
      supplierId,
      kind: "attestation_vigilance",
      issuedOn: "2026-09-30",
      validUntil: expiry,
      storageKey: "fournisseurs-documents/2026/11/test.pdf",
      contentType: "application/pdf",
      fileName: "urssaf.pdf",
      sha256: "0".repeat(64),
    });
    const at = (day: string) => new Date(parisMidnight(day).getTime() + 9 * 3600_000);
    const mails = async () =>
      (
        await services.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "vigilance.reminder"))
      ).filter((row) => row.payload.to === "devis@carrelages-mourillon.test");
    expect(await sendVigilanceReminders(services.db, at(addDays(expiry, -31)))).toEqual([]);
    const first = await sendVigilanceReminders(services.db, at(addDays(expiry, -30)));
    expect(first).toEqual([
      expect.objectContaining({ supplierId, level: 30, to: "devis@carrelages-mourillon.test" }),
    ]);
    expect(await sendVigilanceReminders(services.db, at(addDays(expiry, -30)))).toEqual([]);
    expect(await sendVigilanceReminders(services.db, at(addDays(expiry, -8)))).toEqual([]);
    const second = await sendVigilanceReminders(services.db, at(addDays(expiry, -7)));
    expect(second).toEqual([expect.objectContaining({ level: 7 })]);
    expect(await sendVigilanceReminders(services.db, at(addDays(expiry, -3)))).toEqual([]);
    const sent = await mails();
    expect(sent).toHaveLength(2);
    expect(sent[0]?.payload.subject).toBe("Attestation de vigilance URSSAF : expire le 31 mars 2027");
    expect(sent[1]?.payload.text).toContain("dans 7 jours");
    // Signed with the company's name and how to reach it, as the other e-mails are.
    expect(sent[1]?.payload.text).toContain(
      `Le service Achats de ${company.name}\n${company.phone.display} · ${company.email}`,
    );
  });
});

describe("an order's sending and an invoice's payment, stopped by vigilance", () => {
  // A subcontractor whose URSSAF attestation expired; its Kbis and décennale are valid.
  let masonId: string;
  const mason = "Maçonnerie du Mourillon";
  const masonEmail = "chantiers@maconnerie-mourillon.test";
  const reason = "Attestation URSSAF renouvelée, reçue par courrier ce matin, numérisation en cours";
  const expiredOn = formatDate(addMonths(addMonths(today, -7), 6));

  const orderForm = () => ({
    intent: "creer",
    supplierId: masonId,
    jobSiteId: siteId,
    lotId: "",
    deliveryPlace: "chantier",
    wantedOn: "",
    notes: "",
    "lines.0.reference": "",
    "lines.0.designation": "Reprise de maçonnerie du mur de clôture",
    "lines.0.unit": "forfait",
    "lines.0.quantity": "1",
    "lines.0.unitPrice": "6 000,00",
    "lines.0.vatCode": "20",
  });
  async function newDraft(): Promise<string> {
    const outcome = await asOwner(newOrderRoute.action, "/erp/achats/commandes/nouvelle", {
      form: orderForm(),
    });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    return (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
  }
  const send = (id: string, extra: Record<string, string> = {}, call = asOwner) =>
    call(orderRoute.action, `/erp/achats/commandes/${id}`, {
      form: { intent: "envoyer", ...extra },
      params: { id },
    });
  const orderOf = async (id: string) =>
    (await services.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id)))[0];
  const orderMails = async () =>
    (
      await services.db.select().from(outboxMessages).where(eq(outboxMessages.kind, "purchase_order.sent"))
    ).filter((row) => row.payload.to === masonEmail);
  const overridesOf = async (purpose: "order" | "payment") =>
    (await services.db.select().from(vigilanceOverrides)).filter(
      (row) => row.supplierId === masonId && row.purpose === purpose,
    );

  beforeAll(async () => {
    masonId = await insertSubcontractor(mason, masonEmail, "Maçonnerie");
    const file = { contentType: "application/pdf", fileName: "piece.pdf", sha256: "1".repeat(64) };
    const issuedOn = addMonths(today, -7);
    await services.db.insert(supplierDocuments).values([
      {
        supplierId: masonId,
        kind: "attestation_vigilance",
        issuedOn,
        validUntil: addMonths(issuedOn, 6),
        storageKey: "fournisseurs-documents/test/urssaf.pdf",
        ...file,
      },
      {
        supplierId: masonId,
        kind: "kbis",
        issuedOn: addDays(today, -10),
        validUntil: addMonths(addDays(today, -10), 3),
        storageKey: "fournisseurs-documents/test/kbis.pdf",
        ...file,
      },
      {
        supplierId: masonId,
        kind: "decennale",
        issuedOn: addMonths(today, -1),
        validUntil: addMonths(today, 11),
        trades: "Maçonnerie, gros œuvre",
        storageKey: "fournisseurs-documents/test/decennale.pdf",
        ...file,
      },
    ]);
  });

  it("stops the order (409, the reason), not sent, no e-mail; the staff cannot pass (403)", async () => {
    const id = await newDraft();
    const stopped = await send(id, {}, asStaff);
    expect(stopped.status).toBe(409);
    const refusal = stopped.data as Refusal;
    expect(refusal.message).toBe(
      `L'attestation de vigilance URSSAF de ${mason} a expiré le ${expiredOn} : devoir de vigilance (Code du travail L8222-1), demandez le document à jour avant de continuer.`,
    );
    expect(refusal.vigilanceStop).toBe(refusal.message);
    expect(refusal.canOverride).toBe(false);
    const byStaff = await send(id, { vigilance: "passer_outre", overrideReason: reason }, asStaff);
    expect(byStaff.status).toBe(403);
    expect((byStaff.data as Refusal).message).toBe(SUBCONTRACT_MESSAGES.overrideOwnerOnly);
    expect((byStaff.data as Refusal).vigilanceStop).toBe(refusal.message);
    const byOwner = await send(id);
    expect(byOwner.status).toBe(409);
    expect((byOwner.data as Refusal).canOverride).toBe(true);
    const tooShort = await send(id, { vigilance: "passer_outre", overrideReason: "urgent" });
    expect(tooShort.status).toBe(400);
    expect((tooShort.data as Refusal).fieldErrors?.overrideReason).toEqual([
      SUBCONTRACT_MESSAGES.overrideReason,
    ]);
    expect((tooShort.data as Refusal).vigilanceStop).toBe(refusal.message);
    // Another value than the button's is not this page's post: nothing is sent.
    expect((await send(id, { vigilance: "oui", overrideReason: reason })).status).toBe(400);
    expect(await orderOf(id)).toMatchObject({ status: "brouillon", number: null });
    expect(await orderMails()).toEqual([]);
    expect(await overridesOf("order")).toEqual([]);
  });

  it("sends it when the owner passes with a written reason, kept in the history; once only", async () => {
    const [id] = (
      await services.db.select().from(purchaseOrders).where(eq(purchaseOrders.supplierId, masonId))
    ).map((row) => row.id);
    const outcome = await send(id ?? "", { vigilance: "passer_outre", overrideReason: reason });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const order = await orderOf(id ?? "");
    expect(order?.status).toBe("envoye");
    expect(readFlash(outcome)?.message).toBe(
      `Commande ${order?.number} envoyée à ${masonEmail} : la raison de passer outre est gardée dans l'historique du sous-traitant.`,
    );
    expect(await orderMails()).toHaveLength(1);
    const [override] = await overridesOf("order");
    expect(override).toMatchObject({ reason, ownerId: owner.userId, reference: order?.number });
    expect(override?.usedAt).not.toBeNull();
    expect(override?.stopReason).toContain(`a expiré le ${expiredOn}`);
    const page = await asStaff(supplierRoute.loader, `/erp/achats/fournisseurs/${masonId}`, {
      params: { id: masonId },
    });
    const events = (page.data as { events: { kind: string; summary: string }[] }).events;
    expect(events.find((event) => event.kind === "vigilance_override")?.summary).toBe(
      `Devoir de vigilance : le gérant passe outre pour une commande. Raison : ${reason}`,
    );
    // Used once: the next order to the same subcontractor is stopped again.
    const next = await newDraft();
    expect((await send(next)).status).toBe(409);
    expect(await orderOf(next)).toMatchObject({ status: "brouillon" });
    expect(await orderMails()).toHaveLength(1);
  });

  it("stops the payment of its invoice (409), the staff cannot pass, the owner can with a reason, once", async () => {
    // A 6 000 € contract brings the subcontractor over the threshold for its payments.
    await services.db.insert(subcontracts).values({
      supplierId: masonId,
      jobSiteId: siteId,
      scope: "Mur de clôture",
      priceHtCents: 600_000,
      startOn: today,
      endOn: addDays(today, 30),
      reverseCharge: true,
      status: "signe",
    });
    const invoice = (number: string, sha: string) => ({
      supplierId: masonId,
      number,
      issueDate: today,
      netCents: 600_000,
      vatCents: 0,
      grossCents: 600_000,
      dueCents: 600_000,
      reverseCharge: true,
      source: "manual" as const,
      originalStorageKey: `factures-fournisseurs/test/${number}.pdf`,
      originalContentType: "application/pdf",
      originalFileName: `${number}.pdf`,
      originalSha256: sha.repeat(64),
    });
    const rows = await services.db
      .insert(supplierInvoices)
      .values([invoice("MM-2026-041", "a"), invoice("MM-2026-042", "b")])
      .returning({ id: supplierInvoices.id });
    const [first, second] = rows.map((row) => row.id);
    const pay = (id: string, extra: Record<string, string> = {}, call = asOwner) =>
      call(invoiceRoute.action, `/erp/achats/factures/${id}`, {
        form: {
          intent: "payee",
          paidOn: today,
          paymentMethod: "virement",
          paymentReference: "VIR-41",
          ...extra,
        },
        params: { id },
      });
    const statusOf = async (id: string) =>
      (await services.db.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)))[0]?.status;

    const stopped = await pay(first ?? "");
    expect(stopped.status).toBe(409);
    expect((stopped.data as Refusal).message).toContain(
      `L'attestation de vigilance URSSAF de ${mason} a expiré le`,
    );
    expect((stopped.data as Refusal).canOverride).toBe(true);
    expect(await statusOf(first ?? "")).toBe("a_payer");
    const byStaff = await pay(first ?? "", { vigilance: "passer_outre", overrideReason: reason }, asStaff);
    expect(byStaff.status).toBe(403);
    expect(await statusOf(first ?? "")).toBe("a_payer");
    expect(await overridesOf("payment")).toEqual([]);

    const passed = await pay(first ?? "", { vigilance: "passer_outre", overrideReason: reason });
    expect(passed.status, JSON.stringify(passed.data)).toBe(303);
    expect(await statusOf(first ?? "")).toBe("payee");
    const [override] = await overridesOf("payment");
    expect(override).toMatchObject({ reason, reference: "MM-2026-041" });
    expect(override?.usedAt).not.toBeNull();

    const again = await pay(second ?? "");
    expect(again.status).toBe(409);
    expect(await statusOf(second ?? "")).toBe("a_payer");
  });
});
