import type { AppServices } from "#app/lib/app-context.ts";
import { routerContext } from "./services.ts";

/**
 * Calling a route's loader or action as the server would, with or without a staff
 * session, and reading back what it answered (returned or thrown, Response or `data()`).
 * Every Espace Pro route test goes through these, so they read the same way.
 */
export type RouteArgs = {
  request: Request;
  params: Record<string, string>;
  context: ReturnType<typeof routerContext>;
  unstable_pattern: string;
};

export type RouteCallInit = RequestInit & {
  /** The Cookie header of a session (tests/helpers/staff.ts `signedInStaff`). */
  cookie?: string;
  /** The client address the server would have taken from the socket. */
  ip?: string;
  params?: Record<string, string>;
  /** A form body, sent as application/x-www-form-urlencoded (a POST). */
  form?: Record<string, string> | URLSearchParams;
};

export function routeArgs(services: AppServices, url: string, init: RouteCallInit = {}): RouteArgs {
  const { cookie, ip, params = {}, form, ...requestInit } = init;
  const headers = new Headers(requestInit.headers);
  if (cookie) headers.set("cookie", cookie);
  const body = form ? (form instanceof URLSearchParams ? form : new URLSearchParams(form)) : requestInit.body;
  const method = requestInit.method ?? (form ? "POST" : "GET");
  const absolute = new URL(url, "http://localhost");
  return {
    request: new Request(absolute, { ...requestInit, method, headers, body }),
    params,
    context: routerContext(services, ip ?? "127.0.0.1"),
    unstable_pattern: absolute.pathname,
  };
}

export type RouteOutcome = { status: number; data: unknown; headers: Headers };

/** The status, data and headers of what a loader or action returned or threw. */
export async function routeOutcome(run: Promise<unknown> | (() => Promise<unknown>)): Promise<RouteOutcome> {
  let value: unknown;
  try {
    value = await (typeof run === "function" ? run() : run);
  } catch (thrown) {
    value = thrown;
  }
  if (value instanceof Response) return { status: value.status, data: value, headers: value.headers };
  const withInit = value as { type?: string; data?: unknown; init?: ResponseInit | null } | null;
  if (withInit && withInit.type === "DataWithResponseInit") {
    return {
      status: withInit.init?.status ?? 200,
      data: withInit.data,
      headers: new Headers(withInit.init?.headers),
    };
  }
  if (value instanceof Error) throw value;
  return { status: 200, data: value, headers: new Headers() };
}

/** A route's loader or action, as a test calls it. */
export type RouteHandler = (args: never) => Promise<unknown>;

/**
 * A test file's `call(handler, url, init)`: the route called over `session()`'s services,
 * with its cookie unless `init.cookie` says otherwise. `session` is read at each call, so
 * what it returns may be set in a `beforeAll`.
 */
export function routeCaller(session: () => { services: AppServices; cookie?: string }) {
  return (handler: RouteHandler, url: string, init: RouteCallInit = {}): Promise<RouteOutcome> => {
    const { services, cookie } = session();
    return routeOutcome(() => handler(routeArgs(services, url, { cookie, ...init }) as never));
  };
}
