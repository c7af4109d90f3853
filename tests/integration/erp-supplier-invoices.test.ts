import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import PDFDocument from "pdfkit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { supplierInvoiceLines, supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { siteCosts } from "#app/features/job-sites/costs.server.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import type { ImportOutcome } from "#app/features/purchases/supplier-invoices.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { READ_FAILURE_MESSAGES } from "#app/lib/einvoice/supplier-invoice.ts";
import * as detailRoute from "#app/routes/erp/achats/factures/detail.tsx";
import * as importRoute from "#app/routes/erp/achats/factures/importer.tsx";
import * as listRoute from "#app/routes/erp/achats/factures/index.tsx";
import * as originalRoute from "#app/routes/erp/achats/factures/original.ts";
import { generate, materialsInvoice, NEGOCE_SELLER, type Sample } from "#tests/helpers/einvoice-samples.ts";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// Achats › Factures fournisseurs through its routes, on a real database and real storage:
// e-invoices made by another generator (Factur-X, CII, UBL) read and recorded against the
// supplier found by its SIREN, an unknown supplier proposed then created, the same file
// refused twice with nothing stored, the same number flagged, a plain PDF typed by hand, a
// broken XML refused in French, the payment statuses, the allocation split over two lots
// reaching the site's costs (a credit note counting negative), and site workers kept out.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));

const NEGOCE_SIREN = "542051180";

const materials: Sample = materialsInvoice({
  orderReference: "BC-2026-0012",
  seller: { ...NEGOCE_SELLER, iban: "FR7630006000011234567890189", bic: "AGRIFRPP" },
  paymentTerms: "30 jours net, par virement",
});

const subcontractor: Sample = {
  number: "ST-58",
  typeCode: "380",
  issueDate: "2026-10-20",
  dueDate: "2026-11-19",
  seller: {
    name: "Plomberie Varoise SARL",
    siren: "732829320",
    vatNumber: "FR44732829320",
    iban: "FR7630006000011234567890189",
  },
  buyer: { name: "BTP Toulon", vatNumber: "FR65912345675" },
  lines: [
    {
      id: "1",
      name: "Lot plomberie",
      quantity: "1",
      unit: "C62",
      price: "3200.00",
      net: "3200.00",
      category: "AE",
      rate: "0",
    },
  ],
  vat: [
    {
      category: "AE",
      rate: "0",
      base: "3200.00",
      vat: "0.00",
      exemptionReason: "Autoliquidation",
      exemptionCode: "VATEX-EU-AE",
    },
  ],
  totals: { lines: "3200.00", net: "3200.00", vat: "0.00", gross: "3200.00", due: "3200.00" },
};

function plainPdf(): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const document = new PDFDocument({ info: { CreationDate: new Date(Date.UTC(2026, 0, 1)) } });
    const chunks: Buffer[] = [];
    document.on("data", (chunk: Buffer) => chunks.push(chunk));
    document.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
    document.on("error", reject);
    document.text("Facture papier 2026-77 — Quincaillerie du Port");
    document.end();
  });
}

function filesForm(files: { name: string; bytes: Uint8Array; type?: string }[]): FormData {
  const form = new FormData();
  form.set("intent", "importer");
  for (const file of files) {
    form.append("files", new File([Buffer.from(file.bytes)], file.name, { type: file.type ?? "" }));
  }
  return form;
}

async function upload(files: { name: string; bytes: Uint8Array; type?: string }[], call = asOwner) {
  return call(importRoute.action, "/erp/achats/factures/importer", {
    method: "POST",
    body: filesForm(files),
  });
}

const outcomesOf = (outcome: { data: unknown }) => (outcome.data as { outcomes: ImportOutcome[] }).outcomes;
const idOf = (outcome: { headers: Headers }) =>
  (outcome.headers.get("location") ?? "").split("/").pop() ?? "";
const invoiceCount = async () =>
  (await services.db.select({ id: supplierInvoices.id }).from(supplierInvoices)).length;
const storedKeys = () => services.storage.list();

