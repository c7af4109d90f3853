import { createHash } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ServerBuild } from "react-router";
import Stripe from "stripe";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { rateLimitHits } from "#app/db/schema/rate-limits.ts";
import { shopOrders, shopPaymentEvents, shopVariants } from "#app/db/schema/shop.ts";
import { TEXT_RULE_MESSAGES } from "#app/lib/text-rules.ts";
import { createApp } from "#server/app.ts";
import { seedDemoContent } from "#server/seed.ts";
import { loadServerBuild } from "#tests/helpers/built-app.ts";
import { createTestDatabase, type TestDatabase } from "#tests/helpers/db.ts";
import { testEnv, testServices } from "#tests/helpers/services.ts";
import { checkoutBody, STORE_ID } from "#tests/helpers/shop.ts";
import { type StripeStub, startStripeStub } from "#tests/stubs/stripe-server.ts";

// The shop's API and pages behind the real Hono server and the production build:
// hostile input answers 400/404 (never 500), the checkout only sends buyers back to
// this site, an order is cancelled only with its buyer's token, and the checkout
// rate limit exempts loopback only when the address is the socket's own.

const SITE = "https://www.example.test";
const API = `/api/store/${STORE_ID}`;

let database: TestDatabase;
let build: ServerBuild;
let clientDir: string;
let dataDir: string;
let stripe: StripeStub;

beforeAll(async () => {
  ({ build, clientDir } = await loadServerBuild());
  database = await createTestDatabase();
  await seedDemoContent(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), "batirade-shop-http-"));
  stripe = await startStripeStub();
}, 180_000);
afterAll(async () => {
  await Promise.all([database.cleanup(), stripe.close()]);
  rmSync(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await database.db.delete(rateLimitHits);
});

function app(overrides: Record<string, string> = {}) {
  const env = testEnv({ DATA_DIR: dataDir, SITE_URL: SITE, ...overrides });
  return createApp({ services: testServices(database, env), build, clientDir });
}

function stripeApp() {
  return app({
    STRIPE_SECRET_KEY: "sk_test_shopHttp",
    STRIPE_WEBHOOK_SECRET: "whsec_shopHttp",
    STRIPE_API_URL: stripe.url,
  });
}

type ApiError = {
  error: { status: number; message: string; issues?: { path: string; message: string }[] };
};

async function readJson<T>(response: Response): Promise<T> {
  expect(response.headers.get("content-type")).toContain("application/json");
  return (await response.json()) as T;
}

const orderCount = async () => (await database.db.select({ id: shopOrders.id }).from(shopOrders)).length;

async function stockOf(variantId: string) {
  const [row] = await database.db.select().from(shopVariants).where(eq(shopVariants.id, variantId));
  return row?.inventoryQuantity;
}

function postCheckout(
  target: ReturnType<typeof app>,
  body: unknown,
  headers: Record<string, string> = {},
  bindings?: { incoming: { socket: { remoteAddress: string } } },
) {
  return target.request(
    `${API}/checkout`,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
    },
    bindings,
  );
}

describe("a NUL byte or an out-of-range date never makes the shop answer 500", () => {
  // Over HTTP, an address holding a control character may be refused by the server's
  // address guard (400) before the store API sees it; the API's own answers to such
  // input, reached in-process by the shop pages, are in store-api.server.test.ts.
  it.each([
    ["a NUL in ids[]", "/products?ids[]=truelle-macon%00", [400]],
    ["a NUL in a comma list of ids", "/products?ids=truelle-macon,a%00b", [400]],
    ["a NUL in product_ids[]", "/variants?product_ids[]=a%00b", [400]],
    ["a NUL in /products/{id}", "/products/a%00b", [400, 404]],
    ["a lone NUL as the product id", "/products/%00", [400, 404]],
    ["to_date with a NUL", "/products?to_date=2025-09-03%00", [400]],
  ])("%s: 400/404 with a JSON error in French", async (_label, query, statuses) => {
    const response = await app().request(`${API}${query}`);
    expect(statuses).toContain(response.status);
    const body = await readJson<ApiError>(response);
    expect(body.error.status).toBe(response.status);
    expect(body.error.message).toMatch(/invalide|introuvable/);
  });

  it.each([
    ["to_date in year 0", "0000-01-01", TEXT_RULE_MESSAGES.dateRange],
    ["to_date after 2100", "2101-01-01", TEXT_RULE_MESSAGES.dateRange],
    ["to_date before 1900", "1899-12-31", TEXT_RULE_MESSAGES.dateRange],
    ["a day that does not exist", "2025-02-30", TEXT_RULE_MESSAGES.dateMissing],
    ["an instant in year 0", "0000-01-01T00:00:00Z", TEXT_RULE_MESSAGES.dateRange],
  ])("%s: 400 with the French message on to_date", async (_label, value, message) => {
    const response = await app().request(`${API}/products?to_date=${value}`);
    expect(response.status).toBe(400);
    const body = await readJson<ApiError>(response);
    expect(body.error.message).toBe("Paramètres invalides.");
    expect(body.error.issues).toEqual([{ path: "to_date", message }]);
  });

  it("the product page never answers 500 for a NUL in its id: a French refusal or its not-found page", async () => {
    for (const id of ["a%00b", "truelle-macon%00"]) {
      for (const suffix of ["", ".data"]) {
        const response = await app().request(`/product/${id}${suffix}`, {
          headers: { Accept: suffix ? "*/*" : "text/html" },
        });
        expect([400, 404], `${id}${suffix}`).toContain(response.status);
        const text = await response.text();
        if (!suffix) expect(text).toMatch(/Adresse invalide|Produit indisponible/);
      }
    }
  });
});

