import type { Hono } from "hono";
import { AccountError, createStaffAccount } from "#app/features/auth/accounts.server.ts";
import { AUTH_BASE_PATH, CLIENT_IP_HEADER, getStaffAuth } from "#app/features/auth/auth.server.ts";
import { newPasswordProblem } from "#app/features/auth/password-rules.server.ts";
import { tooManyAttemptsMessage } from "#app/features/auth/schema.ts";
import { checkLocalAdmin, LOCAL_ADMIN_PATH } from "#app/features/auth/server-info.server.ts";
import { SIGN_IN_REQUIRED_MESSAGE } from "#app/features/auth/session.server.ts";
import { settleSignIn, takeSignInTicket } from "#app/features/auth/sign-in-limit.server.ts";
import type { AppServices } from "#app/lib/app-context.ts";
import { STAFF_HINT_COOKIE } from "#app/lib/staff-hint.ts";
import type { AppEnv } from "./app-env.ts";

/**
 * The part of better-auth's HTTP surface the product uses. Everything else under
 * /api/auth answers 404: sign-up above all, and sign-in, whose only way in is the
 * /erp/login form (slowed down per account and address, see session.server.ts).
 * /change-password goes through `changePassword` below first.
 */
const ALLOWED = new Set(["GET /get-session", "POST /sign-out", "POST /change-password", "GET /ok"]);
const MAX_BODY_BYTES = 16 * 1024;

const noStore = { "Cache-Control": "no-store" };

function refusal(message: string, status: number, headers: Record<string, string> = {}): Response {
  return Response.json({ message }, { status, headers: { ...noStore, ...headers } });
}

/**
 * POST /api/auth/change-password, in front of better-auth's: the new password follows
 * the rules of every new password (`newPasswordProblem`, refused with 400 and a French
 * message), the other sessions of the account always end (`revokeOtherSessions` is
 * forced, whatever the body says; better-auth then issues this browser a new session
 * cookie), and a wrong current password counts as a failed sign-in of this account from
 * this address, so this endpoint is no way round the sign-in delays.
 */
async function changePassword(services: AppServices, request: Request, body: ArrayBuffer | undefined) {
  const auth = getStaffAuth(services);
  let input: unknown;
  try {
    input = JSON.parse(new TextDecoder().decode(body ?? new ArrayBuffer(0)));
  } catch {
    return refusal("Corps JSON invalide.", 400);
  }
  if (!input || typeof input !== "object" || Array.isArray(input))
    return refusal("Corps JSON invalide.", 400);
  const { currentPassword, newPassword } = input as Record<string, unknown>;
  const session = await auth.api.getSession({ headers: request.headers, query: { disableRefresh: true } });
  if (!session || session.user.disabled) return refusal(SIGN_IN_REQUIRED_MESSAGE, 401);
  if (typeof currentPassword !== "string" || currentPassword.length === 0) {
    return refusal("Le mot de passe actuel est requis.", 400);
  }
  const problem = newPasswordProblem(newPassword, session.user.email);
  if (problem) return refusal(problem, 400);

  const clientIp = request.headers.get(CLIENT_IP_HEADER) ?? "inconnue";
  const ticket = await takeSignInTicket(services.db, session.user.email, clientIp);
  if (!ticket.allowed) {
    return refusal(tooManyAttemptsMessage(ticket.retryAfterSeconds), 429, {
      "Retry-After": String(ticket.retryAfterSeconds),
    });
  }
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  let response: Response;
  try {
    response = await auth.handler(
      new Request(request.url, {
        method: "POST",
        headers,
        body: JSON.stringify({ currentPassword, newPassword, revokeOtherSessions: true }),
      }),
    );
  } catch (error) {
    await settleSignIn(services.db, ticket, "error");
    throw error;
  }
  if (response.ok) {
    await settleSignIn(services.db, ticket, "success");
    services.logger.info(
      { userId: session.user.id },
      "mot de passe Espace Pro changé ; autres sessions fermées",
    );
    return response;
  }
  const answer = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: string } | null;
  if (response.status === 400 && answer?.code === "INVALID_PASSWORD") {
    await settleSignIn(services.db, ticket, "failure");
    return refusal("Le mot de passe actuel est incorrect.", 400);
  }
  await settleSignIn(services.db, ticket, "error");
  return response;
}

/**
 * Mounts the Espace Pro's authentication on the Hono app (server/app.ts), before React
 * Router: better-auth's handler under /api/auth/*, and the loopback-only endpoint that
 * `npm run user:create` uses while the server holds the embedded database.
 */
export function mountStaffAuth(app: Hono<AppEnv>, services: AppServices): void {
  // Created now, so a missing AUTH_SECRET stops start-up rather than the first sign-in.
  const auth = getStaffAuth(services);
  const secure = services.env.SITE_URL.startsWith("https://");

  app.all(`${AUTH_BASE_PATH}/*`, async (c) => {
    const path = c.req.path.slice(AUTH_BASE_PATH.length);
    if (!ALLOWED.has(`${c.req.method} ${path}`)) {
      return c.json({ message: "Adresse inconnue." }, 404, noStore);
    }
    const headers = new Headers(c.req.raw.headers);
    // Only the server says where a request comes from.
    headers.set(CLIENT_IP_HEADER, c.get("clientIp"));
    let body: ArrayBuffer | undefined;
    if (c.req.method === "POST") {
      const declared = Number(c.req.header("content-length") ?? "0");
      if (declared > MAX_BODY_BYTES) return c.json({ message: "Requête trop volumineuse." }, 413, noStore);
      body = await c.req.raw.arrayBuffer();
      if (body.byteLength > MAX_BODY_BYTES)
        return c.json({ message: "Requête trop volumineuse." }, 413, noStore);
    }
    if (path === "/change-password") {
      return changePassword(services, new Request(c.req.raw.url, { method: "POST", headers }), body);
    }
    const response = await auth.handler(new Request(c.req.raw.url, { method: c.req.method, headers, body }));
    if (response.ok && path === "/sign-out") {
      // The public header's hint goes with the session.
      const copy = new Response(response.body, response);
      copy.headers.append(
        "Set-Cookie",
        `${STAFF_HINT_COOKIE}=; Path=/; SameSite=Lax; Max-Age=0${secure ? "; Secure" : ""}`,
      );
      return copy;
    }
    return response;
  });

  app.post(LOCAL_ADMIN_PATH, async (c) => {
    const socket = c.env?.incoming?.socket as { remoteAddress?: string } | undefined;
    // Loopback only, and never through a reverse proxy (which would also be loopback).
    const caller = checkLocalAdmin(socket?.remoteAddress, (name) => c.req.header(name));
    if (caller === "not-local") return c.json({ message: "Adresse inconnue." }, 404, noStore);
    if (caller === "bad-token") {
      return c.json({ message: "Jeton d'administration local invalide." }, 401, noStore);
    }
    let input: unknown;
    try {
      input = await c.req.json();
    } catch {
      return c.json({ message: "Corps JSON invalide." }, 400, noStore);
    }
    try {
      const account = await createStaffAccount(services, input);
      return c.json(account, 201, noStore);
    } catch (error) {
      if (error instanceof AccountError) {
        return c.json({ message: error.message }, error.status as 400 | 404 | 409, noStore);
      }
      throw error;
    }
  });
}
