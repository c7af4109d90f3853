import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { supplierInvoiceMatchDecisions } from "#app/db/schema/supplier-invoice-matching.ts";
import { supplierInvoices } from "#app/db/schema/supplier-invoices.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { orderCommitments } from "#app/features/purchases/orders.server.ts";
import {
  MATCHING_MESSAGES,
  orderStillCommitted,
  parseUnitPrice,
} from "#app/features/purchases/supplier-invoice-matching.ts";
import type { ImportOutcome } from "#app/features/purchases/supplier-invoices.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import * as orderRoute from "#app/routes/erp/achats/commandes/detail.tsx";
import * as newOrderRoute from "#app/routes/erp/achats/commandes/nouvelle.tsx";
import * as detailRoute from "#app/routes/erp/achats/factures/detail.tsx";
import * as importRoute from "#app/routes/erp/achats/factures/importer.tsx";
import * as siteRoute from "#app/routes/erp/chantiers/detail.tsx";
import { generate, materialsInvoice, type Sample } from "#tests/helpers/einvoice-samples.ts";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// Matching a supplier invoice against its purchase order, through the routes on a real
// database: an order of two lines sent then partly delivered; a Factur-X invoice (made by
// another generator) naming the BC number imported and linked by itself; its price difference
// and its quantity beyond what was received flagged; one accepted (author and time kept), the
// other disputed (the invoice « En litige » with the reason); the site's committed amount
// lowered by the invoiced HT; a second invoice linked by hand, its line absent from the order
// paired by hand; wrong orders, ids and values refused in French; site workers kept out.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));

const NEGOCE_SIREN = "542051180";
let negoceId: string;
let otherSupplierId: string;
let siteId: string;
let lotId: string;
let orderId: string;
let orderNumber: string;
let invoiceId: string;

type Refusal = { message: string; fieldErrors?: Record<string, string[]> };
type Page = Awaited<ReturnType<typeof detailRoute.loader>>;

const idOf = (outcome: { headers: Headers }) =>
  (outcome.headers.get("location") ?? "").split("/").pop() ?? "";

function orderForm(supplierId: string, overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "creer",
    supplierId,
    jobSiteId: siteId,
    lotId,
    deliveryPlace: "chantier",
    wantedOn: "2026-12-15",
    notes: "",
    "lines.0.reference": "CIM35",
    "lines.0.designation": "Sac de ciment 35 kg",
    "lines.0.unit": "sac",
    "lines.0.quantity": "10",
    "lines.0.unitPrice": "9,50",
    "lines.0.vatCode": "20",
    "lines.1.reference": "",
    "lines.1.designation": "Sable 0/4 lavé",
    "lines.1.unit": "m³",
    "lines.1.quantity": "4",
    "lines.1.unitPrice": "48,40",
    "lines.1.vatCode": "20",
    ...overrides,
  };
}

// The cement line carries the supplier's reference; the sand line has none: paired by its designation.
const invoiceSample = (orderReference: string): Sample =>
  materialsInvoice({ orderReference }, { references: ["CIM35", null] });

const deliveryInvoice: Sample = {
  number: "FA-2026-00130",
  typeCode: "380",
  issueDate: "2026-10-12",
  dueDate: "2026-11-11",
  seller: { name: "Négoce Matériaux du Var SAS", siren: NEGOCE_SIREN, vatNumber: "FR59542051180" },
  buyer: { name: "BTP Toulon", vatNumber: "FR65912345675" },
  lines: [
    {
      id: "1",
      name: "Ciment gris 35 kg",
      quantity: "2",
      unit: "H87",
      price: "9.50",
      net: "19.00",
      category: "S",
      rate: "20",
    },
    {
      id: "2",
      name: "Frais de livraison",
      quantity: "1",
      unit: "C62",
      price: "35.00",
      net: "35.00",
      category: "S",
      rate: "20",
    },
  ],
  vat: [{ category: "S", rate: "20", base: "54.00", vat: "10.80" }],
  totals: { lines: "54.00", net: "54.00", vat: "10.80", gross: "64.80", due: "64.80" },
};

async function upload(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.set("intent", "importer");
  form.append("files", new File([Buffer.from(bytes)], name));
  const outcome = await asOwner(importRoute.action, "/erp/achats/factures/importer", {
    method: "POST",
    body: form,
  });
  expect(outcome.status, JSON.stringify(outcome.data)).toBe(200);
  const [recorded] = (outcome.data as { outcomes: ImportOutcome[] }).outcomes;
  if (recorded?.kind !== "recorded") throw new Error(JSON.stringify(recorded));
  return recorded.id;
}

