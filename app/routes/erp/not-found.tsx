import { data } from "react-router";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { type ErpHandle, erpMeta } from "#app/features/erp/navigation.ts";
import type { Route } from "./+types/not-found";

/** Unknown /erp addresses: the sign-in screen without a session, a 404 inside the shell with one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  throw data({ message: "Cette page de l'Espace Pro n'existe pas." }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => erpMeta("Page introuvable", args);

export const handle = { section: "Page introuvable", permission: "terrain" } satisfies ErpHandle;

// The loader always answers 404: the page is this boundary, inside the frame.
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";
