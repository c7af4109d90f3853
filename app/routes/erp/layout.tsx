import { isRouteErrorResponse, Outlet, useLocation } from "react-router";
import { LoginScreen } from "#app/features/auth/components/login-screen.tsx";
import { requireStaff, staffSessionMiddleware } from "#app/features/auth/session.server.ts";
import { ErpError } from "#app/features/erp/components/erp-error.tsx";
import { ErpShell } from "#app/features/erp/components/erp-shell.tsx";
import type { Route } from "./+types/layout";

/** One session lookup per request (renewing it while used), shared by every /erp loader. */
export const middleware: Route.MiddlewareFunction[] = [staffSessionMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = await requireStaff(request, context);
  return { user: { email: session.user.email, role: session.user.role } };
}

export function headers() {
  return { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export default function ErpLayout({ loaderData }: Route.ComponentProps) {
  return (
    <ErpShell user={loaderData.user}>
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
