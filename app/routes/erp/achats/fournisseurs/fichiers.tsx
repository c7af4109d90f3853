import { refusalOf } from "#app/components/forms/refusal.ts";
import { ACHATS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { RecordDocumentsPage } from "#app/features/record-files/components/record-documents.tsx";
import { recordDocumentsAction, recordDocumentsLoader } from "#app/routes/erp/record-documents.server.ts";
import type { Route } from "./+types/fichiers";

/** The office only (Achats). */
export const handle = ACHATS_HANDLE;

/** /erp/achats/fournisseurs/:id/fichiers — the supplier's files, orders, invoices and papers. */
export const loader = (args: Route.LoaderArgs) =>
  recordDocumentsLoader(args, "fournisseur", handle.permission, "Fichiers");

export const action = (args: Route.ActionArgs) =>
  recordDocumentsAction(args, "fournisseur", handle.permission);

export const meta: Route.MetaFunction = (args) => erpMeta("Fichiers du fournisseur", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SupplierFilesPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordDocumentsPage
      title="Fichiers du fournisseur"
      backLabel="Retour au fournisseur"
      page={loaderData}
      refusal={refusalOf(actionData)}
    />
  );
}
