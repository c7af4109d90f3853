import { isAPIError } from "better-auth/api";
import { eq } from "drizzle-orm";
import { createContext, data, type MiddlewareFunction, type RouterContext } from "react-router";
import { authSessions } from "#app/db/schema/auth.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { hasPermission, permissionRefusedMessage, type RouteAccess } from "#app/lib/permissions.ts";
import { hasStaffHint, STAFF_HINT_COOKIE } from "#app/lib/staff-hint.ts";
import { CLIENT_IP_HEADER, getStaffAuth, SESSION_EXPIRES_IN_SECONDS } from "./auth.server.ts";
import { roleOf, type StaffRole } from "./schema.ts";
import { settleSignIn, takeSignInTicket } from "./sign-in-limit.server.ts";

export type StaffUser = { id: string; email: string; name: string; role: StaffRole };
export type StaffSession = { user: StaffUser; sessionId: string; expiresAt: Date };

type ContextReader = { get: <T>(context: RouterContext<T>) => T };
type ContextWriter = ContextReader & { set: <T>(context: RouterContext<T>, value: T) => void };

/** The session looked up once per request by `staffSessionMiddleware` (null: not looked up). */
export const staffSessionContext = createContext<{ session: StaffSession | null } | null>(null);

export const SIGN_IN_REQUIRED_MESSAGE = "Connexion requise : veuillez vous connecter à l'Espace Pro.";
export const OWNER_ONLY_MESSAGE = "Accès réservé aux gérants.";

/** The headers better-auth needs from a request: its cookies, the browser and the client address. */
export function authHeaders(request: Request, context: ContextReader): Headers {
  const headers = new Headers();
  const cookie = request.headers.get("cookie");
  if (cookie) headers.set("cookie", cookie);
  const userAgent = request.headers.get("user-agent");
  if (userAgent) headers.set("user-agent", userAgent);
  headers.set(CLIENT_IP_HEADER, context.get(requestContext).clientIp || "inconnue");
  return headers;
}

type SessionLookup = { session: StaffSession | null; setCookies: string[] };

async function lookUpSession(
  request: Request,
  context: ContextReader,
  refresh: boolean,
): Promise<SessionLookup> {
  if (!request.headers.get("cookie")) return { session: null, setCookies: [] };
  const auth = getStaffAuth(getServices(context));
  const { headers, response } = await auth.api.getSession({
    headers: authHeaders(request, context),
    query: refresh ? {} : { disableRefresh: true },
    returnHeaders: true,
  });
  const setCookies = headers.getSetCookie();
  if (!response || response.user.disabled) return { session: null, setCookies };
  const { user, session } = response;
  return {
    session: {
      user: {
        id: user.id,
        email: user.email,
        name: user.name,
        role: roleOf(user.role),
      },
      sessionId: session.id,
      expiresAt: session.expiresAt,
    },
    setCookies,
  };
}

/** The signed-in staff member of this request, or null. */
export async function getStaffSession(
  request: Request,
  context: ContextReader,
): Promise<StaffSession | null> {
  const cached = context.get(staffSessionContext);
  if (cached) return cached.session;
  return (await lookUpSession(request, context, false)).session;
}

function isApiRequest(request: Request): boolean {
  return new URL(request.url).pathname.startsWith("/api/");
}

function refuse(request: Request, status: 401 | 403, message: string): never {
  // Data endpoints answer JSON; pages get a route error their boundary turns into the
  // sign-in screen (401) or a refusal (403).
  if (isApiRequest(request)) {
    throw Response.json({ message }, { status, headers: { "Cache-Control": "no-store" } });
  }
  throw data({ message }, { status });
}

/**
 * Every Espace Pro loader, action and data endpoint starts here: without a session
 * (or with a disabled account) the request stops with 401.
 */
export async function requireStaff(request: Request, context: ContextReader): Promise<StaffSession> {
  const session = await getStaffSession(request, context);
  if (!session) refuse(request, 401, SIGN_IN_REQUIRED_MESSAGE);
  return session;
}

/**
 * As `requireStaff`, then the permission the route declares in its `handle`
 * (app/lib/permissions.ts): a role without it gets 403.
 */
export async function requirePermission(
  request: Request,
  context: ContextReader,
  access: RouteAccess,
): Promise<StaffSession> {
  const session = await requireStaff(request, context);
  if (!hasPermission(session.user.role, access)) refuse(request, 403, permissionRefusedMessage(access));
  return session;
}

/** Who acts, as the activity history records it: the staff member's id and e-mail. */
export type Actor = { id: string; email: string };

/** As `requirePermission`, giving who acts: what an action hands to the feature that logs its change. */
export async function requireActor(
  request: Request,
  context: ContextReader,
  access: RouteAccess,
): Promise<Actor> {
  const { user } = await requirePermission(request, context, access);
  return { id: user.id, email: user.email };
}

/** As `requireStaff`, and a staff member who is not an owner gets 403. */
export async function requireOwner(request: Request, context: ContextReader): Promise<StaffSession> {
  const session = await requireStaff(request, context);
  if (session.user.role !== "owner") refuse(request, 403, OWNER_ONLY_MESSAGE);
  return session;
}

