import { requirePermission } from "#app/features/auth/session.server.ts";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { DEVIS_HANDLE, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import type { Route } from "./+types/nouveau";

// Work in progress: replaced in this session.
export const handle = DEVIS_HANDLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  return { crumb: "Devis" };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Devis", args);
export const shouldRevalidate = erpShouldRevalidate;
export const ErrorBoundary = ErpPageErrorBoundary;

export default function Page() {
  return <h1>Devis</h1>;
}
