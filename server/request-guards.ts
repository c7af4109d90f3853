import { isIP } from "node:net";
import type { MiddlewareHandler } from "hono";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import type { AppEnv } from "./app-env.ts";

/*
 * What every request must satisfy before any route reads it, so that no route can
 * forget: an address without control characters, a body within the limit of its path
 * (read as a stream, and never past the limit), a form where a form is expected, and a
 * wrong method answered 405 with `Allow`. Each refusal is a 4xx with a French message
 * (JSON for the APIs), never a 500.
 */

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const isApiPath = (pathname: string) => pathname.startsWith("/api/") || pathname.startsWith("/internal/");

/** A French refusal: JSON for the APIs and React Router's data requests, a small page for browsers. */
export function refusal(
  request: Request,
  status: 400 | 403 | 405 | 413 | 415 | 503,
  title: string,
  text: string,
  headers: Record<string, string> = {},
): Response {
  const url = new URL(request.url);
  const all = { "Cache-Control": "no-store", ...headers };
  const wantsHtml =
    !isApiPath(url.pathname) &&
    !url.pathname.endsWith(".data") &&
    (request.headers.get("accept") ?? "").includes("text/html");
  if (!wantsHtml) {
    const body = isApiPath(url.pathname)
      ? JSON.stringify({ error: { status, message: `${title} ${text}` } })
      : JSON.stringify({ message: `${title} ${text}` });
    return new Response(body, {
      status,
      headers: { ...all, "Content-Type": "application/json; charset=utf-8" },
    });
  }
  const back = url.pathname.startsWith("/erp")
    ? '<a href="/erp">Revenir à l\'Espace Pro</a>'
    : url.pathname.startsWith("/devis")
      ? '<a href="/devis">Revenir au formulaire de devis</a> · <a href="/">Accueil</a>'
      : '<a href="/">Revenir à l\'accueil</a>';
  const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title}</title></head><body style="font-family:system-ui,sans-serif;max-width:40rem;margin:4rem auto;padding:0 1rem;line-height:1.5"><h1>${title}</h1><p>${text}</p><p>${back}</p></body></html>`;
  return new Response(html, { status, headers: { ...all, "Content-Type": "text/html; charset=utf-8" } });
}

// ─── The client's address ─────────────────────────────────────────────────────────

/**
 * The address of the client. Without a trusted proxy, the socket's. Behind one
 * (`TRUST_PROXY`), the entry of `X-Forwarded-For` that the trusted proxies added: each
 * appends the address it received the request from, so the client's is `hops` from
 * the right; whatever stands further left was written by the client and is never
 * believed. A malformed entry falls back to the socket.
 */
export function clientAddress(
  request: Request,
  socketAddress: string | undefined,
  trust: { proxy: boolean; hops: number },
): string {
  const socket = socketAddress || "inconnue";
  if (!trust.proxy) return socket;
  const entries = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);
  if (entries.length === 0) return socket;
  const chosen = entries[Math.max(0, entries.length - trust.hops)] ?? "";
  return isIP(chosen) ? chosen : socket;
}

// ─── Addresses ────────────────────────────────────────────────────────────────────

/** 400 for an address whose path or query, once decoded, holds a control character (a NUL byte above all). */
export function refuseControlCharactersInUrl(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    let bad = false;
    try {
      bad = hasControlCharacters(decodeURIComponent(url.pathname));
    } catch {
      bad = true; // a malformed %-escape
    }
    if (!bad && url.search) {
      for (const [name, value] of url.searchParams) {
        if (hasControlCharacters(name) || hasControlCharacters(value)) {
          bad = true;
          break;
        }
      }
    }
    if (!bad) return next();
    c.get("services").logger.info({ reqId: c.get("requestId") }, "adresse refusée : caractère de contrôle");
    return refusal(
      c.req.raw,
      400,
      "Adresse invalide.",
      "L'adresse demandée contient des caractères non autorisés.",
    );
  };
}

// ─── Body sizes ───────────────────────────────────────────────────────────────────

/** 10 photos of 5 MB and the text fields fit; anything bigger is refused before it is read. */
export const QUOTE_BODY_LIMIT_BYTES = 60 * 1024 * 1024;

/**
 * The largest body each path accepts (README, « Limits »). The first rule whose
 * pattern matches the path applies; React Router's data requests (`/x.data`) share the
 * rule of their page.
 */
export const BODY_LIMITS: readonly { pattern: RegExp; bytes: number; what: string }[] = [
  { pattern: /^\/devis(\.data)?$/, bytes: QUOTE_BODY_LIMIT_BYTES, what: "la demande de devis et ses photos" },
  {
    pattern: /^\/(erp\/(login|logout)(\.data)?|api\/auth\/.*|internal\/.*)$/,
    bytes: 16 * 1024,
    what: "la connexion, la déconnexion, les comptes",
  },
  {
    pattern: /^\/api\/store\/[^/]+\/webhooks\/stripe$/,
    bytes: 256 * 1024,
    what: "les notifications de Stripe",
  },
  {
    pattern: /^\/(api\/store\/.*|commande(\.data)?)$/,
    bytes: 64 * 1024,
    what: "l'API de la boutique et la commande",
  },
  {
    pattern: /^\/erp\/devis\/[^/]+(\.data)?$/,
    bytes: 12 * 1024 * 1024,
    what: "un devis (ses lignes, ou l'accord signé numérisé de 10 Mo au plus)",
  },
  {
    pattern: /^\/erp\/chantiers\/[^/]+\/reception(\.data)?$/,
    bytes: 12 * 1024 * 1024,
    what: "le PV de réception (une photo de réserve de 5 Mo, ou le PV signé numérisé de 10 Mo au plus)",
  },
  {
    pattern: /^\/erp\/chantiers\/[^/]+(\.data)?$/,
    bytes: 12 * 1024 * 1024,
    what: "la page d'un chantier (le justificatif d'une dépense de 10 Mo au plus)",
  },
  {
    pattern: /^\/erp\/boutique\/produits\/[^/]+(\.data)?$/,
    bytes: 6 * 1024 * 1024,
    what: "un produit du catalogue (une image de 5 Mo au plus)",
  },
  {
    pattern: /^\/erp\/chantiers\/[^/]+\/journal(\.data|\/notes)?$/,
    bytes: 81 * 1024 * 1024,
    what: "une note du journal de chantier (8 photos de 10 Mo au plus)",
  },
  {
    pattern: /^\/erp\/achats\/factures\/importer(\.data)?$/,
    bytes: 101 * 1024 * 1024,
    what: "l'import de factures fournisseurs (10 fichiers, 100 Mo en tout)",
  },
  {
    pattern:
      /^\/erp\/(clients\/[^/]+\/documents|chantiers\/[^/]+\/documents|achats\/fournisseurs\/[^/]+\/fichiers)(\.data)?$/,
    bytes: 101 * 1024 * 1024,
    what: "les fichiers d'un client, d'un chantier ou d'un fournisseur (10 fichiers de 20 Mo, 100 Mo en tout)",
  },
  { pattern: /^\/erp(\/.*)?$/, bytes: 1024 * 1024, what: "les formulaires de l'Espace Pro (sans fichier)" },
  {
    pattern: /^\/accord\/[^/]+(\.data)?$/,
    bytes: 512 * 1024,
    what: "la réponse du client à un devis (et sa signature dessinée)",
  },
  {
    pattern: /^\/reception\/[^/]+(\.data)?$/,
    bytes: 512 * 1024,
    what: "la signature du PV de réception par le client (et sa signature dessinée)",
  },
  { pattern: /^\//, bytes: 64 * 1024, what: "tout autre envoi" },
];

export function bodyLimitFor(pathname: string): number {
  return BODY_LIMITS.find((rule) => rule.pattern.test(pathname))?.bytes ?? 64 * 1024;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} Mo` : `${bytes / 1024} Ko`;
}