function hintCookie(secure: boolean, clear: boolean): string {
  const attributes = [
    "Path=/",
    "SameSite=Lax",
    clear ? "Max-Age=0" : `Max-Age=${SESSION_EXPIRES_IN_SECONDS}`,
  ];
  if (secure) attributes.push("Secure");
  return `${STAFF_HINT_COOKIE}=${clear ? "" : "1"}; ${attributes.join("; ")}`;
}

function appendCookies(response: Response, cookies: string[]): Response {
  if (cookies.length === 0) return response;
  try {
    for (const cookie of cookies) response.headers.append("Set-Cookie", cookie);
    return response;
  } catch {
    // Immutable headers (a fetched response): copy it.
    const copy = new Response(response.body, response);
    for (const cookie of cookies) copy.headers.append("Set-Cookie", cookie);
    return copy;
  }
}

/**
 * Route middleware of the Espace Pro layout: looks the session up once (pushing its end
 * back while it is used, so a working week of inactivity ends it and activity never
 * does), shares it with the loaders, and sends the renewed cookie back. It keeps the
 * public header's hint cookie in step with the session.
 */
export const staffSessionMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const writer = context as unknown as ContextWriter;
  const { session, setCookies } = await lookUpSession(request, writer, true);
  writer.set(staffSessionContext, { session });
  const response = await next();
  const secure = getServices(writer).env.SITE_URL.startsWith("https://");
  const hinted = hasStaffHint(request.headers.get("cookie"));
  const cookies = [...setCookies];
  if (session && (!hinted || setCookies.length > 0)) cookies.push(hintCookie(secure, false));
  if (!session && hinted) cookies.push(hintCookie(secure, true));
  return appendCookies(response, cookies);
};

export type SignInResult =
  | { ok: true; setCookies: string[] }
  | { ok: false; reason: "invalid" }
  | { ok: false; reason: "rate-limited"; retryAfterSeconds: number };

/**
 * Signs a staff member in: the Espace Pro's only way in (the HTTP surface of
 * better-auth has no sign-in). Wrong attempts slow down the next ones of the same
 * account from the same address, and of the same address whatever the account
 * (`SIGN_IN_PAIR_RULE`, `SIGN_IN_ADDRESS_RULE`): an attempt made before its delay is over
 * is refused unchecked. Nothing is limited per account alone, so an attack from
 * elsewhere never keeps the owner out. Counted in the database whether the e-mail
 * exists or not; every failure that could tell whether an account exists (unknown
 * e-mail, wrong password, disabled account) gives the same "invalid" answer. A new
 * session (and session id) is issued each time. `now` is for tests that move the clock.
 */
export async function signInStaff(
  request: Request,
  context: ContextReader,
  credentials: { email: string; password: string },
  now = new Date(),
): Promise<SignInResult> {
  const services = getServices(context);
  const auth = getStaffAuth(services);
  const headers = authHeaders(request, context);
  const ip = headers.get(CLIENT_IP_HEADER) ?? "inconnue";
  // The sign-in cookie replaces whatever session cookie the browser sent.
  headers.delete("cookie");

  const ticket = await takeSignInTicket(services.db, credentials.email, ip, now);
  if (!ticket.allowed) {
    services.logger.warn(
      { clientIp: ip, retryAfterSeconds: ticket.retryAfterSeconds },
      "connexion Espace Pro ralentie après des échecs",
    );
    return { ok: false, reason: "rate-limited", retryAfterSeconds: ticket.retryAfterSeconds };
  }
  let result: { headers: Headers };
  try {
    result = await auth.api.signInEmail({
      body: { email: credentials.email, password: credentials.password, rememberMe: true },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode < 500) {
      await settleSignIn(services.db, ticket, "failure");
      return { ok: false, reason: "invalid" };
    }
    await settleSignIn(services.db, ticket, "error");
    throw error;
  }
  await settleSignIn(services.db, ticket, "success");
  const secure = services.env.SITE_URL.startsWith("https://");
  return { ok: true, setCookies: [...result.headers.getSetCookie(), hintCookie(secure, false)] };
}

/**
 * Ends this browser's session on the server (the row is deleted: the cookie is worthless
 * even if kept) and returns the cookies that clear it in the browser.
 */
export async function signOutStaff(request: Request, context: ContextReader): Promise<string[]> {
  const services = getServices(context);
  const session = await lookUpSession(request, context, false);
  if (session.session) {
    await services.db.delete(authSessions).where(eq(authSessions.id, session.session.sessionId));
  }
  const auth = getStaffAuth(services);
  const secure = services.env.SITE_URL.startsWith("https://");
  let cleared: string[] = [];
  if (request.headers.get("cookie")) {
    const result = await auth.api.signOut({ headers: authHeaders(request, context), returnHeaders: true });
    cleared = result.headers.getSetCookie();
  }
  return [...cleared, hintCookie(secure, true)];
}