describe("every text of the checkout refuses control characters", () => {
  const line = [{ variant_id: "truelle-macon--standard", quantity: 1 }];
  const customer = { name: "Camille Martin", email: "camille.martin@example.fr", phone: "06 12 34 56 78" };
  const address = { line1: "12 rue des Maçons", postalCode: "83200", city: "Toulon" };
  it.each([
    [
      "variant_id",
      { items: [{ variant_id: "truelle-macon--standard\u0000", quantity: 1 }] },
      "items.0.variant_id",
    ],
    ["the name", { customer: { ...customer, name: "Camille\u0000Martin" } }, "customer.name"],
    ["the name (a line break)", { customer: { ...customer, name: "Camille\nMartin" } }, "customer.name"],
    ["the e-mail", { customer: { ...customer, email: "camille\u0000@example.fr" } }, "customer.email"],
    ["the phone", { customer: { ...customer, phone: "06 12 34 56 78\u0000" } }, "customer.phone"],
    [
      "the street",
      { fulfilment: { method: "delivery", address: { ...address, line1: "12 rue\u0000 des Maçons" } } },
      "fulfilment.address.line1",
    ],
    [
      "the city",
      { fulfilment: { method: "delivery", address: { ...address, city: "Tou\u0000lon" } } },
      "fulfilment.address.city",
    ],
    [
      "the postal code",
      { fulfilment: { method: "delivery", address: { ...address, postalCode: "83\u0000200" } } },
      "fulfilment.address.postalCode",
    ],
    ["the locale", { locale: "f\u0000r" }, "locale"],
    ["successUrl", { successUrl: `${SITE}/suc\u0000cess` }, "successUrl"],
    ["cancelUrl", { cancelUrl: `${SITE}/commande\u0000` }, "cancelUrl"],
  ])("a NUL in %s: 400, French message on the field, no order stored", async (_label, overrides, field) => {
    const before = await orderCount();
    const response = await postCheckout(app(), checkoutBody(line, overrides));
    expect(response.status).toBe(400);
    const body = await readJson<ApiError>(response);
    expect(body.error.message).toBe("Paramètres invalides.");
    expect(body.error.issues).toContainEqual({ path: field, message: TEXT_RULE_MESSAGES.controlCharacters });
    expect(await orderCount()).toBe(before);
  });

  it("the /commande page refuses a control character in the buyer's name, and records nothing", async () => {
    const before = await orderCount();
    // A NUL byte may be refused by the server's form guard before the action; any other
    // control character gets the field's message from the checkout schema. Both are 400s.
    for (const [name, guarded] of [
      ["Camille\u0000Martin", true],
      ["Camille\u0001Martin", false],
    ] as const) {
      const form = new URLSearchParams({
        intent: "order",
        cart: JSON.stringify([
          { productId: "truelle-macon", variantId: "truelle-macon--standard", quantity: 1 },
        ]),
        name,
        email: "camille.martin@example.fr",
        phone: "0612345678",
        fulfilment: "pickup",
        terms: "on",
      });
      const response = await app().request("/commande", {
        method: "POST",
        body: form,
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "text/html" },
      });
      expect(response.status, JSON.stringify(name)).toBe(400);
      const html = await response.text();
      expect(html).toContain(guarded ? "non autorisé" : TEXT_RULE_MESSAGES.controlCharacters);
    }
    expect(await orderCount()).toBe(before);
  });
});

