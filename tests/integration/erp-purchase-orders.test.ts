import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobSiteLots } from "#app/db/schema/job-sites.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { purchaseDeliveries, purchaseOrderLines, purchaseOrders } from "#app/db/schema/purchase-orders.ts";
import { suppliers } from "#app/db/schema/purchases.ts";
import { createJobSite } from "#app/features/job-sites/write.server.ts";
import { ORDER_MESSAGES } from "#app/features/purchases/order-schema.ts";
import { commitmentsOf, orderCommitments } from "#app/features/purchases/orders.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import * as detailRoute from "#app/routes/erp/achats/commandes/detail.tsx";
import * as listRoute from "#app/routes/erp/achats/commandes/index.tsx";
import * as photoRoute from "#app/routes/erp/achats/commandes/livraison-photo.ts";
import * as editRoute from "#app/routes/erp/achats/commandes/modifier.tsx";
import * as newRoute from "#app/routes/erp/achats/commandes/nouvelle.tsx";
import * as pdfRoute from "#app/routes/erp/achats/commandes/pdf.ts";
import * as supplierRoute from "#app/routes/erp/achats/fournisseurs/detail.tsx";
import * as siteRoute from "#app/routes/erp/chantiers/detail.tsx";
import { readFlash } from "#tests/helpers/flash.ts";
import { jobSiteData } from "#tests/helpers/job-sites.ts";
import { flattenSpaces, pdfPageTexts } from "#tests/helpers/pdf-text.ts";
import { insertClient } from "#tests/helpers/quotes.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { openStaffTestServices, signedInStaff } from "#tests/helpers/staff.ts";

// Purchase orders (Achats › Commandes) through their routes on a real database: a draft
// typed with its lines (exact cents), sent (BC number, the PDF stored with the number, one
// mail to the supplier with the PDF), refused without the supplier's e-mail, received in two
// deliveries (« Livré partiellement » then « Livré », what remains per line, an over-receipt
// refused), cancelled, the committed amount on the site, and closed to site workers.

let services: AppServices;
let close: () => Promise<void>;
let owner: { cookie: string; userId: string; email: string };
let worker: { cookie: string; userId: string; email: string };
let supplierId: string;
let noMailSupplierId: string;
let siteId: string;
let lotId: string;

const asOwner = routeCaller(() => ({ services, cookie: owner.cookie }));
const asWorker = routeCaller(() => ({ services, cookie: worker.cookie }));

const idOf = (outcome: { headers: Headers }) =>
  (outcome.headers.get("location") ?? "").split("/").pop() ?? "";

function orderForm(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "creer",
    supplierId,
    jobSiteId: siteId,
    lotId,
    deliveryPlace: "chantier",
    wantedOn: "2026-12-15",
    notes: "Livraison avant 10 h, grue sur place.",
    "lines.0.reference": "PLA-BA13",
    "lines.0.designation": "Plaque de plâtre BA13",
    "lines.0.unit": "u",
    "lines.0.quantity": "40",
    "lines.0.unitPrice": "7,35",
    "lines.0.vatCode": "20",
    "lines.1.reference": "",
    "lines.1.designation": "Rail 48 mm",
    "lines.1.unit": "ml",
    "lines.1.quantity": "12,5",
    "lines.1.unitPrice": "1,99",
    "lines.1.vatCode": "20",
    "lines.2.reference": "",
    "lines.2.designation": "",
    "lines.2.unit": "",
    "lines.2.quantity": "",
    "lines.2.unitPrice": "",
    "lines.2.vatCode": "20",
    ...overrides,
  };
}

type Refusal = { message: string; fieldErrors?: Record<string, string[]>; values?: Record<string, string> };

const create = (form: Record<string, string>, call = asOwner) =>
  call(newRoute.action, "/erp/achats/commandes/nouvelle", { form });

const post = (id: string, form: Record<string, string> | FormData, call = asOwner) =>
  form instanceof FormData
    ? call(detailRoute.action, `/erp/achats/commandes/${id}`, { method: "POST", body: form, params: { id } })
    : call(detailRoute.action, `/erp/achats/commandes/${id}`, { form, params: { id } });

async function page(id: string) {
  const outcome = await asOwner(detailRoute.loader, `/erp/achats/commandes/${id}`, { params: { id } });
  expect(outcome.status).toBe(200);
  return outcome.data as Awaited<ReturnType<typeof detailRoute.loader>>;
}

