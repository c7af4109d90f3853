import { data, isRouteErrorResponse, Outlet, useLocation } from "react-router";
import { LoginScreen } from "#app/features/auth/components/login-screen.tsx";
import {
  getStaffSession,
  SIGN_IN_REQUIRED_MESSAGE,
  staffSessionMiddleware,
} from "#app/features/auth/session.server.ts";
import { ErpError } from "#app/features/erp/components/erp-error.tsx";
import { ErpShell } from "#app/features/erp/components/erp-shell.tsx";
import { erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { readFlash } from "#app/lib/flash.server.ts";
import type { RouteHandle } from "#app/lib/permissions.ts";
import type { Route } from "./+types/layout";

/** The frame needs a session only (site workers too); each page below declares its own permission. */
export const handle = { permission: "terrain" } satisfies RouteHandle;

/** One session lookup per request (renewing it while used), shared by every /erp loader. */
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware];

/**
 * Without a session the frame answers 401 and renders the sign-in screen itself
 * (not through the error boundary), so the form keeps what was typed when a failed
 * attempt makes the pages below ask again; those pages refuse on their own
 * (requirePermission) and are never rendered.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await getStaffSession(request, context);
  if (!session) return data({ user: null, message: SIGN_IN_REQUIRED_MESSAGE }, { status: 401 });
  // A message left by the action before a redirect, shown once (app/lib/flash.server.ts).
  const { flash, clear } = readFlash(request);
  return data(
    { user: { email: session.user.email, role: session.user.role }, message: null, flash },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

/** Pages name themselves; this one speaks when the frame itself cannot load (no session). */
export const meta: Route.MetaFunction = (args) =>
  erpMeta("Espace Pro", { ...args, loaderData: args.loaderData?.user ? args.loaderData : undefined });

export const shouldRevalidate = erpShouldRevalidate;

export default function ErpLayout({ loaderData }: Route.ComponentProps) {
  const location = useLocation();
  if (!loaderData.user) return <LoginScreen redirectTo={`${location.pathname}${location.search}`} />;
  return (
    <ErpShell user={loaderData.user} flash={"flash" in loaderData ? loaderData.flash : null}>
      <Outlet />
    </ErpShell>
  );
}

/** Without a session, any Espace Pro page is the sign-in screen (and never its data). */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 401) {
    return <LoginScreen redirectTo={`${location.pathname}${location.search}`} />;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <ErpError error={error} />
    </div>
  );
}