describe("the store API's POST-only addresses", () => {
  it.each([
    ["GET", `${API}/checkout`],
    ["PUT", `${API}/checkout`],
    ["GET", `${API}/webhooks/stripe`],
  ])("%s %s: 405 with Allow: POST and a French JSON message", async (method, target) => {
    const response = await app().request(target, { method });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(await readJson(response)).toEqual({
      error: { status: 405, message: "Méthode non autorisée : utilisez POST." },
    });
  });
});

describe("the checkout only sends buyers back to this site", () => {
  it.each([
    ["successUrl", "https://evil.example/success"],
    ["successUrl", "http://www.example.test/success"],
    ["successUrl", "https://www.example.test.evil.example/success"],
    ["successUrl", "https://www.example.test@evil.example/success"],
    ["successUrl", "https://www.example.test:8443/success"],
    ["cancelUrl", "https://evil.example/commande"],
    ["cancelUrl", "https://sub.www.example.test/commande"],
  ])("a foreign %s (%s): 400 on the field, no order stored", async (field, url) => {
    const before = await orderCount();
    const response = await postCheckout(
      app(),
      checkoutBody([{ variant_id: "truelle-macon--standard", quantity: 1 }], { [field]: url }),
    );
    expect(response.status).toBe(400);
    const body = await readJson<ApiError>(response);
    expect(body.error.issues).toContainEqual({
      path: field,
      message: `${field} doit être une adresse de ce site (${SITE}).`,
    });
    expect(await orderCount()).toBe(before);
  });

  it("addresses on the site's origin are accepted", async () => {
    const response = await postCheckout(
      app(),
      checkoutBody([{ variant_id: "vis-bois-torx--5x60", quantity: 1 }], {
        successUrl: `${SITE}:443/commande/confirmation`,
        cancelUrl: `${SITE}/commande?depuis=panier`,
      }),
    );
    expect(response.status).toBe(200);
    const { url } = await readJson<{ url: string }>(response);
    expect(url).toMatch(/^https:\/\/www\.example\.test\/commande\/confirmation\?commande=CMD-\d{6}$/);
  });
});

describe("cancelling an online payment needs the buyer's token", () => {
  async function placeStripeOrder(variantId: string, quantity: number) {
    const response = await postCheckout(stripeApp(), checkoutBody([{ variant_id: variantId, quantity }]));
    expect(response.status).toBe(200);
    const session = [...stripe.sessions.values()].at(-1);
    if (!session) throw new Error("aucune session créée");
    const [order] = await database.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.id, session.metadata.order_id ?? ""));
    if (!order) throw new Error("commande absente");
    return { session, order, cancel: new URL(session.cancel_url) };
  }

  const statusOf = async (orderId: string) =>
    (await database.db.select().from(shopOrders).where(eq(shopOrders.id, orderId)))[0]?.status;

  it("the payment page gets a cancel address with a token; only its SHA-256 is stored", async () => {
    const { order, cancel } = await placeStripeOrder("casque-chantier--bleu", 1);
    expect(`${cancel.origin}${cancel.pathname}`).toBe(`${SITE}${API}/checkout/${order.id}/cancel`);
    const token = cancel.searchParams.get("token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(order.cancelTokenHash).toBe(createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(order)).not.toContain(token);
  });

  it("without the token, or with a wrong one, nothing is cancelled: 403 in French, stock still taken", async () => {
    const before = await stockOf("casque-chantier--jaune");
    const { session, order, cancel } = await placeStripeOrder("casque-chantier--jaune", 3);
    const other = await placeStripeOrder("casque-chantier--blanc", 1);
    const token = cancel.searchParams.get("token") ?? "";
    const path = `${API}/checkout/${order.id}/cancel`;
    const forged = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    for (const attempt of [
      path,
      `${path}?token=`,
      `${path}?token=${forged}`,
      `${path}?token=${token}x`,
      `${path}?token=${other.cancel.searchParams.get("token")}`,
      `${path}?token=${createHash("sha256").update(token).digest("hex")}`,
    ]) {
      const response = await stripeApp().request(attempt);
      expect(response.status, attempt).toBe(403);
      expect(response.headers.get("location")).toBeNull();
      expect(await readJson(response)).toEqual({
        error: { status: 403, message: "Lien d'annulation invalide : la commande n'a pas été annulée." },
      });
    }
    expect(await statusOf(order.id)).toBe("awaiting_payment");
    expect(await stockOf("casque-chantier--jaune")).toBe((before ?? 0) - 3);
    expect(stripe.sessions.get(session.id)?.status).toBe("open");
    expect(stripe.requests.some((request) => request.path.endsWith(`${session.id}/expire`))).toBe(false);
    // An unknown order stays a 404.
    const unknown = await stripeApp().request(
      `${API}/checkout/00000000-0000-4000-8000-000000000000/cancel?token=${token}`,
    );
    expect(unknown.status).toBe(404);

    // The buyer's own link cancels: session ended, order cancelled, stock back.
    const response = await stripeApp().request(`${cancel.pathname}${cancel.search}`);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe(`${SITE}/commande?paiement=annule`);
    expect(await statusOf(order.id)).toBe("cancelled");
    expect(await stockOf("casque-chantier--jaune")).toBe(before);
    expect(stripe.sessions.get(session.id)?.status).toBe("expired");
    expect(await statusOf(other.order.id)).toBe("awaiting_payment");
  });
});

