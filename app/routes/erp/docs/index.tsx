import { Share2 } from "lucide-react";
import { Link } from "react-router";
import { EmptyState, NothingYet } from "#app/components/data/empty-state.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { companyRegister } from "#app/features/documents/company-documents.server.ts";
import {
  COMPANY_DOCUMENT_KIND_LABELS,
  NEW_DOCUMENT_PATH,
} from "#app/features/documents/company-documents.ts";
import { RegisterTable } from "#app/features/documents/components/register-table.tsx";
import { SHARE_LINKS_PATH } from "#app/features/documents/share-links.ts";
import { DOCS_HANDLE, DOCS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/index";

export const handle = DOCS_HANDLE;

/** /erp/docs — the company's compliance register: the current version of each document, by kind. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const today = parisDay();
  return { today, groups: await companyRegister(getServices(context).db, today) };
}

export const meta: Route.MetaFunction = (args) => erpMeta("Registre de conformité — Documents", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function RegisterPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <SectionTabs label="Documents" tabs={DOCS_TABS} />
      <PageHeader
        title="Registre de conformité"
        description="Les attestations et certificats en cours de l'entreprise, leur échéance et leur fichier. Le gérant est prévenu par e-mail 60, 30 et 7 jours avant chaque échéance."
        actions={
          <>
            <Link to={SHARE_LINKS_PATH} className={buttonClasses("secondary", "md")}>
              <Share2 aria-hidden="true" className="size-4" />
              Partager les attestations
            </Link>
            <NewLink to={NEW_DOCUMENT_PATH}>Ajouter un document</NewLink>
          </>
        }
      />
      {groups.length === 0 ? (
        <EmptyState>
          <NothingYet title="Aucun document dans le registre">
            Ajoutez l'attestation décennale, la responsabilité civile, le Kbis, l'attestation URSSAF ou les
            certificats de l'entreprise : leur échéance sera suivie ici.
          </NothingYet>
        </EmptyState>
      ) : (
        groups.map((group) => (
          <Panel key={group.kind} title={COMPANY_DOCUMENT_KIND_LABELS[group.kind]}>
            <div className="mt-3">
              <RegisterTable
                caption={`${COMPANY_DOCUMENT_KIND_LABELS[group.kind]} : documents en cours`}
                documents={group.documents}
              />
            </div>
          </Panel>
        ))
      )}
    </div>
  );
}
