import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Hono } from "hono";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { type AppServices, requestContext, servicesContext } from "#app/lib/app-context.ts";
import { redirects } from "#app/routes/public-paths.ts";
import type { AppEnv } from "./app-env.ts";
import { catalogueHit, catalogueResponses } from "./catalogue-responses.ts";
import { compressResponse } from "./compress.ts";
import { allowSiteOrigin, refuseCrossSitePosts } from "./form-guards.ts";
import { mountInternalRoutes } from "./internal.ts";
import {
  clientAddress,
  explainMethodNotAllowed,
  limitBodies,
  refuseControlCharactersInUrl,
  requireFormBodies,
} from "./request-guards.ts";
import { baseSecurityHeaders, contentSecurityPolicy, createNonce, trackerOriginsFrom } from "./security.ts";
import { mountStaffAuth } from "./staff-auth.ts";
import { StaticFiles } from "./static.ts";

export type AppOptions = {
  services: AppServices;
  /** The React Router server build, or a function that loads it (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** build/client: hashed assets, public files and prerendered pages. */
  clientDir?: string;
  development?: boolean;
  /** Hook for later features (auth handler, store API, uploads) mounted before React Router. */
  mount?: (app: Hono<AppEnv>) => void;
};

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,64}$/;
const HEALTH_TIMEOUT_MS = 2000;
/**
 * Base headers a route may set for itself: the quote
 * page (/accord/{token}) and its files send `Referrer-Policy: no-referrer`, because their
 * address holds the token. The uploaded files of a record send `X-Frame-Options: SAMEORIGIN`
 * (with `frame-ancestors 'self'`): the documents page previews a PDF in a frame. The
 * middleware keeps a route's own value.
 */
const ROUTE_MAY_SET = new Set(["Referrer-Policy", "X-Frame-Options"]);