function tooLarge(request: Request, limit: number): Response {
  const isQuote = new URL(request.url).pathname.startsWith("/devis");
  const text = isQuote
    ? "Votre demande dépasse 60 Mo. Joignez au plus 10 photos de 5 Mo chacune, puis réessayez."
    : `Cet envoi dépasse la taille autorisée (${formatSize(limit)}).`;
  // The rest of the body is not read: the connection is closed after this answer.
  return refusal(request, 413, "Envoi trop volumineux.", text, { Connection: "close" });
}

/** How long a refused upload's connection stays open once the 413 is written (see `lingerBeforeClosing`). */
export const LINGER_AFTER_REFUSAL_MS = 2000;

type ClosingSocket = {
  destroyed: boolean;
  end: () => unknown;
  destroy: () => unknown;
  once: (event: "close", listener: () => void) => unknown;
  destroySoon?: () => void;
};

/**
 * A lingering close for a refused streamed body. Node closes a `Connection: close` answer's
 * socket as soon as the answer is written; the client is still sending, so the unread bytes
 * make the kernel answer with a reset, which can reach the client before it has read the 413:
 * it then sees `EPIPE`/`ECONNRESET` instead of the French message (a browser shows « connexion
 * réinitialisée »). Here the server only half-closes (FIN after the answer), reads nothing more
 * (the client is held back by TCP flow control, not read into memory), and destroys the socket
 * after `LINGER_AFTER_REFUSAL_MS`, or sooner when the client, having read the answer, closes it.
 */
function lingerBeforeClosing(socket: ClosingSocket | undefined) {
  if (!socket || typeof socket.destroySoon !== "function") return;
  socket.destroySoon = () => {
    if (socket.destroyed) return;
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_AFTER_REFUSAL_MS);
    timer.unref?.();
    socket.once("close", () => clearTimeout(timer));
  };
}

/**
 * 413 for a body over its path's limit, decided from `Content-Length` before reading,
 * or while streaming a chunked body: reading stops at the limit, so a 600 MB body costs
 * the server at most the limit in memory. A body read whole is handed on as a buffer.
 */
