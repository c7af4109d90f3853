import type { z } from "zod";
import type { AppServices } from "#app/lib/app-context.ts";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { OrderBilling } from "./admin/billing-port.ts";
import { json, jsonError, STATUS_TEXT } from "./api-response.server.ts";
import { cancelTokenMatches } from "./cancel-token.server.ts";
import { getProduct, listProducts, listVariants } from "./catalogue.server.ts";
import { checkout } from "./checkout.server.ts";
import { closeUnpaidOrder, findOrder, StoreProblem } from "./orders.server.ts";
import { paymentProviderFor } from "./payments.server.ts";
import { ProductListQuerySchema, VariantQuerySchema } from "./schema.ts";
import { handleStripeWebhook } from "./stripe-webhook.server.ts";

/*
 * The built-in store service: the HTTP contract of the hosted store the original
 * site used (spec section 7, calls 3-5) plus checkout, under /api/store/{storeId}.
 * Every handler answers JSON; bad input is a 400, an unknown id a 404, never a 500.
 */

function invalid(error: z.ZodError): Response {
  return jsonError(400, "Paramètres invalides.", {
    issues: error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })),
  });
}

/** `name[]` and `name` both carry a list; other parameters keep their first value. */
function readQuery(url: URL, lists: readonly string[]): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const name of lists) {
    const values = [...url.searchParams.getAll(`${name}[]`), ...url.searchParams.getAll(name)];
    if (values.length > 0) query[name] = values.flatMap((value) => value.split(","));
  }
  for (const [name, value] of url.searchParams) {
    if (name.endsWith("[]") || lists.includes(name) || name in query) continue;
    query[name] = value;
  }
  return query;
}

function unknownStore(services: AppServices, storeId: string): Response | null {
  return storeId === services.env.STORE_ID ? null : jsonError(404, "Boutique inconnue.");
}

async function guarded(services: AppServices, work: () => Promise<Response>): Promise<Response> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof StoreProblem) return jsonError(error.status, error.message, error.details);
    services.logger.error({ err: error }, "boutique : erreur du service");
    return jsonError(500, "Le service boutique a rencontré une erreur. Veuillez réessayer.");
  }
}

/** GET /products */
export function productsEndpoint(services: AppServices, storeId: string, url: URL): Promise<Response> {
  return guarded(services, async () => {
    const unknown = unknownStore(services, storeId);
    if (unknown) return unknown;
    const parsed = ProductListQuerySchema.safeParse(readQuery(url, ["ids"]));
    if (!parsed.success) return invalid(parsed.error);
    const page = await listProducts(services.db, storeId, parsed.data);
    return json(page, 200, { "Cache-Control": "public, max-age=0, must-revalidate" });
  });
}

const PRODUCT_FIELD = /^[a-z_]+$/;

/** GET /products/{id}, with an optional `fields` (or `field`) list of top-level fields. */
export function productEndpoint(
  services: AppServices,
  storeId: string,
  id: string,
  url: URL,
): Promise<Response> {
  return guarded(services, async () => {
    const unknown = unknownStore(services, storeId);
    if (unknown) return unknown;
    // No product id holds a control character: such an id is unknown (and never reaches the database).
    if (id.length === 0 || id.length > 200 || hasControlCharacters(id)) {
      return jsonError(404, "Produit introuvable.");
    }
    const fieldsParam = url.searchParams.get("fields") ?? url.searchParams.get("field");
    const product = await getProduct(services.db, storeId, id);
    if (!product) return jsonError(404, "Produit introuvable.");
    if (!fieldsParam)
      return json({ product }, 200, { "Cache-Control": "public, max-age=0, must-revalidate" });
    const fields = fieldsParam.split(",").map((field) => field.trim());
    const bad = fields.filter((field) => !PRODUCT_FIELD.test(field) || !(field in product));
    if (bad.length > 0) return jsonError(400, `Champ(s) inconnu(s) : ${bad.join(", ")}.`);
    const picked = Object.fromEntries(
      Object.entries(product).filter(([key]) => key === "id" || fields.includes(key)),
    );
    return json({ product: picked });
  });
}

/** GET /variants?fields=inventory_quantity&product_ids[]=... */
export function variantsEndpoint(services: AppServices, storeId: string, url: URL): Promise<Response> {
  return guarded(services, async () => {
    const unknown = unknownStore(services, storeId);
    if (unknown) return unknown;
    const query = readQuery(url, ["product_ids"]);
    const parsed = VariantQuerySchema.safeParse({ ...query, product_ids: query.product_ids ?? [] });
    if (!parsed.success) return invalid(parsed.error);
    const variants = await listVariants(services.db, storeId, parsed.data.product_ids, parsed.data.fields);
    return json({ variants });
  });
}

const MAX_CHECKOUT_BODY = 64 * 1024;