async function page(id: string, call = asOwner) {
  const outcome = await call(detailRoute.loader, `/erp/achats/factures/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as Page;
}

const post = (id: string, form: Record<string, string>, call = asOwner) =>
  call(detailRoute.action, `/erp/achats/factures/${id}`, { form, params: { id } });

async function committed() {
  const site = await asOwner(siteRoute.loader, `/erp/chantiers/${siteId}`, { params: { id: siteId } });
  return (site.data as { committed: { totalHtCents: number } }).committed.totalHtCents;
}

async function sentOrder(supplierId: string, overrides: Record<string, string> = {}) {
  const created = await asOwner(newOrderRoute.action, "/erp/achats/commandes/nouvelle", {
    form: orderForm(supplierId, overrides),
  });
  expect(created.status, JSON.stringify(created.data)).toBe(303);
  const id = idOf(created);
  const sent = await asOwner(orderRoute.action, `/erp/achats/commandes/${id}`, {
    form: { intent: "envoyer" },
    params: { id },
  });
  expect(sent.status, JSON.stringify(sent.data)).toBe(303);
  return id;
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-supplier-invoice-matching-"));
  owner = await signedInStaff(services, "owner", "gerant-rappro@batirade.test");
  worker = await signedInStaff(services, "compagnon", "ouvrier-rappro@batirade.test");
  const [negoce, other] = await services.db
    .insert(suppliers)
    .values([
      {
        kind: "fournisseur",
        legalName: "Négoce Matériaux du Var",
        siren: NEGOCE_SIREN,
        email: "commandes@negoce-var.test",
      },
      { kind: "fournisseur", legalName: "Bois du Littoral", email: "commandes@bois-littoral.test" },
    ])
    .returning({ id: suppliers.id });
  negoceId = negoce?.id as string;
  otherSupplierId = other?.id as string;
  const clientId = await insertClient(services.db, { name: "Famille Mortier", email: "mortier@example.fr" });
  ({ id: siteId } = await createJobSite(
    services.db,
    { id: owner.userId, email: owner.email },
    clientId,
    jobSiteData({ title: "Dalle Mortier", siteStreet: "8 rue du Port", sitePostalCode: "83000" }),
  ));
  const [lot] = await services.db
    .insert(jobSiteLots)
    .values({
      jobSiteId: siteId,
      position: 0,
      title: "Maçonnerie",
      saleHtCents: 900_000,
      hourlyCostCents: 4500,
    })
    .returning({ id: jobSiteLots.id });
  lotId = lot?.id ?? "";
});
afterAll(async () => {
  await close();
});

describe("matching a supplier invoice against its order", () => {
  it("links the imported Factur-X invoice to the sent order its reference names, and flags the differences", async () => {
    orderId = await sentOrder(negoceId);
    orderNumber = `BC-${parisDay().slice(0, 4)}-0001`;
    // 10 × 9,50 + 4 × 48,40 = 95,00 + 193,60 = 288,60 HT committed.
    expect(await committed()).toBe(28_860);
    const order = await asOwner(orderRoute.loader, `/erp/achats/commandes/${orderId}`, {
      params: { id: orderId },
    });
    const [cement, sand] = (order.data as { lines: { id: string }[] }).lines;
    const delivered = new FormData();
    delivered.set("intent", "receptionner");
    delivered.set("receivedOn", parisDay());
    delivered.set("note", "");
    delivered.set(`received.${cement?.id}`, "10");
    delivered.set(`received.${sand?.id}`, "2");
    const receipt = await asOwner(orderRoute.action, `/erp/achats/commandes/${orderId}`, {
      method: "POST",
      body: delivered,
      params: { id: orderId },
    });
    expect(receipt.status, JSON.stringify(receipt.data)).toBe(303);

    // The Extended profile: this generator's EN16931 profile leaves the order reference (BT-13) out.
    invoiceId = await upload(
      "FA-2026-00117.pdf",
      await generate(invoiceSample(orderNumber), "Factur-X-Extended"),
    );
    const { matching, invoice: read } = await page(invoiceId);
    expect(read.orderReference).toBe(orderNumber);
    expect(matching.link).toMatchObject({ orderId, number: orderNumber, source: "auto" });
    expect(matching.status).toBe("a_traiter");
    const rows = matching.matching?.rows ?? [];
    // Paired by the reference (cement) and by the designation (sand).
    expect(
      rows.map((row) => [
        row.orderLine.designation,
        row.orderLine.quantityMilli,
        row.orderLine.receivedMilli,
        row.invoicedElsewhereMilli,
        row.thisInvoiceMilli,
        row.invoiceLines.map((entry) => entry.by),
      ]),
    ).toEqual([
      ["Sac de ciment 35 kg", 10_000, 10_000, 0, 10_000, ["reference"]],
      ["Sable 0/4 lavé", 4_000, 2_000, 0, 2_500, ["designation"]],
    ]);
    expect(matching.matching?.gaps.map((gap) => [gap.label, gap.detail])).toEqual([
      [
        "Prix unitaire différent de la commande",
        "Facture : 10,00\u00a0€ HT, commande : 9,50\u00a0€ HT, écart : +0,50\u00a0€ par unité.",
      ],
      ["Quantité facturée supérieure à la quantité reçue", "Facturé 2,5 m³, reçu 2 m³, commandé 4 m³."],
    ]);
    expect(matching.matching?.unpaired).toEqual([]);
    // Committed: the order's HT less the linked invoice's HT (221,00 counted as spent once allocated).
    expect(await committed()).toBe(28_860 - 22_100);
  });

  it("keeps an accepted difference with its author and time, then disputes the other: the invoice is « En litige »", async () => {
    const gaps = (await page(invoiceId)).matching.matching?.gaps ?? [];
    const [price, quantity] = gaps;
    const accepted = await post(invoiceId, {
      intent: "accepter_ecart",
      kind: price?.kind ?? "",
      subjectId: price?.subjectId ?? "",
    });
    expect(accepted.status, JSON.stringify(accepted.data)).toBe(303);
    expect(readFlash(accepted)?.message).toBe("Écart accepté.");
    let view = await page(invoiceId);
    expect(view.matching.matching?.gaps[0]?.decision).toMatchObject({
      decision: "accepte",
      decidedByEmail: owner.email,
    });
    expect(view.matching.status).toBe("a_traiter");
    const twice = await post(invoiceId, {
      intent: "accepter_ecart",
      kind: price?.kind ?? "",
      subjectId: price?.subjectId ?? "",
    });
    expect(twice.status).toBe(409);
    expect((twice.data as Refusal).message).toBe(MATCHING_MESSAGES.alreadyDecided);

    const noReason = await post(invoiceId, {
      intent: "contester_ecart",
      kind: quantity?.kind ?? "",
      subjectId: quantity?.subjectId ?? "",
      reason: "  ",
    });
    expect(noReason.status).toBe(400);
    expect((noReason.data as Refusal).fieldErrors?.reason).toEqual([MATCHING_MESSAGES.reason]);
    const disputed = await post(invoiceId, {
      intent: "contester_ecart",
      kind: quantity?.kind ?? "",
      subjectId: quantity?.subjectId ?? "",
      reason: "Seulement 2 m³ livrés sur le chantier.",
    });
    expect(disputed.status, JSON.stringify(disputed.data)).toBe(303);
    view = await page(invoiceId);
    expect(view.invoice.status).toBe("en_litige");
    expect(view.invoice.disputeReason).toContain("Seulement 2 m³ livrés sur le chantier.");
    expect(view.matching.status).toBe("conteste");
    const decisions = await services.db
      .select()
      .from(supplierInvoiceMatchDecisions)
      .where(eq(supplierInvoiceMatchDecisions.invoiceId, invoiceId));
    expect(decisions.map((row) => [row.kind, row.decision, row.decidedBy])).toEqual(
      expect.arrayContaining([
        ["prix", "accepte", owner.userId],
        ["quantite", "conteste", owner.userId],
      ]),
    );
    expect(view.events.map((event) => event.summary)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^Écart accepté — Prix unitaire différent/)]),
    );
  });

  it("links a second invoice by hand (only a sent order of the same supplier) and pairs its absent line", async () => {
    const second = await upload("FA-2026-00130.xml", await generate(deliveryInvoice, "CII"));
    let view = await page(second);
    expect(view.matching.link).toBeNull();
    expect(view.matching.choices.map((order) => order.number)).toEqual([orderNumber]);

    const draft = await asOwner(newOrderRoute.action, "/erp/achats/commandes/nouvelle", {
      form: orderForm(negoceId),
    });
    const foreign = await sentOrder(otherSupplierId);
    const refusals = [
      [{ orderId: idOf(draft) }, 400, MATCHING_MESSAGES.orderNotLinkable],
      [{ orderId: foreign }, 400, MATCHING_MESSAGES.otherSupplier],
      [{ orderId: "00000000-0000-4000-8000-000000000000" }, 400, MATCHING_MESSAGES.orderNotFound],
      [{ orderId: "pas-un-id" }, 400, MATCHING_MESSAGES.chooseOrder],
      [{ orderId: "" }, 400, MATCHING_MESSAGES.chooseOrder],
    ] as const;
    for (const [form, status, message] of refusals) {
      const outcome = await post(second, { intent: "lier_commande", ...form });
      expect(outcome.status, JSON.stringify(outcome.data)).toBe(status);
      expect((outcome.data as Refusal).message).toBe(message);
    }
    const linked = await post(second, { intent: "lier_commande", orderId });
    expect(linked.status, JSON.stringify(linked.data)).toBe(303);
    expect(readFlash(linked)?.message).toBe(`Facture liée à la commande ${orderNumber}.`);
    expect((await post(second, { intent: "lier_commande", orderId })).status).toBe(409);
    // 288,60 − 221,00 − 54,00 (the foreign order is on the same site: 288,60 more).
    expect(await committed()).toBe(28_860 - 22_100 - 5_400 + 28_860);

    view = await page(second);
    expect(view.matching.link).toMatchObject({ source: "manuel" });
    const unpaired = view.matching.matching?.unpaired ?? [];
    expect(unpaired.map((entry) => [entry.line.designation, entry.gap.label])).toEqual([
      ["Ciment gris 35 kg", "Ligne absente de la commande"],
      ["Frais de livraison", "Ligne absente de la commande"],
    ]);
    const cementLine = view.matching.orderLines[0]?.id ?? "";
    const bad = await post(second, {
      intent: "apparier_ligne",
      invoiceLineId: unpaired[0]?.line.id ?? "",
      orderLineId: "00000000-0000-4000-8000-000000000000",
    });
    expect(bad.status).toBe(400);
    expect((bad.data as Refusal).message).toBe(MATCHING_MESSAGES.orderLineNotFound);
    const paired = await post(second, {
      intent: "apparier_ligne",
      invoiceLineId: unpaired[0]?.line.id ?? "",
      orderLineId: cementLine,
    });
    expect(paired.status, JSON.stringify(paired.data)).toBe(303);
    view = await page(second);
    expect(view.matching.matching?.unpaired.map((entry) => entry.line.designation)).toEqual([
      "Frais de livraison",
    ]);
    expect(view.matching.matching?.rows[0]?.invoiceLines.map((entry) => entry.by)).toEqual(["manuel"]);
    // The first invoice's cement (10 sacs) is « already invoiced » seen from the second.
    expect(view.matching.matching?.rows[0]?.invoicedElsewhereMilli).toBe(10_000);
    // 10 + 2 sacs invoiced, 10 received: the later invoice carries the difference, not the first.
    expect(view.matching.matching?.gaps.map((gap) => gap.detail)).toContain(
      "Facturé 12 sac (dont 2 sac sur cette facture), reçu 10 sac, commandé 10 sac.",
    );
    const first = await page(invoiceId);
    expect(first.matching.matching?.rows[0]?.invoicedElsewhereMilli).toBe(0);
    expect(first.matching.matching?.gaps.map((gap) => gap.kind)).toEqual(["prix", "quantite"]);

    const unlinked = await post(second, { intent: "delier_commande" });
    expect(unlinked.status).toBe(303);
    expect((await page(second)).matching.link).toBeNull();
    expect((await post(second, { intent: "delier_commande" })).status).toBe(409);
    expect(await committed()).toBe(28_860 - 22_100 + 28_860);
  });

  it("refuses bad ids and values in French, and keeps site workers out (403)", async () => {
    const cases = [
      [{ intent: "accepter_ecart", kind: "prix", subjectId: "abc" }, 400, MATCHING_MESSAGES.gapNotFound],
      [{ intent: "accepter_ecart", kind: "autre", subjectId: orderId }, 400, MATCHING_MESSAGES.gapKind],
      [
        { intent: "accepter_ecart", kind: "prix", subjectId: "00000000-0000-4000-8000-000000000000" },
        404,
        MATCHING_MESSAGES.gapNotFound,
      ],
      [{ intent: "apparier_ligne", invoiceLineId: "", orderLineId: "" }, 400, MATCHING_MESSAGES.chooseLine],
      [
        { intent: "contester_ecart", kind: "quantite", subjectId: orderId, reason: "x".repeat(2001) },
        400,
        MATCHING_MESSAGES.tooLong(2000),
      ],
    ] as const;
    for (const [form, status, message] of cases) {
      const outcome = await post(invoiceId, form);
      expect(outcome.status, JSON.stringify(form)).toBe(status);
      expect((outcome.data as Refusal).message).toBe(message);
    }
    const unknown = "00000000-0000-4000-8000-000000000000";
    const missing = await post(unknown, { intent: "delier_commande" });
    expect(missing.status).toBe(404);
    expect((await post("pas-un-id", { intent: "lier_commande", orderId })).status).toBe(404);

    const before = await services.db
      .select()
      .from(supplierInvoices)
      .where(eq(supplierInvoices.id, invoiceId));
    expect(
      (await asWorker(detailRoute.loader, `/erp/achats/factures/${invoiceId}`, { params: { id: invoiceId } }))
        .status,
    ).toBe(403);
    expect((await post(invoiceId, { intent: "delier_commande" }, asWorker)).status).toBe(403);
    expect((await page(invoiceId)).matching.link?.orderId).toBe(orderId);
    expect(
      await services.db.select().from(supplierInvoices).where(eq(supplierInvoices.id, invoiceId)),
    ).toEqual(before);
  });

  it("commits nothing for a cancelled order or a delivered order invoiced in full, and never below zero", async () => {
    const invoice = (netCents: number, isCreditNote = false) => ({ netCents, isCreditNote });
    expect(
      orderStillCommitted({ status: "annule", totalHtCents: 1000, invoices: [], fullyInvoiced: false }),
    ).toBe(0);
    expect(
      orderStillCommitted({
        status: "livre",
        totalHtCents: 1000,
        invoices: [invoice(900)],
        fullyInvoiced: true,
      }),
    ).toBe(0);
    expect(
      orderStillCommitted({
        status: "envoye",
        totalHtCents: 1000,
        invoices: [invoice(1200)],
        fullyInvoiced: false,
      }),
    ).toBe(0);
    expect(
      orderStillCommitted({
        status: "livre_partiellement",
        totalHtCents: 1000,
        invoices: [invoice(600), invoice(100, true)],
        fullyInvoiced: false,
      }),
    ).toBe(500);
    expect([parseUnitPrice("48.40"), parseUnitPrice("0.1234"), parseUnitPrice("1e3")]).toEqual([
      48_400_000,
      123_400,
      null,
    ]);
    // Through the database: the rest of the sand delivered, invoiced in full by a second invoice.
    const order = await asOwner(orderRoute.loader, `/erp/achats/commandes/${orderId}`, {
      params: { id: orderId },
    });
    const [, sand] = (order.data as { lines: { id: string }[] }).lines;
    const delivered = new FormData();
    delivered.set("intent", "receptionner");
    delivered.set("receivedOn", parisDay());
    delivered.set("note", "");
    delivered.set(`received.${sand?.id}`, "2");
    expect(
      (
        await asOwner(orderRoute.action, `/erp/achats/commandes/${orderId}`, {
          method: "POST",
          body: delivered,
          params: { id: orderId },
        })
      ).status,
    ).toBe(303);
    const rest = await upload(
      "FA-2026-00140.xml",
      await generate(
        {
          ...deliveryInvoice,
          number: "FA-2026-00140",
          orderReference: orderNumber,
          lines: [
            {
              id: "1",
              name: "Sable 0/4 lavé",
              quantity: "1.5",
              unit: "MTQ",
              price: "48.40",
              net: "72.60",
              category: "S",
              rate: "20",
            },
          ],
          vat: [{ category: "S", rate: "20", base: "72.60", vat: "14.52" }],
          totals: { lines: "72.60", net: "72.60", vat: "14.52", gross: "87.12", due: "87.12" },
        },
        "UBL",
      ),
    );
    expect((await page(rest)).matching.link?.source).toBe("auto");
    // 288,60 − 221,00 − 72,60 < 0, and the order is delivered and invoiced in full: 0.
    const site = await orderCommitments(services.db, siteId);
    expect(site.totalHtCents).toBe(28_860);
  });
});
