import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import pino from "pino";
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { outboxMessages } from "#app/db/schema/outbox.ts";
import { shopOrders, shopVariants } from "#app/db/schema/shop.ts";
import { createMailer } from "#app/lib/mailer.server.ts";
import { deliverDueMail } from "#app/lib/outbox.server.ts";
import { storageFor } from "#app/lib/storage.server.ts";
import { loader as cancelLoader } from "#app/routes/api/store/checkout-cancel.ts";
import { action as webhookAction } from "#app/routes/api/store/stripe-webhook.ts";
import { seedDemoContent } from "#server/seed.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { routerContext, testEnv, testServices } from "#tests/helpers/services.ts";
import { checkoutBody, postCheckout, STORE_ID } from "#tests/helpers/shop.ts";
import { startSmtpServer, type TestSmtpServer } from "#tests/helpers/smtp-server.ts";
import { type StripeStub, type StubEvent, startStripeStub } from "#tests/stubs/stripe-server.ts";

// Online payment: Stripe Checkout through the real `stripe` package against a
// loopback stub of Stripe's API, and webhooks signed as Stripe signs them.

const SECRET_KEY = "sk_test_boutique123";
const WEBHOOK_SECRET = "whsec_boutiqueTest123";

let database: TestDatabase;
let stub: StripeStub;
let smtp: TestSmtpServer;
let dataDir: string;
let services: ReturnType<typeof testServices>;

