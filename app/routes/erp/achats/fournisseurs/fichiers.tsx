import { Link } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { notFound, refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ACHATS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import {
  answerRecordFilesPost,
  openRecord,
  recordDocumentsPage,
} from "#app/features/record-files/actions.server.ts";
import { RecordDocuments } from "#app/features/record-files/components/record-documents.tsx";
import type { RecordOwner } from "#app/features/record-files/record-files.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import type { Route } from "./+types/fichiers";

/** The office only (Achats). */
export const handle = ACHATS_HANDLE;

const ownerOf = (id: string): RecordOwner => ({ type: "fournisseur", id });

/** /erp/achats/fournisseurs/:id/fichiers — the supplier's files, orders, invoices and papers. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const owner = ownerOf(params.id);
  const record = await openRecord(db, user, owner);
  if (!record.ok)
    throw record.status === 404 ? notFound(record.message) : refused(403, { message: record.message });
  const lists = await recordDocumentsPage(db, user, owner);
  return { owner, ...record, ...lists, office: user.role !== "compagnon", crumb: "Fichiers" };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const owner = ownerOf(params.id);
  const record = await openRecord(services.db, user, owner);
  if (!record.ok) return refused(record.status, { message: record.message });
  const answer = await answerRecordFilesPost(services, user, owner, await request.formData(), {
    canDelete: user.role !== "compagnon",
  });
  if (!answer.ok) {
    const { status, ...body } = answer;
    return refused(status, body);
  }
  return redirectWithFlash(request, answer.location, { tone: "success", message: answer.message });
}

export const meta: Route.MetaFunction = (args) => erpMeta("Fichiers du fournisseur", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function SupplierFilesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { owner, title, backHref, files, generated, office } = loaderData;
  return (
    <div className="grid max-w-4xl gap-5">
      <PageHeader
        title="Fichiers du fournisseur"
        description={title}
        actions={
          <Link to={backHref} className={buttonClasses("outline", "md")}>
            Retour au fournisseur
          </Link>
        }
      />
      <RecordDocuments
        owner={owner}
        files={files}
        generated={generated}
        refusal={refusalOf(actionData)}
        canDelete={office}
        showGenerated={office}
      />
    </div>
  );
}