function delivery(values: Record<string, string>, photo?: File): FormData {
  const form = new FormData();
  form.set("intent", "receptionner");
  form.set("receivedOn", parisDay());
  form.set("note", "");
  for (const [name, value] of Object.entries(values)) form.set(name, value);
  if (photo) form.set("photo", photo);
  return form;
}

async function snapshot(id: string) {
  const [order] = await services.db.select().from(purchaseOrders).where(eq(purchaseOrders.id, id));
  const deliveries = await services.db
    .select()
    .from(purchaseDeliveries)
    .where(eq(purchaseDeliveries.orderId, id));
  const mails = await services.db.select().from(outboxMessages);
  return {
    order,
    deliveries: deliveries.length,
    mails: mails.length,
    files: (await services.storage.list()).length,
  };
}

beforeAll(async () => {
  ({ services, close } = await openStaffTestServices("erp-purchase-orders-"));
  owner = await signedInStaff(services, "owner", "gerant@batirade.test");
  worker = await signedInStaff(services, "compagnon", "lucas@batirade.test");
  const [supplier] = await services.db
    .insert(suppliers)
    .values({
      kind: "fournisseur",
      legalName: "Matériaux du Var",
      email: "commandes@materiaux-var.test",
      city: "Toulon",
    })
    .returning({ id: suppliers.id });
  const [noMail] = await services.db
    .insert(suppliers)
    .values({ kind: "fournisseur", legalName: "Bois Sans Courriel", city: "Hyères" })
    .returning({ id: suppliers.id });
  supplierId = supplier?.id ?? "";
  noMailSupplierId = noMail?.id ?? "";
  const clientId = await insertClient(services.db, { name: "Famille Cloison", email: "cloison@example.fr" });
  ({ id: siteId } = await createJobSite(
    services.db,
    { id: owner.userId, email: owner.email },
    clientId,
    jobSiteData({ title: "Cloisons Cloison", siteStreet: "3 rue des Lilas", sitePostalCode: "83000" }),
  ));
  const [lot] = await services.db
    .insert(jobSiteLots)
    .values({
      jobSiteId: siteId,
      position: 0,
      title: "Plâtrerie",
      saleHtCents: 500_000,
      hourlyCostCents: 4500,
    })
    .returning({ id: jobSiteLots.id });
  lotId = lot?.id ?? "";
});
afterAll(async () => {
  await close();
});