beforeAll(async () => {
  database = await createTestDatabase();
  stub = await startStripeStub();
  smtp = await startSmtpServer();
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-shop-stripe-"));
  services = testServices(
    database,
    testEnv({
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: stub.url,
    }),
  );
  await seedDemoContent(database.db);
});
afterAll(async () => {
  services.mailer.close();
  await Promise.all([database.cleanup(), stub.close(), smtp.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});

const signer = new Stripe(SECRET_KEY);

function webhook(payload: string, signature: string | null, storeId = STORE_ID) {
  const headers: Record<string, string> = { "Content-Type": "application/json" };
  if (signature) headers["Stripe-Signature"] = signature;
  return webhookAction({
    request: new Request(`https://www.example.test/api/store/${storeId}/webhooks/stripe`, {
      method: "POST",
      headers,
      body: payload,
    }),
    params: { storeId },
    context: routerContext(services),
  } as never);
}

/** Posts an event as Stripe does: JSON body, signed with the endpoint's secret. */
async function deliver(event: StubEvent) {
  const payload = JSON.stringify(event);
  const signature = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
  const response = await webhook(payload, signature);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function orderById(id: string) {
  const [order] = await database.db.select().from(shopOrders).where(eq(shopOrders.id, id));
  if (!order) throw new Error("commande absente");
  return order;
}

async function stockOf(variantId: string) {
  const [row] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  return row?.inventoryQuantity;
}

async function placeStripeOrder(variantId: string, quantity: number) {
  const answer = await postCheckout(services, checkoutBody([{ variant_id: variantId, quantity }]));
  expect(answer.status).toBe(200);
  const session = [...stub.sessions.values()].at(-1);
  if (!session) throw new Error("aucune session créée");
  return { url: answer.body.url, session, order: await orderById(session.metadata.order_id ?? "") };
}

const outboxCount = async () => (await database.db.select().from(outboxMessages)).length;

describe("Stripe Checkout", () => {
  it("opens a session with the database's prices and sends the buyer to it, stock reserved", async () => {
    const before = await stockOf("perforateur-sds-plus--standard");
    const { url, session, order } = await placeStripeOrder("perforateur-sds-plus--standard", 2);
    expect(url).toBe(session.url);
    expect(url).toMatch(new RegExp(`^${stub.url}/pay/cs_test_`));

    const create = stub.requests.find((request) => request.path === "/v1/checkout/sessions");
    expect(create?.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
    expect(create?.headers["idempotency-key"]).toBe(`order-${order.id}`);
    expect(session).toMatchObject({
      mode: "payment",
      customer_email: "camille.martin@example.fr",
      client_reference_id: order.id,
      metadata: { order_id: order.id, store_id: STORE_ID },
      locale: "fr",
      amount_total: 2 * 15900,
      line_items: [
        {
          quantity: 2,
          unit_amount: 15900,
          currency: "eur",
          name: "Perforateur burineur SDS-Plus 800 W — Coffret standard",
        },
      ],
    });
    expect(session.success_url).toMatch(/^https:\/\/www\.example\.test\/success\?commande=CMD-\d{6}$/);
    // The cancel address carries the buyer's secret; the order keeps only its SHA-256.
    const cancel = new URL(session.cancel_url);
    expect(`${cancel.origin}${cancel.pathname}`).toBe(
      `https://www.example.test/api/store/${STORE_ID}/checkout/${order.id}/cancel`,
    );
    const token = cancel.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order.cancelTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(session.expires_at).toBeGreaterThanOrEqual(Math.floor(Date.now() / 1000) + 30 * 60);

    expect(order).toMatchObject({
      status: "awaiting_payment",
      provider: "stripe",
      providerSessionId: session.id,
      totalCents: 31800,
    });
    expect(await stockOf("perforateur-sds-plus--standard")).toBe((before ?? 0) - 2);
    // Nothing is confirmed by e-mail before the payment.
    expect(await outboxCount()).toBe(0);
  });

  it("a signed checkout.session.completed marks the order paid and sends both e-mails; a replay changes nothing", async () => {
    const { session, order } = await placeStripeOrder("truelle-macon--standard", 1);
    const event = stub.completeSession(session.id);

    const first = await deliver(event);
    expect(first).toEqual({ status: 200, body: { received: true, outcome: "payée" } });
    const paid = await orderById(order.id);
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).toBeInstanceOf(Date);
    const queued = await database.db.select().from(outboxMessages);
    expect(queued.map((row) => row.kind).sort()).toEqual(["order.notification", "order.paid"]);

    const replay = await deliver(event);
    expect(replay).toEqual({ status: 200, body: { received: true, outcome: "déjà traitée" } });
    // Stripe may also send the same fact under a new event id.
    const again = await deliver({ ...event, id: `${event.id}_bis` });
    expect(again.body.outcome).toBe("inchangée");
    expect(await outboxCount()).toBe(2);
    expect((await orderById(order.id)).paidAt).toEqual(paid.paidAt);

    // The outbox sends them over SMTP.
    const report = await deliverDueMail({
      db: database.db,
      logger: pino({ level: "silent" }),
      storage: storageFor(services.env),
      mailer: createMailer(services.env),
      env: services.env,
    });
    expect(report.sent).toBe(2);
    const mails = await smtp.waitForMessages(2);
    const subjects = mails.map((mail) => mail.parsed?.subject ?? "").sort();
    expect(subjects[0]).toMatch(/^Nouvelle commande CMD-\d{6} — 12,90\u00a0€ — payée en ligne \(Stripe\)$/);
    expect(subjects[1]).toMatch(/^Paiement reçu : commande CMD-\d{6} — Bâti Rade Toulon$/);
    const buyer = mails.find((mail) => mail.envelope.to.includes("camille.martin@example.fr"));
    expect(buyer?.parsed?.text).toContain("Truelle de maçon 20 cm, lame inox");
  });

  it("refuses an event with a wrong or missing signature, and changes nothing", async () => {
    const { session, order } = await placeStripeOrder("regle-alu--standard", 1);
    const event = stub.completeSession(session.id);
    const payload = JSON.stringify(event);
    const forged = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_pasLeBon" });
    const wrong = await webhook(payload, forged);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({
      error: { status: 400, message: "Signature de la notification invalide." },
    });
    const tampered = await webhook(
      payload.replace('"paid"', '"unpaid"'),
      signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }),
    );
    expect(tampered.status).toBe(400);
    const missing = await webhook(payload, null);
    expect(missing.status).toBe(400);
    expect((await orderById(order.id)).status).toBe("awaiting_payment");
    expect((await webhook(payload, forged, "une-autre-boutique")).status).toBe(404);
  });

  it("an expired session releases the stock it held, once", async () => {
    const before = await stockOf("niveau-laser-croix--standard");
    const { session, order } = await placeStripeOrder("niveau-laser-croix--standard", 2);
    expect(await stockOf("niveau-laser-croix--standard")).toBe((before ?? 0) - 2);
    const event = stub.expireSession(session.id);
    expect(await deliver(event)).toEqual({ status: 200, body: { received: true, outcome: "expirée" } });
    expect((await orderById(order.id)).status).toBe("expired");
    expect(await stockOf("niveau-laser-croix--standard")).toBe(before);
    expect((await deliver(event)).body.outcome).toBe("déjà traitée");
    expect((await deliver({ ...event, id: `${event.id}_bis` })).body.outcome).toBe("inchangée");
    expect(await stockOf("niveau-laser-croix--standard")).toBe(before);
  });

  const cancelOrder = (url: string, orderId: string) =>
    cancelLoader({
      request: new Request(url),
      params: { storeId: STORE_ID, orderId },
      context: routerContext(services),
    } as never);

  it("cancelling without the order's token, or with another, is refused and changes nothing", async () => {
    const before = await stockOf("casque-chantier--blanc");
    const { session, order } = await placeStripeOrder("casque-chantier--blanc", 2);
    const other = await placeStripeOrder("truelle-macon--standard", 1);
    const bare = session.cancel_url.replace(/\?.*$/, "");
    for (const url of [
      bare,
      `${bare}?token=`,
      `${bare}?token=${"A".repeat(43)}`,
      other.session.cancel_url.replace(other.order.id, order.id),
    ]) {
      const response = await cancelOrder(url, order.id);
      expect(response.status, url).toBe(403);
      expect(await response.json()).toEqual({
        error: { status: 403, message: "Lien d'annulation invalide : la commande n'a pas été annulée." },
      });
    }
    expect((await orderById(order.id)).status).toBe("awaiting_payment");
    expect(await stockOf("casque-chantier--blanc")).toBe((before ?? 0) - 2);
    expect(stub.sessions.get(session.id)?.status).toBe("open");
  });

  it("a buyer who gives up is sent back to the cart; the session is ended and the stock released", async () => {
    const before = await stockOf("casque-chantier--jaune");
    const { session, order } = await placeStripeOrder("casque-chantier--jaune", 4);
    const response = await cancelOrder(session.cancel_url, order.id);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("https://www.example.test/commande?paiement=annule");
    expect(
      stub.requests.some((request) => request.path === `/v1/checkout/sessions/${session.id}/expire`),
    ).toBe(true);
    expect(stub.sessions.get(session.id)?.status).toBe("expired");
    expect((await orderById(order.id)).status).toBe("cancelled");
    expect(await stockOf("casque-chantier--jaune")).toBe(before);
    // Stripe then reports the expiry: nothing more happens.
    expect((await deliver(stub.expireSession(session.id))).body.outcome).toBe("inchangée");
    expect(await stockOf("casque-chantier--jaune")).toBe(before);
  });

  it("when Stripe refuses the session, the order is cancelled, its stock released, and the buyer told", async () => {
    const before = await stockOf("chaussures-securite-s3--montantes");
    stub.failNextCreate("Invalid currency");
    const answer = await postCheckout(
      services,
      checkoutBody([{ variant_id: "chaussures-securite-s3--montantes", quantity: 1 }]),
    );
    expect(answer.status).toBe(502);
    expect(answer.body.error?.message).toBe(
      "Le paiement en ligne est momentanément indisponible. Veuillez réessayer.",
    );
    expect(await stockOf("chaussures-securite-s3--montantes")).toBe(before);
    const [last] = await database.db.select().from(shopOrders).orderBy(desc(shopOrders.number)).limit(1);
    expect(last).toMatchObject({ status: "cancelled", provider: "stripe", providerSessionId: null });
  });

  it("the webhook answers 404 when Stripe is not configured", async () => {
    const manual = testServices(database, testEnv({ DATA_DIR: dataDir }));
    const response = await webhookAction({
      request: new Request(`https://www.example.test/api/store/${STORE_ID}/webhooks/stripe`, {
        method: "POST",
        headers: { "Stripe-Signature": "t=1,v1=abc" },
        body: "{}",
      }),
      params: { storeId: STORE_ID },
      context: routerContext(manual),
    } as never);
    expect(response.status).toBe(404);
  });
});
