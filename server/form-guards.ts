import type { MiddlewareHandler } from "hono";
import type { ServerBuild } from "react-router";
import type { AppEnv } from "./app-env.ts";
import { refusal } from "./request-guards.ts";

/**
 * Guards in front of React Router's actions.
 *
 * React Router v8 already aborts an action whose `Origin` header names another
 * host than the request URL (lib/actions.ts, `throwIfPotentialCSRFAttack`), but it
 * answers 400 (or 500 inside single fetch), lets a request with no `Origin` through
 * whatever its `Sec-Fetch-Site`, and compares with the URL the server sees, which
 * behind a TLS-terminating proxy is http:// while the browser says https://.
 * Here a cross-site post is refused with a 403 before any body is read, whatever
 * route it targets; same-origin posts and non-browser clients (no Origin, no
 * Sec-Fetch-Site: webhooks, scripts) go through.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The origins a form of this site is posted from. */
function ownOrigins(request: Request, siteUrl: string, trustProxy: boolean): Set<string> {
  const origins = new Set([new URL(request.url).origin, new URL(siteUrl).origin]);
  if (trustProxy) {
    const proto = request.headers.get("x-forwarded-proto")?.split(",")[0]?.trim();
    const host = (request.headers.get("x-forwarded-host") ?? request.headers.get("host"))
      ?.split(",")[0]
      ?.trim();
    if (proto && host) origins.add(`${proto}://${host}`);
  }
  return origins;
}

export function isCrossSiteRequest(request: Request, siteUrl: string, trustProxy: boolean): boolean {
  const fetchSite = request.headers.get("sec-fetch-site");
  if (fetchSite && fetchSite !== "same-origin" && fetchSite !== "none") return true;
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  if (origin === "null") return true;
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return true;
  }
  return !ownOrigins(request, siteUrl, trustProxy).has(parsed.origin);
}

/** 403 for any cross-site state-changing request that reaches React Router. */
export function refuseCrossSitePosts(env: {
  SITE_URL: string;
  TRUST_PROXY: boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (!isCrossSiteRequest(c.req.raw, env.SITE_URL, env.TRUST_PROXY)) return next();
    c.get("services").logger.warn(
      { reqId: c.get("requestId"), path: c.req.path, origin: c.req.header("origin") },
      "envoi depuis un autre site refusé",
    );
    return refusal(
      c.req.raw,
      403,
      "Envoi refusé.",
      "Ce formulaire ne peut être envoyé que depuis notre site. Veuillez le remplir directement sur notre page de demande de devis.",
    );
  };
}

export { QUOTE_BODY_LIMIT_BYTES } from "./request-guards.ts";

/**
 * React Router's own origin check compares the browser's Origin with the URL the
 * server sees; behind a TLS proxy those differ in scheme. The site's own host is
 * therefore declared as an allowed action origin.
 */
export function allowSiteOrigin(
  build: ServerBuild | (() => Promise<ServerBuild>),
  siteUrl: string,
): ServerBuild | (() => Promise<ServerBuild>) {
  const host = new URL(siteUrl).host;
  const withHost = (server: ServerBuild): ServerBuild => ({
    ...server,
    allowedActionOrigins: [
      ...(Array.isArray(server.allowedActionOrigins) ? server.allowedActionOrigins : []),
      host,
    ],
  });
  return typeof build === "function" ? async () => withHost(await build()) : withHost(build);
}