describe("purchase orders", () => {
  let orderId: string;

  it("saves a draft with its lines in exact cents, the blank rows left out, no number yet", async () => {
    const outcome = await create(orderForm());
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    expect(readFlash(outcome)?.message).toBe("Commande enregistrée en brouillon.");
    orderId = idOf(outcome);
    const { order, lines } = await page(orderId);
    // 40 × 7,35 = 294,00 ; 12,5 × 1,99 = 24,875 → 24,88 ; HT 318,88, TVA 63,78, TTC 382,66.
    expect(order).toMatchObject({
      number: null,
      status: "brouillon",
      totalHtCents: 31_888,
      totalVatCents: 6378,
      totalTtcCents: 38_266,
      lotId,
      wantedOn: "2026-12-15",
    });
    expect(lines.map((line) => [line.designation, line.quantityMilli, line.totalHtCents])).toEqual([
      ["Plaque de plâtre BA13", 40_000, 29_400],
      ["Rail 48 mm", 12_500, 2488],
    ]);
    const list = await asOwner(listRoute.loader, `/erp/achats/commandes?chantier=${siteId}`);
    expect((list.data as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([orderId]);
  });

  it("refuses bad input with a French message at its field, and writes nothing", async () => {
    const before = await services.db.select().from(purchaseOrders);
    const cases: [Record<string, string>, string, string][] = [
      [{ "lines.0.quantity": "0" }, "lines.0.quantity", ORDER_MESSAGES.quantity],
      [{ "lines.0.quantity": "douze" }, "lines.0.quantity", "Saisissez une quantité, par exemple 12,5."],
      [{ "lines.1.unitPrice": "-3" }, "lines.1.unitPrice", ORDER_MESSAGES.price],
      [
        { "lines.1.designation": "", "lines.1.unit": "ml" },
        "lines.1.designation",
        ORDER_MESSAGES.designation,
      ],
      [{ supplierId: "pas-un-id" }, "supplierId", ORDER_MESSAGES.supplier],
      [{ jobSiteId: "", lotId: "", deliveryPlace: "chantier" }, "jobSiteId", ORDER_MESSAGES.siteForPlace],
      [{ deliveryPlace: "lune" }, "deliveryPlace", ORDER_MESSAGES.place],
      [{ wantedOn: "2026-02-31" }, "wantedOn", "Cette date n'existe pas."],
    ];
    for (const [overrides, field, message] of cases) {
      const outcome = await create(orderForm(overrides));
      expect(outcome.status, JSON.stringify(overrides)).toBe(400);
      const refusal = outcome.data as Refusal;
      expect(refusal.fieldErrors?.[field]?.[0], JSON.stringify(refusal)).toBe(message);
      expect(refusal.values?.notes).toBe("Livraison avant 10 h, grue sur place.");
    }
    const noLines = await create(
      orderForm({
        "lines.0.designation": "",
        "lines.0.reference": "",
        "lines.0.unit": "",
        "lines.0.quantity": "",
        "lines.0.unitPrice": "",
        "lines.1.designation": "",
        "lines.1.unit": "",
        "lines.1.quantity": "",
        "lines.1.unitPrice": "",
      }),
    );
    expect(noLines.status).toBe(400);
    expect((noLines.data as Refusal).message).toBe(ORDER_MESSAGES.noLine);
    // An archived supplier, or a lot of another site: refused by the server.
    const [archived] = await services.db
      .insert(suppliers)
      .values({ kind: "fournisseur", legalName: "Ancien Négoce", archivedAt: new Date() })
      .returning({ id: suppliers.id });
    const refusedArchived = await create(orderForm({ supplierId: archived?.id ?? "" }));
    expect(refusedArchived.status).toBe(400);
    expect((refusedArchived.data as Refusal).fieldErrors?.supplierId).toEqual([ORDER_MESSAGES.supplier]);
    const depotLot = await create(orderForm({ jobSiteId: "", deliveryPlace: "depot" }));
    expect((depotLot.data as Refusal).fieldErrors?.lotId).toEqual([ORDER_MESSAGES.lot]);
    expect(await services.db.select().from(purchaseOrders)).toHaveLength(before.length);
    const badFilter = await asOwner(listRoute.loader, "/erp/achats/commandes?statut=perdu");
    expect(badFilter.status).toBe(400);
    expect((badFilter.data as { message: string }).message).toBe(ORDER_MESSAGES.status);
  });

  it("« Ajouter des lignes » gives the form back with what was typed", async () => {
    const outcome = await create(orderForm({ intent: "lignes" }));
    expect(outcome.status).toBe(200);
    expect(outcome.data).toMatchObject({ moreRows: true, values: { "lines.1.designation": "Rail 48 mm" } });
    expect((outcome.data as Refusal).values?.["lines.2.designation"]).toBeUndefined();
  });

  it("edits a draft; a form opened before another save is refused", async () => {
    const edit = await asOwner(editRoute.loader, `/erp/achats/commandes/${orderId}/modifier`, {
      params: { id: orderId },
    });
    const { values, revision } = edit.data as { values: Record<string, string>; revision: number };
    expect(values["lines.1.quantity"]).toBe("12,5");
    const saved = await asOwner(editRoute.action, `/erp/achats/commandes/${orderId}/modifier`, {
      form: { ...values, intent: "modifier", revision: String(revision), "lines.0.quantity": "50" },
      params: { id: orderId },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(303);
    const stale = await asOwner(editRoute.action, `/erp/achats/commandes/${orderId}/modifier`, {
      form: { ...values, intent: "modifier", revision: String(revision) },
      params: { id: orderId },
    });
    expect(stale.status).toBe(409);
    expect((stale.data as Refusal).message).toBe(ORDER_MESSAGES.stale);
    const { order } = await page(orderId);
    // 50 × 7,35 = 367,50 + 24,88 = 392,38 HT.
    expect(order.totalHtCents).toBe(39_238);
  });

  it("refuses to send when the supplier has no e-mail (400, French), nothing changed", async () => {
    const draft = await create(orderForm({ supplierId: noMailSupplierId }));
    const id = idOf(draft);
    const before = await snapshot(id);
    const outcome = await post(id, { intent: "envoyer" });
    expect(outcome.status).toBe(400);
    expect((outcome.data as Refusal).message).toBe(ORDER_MESSAGES.noEmail);
    expect(await snapshot(id)).toEqual(before);
    // The number was not consumed: cancelled, this draft leaves BC-…-0001 to the next one.
    expect((await post(id, { intent: "annuler" })).status).toBe(303);
  });

  it("sends: number BC-2026-0001, the PDF stored with it, one mail to the supplier with the PDF", async () => {
    const outcome = await post(orderId, { intent: "envoyer" });
    expect(outcome.status, JSON.stringify(outcome.data)).toBe(303);
    const year = parisDay().slice(0, 4);
    const number = `BC-${year}-0001`;
    expect(readFlash(outcome)?.message).toBe(`Commande ${number} envoyée à commandes@materiaux-var.test.`);
    const { order } = await page(orderId);
    expect(order).toMatchObject({ number, status: "envoye" });
    expect(order.deliveryAddress).toContain("3 rue des Lilas");

    const pdf = await asOwner(pdfRoute.loader, `/erp/achats/commandes/${orderId}/pdf`, {
      params: { id: orderId },
    });
    expect(pdf.status).toBe(200);
    const bytes = new Uint8Array(await (pdf.data as Response).arrayBuffer());
    expect(Buffer.from(bytes.subarray(0, 5)).toString("latin1")).toBe("%PDF-");
    const text = flattenSpaces((await pdfPageTexts(bytes)).join(" "));
    expect(text).toContain(number);
    expect(text).toContain("Plaque de plâtre BA13");
    expect(text).toContain("Matériaux du Var");

    const mails = await services.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.kind, "purchase_order.sent"));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.payload.to).toBe("commandes@materiaux-var.test");
    expect(mail?.payload.subject).toContain(number);
    expect(mail?.payload.attachments).toEqual([
      {
        filename: `bon-de-commande-${number.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        storageKey: order.pdfStorageKey,
      },
    ]);
    const attached = await services.storage.get(order.pdfStorageKey ?? "");
    expect(Buffer.from(attached).equals(Buffer.from(bytes))).toBe(true);

    // Sent: no second sending, no edit.
    const again = await post(orderId, { intent: "envoyer" });
    expect(again.status).toBe(409);
    expect((again.data as Refusal).message).toBe(ORDER_MESSAGES.notDraft);
    const supplierPage = await asOwner(supplierRoute.loader, `/erp/achats/fournisseurs/${supplierId}`, {
      params: { id: supplierId },
    });
    expect(
      (supplierPage.data as { orders: { number: string | null }[] }).orders.map((row) => row.number),
    ).toContain(number);
  });

  it("counts the sent order as committed on its site and lot (drafts and cancelled ones do not)", async () => {
    expect(await orderCommitments(services.db, siteId)).toEqual({
      totalHtCents: 39_238,
      byLot: [{ lotId, htCents: 39_238 }],
    });
    const site = await asOwner(siteRoute.loader, `/erp/chantiers/${siteId}`, { params: { id: siteId } });
    expect((site.data as { committed: { totalHtCents: number } }).committed.totalHtCents).toBe(39_238);
    expect(
      commitmentsOf([
        { lotId: null, status: "brouillon", totalHtCents: 100 },
        { lotId: null, status: "annule", totalHtCents: 200 },
        { lotId: null, status: "livre", totalHtCents: 300 },
      ]),
    ).toEqual({ totalHtCents: 300, byLot: [{ lotId: null, htCents: 300 }] });
  });

  it("receives a partial delivery with its note's photo, then the rest: « Livré partiellement » then « Livré »", async () => {
    const [plates, rails] = (await page(orderId)).lines;
    const photo = await sharp({ create: { width: 200, height: 300, channels: 3, background: "#ddd" } })
      .png()
      .toBuffer();
    const first = await post(
      orderId,
      delivery(
        { [`received.${plates?.id}`]: "30", [`received.${rails?.id}`]: "" },
        new File([new Uint8Array(photo)], "bl.png", { type: "image/png" }),
      ),
    );
    expect(first.status, JSON.stringify(first.data)).toBe(303);
    let view = await page(orderId);
    expect(view.order.status).toBe("livre_partiellement");
    expect(view.lines.map((line) => [line.receivedMilli, line.remainingMilli])).toEqual([
      [30_000, 20_000],
      [0, 12_500],
    ]);
    const [received] = view.deliveries;
    expect(received?.hasPhoto).toBe(true);
    const served = await asOwner(
      photoRoute.loader,
      `/erp/achats/commandes/${orderId}/livraisons/${received?.id}/photo`,
      {
        params: { id: orderId, deliveryId: received?.id ?? "" },
      },
    );
    expect((served.data as Response).headers.get("content-type")).toBe("image/png");

    // Over-receipt: refused (the rest is 20 u), nothing written.
    const before = await snapshot(orderId);
    const over = await post(orderId, delivery({ [`received.${plates?.id}`]: "21" }));
    expect(over.status).toBe(400);
    expect((over.data as Refusal).message).toBe(ORDER_MESSAGES.overReceipt("Plaque de plâtre BA13", "20 u"));
    // A text file named .jpg as the delivery note: refused by its bytes, nothing stored.
    const fake = await post(
      orderId,
      delivery(
        { [`received.${plates?.id}`]: "1" },
        new File(["pas une image"], "bl.jpg", { type: "image/jpeg" }),
      ),
    );
    expect(fake.status).toBe(415);
    const nothing = await post(orderId, delivery({ [`received.${plates?.id}`]: "" }));
    expect(nothing.status).toBe(400);
    expect((nothing.data as Refusal).message).toBe(ORDER_MESSAGES.nothingReceived);
    const badDay = await post(orderId, delivery({ [`received.${plates?.id}`]: "1", receivedOn: "hier" }));
    expect(badDay.status).toBe(400);
    expect(await snapshot(orderId)).toEqual(before);

    const rest = await post(
      orderId,
      delivery({ [`received.${plates?.id}`]: "20", [`received.${rails?.id}`]: "12,5" }),
    );
    expect(rest.status, JSON.stringify(rest.data)).toBe(303);
    expect(readFlash(rest)?.message).toBe("Livraison réceptionnée : la commande est entièrement livrée.");
    view = await page(orderId);
    expect(view.order.status).toBe("livre");
    expect(view.lines.every((line) => line.remainingMilli === 0)).toBe(true);
    // Delivered: neither another delivery nor a cancellation.
    expect((await post(orderId, delivery({ [`received.${plates?.id}`]: "1" }))).status).toBe(409);
    const cancel = await post(orderId, { intent: "annuler" });
    expect(cancel.status).toBe(409);
    expect((cancel.data as Refusal).message).toBe(ORDER_MESSAGES.delivered);
  });

  it("cancels a sent order: it no longer counts as committed", async () => {
    const draft = await create(orderForm({ lotId: "" }));
    const id = idOf(draft);
    expect((await post(id, { intent: "envoyer" })).status).toBe(303);
    expect((await orderCommitments(services.db, siteId)).totalHtCents).toBe(39_238 + 31_888);
    const cancelled = await post(id, { intent: "annuler" });
    expect(cancelled.status).toBe(303);
    expect((await page(id)).order).toMatchObject({
      status: "annule",
      number: `BC-${parisDay().slice(0, 4)}-0002`,
    });
    expect((await orderCommitments(services.db, siteId)).totalHtCents).toBe(39_238);
    const twice = await post(id, { intent: "annuler" });
    expect(twice.status).toBe(409);
    expect((twice.data as Refusal).message).toBe(ORDER_MESSAGES.alreadyCancelled);
  });

  it("is closed to a site worker (403), and an unknown order or intent is a clear refusal", async () => {
    expect((await asWorker(listRoute.loader, "/erp/achats/commandes")).status).toBe(403);
    expect((await create(orderForm(), asWorker)).status).toBe(403);
    expect((await post(orderId, { intent: "annuler" }, asWorker)).status).toBe(403);
    expect(
      (await asWorker(pdfRoute.loader, `/erp/achats/commandes/${orderId}/pdf`, { params: { id: orderId } }))
        .status,
    ).toBe(403);
    const missing = await asOwner(detailRoute.loader, "/erp/achats/commandes/pas-un-id", {
      params: { id: "pas-un-id" },
    });
    expect(missing.status).toBe(404);
    const unknown = await post(orderId, { intent: "detruire" });
    expect(unknown.status).toBe(400);
    expect((unknown.data as Refusal).message).toBe("Action inconnue.");
    const lines = await services.db
      .select()
      .from(purchaseOrderLines)
      .where(eq(purchaseOrderLines.orderId, orderId));
    expect(lines).toHaveLength(2);
  });
});
