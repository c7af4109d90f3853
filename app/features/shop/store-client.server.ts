import type { z } from "zod";
import type { AppServices } from "#app/lib/app-context.ts";
import {
  type CheckoutRequest,
  CheckoutResponseSchema,
  type ProductListParams,
  type ProductListResponse,
  ProductListResponseSchema,
  ProductResponseSchema,
  type StoreProduct,
  type VariantStockResponse,
  VariantStockResponseSchema,
} from "./schema.ts";
import { inProcessStoreFetch } from "./store-api.server.ts";

/**
 * The one way the shop pages reach the store API (spec section 7, calls 3-5, and
 * checkout). Its base is STORE_API_URL, so a hosted store speaking the same
 * contract can replace the built-in one; unset, the built-in store answers
 * in-process, with the same requests and responses as over HTTP.
 */

/** A non-OK answer: the message is the spec's 'HTTP {status}: {statusText}'. */
export class StoreHttpError extends Error {
  readonly status: number;
  readonly statusText: string;
  /** The store's own explanation (its JSON `error.message`), when it gave one. */
  readonly detail: string | null;
  /** The rest of the store's JSON `error` object (product_title, issues...). */
  readonly info: Record<string, unknown>;
  constructor(status: number, statusText: string, detail: string | null, info: Record<string, unknown> = {}) {
    super(`HTTP ${status}: ${statusText}`);
    this.name = "StoreHttpError";
    this.status = status;
    this.statusText = statusText;
    this.detail = detail;
    this.info = info;
  }
}

export type StoreClient = {
  /** Call 3. */
  listProducts(params?: ProductListParams): Promise<ProductListResponse>;
  /** Call 4. */
  getProduct(id: string): Promise<StoreProduct>;
  /** Call 5: fresh stock of the variants of these products. */
  variantStock(productIds: string[]): Promise<VariantStockResponse["variants"]>;
  /** Records the order and answers where to send the buyer. */
  checkout(body: CheckoutRequest): Promise<{ url: string }>;
};

export type StoreClientOptions = {
  /** The store API base: requests go to {baseUrl}/store/{storeId}/... */
  baseUrl: string;
  storeId: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
};

const DEFAULT_TIMEOUT_MS = 10_000;

function appendParams(url: URL, params: ProductListParams): void {
  for (const id of params.ids ?? []) url.searchParams.append("ids[]", id);
  if (params.offset !== undefined) url.searchParams.set("offset", String(params.offset));
  if (params.limit !== undefined) url.searchParams.set("limit", String(params.limit));
  if (params.order) url.searchParams.set("order", params.order);
  if (params.sort_by) url.searchParams.set("sort_by", params.sort_by);
  if (params.is_hidden !== undefined) url.searchParams.set("is_hidden", String(params.is_hidden));
  if (params.to_date) url.searchParams.set("to_date", params.to_date);
}

async function errorBody(
  response: Response,
): Promise<{ detail: string | null; info: Record<string, unknown> }> {
  try {
    const body = (await response.json()) as { error?: Record<string, unknown> | string };
    if (typeof body.error === "string") return { detail: body.error, info: {} };
    const info = body.error && typeof body.error === "object" ? body.error : {};
    return { detail: typeof info.message === "string" ? info.message : null, info };
  } catch {
    return { detail: null, info: {} };
  }
}

export function createStoreClient(options: StoreClientOptions): StoreClient {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.baseUrl.replace(/\/+$/, "")}/store/${encodeURIComponent(options.storeId)}`;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  async function call<S extends z.ZodType>(
    schema: S,
    url: URL,
    init: RequestInit = {},
  ): Promise<z.output<S>> {
    const response = await doFetch(url, {
      ...init,
      headers: { Accept: "application/json", ...(init.headers ?? {}) },
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) {
      const { detail, info } = await errorBody(response);
      throw new StoreHttpError(response.status, response.statusText, detail, info);
    }
    const parsed = schema.safeParse(await response.json().catch(() => undefined));
    if (!parsed.success) throw new Error("Réponse inattendue du service boutique");
    return parsed.data;
  }

  return {
    listProducts(params = {}) {
      const url = new URL(`${base}/products`);
      appendParams(url, params);
      return call(ProductListResponseSchema, url);
    },
    async getProduct(id) {
      const url = new URL(`${base}/products/${encodeURIComponent(id)}`);
      return (await call(ProductResponseSchema, url)).product;
    },
    async variantStock(productIds) {
      const url = new URL(`${base}/variants`);
      url.searchParams.set("fields", "inventory_quantity");
      for (const id of productIds) url.searchParams.append("product_ids[]", id);
      return (await call(VariantStockResponseSchema, url)).variants;
    },
    checkout(body) {
      return call(CheckoutResponseSchema, new URL(`${base}/checkout`), {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    },
  };
}

/** The client of the configured store: STORE_API_URL, else this server's built-in store. */
export function storeClientFor(services: AppServices): StoreClient {
  const { env } = services;
  if (env.STORE_API_URL) return createStoreClient({ baseUrl: env.STORE_API_URL, storeId: env.STORE_ID });
  return createStoreClient({
    baseUrl: `${env.SITE_URL}/api`,
    storeId: env.STORE_ID,
    fetch: inProcessStoreFetch(services),
  });
}