function isHttps(request: Request, trustProxy: boolean): boolean {
  if (new URL(request.url).protocol === "https:") return true;
  return trustProxy && request.headers.get("x-forwarded-proto") === "https";
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { services, development = false } = options;
  const { env, logger } = services;
  const app = new Hono<AppEnv>();
  const trackerOrigins = trackerOriginsFrom(env);
  const handleRequest = createRequestHandler(
    allowSiteOrigin(options.build, env.SITE_URL),
    development ? "development" : "production",
  );

  // 0. Static files and prerendered pages, ahead of Hono itself: a GET or HEAD of a file of
  // build/client is answered synchronously from memory, with the headers computed at
  // start-up (server/static.ts), the same as every other response carries (security
  // headers, CSP) but X-Request-Id. It skips what it does not need: no request id, nonce
  // or access-log line (a campaign's hits on / would drown the log), no compression pass
  // (the build precompressed the files), no body limit (GET and HEAD carry none), no
  // routing (no file of the build lives under /api, /internal or /healthz, so none hides
  // a route). It keeps what it needs: an address or a query with a control character is
  // never answered here, so the guard below refuses it; and the redirect sources are left
  // out of the index, so the redirect table keeps winning for its paths (none of them is a
  // file of the build today: old addresses are never prerendered; a test checks it).
  // Measured with @hono/node-server under autocannon: wrapping `fetch` and returning the
  // Response at once (a Uint8Array and a plain header object, which it hands straight to
  // writeHead) serves 10 to 25 % more requests per second than the same lookup as Hono's
  // first middleware, which pays for a Context, the routing and a promise.
  // The shop's answers kept in memory (server/catalogue-responses.ts) take the same path:
  // a hit is answered here; a miss goes through everything below, which keeps the answer.
  const staticFiles = options.clientDir
    ? new StaticFiles(options.clientDir, {
        trackerOrigins,
        development,
        trustProxy: env.TRUST_PROXY,
        exclude: Object.keys(redirects),
      })
    : undefined;
  const shopHit = catalogueHit({
    cache: services.catalogueCache,
    storeId: env.STORE_ID,
    trustProxy: env.TRUST_PROXY,
  });
  const dispatch = app.fetch;
  app.fetch = (request, bindings, executionContext) => {
    const incoming = (bindings as { incoming?: IncomingMessage } | undefined)?.incoming?.headers;
    return (
      staticFiles?.respond(request, incoming) ??
      shopHit(request, incoming) ??
      dispatch(request, bindings, executionContext)
    );
  };

  // 1. Request id, client address, access log.
  app.use(async (c, next) => {
    const incoming = c.req.header("x-request-id");
    const requestId = incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
    c.set("requestId", requestId);
    c.set("nonce", createNonce());
    const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
    c.set(
      "clientIp",
      clientAddress(c.req.raw, socket?.remoteAddress, { proxy: env.TRUST_PROXY, hops: env.TRUST_PROXY_HOPS }),
    );
    c.set("services", services);
    const started = performance.now();
    await next();
    c.res.headers.set("X-Request-Id", requestId);
    const ms = Math.round((performance.now() - started) * 10) / 10;
    const path = c.req.path;
    if (path.startsWith("/assets/")) return;
    logger.info({ reqId: requestId, method: c.req.method, path, status: c.res.status, ms }, "requête");
  });

  // 2. Security headers on every response; compression of dynamic bodies.
  app.use(async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps(c.req.raw, env.TRUST_PROXY)))) {
      if (ROUTE_MAY_SET.has(name) && headers.has(name)) continue;
      headers.set(name, value);
    }
    if (!headers.has("Content-Security-Policy")) {
      headers.set(
        "Content-Security-Policy",
        contentSecurityPolicy({ nonce: c.get("nonce"), development, trackerOrigins }),
      );
    }
    c.res = compressResponse(c.req.raw, c.res);
  });

  // 3. Errors never show a stack trace.
  app.onError((error, c) => {
    logger.error({ reqId: c.get("requestId"), err: error }, "erreur non gérée");
    return c.html(
      '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Erreur</title><h1>Une erreur est survenue</h1><p>Veuillez réessayer dans quelques instants.</p></html>',
      500,
    );
  });

  // An address with a control character (a NUL byte) never reaches a route.
  app.use(refuseControlCharactersInUrl());

  // 4. Permanent redirects, before any rendering.
  app.use(async (c, next) => {
    const target = redirects[c.req.path];
    if (!target) return next();
    const search = new URL(c.req.url).search;
    return c.redirect(`${target}${search}`, 301);
  });

  // The shop's public answers (store API, /store, /product/{id}) from memory while the
  // catalogue is unchanged; dropped at every change (server/catalogue-responses.ts).
  app.use(
    catalogueResponses({
      cache: services.catalogueCache,
      storeId: env.STORE_ID,
      trackerOrigins,
      trustProxy: env.TRUST_PROXY,
    }),
  );

  // 5. Health check: the database must answer.
  app.get("/healthz", async (c) => {
    try {
      await withTimeout(services.pingDatabase(), HEALTH_TIMEOUT_MS);
      return c.json({ status: "ok" }, 200, { "Cache-Control": "no-store" });
    } catch (error) {
      logger.warn({ err: error }, "healthz : base de données injoignable");
      return c.json({ status: "indisponible" }, 503, { "Cache-Control": "no-store" });
    }
  });

  // Every body is read against its path's limit, as a stream, before any handler sees it.
  app.use(limitBodies());

  // Espace Pro authentication: /api/auth/* and the local admin endpoint of user:create.
  mountStaffAuth(app, services);
  mountInternalRoutes(app);

  options.mount?.(app);

  // Actions: cross-site posts refused (403), then anything but a readable form refused (415, 400).
  app.use(refuseCrossSitePosts(env));
  app.use(requireFormBodies());

  // 6. Everything else: React Router.
  app.all("*", async (c) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, {
      nonce: c.get("nonce"),
      requestId: c.get("requestId"),
      clientIp: c.get("clientIp"),
    });
    const response = await handleRequest(c.req.raw, context);
    if (response.status !== 405) return response;
    const build = typeof options.build === "function" ? await options.build() : options.build;
    return explainMethodNotAllowed(c.req.raw, response, build);
  });

  return app;
}

async function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error("délai dépassé")), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
