import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, loadEnv } from "#app/config/env.server.ts";
import { activityEvents } from "#app/db/schema/activity.ts";
import { invoices } from "#app/db/schema/invoices.ts";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { shopOrders, shopVariants } from "#app/db/schema/shop.ts";
import { orderReference } from "#app/features/shop/admin/labels.ts";
import { applyOrderAction, OrderStateError } from "#app/features/shop/admin/orders.server.ts";
import { runUnpaidOrdersJob } from "#app/features/shop/admin/unpaid.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { action as webhookAction } from "#app/routes/api/store/stripe-webhook.ts";
import * as orderRoute from "#app/routes/erp/boutique/commandes/detail.tsx";
import * as listRoute from "#app/routes/erp/boutique/commandes/index.tsx";
import * as shopRoute from "#app/routes/erp/boutique/index.tsx";
import { orderBilling } from "#app/routes/erp/boutique/order-billing.server.ts";
import * as dashboardRoute from "#app/routes/erp/dashboard.tsx";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { fillInvoiceSettings } from "#tests/helpers/invoices.ts";
import { routeCaller } from "#tests/helpers/route-call.ts";
import { routerContext } from "#tests/helpers/services.ts";
import { checkoutBody, placeTestOrder, postCheckout, STORE_ID } from "#tests/helpers/shop.ts";
import { signedInStaff, staffTestServices } from "#tests/helpers/staff.ts";
import { type StripeStub, startStripeStub } from "#tests/stubs/stripe-server.ts";

// The shop's orders in the Espace Pro (/erp/boutique/commandes): every status change and
// its refusals, the stock given back exactly once, the Stripe refund against the loopback
// stub, the daily cancellation of unpaid orders, the buyer's e-mails (outbox rows), and
// the routes as the server calls them. 401/403 for every route: erp-route-guard.test.ts.

const SECRET_KEY = "sk_test_boutiqueAdmin123";
const WEBHOOK_SECRET = "whsec_boutiqueAdmin123";
const MANAGED = "perforateur-sds-plus--standard";
const UNMANAGED = "visseuse-chocs-18v--seule";

let database: TestDatabase;
let stub: StripeStub;
let dataDir: string;
let services: AppServices;
let staff: { cookie: string; userId: string; email: string };

