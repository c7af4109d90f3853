import { refusalOf } from "#app/components/forms/refusal.ts";
import { CLIENTS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { RecordDocumentsPage } from "#app/features/record-files/components/record-documents.tsx";
import { recordDocumentsAction, recordDocumentsLoader } from "#app/routes/erp/record-documents.server.ts";
import type { Route } from "./+types/documents";

/** The office only (Prospects et clients). */
export const handle = CLIENTS_HANDLE;

/** /erp/clients/:id/documents — the client's files and the documents made for them. */
export const loader = (args: Route.LoaderArgs) =>
  recordDocumentsLoader(args, "client", handle.permission, "Documents");

export const action = (args: Route.ActionArgs) => recordDocumentsAction(args, "client", handle.permission);

export const meta: Route.MetaFunction = (args) => erpMeta("Documents du client", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function ClientDocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordDocumentsPage
      title="Documents du client"
      backLabel="Retour au client"
      page={loaderData}
      refusal={refusalOf(actionData)}
    />
  );
}