export function limitBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    if (SAFE_METHODS.has(request.method) || !request.body) return next();
    const limit = bodyLimitFor(c.req.path);
    const declared = request.headers.get("content-length");
    if (declared !== null && !request.headers.has("transfer-encoding")) {
      // Node's HTTP parser stops a body at its declared length: the header can be trusted.
      const length = Number(declared);
      if (!Number.isSafeInteger(length) || length < 0) {
        return refusal(request, 400, "Envoi invalide.", "La longueur annoncée du corps est invalide.");
      }
      if (length > limit) return tooLarge(request, limit);
      return next();
    }
    const reader = request.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        lingerBeforeClosing(c.env?.incoming?.socket as ClosingSocket | undefined);
        return tooLarge(request, limit);
      }
      chunks.push(value);
    }
    const body = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      body.set(chunk, offset);
      offset += chunk.byteLength;
    }
    const headers = new Headers(request.headers);
    headers.delete("transfer-encoding");
    headers.set("content-length", String(size));
    c.req.raw = new Request(request.url, {
      method: request.method,
      headers,
      body,
      signal: request.signal,
    });
    return next();
  };
}

// ─── Forms ────────────────────────────────────────────────────────────────────────

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/**
 * The pages' actions (everything React Router answers outside /api) read a form:
 * another kind of body is refused with 415, a multipart body without a boundary or
 * one that cannot be read with 400, before any action runs. The quote form reads its
 * own (large) multipart body and says itself what is wrong with it.
 */
export function requireFormBodies(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const request = c.req.raw;
    const path = c.req.path;
    if (SAFE_METHODS.has(request.method) || isApiPath(path)) return next();
    const type = (request.headers.get("content-type") ?? "").toLowerCase();
    const mediaType = type.split(";")[0]?.trim() ?? "";
    if (!FORM_TYPES.includes(mediaType)) {
      return refusal(
        request,
        415,
        "Envoi refusé.",
        "Cette adresse n'accepte qu'un formulaire (application/x-www-form-urlencoded ou multipart/form-data).",
      );
    }
    if (mediaType === "multipart/form-data" && !/;\s*boundary=/.test(type)) {
      return refusal(request, 400, "Formulaire illisible.", "Le formulaire envoyé est incomplet (boundary).");
    }
    if (/^\/devis(\.data)?$/.test(path)) return next();
    let form: FormData;
    try {
      form = await request.clone().formData();
    } catch {
      return refusal(request, 400, "Formulaire illisible.", "Le formulaire envoyé est illisible.");
    }
    // PostgreSQL refuses a NUL byte in text: whatever field an action forgets to check,
    // none reaches the database. (Other control characters get a field message from
    // the feature's schema, with what was typed kept.)
    for (const [name, value] of form) {
      if (name.includes("\u0000") || (typeof value === "string" && value.includes("\u0000"))) {
        return refusal(
          request,
          400,
          "Formulaire refusé.",
          "Le formulaire contient un caractère non autorisé (octet nul).",
        );
      }
    }
    return next();
  };
}

// ─── Methods ──────────────────────────────────────────────────────────────────────

function routeTree(build: ServerBuild, parentId: string | undefined): RouteObject[] {
  return Object.values(build.routes).flatMap((route): RouteObject[] => {
    if (!route || route.parentId !== parentId) return [];
    const base = { id: route.id, path: route.path, caseSensitive: route.caseSensitive };
    return [route.index ? { ...base, index: true } : { ...base, children: routeTree(build, route.id) }];
  });
}

/** The methods the route at `pathname` answers: GET and HEAD with a loader or a page, POST with an action. */
export function allowedMethods(build: ServerBuild, pathname: string): string[] {
  const matches = matchRoutes(routeTree(build, undefined), pathname.replace(/\.data$/, "")) ?? [];
  const leafId = matches[matches.length - 1]?.route.id;
  const route = leafId ? build.routes[leafId] : undefined;
  if (!route) return [];
  const module = route.module as { loader?: unknown; action?: unknown; default?: unknown };
  const methods: string[] = [];
  if (module.loader || module.default) methods.push("GET", "HEAD");
  if (module.action) methods.push("POST");
  return methods;
}

/**
 * React Router answers 405 when a route has no handler for the method (a POST to a
 * resource route without action, a PUT to an API): the answer gets `Allow` and a French
 * message, and is logged as what it is, a client's mistake.
 */
export async function explainMethodNotAllowed(
  request: Request,
  response: Response,
  build: ServerBuild,
): Promise<Response> {
  if (response.status !== 405 || response.headers.has("allow")) return response;
  const pathname = new URL(request.url).pathname;
  const allow = allowedMethods(build, pathname).join(", ");
  await response.body?.cancel().catch(() => {});
  return refusal(
    request,
    405,
    "Méthode non autorisée.",
    allow ? `Cette adresse accepte : ${allow}.` : "Cette adresse n'accepte pas cette méthode.",
    { Allow: allow },
  );
}