beforeAll(async () => {
  database = await createTestDatabase();
  stub = await startStripeStub();
  dataDir = mkdtempSync(path.join(tmpdir(), "erp-shop-orders-"));
  services = staffTestServices(database, {
    DATA_DIR: dataDir,
    STRIPE_SECRET_KEY: SECRET_KEY,
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_API_URL: stub.url,
  });
  await seedDemoContent(database.db);
  // Enough units for every order of the file.
  await database.db.update(shopVariants).set({ inventoryQuantity: 500 }).where(eq(shopVariants.id, MANAGED));
  staff = await signedInStaff(services, "staff", "boutique@batirade.test");
  await fillInvoiceSettings(database.db);
});
afterAll(async () => {
  services.mailer.close();
  await Promise.all([database.cleanup(), stub.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const call = routeCaller(() => ({ services, cookie: staff.cookie }));

/** An action of the order page, as its forms post it. */
function act(id: string, intent: string, fields: Record<string, string> = {}) {
  return call(orderRoute.action, `/erp/boutique/commandes/${id}`, {
    params: { id },
    form: { intent, ...fields },
  });
}

async function orderRow(id: string) {
  const [order] = await database.db.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!order) throw new Error("commande absente");
  return order;
}

async function stockOf(variantId = MANAGED) {
  const [row] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  return row?.inventoryQuantity ?? Number.NaN;
}

/** The e-mails queued for this address about this order, oldest first. */
async function mailsFor(order: { number: number; customerEmail: string }) {
  const rows = await database.db.select().from(outboxMessages).orderBy(asc(outboxMessages.createdAt));
  return rows.filter(
    (row) =>
      row.payload.to === order.customerEmail && row.payload.subject.includes(orderReference(order.number)),
  );
}

async function historyOf(id: string) {
  return database.db
    .select()
    .from(activityEvents)
    .where(and(eq(activityEvents.subjectType, "commande"), eq(activityEvents.subjectId, id)))
    .orderBy(asc(activityEvents.id));
}

let emails = 0;
const nextEmail = () => `acheteur${++emails}@example.fr`;

const signer = new Stripe(SECRET_KEY);

/** A card order, paid on the stub's page and confirmed by Stripe's signed webhook. */
async function paidStripeOrder(quantity = 2) {
  const email = nextEmail();
  const answer = await postCheckout(
    services,
    checkoutBody([{ variant_id: MANAGED, quantity }], {
      customer: { name: "Lucie Carte", email, phone: "06 11 22 33 44" },
      successUrl: "http://localhost/success",
      cancelUrl: "http://localhost/commande",
    }),
  );
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const session = [...stub.sessions.values()].at(-1);
  if (!session) throw new Error("aucune session Stripe");
  const event = stub.completeSession(session.id);
  const payload = JSON.stringify(event);
  const response = await webhookAction({
    request: new Request(`https://www.example.test/api/store/${STORE_ID}/webhooks/stripe`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "Stripe-Signature": signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
      },
      body: payload,
    }),
    params: { storeId: STORE_ID },
    context: routerContext(services),
  } as never);
  expect(response.status).toBe(200);
  const order = await orderRow(session.metadata.order_id ?? "");
  expect(order.status).toBe("paid");
  return { order, session: stub.sessions.get(session.id) ?? session };
}

describe("order statuses, from the order page", () => {
  it("takes a delivery order paid by transfer to « Livrée », e-mailing the buyer at each step", async () => {
    const email = nextEmail();
    const placed = await placeTestOrder(services.db, { fulfilment: "delivery", email, name: "Hélène Roux" });
    const id = placed.id;
    const stockAfterOrder = await stockOf();

    // Nothing makes sense before the payment but the payment (or a cancellation).
    const early = await act(id, "preparer");
    expect(early.status).toBe(409);
    expect((early.data as { message: string }).message).toBe(
      "Impossible de la préparer : la commande doit être « Payée » (elle est « En attente de paiement »).",
    );

    const paid = await act(id, "payer");
    expect(paid.status, JSON.stringify(paid.data)).toBe(303);
    expect(paid.headers.get("location")).toBe(`/erp/boutique/commandes/${id}`);
    expect((await orderRow(id)).paidAt).not.toBeNull();
    expect((await act(id, "payer")).status).toBe(409);

    expect((await act(id, "preparer")).status).toBe(303);
    // A delivery order is shipped, never « Prête à retirer ».
    const pickup = await act(id, "prete");
    expect(pickup.status).toBe(409);
    expect((pickup.data as { message: string }).message).toContain("elle ne se retire pas");

    expect((await act(id, "expedier", { trackingReference: " 6A12345678901 " })).status).toBe(303);
    expect(await orderRow(id)).toMatchObject({ status: "shipped", trackingReference: "6A12345678901" });
    expect((await act(id, "livree")).status).toBe(303);
    const delivered = await orderRow(id);
    expect(delivered.status).toBe("delivered");
    expect(delivered.closedAt).not.toBeNull();

    // Final: nothing more, not even a cancellation; the stock stays sold.
    const late = await act(id, "annuler");
    expect(late.status).toBe(409);
    expect((late.data as { message: string }).message).toBe(
      "Cette commande est « Livrée » : elle ne peut plus changer.",
    );
    expect(await stockOf()).toBe(stockAfterOrder);

    const mails = await mailsFor(delivered);
    expect(mails.map((mail) => [mail.kind, mail.payload.subject])).toEqual([
      ["order.paid", `Paiement reçu : commande ${orderReference(delivered.number)} — Bâti Rade Toulon`],
      [
        "order.preparing",
        `Votre commande ${orderReference(delivered.number)} est en préparation — Bâti Rade Toulon`,
      ],
      ["order.shipped", `Votre commande ${orderReference(delivered.number)} est expédiée — Bâti Rade Toulon`],
      ["order.delivered", `Votre commande ${orderReference(delivered.number)} est livrée — Bâti Rade Toulon`],
    ]);
    expect(mails[2]?.payload.text).toContain("Référence de suivi du transporteur : 6A12345678901");
    // The buyer's e-mails repeat nothing they typed (name, address).
    expect(
      mails.every((mail) => !mail.payload.text.includes("Hélène") && !mail.payload.text.includes("Picot")),
    ).toBe(true);

    const history = await historyOf(id);
    expect(history.map((event) => event.summary)).toEqual([
      "Statut : En attente de paiement → Payée",
      expect.stringMatching(/^Facture FAC-\d{4}-\d{4} émise et réglée$/),
      "Statut : Payée → En préparation",
      "Statut : En préparation → Expédiée (suivi 6A12345678901)",
      "Statut : Expédiée → Livrée",
    ]);
    expect(history.every((event) => event.actorEmail === staff.email && event.actorId === staff.userId)).toBe(
      true,
    );

    // The order page shows it all.
    const page = await call(orderRoute.loader, `/erp/boutique/commandes/${id}`, { params: { id } });
    expect(page.status).toBe(200);
    const view = page.data as Awaited<ReturnType<typeof orderRoute.loader>>;
    expect(view.crumb).toBe(orderReference(delivered.number));
    expect(view.items.map((item) => [item.variantId, item.quantity, item.unitPriceCents])).toEqual([
      [MANAGED, 1, 15900],
    ]);
    expect(view.events).toHaveLength(5);
    expect(view.invoice?.number).toMatch(/^FAC-\d{4}-\d{4}$/);
    expect(view.mails.map((mail) => mail.kind)).toEqual([
      "order.paid",
      "order.preparing",
      "order.shipped",
      "order.delivered",
    ]);
  });

  it("takes a pick-up order to « Retirée », and refuses to ship it", async () => {
    const placed = await placeTestOrder(services.db, { fulfilment: "pickup", email: nextEmail() });
    const id = placed.id;
    expect((await act(id, "payer")).status).toBe(303);
    expect((await act(id, "preparer")).status).toBe(303);
    const ship = await act(id, "expedier", { trackingReference: "X1" });
    expect(ship.status).toBe(409);
    expect((ship.data as { message: string }).message).toBe(
      "Cette commande est à retirer à Toulon : elle ne s'expédie pas.",
    );
    expect((await act(id, "livree")).status).toBe(409);
    expect((await act(id, "retiree")).status).toBe(409);
    expect((await act(id, "prete")).status).toBe(303);
    const ready = (await mailsFor(placed)).at(-1);
    expect(ready?.payload.subject).toContain("est prête à retirer");
    expect(ready?.payload.text).toContain("Votre commande vous attend à notre atelier");
    expect((await act(id, "retiree")).status).toBe(303);
    expect((await orderRow(id)).status).toBe("picked_up");
    expect((await mailsFor(placed)).at(-1)?.kind).toBe("order.picked_up");
    expect((await act(id, "annuler")).status).toBe(409);
  });

  it("refuses to mark a card order paid by hand: Stripe confirms it", async () => {
    const placed = await placeTestOrder(services.db, { provider: "stripe", email: nextEmail() });
    const refused = await act(placed.id, "payer");
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toContain("confirmée par Stripe");
    expect((await orderRow(placed.id)).status).toBe("awaiting_payment");
    expect(await historyOf(placed.id)).toEqual([]);
  });

  it("cancels an unpaid order: the stock returns, the reason reaches the buyer", async () => {
    const before = await stockOf();
    const placed = await placeTestOrder(services.db, {
      email: nextEmail(),
      items: [
        { variant_id: MANAGED, quantity: 3 },
        { variant_id: UNMANAGED, quantity: 1 },
      ],
    });
    expect(await stockOf()).toBe(before - 3);
    const cancelled = await act(placed.id, "annuler", { reason: "Doublon de la commande précédente" });
    expect(cancelled.status).toBe(303);
    expect(await stockOf()).toBe(before);
    expect(await orderRow(placed.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "Doublon de la commande précédente",
      refundId: null,
    });
    const mail = (await mailsFor(placed)).at(-1);
    expect(mail?.kind).toBe("order.cancelled");
    expect(mail?.payload.text).toContain("Motif : Doublon de la commande précédente");
    expect(mail?.payload.text).toContain("Aucun paiement n'a été reçu");
    expect((await historyOf(placed.id)).at(-1)?.summary).toBe(
      "Statut : En attente de paiement → Annulée (motif : Doublon de la commande précédente, 3 articles remis en stock)",
    );
    // Cancelling again changes nothing.
    expect((await act(placed.id, "annuler")).status).toBe(409);
    expect(await stockOf()).toBe(before);
  });

  it("cancels a paid order in preparation, stock back, the buyer told of the refund", async () => {
    const before = await stockOf();
    const placed = await placeTestOrder(services.db, { email: nextEmail(), fulfilment: "delivery" });
    await act(placed.id, "payer");
    await act(placed.id, "preparer");
    expect((await act(placed.id, "annuler")).status).toBe(303);
    expect(await stockOf()).toBe(before);
    expect((await mailsFor(placed)).at(-1)?.payload.text).toContain("Nous vous remboursons le montant réglé");
  });

  it("returns the stock exactly once when two people cancel the same order at the same moment", async () => {
    const before = await stockOf();
    const placed = await placeTestOrder(services.db, {
      email: nextEmail(),
      items: [{ variant_id: MANAGED, quantity: 4 }],
    });
    expect(await stockOf()).toBe(before - 4);
    const actor = { id: staff.userId, email: staff.email };
    const outcomes = await Promise.allSettled([
      applyOrderAction(services, placed.id, "annuler", {}, actor),
      applyOrderAction(services, placed.id, "annuler", {}, { id: null, email: "autre@batirade.test" }),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    const refusals = outcomes.filter((outcome) => outcome.status === "rejected");
    expect(refusals).toHaveLength(1);
    expect((refusals[0] as PromiseRejectedResult).reason).toBeInstanceOf(OrderStateError);
    expect(await stockOf()).toBe(before);
    expect(await historyOf(placed.id)).toHaveLength(1);
    expect((await mailsFor(placed)).filter((mail) => mail.kind === "order.cancelled")).toHaveLength(1);
  });
});

describe("cancelling a paid card order: the refund through Stripe", () => {
  it("refunds the order's payment on Stripe, stores the refund id and returns the stock", async () => {
    const before = await stockOf();
    const { order, session } = await paidStripeOrder(2);
    expect(session.payment_intent).toMatch(/^pi_test_/);
    expect(await stockOf()).toBe(before - 2);
    // Paid through the webhook: its invoice, paid by card, goes with the payment's receipt.
    const [invoice] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, order.invoiceId ?? ""));
    expect(invoice).toMatchObject({
      status: "payee",
      totalTtcCents: order.totalCents,
      paidCents: order.totalCents,
    });
    const receipt = (await mailsFor(order)).find((mail) => mail.kind === "order.paid");
    expect(receipt?.payload.attachments).toEqual([
      {
        filename: `${invoice?.number?.toLowerCase()}.pdf`,
        contentType: "application/pdf",
        storageKey: invoice?.pdfStorageKey,
      },
    ]);
    // « Marquer comme payée » makes no sense for it.
    expect((await act(order.id, "payer")).status).toBe(409);

    const cancelled = await act(order.id, "annuler", { reason: "Rupture chez le fournisseur" });
    expect(cancelled.status, JSON.stringify(cancelled.data)).toBe(303);
    const refundRequests = stub.requests.filter((request) => request.path === "/v1/refunds");
    expect(refundRequests).toHaveLength(1);
    expect(refundRequests[0]?.method).toBe("POST");
    expect(refundRequests[0]?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(refundRequests[0]?.body.payment_intent).toBe(session.payment_intent);
    const refund = stub.refunds.at(-1);
    expect(refund).toMatchObject({ payment_intent: session.payment_intent, amount: order.totalCents });
    expect(await orderRow(order.id)).toMatchObject({ status: "cancelled", refundId: refund?.id });
    expect(await stockOf()).toBe(before);
    const mail = (await mailsFor(order)).at(-1);
    expect(mail?.kind).toBe("order.cancelled");
    expect(mail?.payload.text).toContain("est remboursé sur votre carte");
    // The invoice is cancelled by a credit note of the same amount, attached to the e-mail.
    const cancelledOrder = await orderRow(order.id);
    const [creditNote] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, cancelledOrder.creditNoteId ?? ""));
    expect(creditNote).toMatchObject({
      kind: "avoir",
      creditedInvoiceId: order.invoiceId,
      totalTtcCents: -order.totalCents,
    });
    expect(creditNote?.number).toMatch(/^AV-\d{4}-\d{4}$/);
    const [annulled] = await database.db
      .select()
      .from(invoices)
      .where(eq(invoices.id, order.invoiceId ?? ""));
    expect(annulled?.status).toBe("annulee");
    expect(mail?.payload.text).toContain(
      `L'avoir ${creditNote?.number}, qui annule la facture de votre commande`,
    );
    expect(mail?.payload.attachments?.map((attachment) => attachment.storageKey)).toEqual([
      creditNote?.pdfStorageKey,
    ]);
    expect((await historyOf(order.id)).at(-1)?.summary).toContain(`remboursement Stripe ${refund?.id}`);

    // The payment event shows on the order page.
    const page = await call(orderRoute.loader, `/erp/boutique/commandes/${order.id}`, {
      params: { id: order.id },
    });
    const view = page.data as Awaited<ReturnType<typeof orderRoute.loader>>;
    expect(view.payments.map((payment) => payment.type)).toEqual(["checkout.session.completed"]);
    expect(view.order.refundId).toBe(refund?.id);
  });

  it("leaves the order as it was when Stripe refuses the refund", async () => {
    const { order } = await paidStripeOrder(1);
    const stock = await stockOf();
    const mailsBefore = (await mailsFor(order)).length;
    const refundsBefore = stub.refunds.length;
    const historyBefore = await historyOf(order.id);
    stub.failNextRefund("This PaymentIntent's charge has been disputed.");
    const refused = await act(order.id, "annuler", { reason: "Essai" });
    expect(refused.status).toBe(409);
    expect((refused.data as { message: string }).message).toBe(
      "Stripe a refusé le remboursement (This PaymentIntent's charge has been disputed.) : la commande n'a pas été annulée. Réessayez, ou remboursez depuis le tableau de bord Stripe.",
    );
    expect(await orderRow(order.id)).toEqual(order);
    expect(await stockOf()).toBe(stock);
    expect(stub.refunds).toHaveLength(refundsBefore);
    expect((await mailsFor(order)).length).toBe(mailsBefore);
    // Nothing written, not even the credit note taken before the refund was asked.
    expect(await historyOf(order.id)).toEqual(historyBefore);
    // Once Stripe accepts, the cancellation goes through.
    expect((await act(order.id, "annuler")).status).toBe(303);
    expect(stub.refunds).toHaveLength(refundsBefore + 1);
  });

  it("refunds once when two people cancel the same paid card order at the same moment", async () => {
    const before = await stockOf();
    const { order } = await paidStripeOrder(2);
    const refundsBefore = stub.refunds.length;
    const actor = { id: staff.userId, email: staff.email };
    const withBilling = { ...services, billing: orderBilling(services) };
    const outcomes = await Promise.allSettled([
      applyOrderAction(withBilling, order.id, "annuler", {}, actor),
      applyOrderAction(withBilling, order.id, "annuler", {}, actor),
    ]);
    expect(outcomes.map((outcome) => outcome.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refusal = outcomes.find((outcome) => outcome.status === "rejected");
    expect(refusal?.status === "rejected" && refusal.reason).toBeInstanceOf(OrderStateError);
    // One credit note, for the one cancellation.
    expect((await orderRow(order.id)).creditNoteId).not.toBeNull();
    expect(stub.refunds).toHaveLength(refundsBefore + 1);
    expect(await stockOf()).toBe(before);
  });
});

describe("the daily cancellation of unpaid orders", () => {
  it("cancels the transfer orders still unpaid after SHOP_UNPAID_ORDER_DAYS days, and only them", async () => {
    const before = await stockOf();
    const unpaid = await placeTestOrder(services.db, {
      email: nextEmail(),
      items: [{ variant_id: MANAGED, quantity: 2 }],
    });
    const paid = await placeTestOrder(services.db, { email: nextEmail() });
    await act(paid.id, "payer");
    const card = await placeTestOrder(services.db, { provider: "stripe", email: nextEmail() });
    expect(await stockOf()).toBe(before - 4);

    // Six days later: too early.
    const sixDays = new Date(Date.now() + 6 * 86_400_000);
    expect(await runUnpaidOrdersJob(services, sixDays)).not.toContain(orderReference(unpaid.number));
    expect((await orderRow(unpaid.id)).status).toBe("awaiting_payment");

    // Eight days later: the manual order awaiting payment goes, its stock returns.
    const eightDays = new Date(Date.now() + 8 * 86_400_000);
    const cancelled = await runUnpaidOrdersJob(services, eightDays);
    expect(cancelled).toContain(orderReference(unpaid.number));
    expect(cancelled).not.toContain(orderReference(paid.number));
    expect(cancelled).not.toContain(orderReference(card.number));
    expect(await orderRow(unpaid.id)).toMatchObject({
      status: "cancelled",
      cancelReason: "Paiement non reçu sous 7 jours",
    });
    expect((await orderRow(paid.id)).status).toBe("paid");
    expect((await orderRow(card.id)).status).toBe("awaiting_payment");
    expect(await stockOf()).toBe(before - 2);
    const mail = (await mailsFor(unpaid)).at(-1);
    expect(mail?.kind).toBe("order.cancelled");
    expect(mail?.payload.text).toContain("Motif : Paiement non reçu sous 7 jours");
    const history = await historyOf(unpaid.id);
    expect(history).toHaveLength(1);
    expect(history[0]?.actorId).toBeNull();
    expect(history[0]?.actorEmail).toBe("système");

    // The next day's run finds nothing more to do for it.
    expect(await runUnpaidOrdersJob(services, new Date(eightDays.getTime() + 86_400_000))).not.toContain(
      orderReference(unpaid.number),
    );
    expect(await stockOf()).toBe(before - 2);
  });

  it("reads its delay from SHOP_UNPAID_ORDER_DAYS, checked at start-up", async () => {
    const shortDelay = { ...services, env: { ...services.env, SHOP_UNPAID_ORDER_DAYS: 2 } };
    const placed = await placeTestOrder(services.db, { email: nextEmail() });
    const threeDays = new Date(Date.now() + 3 * 86_400_000);
    expect(await runUnpaidOrdersJob(shortDelay, threeDays)).toContain(orderReference(placed.number));
    expect((await orderRow(placed.id)).cancelReason).toBe("Paiement non reçu sous 2 jours");

    expect(loadEnv({ NODE_ENV: "test" }).SHOP_UNPAID_ORDER_DAYS).toBe(7);
    for (const bad of ["0", "-3", "2.5", "sept", "365"]) {
      expect(() => loadEnv({ NODE_ENV: "test", SHOP_UNPAID_ORDER_DAYS: bad }), bad).toThrow(EnvError);
    }
  });
});

describe("the orders' routes", () => {
  it("refuses without a session, answers 404 for an unknown order, 400 for a bad intent or input", async () => {
    const placed = await placeTestOrder(services.db, { email: nextEmail(), fulfilment: "delivery" });
    const url = `/erp/boutique/commandes/${placed.id}`;
    const anonymous = { cookie: "" };
    expect((await call(orderRoute.loader, url, { ...anonymous, params: { id: placed.id } })).status).toBe(
      401,
    );
    expect(
      (
        await call(orderRoute.action, url, {
          ...anonymous,
          params: { id: placed.id },
          form: { intent: "payer" },
        })
      ).status,
    ).toBe(401);
    expect((await call(listRoute.loader, "/erp/boutique/commandes", anonymous)).status).toBe(401);
    expect((await orderRow(placed.id)).status).toBe("awaiting_payment");

    const missing = "00000000-0000-4000-8000-000000000000";
    for (const id of [missing, "pas-un-uuid"]) {
      const page = await call(orderRoute.loader, `/erp/boutique/commandes/${id}`, { params: { id } });
      expect(page.status).toBe(404);
      expect((page.data as { message: string }).message).toBe("Cette commande n'existe pas.");
      expect((await act(id, "payer")).status).toBe(404);
    }

    const unknown = await act(placed.id, "supprimer");
    expect(unknown.status).toBe(400);
    expect((unknown.data as { message: string }).message).toBe("Action inconnue.");
    await act(placed.id, "payer");
    await act(placed.id, "preparer");
    for (const trackingReference of ["x".repeat(101), "6A12\u0000", "ligne\r\nautre"]) {
      const bad = await act(placed.id, "expedier", { trackingReference });
      expect(bad.status).toBe(400);
      expect(bad.data).toMatchObject({ field: "trackingReference" });
    }
    expect((await act(placed.id, "annuler", { reason: "a\u0007" })).status).toBe(400);
    expect((await orderRow(placed.id)).status).toBe("preparing");
    expect((await act(placed.id, "expedier", { trackingReference: "x".repeat(100) })).status).toBe(303);
  });

  it("sends /erp/boutique to the orders", async () => {
    const answer = await call(shopRoute.loader, "/erp/boutique");
    expect(answer.status).toBe(302);
    expect(answer.headers.get("location")).toBe("/erp/boutique/commandes");
  });

  it("lists the orders with filters, search, sort and the totals of the filtered list", async () => {
    const name = "Zoé Vasseur-Liste";
    const email = "zoe.liste@example.fr";
    const a = await placeTestOrder(services.db, { name, email, fulfilment: "delivery" });
    const b = await placeTestOrder(services.db, {
      name,
      email,
      items: [{ variant_id: MANAGED, quantity: 2 }],
    });
    await act(b.id, "payer");

    type ListData = Awaited<ReturnType<typeof listRoute.loader>>;
    const list = async (query: string) => {
      const answer = await call(listRoute.loader, `/erp/boutique/commandes${query}`);
      expect(answer.status, query).toBe(200);
      return answer.data as ListData;
    };

    const byName = await list(`?q=${encodeURIComponent("vasseur-liste")}`);
    expect(byName.items.map((order) => order.id).sort()).toEqual([a.id, b.id].sort());
    expect(byName.total).toBe(2);
    expect(byName.sums.totalCents).toBe(a.totalCents + b.totalCents);

    expect((await list(`?q=${encodeURIComponent(email)}`)).total).toBe(2);
    for (const q of [orderReference(a.number), String(a.number), `cmd${a.number}`]) {
      const found = await list(`?q=${encodeURIComponent(q)}`);
      expect(found.items.map((order) => order.id)).toContain(a.id);
      expect(found.items.map((order) => order.id)).not.toContain(b.id);
    }
    const paidOnly = await list(`?q=${encodeURIComponent(email)}&statut=paid`);
    expect(paidOnly.items.map((order) => order.id)).toEqual([b.id]);
    expect((await list(`?q=${encodeURIComponent(email)}&reception=delivery`)).items.map((o) => o.id)).toEqual(
      [a.id],
    );
    expect((await list(`?q=${encodeURIComponent(email)}&paiement=stripe`)).total).toBe(0);
    const byTotal = await list(`?q=${encodeURIComponent(email)}&tri=total&ordre=asc`);
    expect(byTotal.items.map((order) => order.totalCents)).toEqual(
      [a.totalCents, b.totalCents].sort((x, y) => x - y),
    );
    // A number sorts ascending without « ordre », as in the quotes and invoices lists.
    const byNumber = await list(`?q=${encodeURIComponent(email)}&tri=numero`);
    expect(byNumber.sort).toEqual({ key: "numero", direction: "asc" });
    expect(byNumber.items.map((order) => order.number)).toEqual([a.number, b.number].sort((x, y) => x - y));
    expect((await list(`?q=${encodeURIComponent(email)}&du=2020-01-01&au=2020-12-31`)).total).toBe(0);
    expect((await list(`?q=${encodeURIComponent(email)}&du=2020-01-01&au=2099-12-31`)).total).toBe(2);
    const none = await list("?q=personne-de-ce-nom");
    expect(none.items).toEqual([]);
    expect(none.sums.totalCents).toBe(0);

    for (const bad of [
      "?statut=perdue",
      "?reception=drone",
      "?paiement=cheque",
      "?tri=poids",
      "?du=2026-13-01",
    ]) {
      expect((await call(listRoute.loader, `/erp/boutique/commandes${bad}`)).status, bad).toBe(400);
    }
  });

  it("counts the orders to process and the new ones on the dashboard's « Boutique » card", async () => {
    const read = async () => {
      const answer = await call(dashboardRoute.loader, "/erp");
      expect(answer.status).toBe(200);
      const shop = (answer.data as Awaited<ReturnType<typeof dashboardRoute.loader>>).shop;
      if (!shop) throw new Error("pas de carte Boutique");
      return shop;
    };
    const before = await read();
    const placed = await placeTestOrder(services.db, { email: nextEmail() });
    await act(placed.id, "payer");
    const paid = await read();
    expect(paid).toMatchObject({
      paid: before.paid + 1,
      preparing: before.preparing,
      recent: before.recent + 1,
    });
    await act(placed.id, "preparer");
    expect(await read()).toMatchObject({ paid: before.paid, preparing: before.preparing + 1 });
  });
});