/** POST /checkout */
export function checkoutEndpoint(
  services: AppServices,
  storeId: string,
  request: Request,
  { clientIp }: { clientIp?: string } = {},
): Promise<Response> {
  return guarded(services, async () => {
    const unknown = unknownStore(services, storeId);
    if (unknown) return unknown;
    if (!(request.headers.get("content-type") ?? "").includes("application/json")) {
      return jsonError(415, "Le corps de la requête doit être du JSON (Content-Type: application/json).");
    }
    const text = await request.text();
    if (text.length > MAX_CHECKOUT_BODY) return jsonError(413, "Requête trop volumineuse.");
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return jsonError(400, "Le corps de la requête n'est pas un JSON valide.");
    }
    const result = await checkout(services, storeId, body, paymentProviderFor(services.env), { clientIp });
    if (!result.ok) return invalid(result.error);
    return json({ url: result.url });
  });
}

export const CANCEL_REFUSED_MESSAGE = "Lien d'annulation invalide : la commande n'a pas été annulée.";

/** Where a buyer goes back to: the order's cancel address, never off the site (older orders included). */
function cartAddress(services: AppServices, cancelUrl: string): URL {
  const site = new URL(services.env.SITE_URL);
  let target: URL;
  try {
    target = new URL(cancelUrl);
  } catch {
    target = new URL("/commande", site);
  }
  if (target.origin !== site.origin) target = new URL("/commande", site);
  target.searchParams.set("paiement", "annule");
  return target;
}

/**
 * GET /checkout/{orderId}/cancel?token=…: where a payment page sends a buyer who gave
 * up. Only the order's own token (handed to the payment page with the order) cancels:
 * without it, or with another, the answer is a 403 and nothing changes. With it, the
 * payment session is ended, the order cancelled and its stock released, then the buyer
 * goes back to the cart address the order was placed from.
 */
export function cancelEndpoint(
  services: AppServices,
  storeId: string,
  orderId: string,
  url: URL,
): Promise<Response> {
  return guarded(services, async () => {
    const unknown = unknownStore(services, storeId);
    if (unknown) return unknown;
    const order = isUuid(orderId) ? await findOrder(services.db, orderId) : null;
    if (!order || order.storeId !== storeId) return jsonError(404, "Commande introuvable.");
    if (!cancelTokenMatches(url.searchParams.get("token"), order.cancelTokenHash)) {
      services.logger.warn({ orderId: order.id }, "boutique : annulation refusée (jeton absent ou faux)");
      return jsonError(403, CANCEL_REFUSED_MESSAGE);
    }
    if (order.status === "awaiting_payment") {
      const provider = paymentProviderFor(services.env);
      const ended =
        order.providerSessionId && provider.name === order.provider
          ? await provider.cancel(order.providerSessionId)
          : true;
      if (ended) {
        await services.db.transaction((tx) => closeUnpaidOrder(tx, order.id, "cancelled"));
      }
    }
    const target = cartAddress(services, order.cancelUrl);
    return new Response(null, {
      status: 303,
      statusText: STATUS_TEXT[303],
      headers: { Location: target.toString(), "Cache-Control": "no-store" },
    });
  });
}

/** POST /webhooks/stripe */
export function stripeWebhookEndpoint(
  services: AppServices,
  storeId: string,
  request: Request,
  billing?: OrderBilling,
): Promise<Response> {
  return guarded(services, async () => {
    const unknown = unknownStore(services, storeId);
    if (unknown) return unknown;
    return handleStripeWebhook(services, request, billing);
  });
}

/**
 * The store API as a `fetch`: the shop pages' client uses it when STORE_API_URL is
 * unset, so the built-in store answers in-process with exactly the responses it
 * gives over HTTP.
 */
export function inProcessStoreFetch(services: AppServices): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request && !init ? input : new Request(input, init);
    const url = new URL(request.url);
    const match = /^\/(?:api\/)?store\/([^/]+)\/(.+)$/.exec(url.pathname);
    if (!match) return jsonError(404, "Adresse inconnue du service boutique.");
    let storeId: string;
    let rest: string;
    try {
      storeId = decodeURIComponent(match[1] as string);
      rest = decodeURIComponent(match[2] as string);
    } catch {
      return jsonError(404, "Adresse inconnue du service boutique.");
    }
    const method = request.method.toUpperCase();
    if (method === "GET" && rest === "products") return productsEndpoint(services, storeId, url);
    if (method === "GET" && rest.startsWith("products/") && !rest.slice(9).includes("/")) {
      return productEndpoint(services, storeId, rest.slice(9), url);
    }
    if (method === "GET" && rest === "variants") return variantsEndpoint(services, storeId, url);
    if (method === "POST" && rest === "checkout") return checkoutEndpoint(services, storeId, request);
    return jsonError(404, "Adresse inconnue du service boutique.");
  };
}
