import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";

/*
 * A loopback stub of the part of Stripe's HTTP API the shop uses: Checkout
 * sessions (create, retrieve, expire) and refunds (create, of a paid session's
 * payment intent). The real `stripe` package talks to it
 * (host/port/protocol through STRIPE_API_URL), so the requests it checks are the
 * ones production sends. It also builds the events Stripe would post to the
 * webhook; tests sign them with `stripe.webhooks.generateTestHeaderString`.
 */

export type StubSession = {
  id: string;
  object: "checkout.session";
  url: string | null;
  status: "open" | "complete" | "expired";
  payment_status: "unpaid" | "paid";
  /** The payment's id, once the buyer has paid (null before, as on Stripe). */
  payment_intent: string | null;
  mode: string;
  currency: string;
  amount_total: number;
  customer_email: string | null;
  client_reference_id: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  locale: string | null;
  created: number;
  line_items: { quantity: number; unit_amount: number; currency: string; name: string }[];
};

export type StubRefund = {
  id: string;
  object: "refund";
  amount: number;
  currency: string;
  payment_intent: string;
  status: "succeeded";
  created: number;
};

export type StubRequest = {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  /** The form-encoded body, decoded into nested objects (Stripe's encoding). */
  body: Record<string, unknown>;
};

export type StripeStub = {
  /** The STRIPE_API_URL that reaches it. */
  url: string;
  requests: StubRequest[];
  sessions: Map<string, StubSession>;
  /** Sessions a buyer paid on the stub's payment page (`/pay/{id}`). */
  paid: string[];
  /** Refunds made, in order. */
  refunds: StubRefund[];
  /** The next session creation fails with this Stripe error (HTTP 400). */
  failNextCreate: (message: string) => void;
  /** The next refund fails with this Stripe error (HTTP 400). */
  failNextRefund: (message: string) => void;
  /** The buyer pays: the session completes, and the event Stripe would send. */
  completeSession: (id: string) => StubEvent;
  /** The session runs out of time: it expires, and the event Stripe would send. */
  expireSession: (id: string) => StubEvent;
  close: () => Promise<void>;
};

export type StubEvent = {
  id: string;
  object: "event";
  type: string;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: StubSession };
};

/** Stripe's form encoding (`a[b][0][c]=1`) back into nested objects and arrays. */
export function decodeStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((part) => part !== "");
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, index) => {
      const last = index === parts.length - 1;
      const nextIsIndex = /^\d+$/.test(parts[index + 1] ?? "");
      const slot = Array.isArray(node) ? Number(part) : part;
      const container = node as Record<string | number, unknown>;
      if (last) {
        container[slot] = value;
        return;
      }
      container[slot] ??= nextIsIndex ? [] : {};
      node = container[slot] as Record<string, unknown> | unknown[];
    });
  }
  return root;
}

/** The cancel address carries a query (`?token=…`): written into an attribute, escaped. */
function escapeAttribute(value: string): string {
  return value.replaceAll("&", "&amp;").replaceAll('"', "&quot;").replaceAll("<", "&lt;");
}

const id = (prefix: string) => `${prefix}_test_${randomBytes(12).toString("hex")}`;