let negoceId: string;
let facturX: Uint8Array;
let facturXInvoiceId: string;

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-supplier-invoices-"));
  owner = await signedInStaff(services, "owner", "gerant-achats@batirade.test");
  worker = await signedInStaff(services, "compagnon", "ouvrier-achats@batirade.test");
  const [negoce] = await services.db
    .insert(suppliers)
    .values({ kind: "fournisseur", legalName: "Négoce Matériaux du Var", siren: NEGOCE_SIREN })
    .returning({ id: suppliers.id });
  negoceId = negoce?.id as string;
  facturX = await generate(materials, "Factur-X-EN16931");
});
afterAll(async () => {
  await close();
});

describe("importing supplier invoices", () => {
  it("reads a Factur-X PDF, finds the supplier by its SIREN, records its lines and keeps the file unchanged", async () => {
    const outcome = await upload([{ name: "FA-2026-00117.pdf", bytes: facturX }]);
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
    const [recorded] = outcomesOf(outcome);
    expect(recorded).toMatchObject({
      kind: "recorded",
      number: "FA-2026-00117",
      supplierName: "Négoce Matériaux du Var",
      grossCents: 26520,
      duplicateNumber: false,
    });
    facturXInvoiceId = recorded?.kind === "recorded" ? recorded.id : "";
    const [stored] = await services.db
      .select()
      .from(supplierInvoices)
      .where(eq(supplierInvoices.id, facturXInvoiceId));
    expect(stored).toMatchObject({
      supplierId: negoceId,
      issueDate: "2026-10-05",
      dueDate: "2026-11-04",
      netCents: 22100,
      vatCents: 4420,
      grossCents: 26520,
      status: "a_payer",
      source: "einvoice",
      format: "facturx",
      originalSha256: createHash("sha256").update(facturX).digest("hex"),
    });
    const lines = await services.db
      .select({ designation: supplierInvoiceLines.designation, netCents: supplierInvoiceLines.netCents })
      .from(supplierInvoiceLines)
      .where(eq(supplierInvoiceLines.invoiceId, facturXInvoiceId));
    expect(lines).toEqual([
      { designation: "Sac de ciment 35 kg", netCents: 10000 },
      { designation: "Sable 0/4 lavé", netCents: 12100 },
    ]);
    const download = await asOwner(
      originalRoute.loader,
      `/erp/achats/factures/${facturXInvoiceId}/original`,
      {
        params: { id: facturXInvoiceId },
      },
    );
    expect(download.status).toBe(200);
    const body = new Uint8Array(await (download.data as Response).arrayBuffer());
    expect(Buffer.from(body).equals(Buffer.from(facturX))).toBe(true);
  });

  it("refuses the same file twice, saying which invoice it is, and stores nothing", async () => {
    const [count, keys] = [await invoiceCount(), await storedKeys()];
    const outcome = await upload([{ name: "copie.pdf", bytes: facturX }]);
    expect(outcome.status).toBe(409);
    expect((outcome.data as { message: string }).message).toBe(
      "Ce fichier a déjà été importé (facture FA-2026-00117 de Négoce Matériaux du Var du 5 octobre 2026).",
    );
    expect(await invoiceCount()).toBe(count);
    expect(await storedKeys()).toEqual(keys);
  });

  it("reads a CII and a UBL file in one post; the same supplier number twice is flagged, not refused", async () => {
    const cii = await generate({ ...materials, number: "FA-2026-00118" }, "CII");
    const ubl = await generate(materials, "UBL");
    const outcome = await upload([
      { name: "FA-2026-00118.xml", bytes: cii },
      { name: "FA-2026-00117.xml", bytes: ubl },
    ]);
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
    const [first, second] = outcomesOf(outcome);
    expect(first).toMatchObject({ kind: "recorded", number: "FA-2026-00118", duplicateNumber: false });
    expect(second).toMatchObject({ kind: "recorded", number: "FA-2026-00117", duplicateNumber: true });
    const id = second?.kind === "recorded" ? second.id : "";
    const [row] = await services.db.select().from(supplierInvoices).where(eq(supplierInvoices.id, id));
    expect(row).toMatchObject({ format: "ubl", orderReference: "BC-2026-0012", grossCents: 26520 });
    const page = await asOwner(detailRoute.loader, `/erp/achats/factures/${id}`, { params: { id } });
    expect((page.data as { invoice: { duplicateNumber: boolean } }).invoice.duplicateNumber).toBe(true);
    const firstPage = await asOwner(detailRoute.loader, `/erp/achats/factures/${facturXInvoiceId}`, {
      params: { id: facturXInvoiceId },
    });
    expect((firstPage.data as { invoice: { duplicateNumber: boolean } }).invoice.duplicateNumber).toBe(true);
  });

  it("proposes to create an unknown supplier from the invoice's seller, then records the invoice once confirmed", async () => {
    const ubl = await generate(subcontractor, "UBL");
    const count = await invoiceCount();
    const outcome = await upload([{ name: "ST-58.xml", bytes: ubl }]);
    const [proposal] = outcomesOf(outcome);
    expect(proposal).toMatchObject({
      kind: "unknown-supplier",
      number: "ST-58",
      seller: { legalName: "Plomberie Varoise SARL", siren: "732829320", vatNumber: "FR44732829320" },
    });
    expect(await invoiceCount()).toBe(count);
    const sha256 = proposal?.kind === "unknown-supplier" ? proposal.sha256 : "";
    const confirmed = await asOwner(importRoute.action, "/erp/achats/factures/importer", {
      form: { intent: "creer_fournisseur", sha256, fileName: "ST-58.xml" },
    });
    expect(confirmed.status, JSON.stringify(confirmed.data)).toBe(303);
    expect(readFlash(confirmed)?.message).toBe("Fournisseur créé et facture ST-58 enregistrée.");
    const [created] = await services.db.select().from(suppliers).where(eq(suppliers.siren, "732829320"));
    expect(created).toMatchObject({ legalName: "Plomberie Varoise SARL", vatNumber: "FR44732829320" });
    const [invoice] = await services.db
      .select()
      .from(supplierInvoices)
      .where(eq(supplierInvoices.id, idOf(confirmed)));
    expect(invoice).toMatchObject({
      supplierId: created?.id,
      reverseCharge: true,
      netCents: 320000,
      vatCents: 0,
    });
    expect((await storedKeys()).some((key) => key.includes("attente"))).toBe(false);
  });

  it("keeps a plain PDF and records it from the fields typed by hand (VAT computed per rate)", async () => {
    const pdf = await plainPdf();
    const outcome = await upload([{ name: "scan.pdf", bytes: pdf }]);
    const [manual] = outcomesOf(outcome);
    expect(manual).toMatchObject({ kind: "manual", message: READ_FAILURE_MESSAGES.noXml });
    const sha256 = manual?.kind === "manual" ? manual.sha256 : "";
    const form = {
      intent: "saisir",
      sha256,
      fileName: "scan.pdf",
      supplierId: negoceId,
      number: "2026-77",
      issueDate: "2026-10-10",
      dueDate: "2026-10-01",
      orderReference: "",
      "base.20": "1 000,00",
      "base.10": "",
      "base.5.5": "",
      "base.autoliquidation": "",
    };
    const refused = await asOwner(importRoute.action, "/erp/achats/factures/importer", { form });
    expect(refused.status).toBe(400);
    expect((refused.data as { fieldErrors: Record<string, string[]> }).fieldErrors.dueDate).toEqual([
      "L'échéance ne peut pas précéder la date de la facture.",
    ]);
    const saved = await asOwner(importRoute.action, "/erp/achats/factures/importer", {
      form: { ...form, dueDate: "2026-11-09" },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const [row] = await services.db
      .select()
      .from(supplierInvoices)
      .where(eq(supplierInvoices.id, idOf(saved)));
    expect(row).toMatchObject({
      source: "manual",
      format: null,
      netCents: 100000,
      vatCents: 20000,
      grossCents: 120000,
      originalContentType: "application/pdf",
      originalSha256: sha256,
    });
  });

  it("refuses a broken XML with the reader's French message and stores nothing", async () => {
    const [count, keys] = [await invoiceCount(), await storedKeys()];
    const outcome = await upload([
      { name: "facture.xml", bytes: new TextEncoder().encode("<?xml version='1.0'?><Invoice><cbc:ID>") },
    ]);
    expect(outcome.status).toBe(400);
    expect((outcome.data as { message: string }).message).toBe(READ_FAILURE_MESSAGES.malformedXml);
    expect(await invoiceCount()).toBe(count);
    expect(await storedKeys()).toEqual(keys);
  });

  it("asks for a file when none is sent", async () => {
    const outcome = await upload([]);
    expect(outcome.status).toBe(400);
    expect((outcome.data as { message: string }).message).toBe(
      "Choisissez au moins un fichier de facture (PDF, XML, photo).",
    );
  });
});

describe("paying and allocating", () => {
  const post = (form: Record<string, string>, id = facturXInvoiceId) =>
    asOwner(detailRoute.action, `/erp/achats/factures/${id}`, { form, params: { id } });
  const statusOf = async (id = facturXInvoiceId) =>
    (await services.db.select().from(supplierInvoices).where(eq(supplierInvoices.id, id)))[0];

  it("marks an invoice paid, refuses a dispute on it, puts it back to pay, then in dispute", async () => {
    const missing = await post({
      intent: "payee",
      paidOn: "",
      paymentMethod: "virement",
      paymentReference: "",
    });
    expect(missing.status).toBe(400);
    expect((missing.data as { fieldErrors: Record<string, string[]> }).fieldErrors.paidOn).toEqual([
      "Indiquez la date du paiement.",
    ]);
    const paid = await post({
      intent: "payee",
      paidOn: "2026-11-02",
      paymentMethod: "virement",
      paymentReference: "VIR-88",
    });
    expect(paid.status, JSON.stringify(paid.data)).toBe(303);
    expect(await statusOf()).toMatchObject({
      status: "payee",
      paidOn: "2026-11-02",
      paymentMethod: "virement",
      paymentReference: "VIR-88",
    });
    const dispute = await post({ intent: "litige", disputeReason: "Sable non livré" });
    expect(dispute.status).toBe(409);
    expect((dispute.data as { message: string }).message).toBe(
      "Une facture payée ne peut pas être mise en litige : remettez-la d'abord à payer.",
    );
    expect((await post({ intent: "a_payer" })).status).toBe(303);
    expect(await statusOf()).toMatchObject({ status: "a_payer", paidOn: null, paymentMethod: null });
    expect((await post({ intent: "litige", disputeReason: "Sable non livré" })).status).toBe(303);
    expect(await statusOf()).toMatchObject({ status: "en_litige", disputeReason: "Sable non livré" });
    const list = await asOwner(listRoute.loader, "/erp/achats/factures?statut=en_litige");
    expect((list.data as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([
      facturXInvoiceId,
    ]);
  });

  it("splits the invoice over two lots to the cent; the site's costs count it as « achat », a credit note negative", async () => {
    const actor = { id: owner.userId, email: owner.email };
    const clientId = await insertClient(services.db, { name: "Famille Roux", email: "roux@example.fr" });
    const site = await createJobSite(services.db, actor, clientId, jobSiteData({ title: "Maison Roux" }));
    const lots = await services.db
      .insert(jobSiteLots)
      .values([
        { jobSiteId: site.id, position: 0, title: "Maçonnerie", saleHtCents: 500000, hourlyCostCents: 4000 },
        { jobSiteId: site.id, position: 1, title: "Dallage", saleHtCents: 300000, hourlyCostCents: 4000 },
      ])
      .returning({ id: jobSiteLots.id });
    const [masonry, paving] = lots.map((lot) => lot.id) as [string, string];
    const split = (first: string, second: string) => ({
      intent: "repartir",
      "allocations.0.jobSiteId": site.id,
      "allocations.0.lotId": masonry,
      "allocations.0.lineId": "",
      "allocations.0.amount": first,
      "allocations.1.jobSiteId": site.id,
      "allocations.1.lotId": paving,
      "allocations.1.lineId": "",
      "allocations.1.amount": second,
    });
    const wrong = await post(split("121,00", "99,99"));
    expect(wrong.status).toBe(400);
    expect((wrong.data as { message: string }).message).toBe(
      "La répartition fait 220,99\u00a0€ HT : elle doit faire exactement 221,00\u00a0€ HT.",
    );
    expect((await siteCosts(services.db, site.id)).filter((cost) => cost.source === "achat")).toEqual([]);
    const right = await post(split("121,00", "100,00"));
    expect(right.status, JSON.stringify(right.data)).toBe(303);
    const purchases = (await siteCosts(services.db, site.id)).filter((cost) => cost.source === "achat");
    expect(purchases).toEqual(
      expect.arrayContaining([
        { lotId: masonry, amountCents: 12100, source: "achat" },
        { lotId: paving, amountCents: 10000, source: "achat" },
      ]),
    );
    expect(purchases).toHaveLength(2);

    // A credit note of 30,00 € HT on the masonry lot is deducted.
    const pdf = await plainPdf();
    const scanned = await upload([
      { name: "avoir.pdf", bytes: Buffer.concat([Buffer.from(pdf), Buffer.from("\n%avoir")]) },
    ]);
    const [manual] = outcomesOf(scanned);
    const saved = await asOwner(importRoute.action, "/erp/achats/factures/importer", {
      form: {
        intent: "saisir",
        sha256: manual?.kind === "manual" ? manual.sha256 : "",
        fileName: "avoir.pdf",
        supplierId: negoceId,
        number: "AV-2026-3",
        isCreditNote: "oui",
        issueDate: "2026-10-12",
        dueDate: "",
        orderReference: "",
        "base.20": "30",
      },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const creditId = idOf(saved);
    const allocated = await post(
      {
        intent: "repartir",
        "allocations.0.jobSiteId": site.id,
        "allocations.0.lotId": masonry,
        "allocations.0.amount": "30,00",
      },
      creditId,
    );
    expect(allocated.status, JSON.stringify(allocated.data)).toBe(303);
    const after = (await siteCosts(services.db, site.id)).filter((cost) => cost.source === "achat");
    expect(after).toEqual(
      expect.arrayContaining([
        { lotId: masonry, amountCents: 9100, source: "achat" },
        { lotId: paving, amountCents: 10000, source: "achat" },
      ]),
    );
  });
});

describe("the list", () => {
  it("lists the invoices with the overdue flag and filters by supplier", async () => {
    const outcome = await asOwner(listRoute.loader, `/erp/achats/factures?fournisseur=${negoceId}`);
    expect(outcome.status).toBe(200);
    const data = outcome.data as {
      items: { supplierId: string; overdue: boolean; number: string }[];
      total: number;
    };
    expect(data.items.every((item) => item.supplierId === negoceId)).toBe(true);
    expect(data.total).toBe(5);
    const bad = await asOwner(listRoute.loader, "/erp/achats/factures?statut=perdu");
    expect(bad.status).toBe(400);
  });

  it("is closed to site workers", async () => {
    const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));
    expect((await asWorker(listRoute.loader, "/erp/achats/factures")).status).toBe(403);
    expect((await upload([{ name: "FA.pdf", bytes: facturX }], asWorker)).status).toBe(403);
    expect(
      (
        await asWorker(detailRoute.loader, `/erp/achats/factures/${facturXInvoiceId}`, {
          params: { id: facturXInvoiceId },
        })
      ).status,
    ).toBe(403);
    expect(
      (
        await asWorker(originalRoute.loader, `/erp/achats/factures/${facturXInvoiceId}/original`, {
          params: { id: facturXInvoiceId },
        })
      ).status,
    ).toBe(403);
  });
});
