import { refusalOf } from "#app/components/forms/refusal.ts";
import { erpMeta, SITE_LOG_HANDLE } from "#app/features/erp/navigation.ts";
import { RecordDocumentsPage } from "#app/features/record-files/components/record-documents.tsx";
import { recordDocumentsAction, recordDocumentsLoader } from "#app/routes/erp/record-documents.server.ts";
import type { Route } from "./+types/documents";

/** The office, and a site worker on the sites they are put on (the site log's rule). */
export const handle = SITE_LOG_HANDLE;

/** /erp/chantiers/:id/documents — the site's plans, photos and documents. */
export const loader = (args: Route.LoaderArgs) =>
  recordDocumentsLoader(args, "chantier", handle.permission, "Documents");

export const action = (args: Route.ActionArgs) => recordDocumentsAction(args, "chantier", handle.permission);

export const meta: Route.MetaFunction = (args) => erpMeta("Documents du chantier", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function JobSiteDocumentsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <RecordDocumentsPage
      title="Documents du chantier"
      backLabel="Retour au chantier"
      page={loaderData}
      refusal={refusalOf(actionData)}
    />
  );
}
