import { data } from "react-router";
import { requireStaff } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import type { Route } from "./+types/not-found";

/** Unknown /erp addresses: the sign-in screen without a session, a 404 inside the shell with one. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireStaff(request, context);
  throw data({ message: "Cette page de l'Espace Pro n'existe pas." }, { status: 404 });
}

export const meta: Route.MetaFunction = (args) => erpMeta("Page introuvable", args);

export const shouldRevalidate = erpShouldRevalidate;

export const handle = { section: "Page introuvable" };

// The loader always answers 404: the page is this boundary, inside the frame.
export const ErrorBoundary = ErpPageErrorBoundary;