function stripeError(message: string, status = 400) {
  return { status, body: { error: { type: "invalid_request_error", message } } };
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const sessions = new Map<string, StubSession>();
  const refunds: StubRefund[] = [];
  /** Stripe answers a repeated idempotency key with the first answer. */
  const idempotent = new Map<string, { status: number; body: unknown }>();
  let nextFailure: string | null = null;
  let nextRefundFailure: string | null = null;
  /** Sessions paid on the hosted page, in order (their events are for the test to send). */
  const paid: string[] = [];
  let base = "";

  const event = (type: string, session: StubSession): StubEvent => ({
    id: id("evt"),
    object: "event",
    type,
    api_version: "2025-01-27.acacia",
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object: structuredClone(session) },
  });

  function refund(body: Record<string, unknown>) {
    const intent = String(body.payment_intent ?? "");
    const session = [...sessions.values()].find((candidate) => candidate.payment_intent === intent);
    if (!intent || !session) return stripeError(`No such payment_intent: '${intent}'`, 404);
    if (nextRefundFailure) {
      const message = nextRefundFailure;
      nextRefundFailure = null;
      return stripeError(message);
    }
    if (refunds.some((done) => done.payment_intent === intent)) {
      return stripeError(`Charge for payment intent ${intent} has already been refunded.`);
    }
    const made: StubRefund = {
      id: id("re"),
      object: "refund",
      amount: body.amount === undefined ? session.amount_total : Number(body.amount),
      currency: session.currency,
      payment_intent: intent,
      status: "succeeded",
      created: Math.floor(Date.now() / 1000),
    };
    refunds.push(made);
    return { status: 200, body: made };
  }

  function handle(method: string, path: string, body: Record<string, unknown>) {
    if (method === "POST" && path === "/v1/refunds") return refund(body);
    if (method === "POST" && path === "/v1/checkout/sessions") {
      if (nextFailure) {
        const message = nextFailure;
        nextFailure = null;
        return stripeError(message);
      }
      const items = (body.line_items as Record<string, Record<string, unknown>>[] | undefined) ?? [];
      const lineItems = items.map((item) => {
        const price = item.price_data as Record<string, unknown>;
        const product = price.product_data as Record<string, unknown>;
        return {
          quantity: Number(item.quantity),
          unit_amount: Number(price.unit_amount),
          currency: String(price.currency),
          name: String(product.name),
        };
      });
      const session: StubSession = {
        id: id("cs"),
        object: "checkout.session",
        url: "",
        status: "open",
        payment_status: "unpaid",
        payment_intent: null,
        mode: String(body.mode),
        currency: lineItems[0]?.currency ?? "eur",
        amount_total: lineItems.reduce((sum, item) => sum + item.quantity * item.unit_amount, 0),
        customer_email: (body.customer_email as string | undefined) ?? null,
        client_reference_id: (body.client_reference_id as string | undefined) ?? null,
        metadata: (body.metadata as Record<string, string> | undefined) ?? {},
        success_url: String(body.success_url),
        cancel_url: String(body.cancel_url),
        expires_at: Number(body.expires_at),
        locale: (body.locale as string | undefined) ?? null,
        created: Math.floor(Date.now() / 1000),
        line_items: lineItems,
      };
      session.url = `${base}/pay/${session.id}`;
      sessions.set(session.id, session);
      return { status: 200, body: session };
    }
    const match = /^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/.exec(path);
    const session = match ? sessions.get(match[1] as string) : undefined;
    if (match && !session) return stripeError(`No such checkout.session: '${match[1]}'`, 404);
    if (session && method === "GET" && !match?.[2]) return { status: 200, body: session };
    if (session && method === "POST" && match?.[2]) {
      if (session.status !== "open")
        return stripeError("Only Checkout Sessions with a status of open can be expired.");
      session.status = "expired";
      session.url = null;
      return { status: 200, body: session };
    }
    return stripeError(`Unrecognized request URL (${method}: ${path}).`, 404);
  }

  const server = createServer((request, response) => {
    // Stripe's hosted payment page, reduced to its two ways out.
    const page = /^\/pay\/([^/?]+)$/.exec(request.url ?? "");
    if (page && request.method === "GET") {
      const session = sessions.get(page[1] as string);
      if (session?.status !== "open") {
        response.writeHead(410, { "Content-Type": "text/html; charset=utf-8" });
        response.end(
          '<!doctype html><html lang="fr"><title>Session terminée</title><h1>Session terminée</h1></html>',
        );
        return;
      }
      const total = (session.amount_total / 100).toFixed(2).replace(".", ",");
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      response.end(
        `<!doctype html><html lang="fr"><title>Paiement (Stripe de test)</title><h1>Payer ${total} €</h1>` +
          `<a href="/pay/${session.id}/complete">Payer</a> <a href="${escapeAttribute(session.cancel_url)}">Retour</a></html>`,
      );
      return;
    }
    const completion = /^\/pay\/([^/?]+)\/complete$/.exec(request.url ?? "");
    if (completion && request.method === "GET") {
      const session = sessions.get(completion[1] as string);
      if (session?.status === "open") {
        session.status = "complete";
        session.payment_status = "paid";
        session.payment_intent = id("pi");
        session.url = null;
        paid.push(session.id);
      }
      response.writeHead(303, { Location: session?.success_url ?? "/" });
      response.end();
      return;
    }
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const url = new URL(request.url ?? "/", base);
      const raw = Buffer.concat(chunks).toString("utf8");
      const body = decodeStripeForm(request.method === "GET" ? url.search.slice(1) : raw);
      requests.push({ method: request.method ?? "GET", path: url.pathname, headers: request.headers, body });
      const key = request.headers["idempotency-key"];
      const replayKey =
        typeof key === "string" && request.method === "POST" ? `${url.pathname}\0${key}` : null;
      const answer =
        (replayKey && idempotent.get(replayKey)) || handle(request.method ?? "GET", url.pathname, body);
      if (replayKey && answer.status < 500) idempotent.set(replayKey, answer);
      response.writeHead(answer.status, { "Content-Type": "application/json", "Request-Id": id("req") });
      response.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    requests,
    sessions,
    paid,
    refunds,
    failNextCreate(message) {
      nextFailure = message;
    },
    failNextRefund(message) {
      nextRefundFailure = message;
    },
    completeSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`session inconnue ${sessionId}`);
      session.status = "complete";
      session.payment_status = "paid";
      session.payment_intent ??= id("pi");
      session.url = null;
      return event("checkout.session.completed", session);
    },
    expireSession(sessionId) {
      const session = sessions.get(sessionId);
      if (!session) throw new Error(`session inconnue ${sessionId}`);
      session.status = "expired";
      session.url = null;
      return event("checkout.session.expired", session);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