describe("a malformed order id is an unknown order, never a 500", () => {
  const MALFORMED = ["-".repeat(36), "a".repeat(36), "A".repeat(36), "0".repeat(36)];

  it("on the cancel link: 404 in French, whatever the token", async () => {
    for (const orderId of MALFORMED) {
      const response = await stripeApp().request(`${API}/checkout/${orderId}/cancel?token=${"x".repeat(43)}`);
      expect(response.status, orderId).toBe(404);
      expect(await readJson(response)).toEqual({ error: { status: 404, message: "Commande introuvable." } });
    }
  });

  it("in a signed Stripe notification: answered as for an unknown order, nothing recorded", async () => {
    const response = await postCheckout(
      stripeApp(),
      checkoutBody([{ variant_id: "truelle-macon--standard", quantity: 1 }]),
    );
    expect(response.status).toBe(200);
    const session = [...stripe.sessions.values()].at(-1);
    if (!session) throw new Error("aucune session créée");
    const signer = new Stripe("sk_test_shopHttp");
    const deliver = async (event: unknown) => {
      const payload = JSON.stringify(event);
      const signature = signer.webhooks.generateTestHeaderString({ payload, secret: "whsec_shopHttp" });
      const answer = await stripeApp().request(`${API}/webhooks/stripe`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
        body: payload,
      });
      return { status: answer.status, body: await readJson<Record<string, unknown>>(answer) };
    };
    // The session's expiry as Stripe would notify it, about another order.
    const expiry = stripe.expireSession(session.id);
    const unknownOrder = await deliver({
      ...expiry,
      data: { object: { ...session, metadata: { order_id: "00000000-0000-4000-8000-000000000000" } } },
    });
    expect(unknownOrder).toEqual({ status: 200, body: { received: true, ignored: "commande inconnue" } });
    const events = async () => (await database.db.select().from(shopPaymentEvents)).length;
    const recorded = await events();
    for (const orderId of MALFORMED) {
      for (const object of [
        { ...session, metadata: { ...session.metadata, order_id: orderId } },
        { ...session, metadata: {}, client_reference_id: orderId },
      ]) {
        const event = { ...expiry, id: `evt_malformed_${orderId}`, data: { object } };
        expect(await deliver(event), orderId).toEqual(unknownOrder);
      }
    }
    expect(await events()).toBe(recorded);
    const [order] = await database.db
      .select()
      .from(shopOrders)
      .where(eq(shopOrders.id, session.metadata.order_id ?? ""));
    expect(order?.status).toBe("awaiting_payment");
  });
});

describe("the checkout rate limit exempts loopback only without TRUST_PROXY", () => {
  const order = () => checkoutBody([{ variant_id: "vis-bois-torx--5x60", quantity: 1 }]);
  const fromLoopback = { incoming: { socket: { remoteAddress: "127.0.0.1" } } };

  it("with TRUST_PROXY=true, X-Forwarded-For: 127.0.0.1 is limited like any other address", async () => {
    const proxied = app({ TRUST_PROXY: "true" });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      const response = await postCheckout(proxied, order(), { "X-Forwarded-For": "127.0.0.1" }, fromLoopback);
      statuses.push(response.status);
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
  });

  it("without TRUST_PROXY, the server's own loopback calls are not limited; a remote socket is", async () => {
    const direct = app({ TRUST_PROXY: "false" });
    const local: number[] = [];
    const remote: number[] = [];
    for (let attempt = 0; attempt < 11; attempt++) {
      local.push((await postCheckout(direct, order(), {}, fromLoopback)).status);
      remote.push(
        (
          await postCheckout(
            direct,
            order(),
            { "X-Forwarded-For": "127.0.0.1" },
            { incoming: { socket: { remoteAddress: "203.0.113.20" } } },
          )
        ).status,
      );
    }
    expect(local).toEqual(Array(11).fill(200));
    expect(remote).toEqual([...Array(10).fill(200), 429]);
  });
});
