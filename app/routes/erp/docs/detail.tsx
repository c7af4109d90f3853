import { Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import {
  CompanyDocumentNotFoundError,
  companyDocumentDetail,
} from "#app/features/documents/company-documents.server.ts";
import {
  COMPANY_DOCUMENT_KIND_LABELS,
  DOCS_PATH,
  daysLeftText,
  documentFilePath,
  documentPath,
  INSURER_DETAILS_KINDS,
  REMINDER_STATE_LABELS,
  renewDocumentPath,
  validUntilText,
} from "#app/features/documents/company-documents.ts";
import { DocumentStatusBadge } from "#app/features/documents/components/document-status.tsx";
import { documentSubject, RegisterTable } from "#app/features/documents/components/register-table.tsx";
import { DOCS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/detail";

export const handle = DOCS_HANDLE;

/** /erp/docs/:id — one document of the register, its file and its earlier versions. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  try {
    const detail = await companyDocumentDetail(getServices(context).db, params.id);
    const kind = COMPANY_DOCUMENT_KIND_LABELS[detail.document.kind];
    return { ...detail, crumb: detail.document.label ? `${kind} · ${detail.document.label}` : kind };
  } catch (error) {
    throwNotFound(error, CompanyDocumentNotFoundError);
  }
}

export const meta: Route.MetaFunction = (args) => erpMeta(args.loaderData?.crumb ?? "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} o`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} Ko`;
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(".", ",")} Mo`;
}

export default function CompanyDocumentPage({ loaderData }: Route.ComponentProps) {
  const { document, replacedBy, previous, reminders } = loaderData;
  const kind = COMPANY_DOCUMENT_KIND_LABELS[document.kind];
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        title={kind}
        badge={replacedBy ? null : <DocumentStatusBadge status={document.status} />}
        description={documentSubject(document) || undefined}
        actions={
          <>
            {document.fileName ? (
              <a href={documentFilePath(document.id)} className={buttonClasses("outline", "md")}>
                Ouvrir le fichier
              </a>
            ) : null}
            {replacedBy ? null : (
              <Link to={renewDocumentPath(document.id)} className={buttonClasses("secondary", "md")}>
                {document.fileName ? "Renouveler" : "Joindre le fichier"}
              </Link>
            )}
          </>
        }
      />
      {replacedBy ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-900">
          Version remplacée le {formatDate(replacedBy.validFrom)} :{" "}
          <Link to={documentPath(replacedBy.id)} className="font-semibold underline">
            voir la version suivante
          </Link>
          .
        </p>
      ) : null}
      <Panel title="Le document">
        <div className="mt-3">
          <Facts
            facts={[
              { label: "Type", value: kind },
              { label: "Objet", value: document.label || "—" },
              { label: "Émetteur", value: document.issuer || "—" },
              { label: "Numéro", value: document.number || "—" },
              ...(INSURER_DETAILS_KINDS.includes(document.kind)
                ? [
                    { label: "Adresse de l'assureur", value: document.issuerAddress || "À renseigner" },
                    { label: "Couverture géographique", value: document.coverage || "À renseigner" },
                  ]
                : []),
              { label: "Valable à partir du", value: formatDate(document.validFrom) },
              {
                label: "Valable jusqu'au",
                value: validUntilText(document, formatDate),
              },
              {
                label: "Jours restants",
                value:
                  document.validUntil || document.kind === "autre"
                    ? daysLeftText(document.status.daysLeft)
                    : "—",
              },
              ...(reminders.length > 0
                ? [
                    {
                      label: "Relances par e-mail",
                      value: (
                        <ul className="grid gap-0.5">
                          {reminders.map((step) => (
                            <li key={step.level}>
                              {step.level} jours avant : {formatDate(step.day)} (
                              {REMINDER_STATE_LABELS[step.state]})
                            </li>
                          ))}
                        </ul>
                      ),
                    },
                  ]
                : []),
              {
                label: "Fichier",
                value:
                  document.fileName && document.sizeBytes !== null
                    ? `${document.fileName} (${sizeText(document.sizeBytes)})`
                    : "Fichier à joindre (repris des anciens paramètres de l'entreprise)",
              },
              {
                label: "Ajouté",
                value: `le ${formatDateTime(new Date(document.createdAt))}${document.createdByEmail ? ` par ${document.createdByEmail}` : ""}`,
              },
              { label: "Notes", value: document.notes || "—" },
            ]}
          />
        </div>
      </Panel>
      <Panel title="Versions précédentes">
        <div className="mt-3">
          {previous.length === 0 ? (
            <p className="text-slate-700">Aucune version précédente.</p>
          ) : (
            <RegisterTable
              caption={`${kind} : versions précédentes`}
              documents={previous}
              renewable={false}
            />
          )}
        </div>
      </Panel>
      <p>
        <Link to={DOCS_PATH} className="text-brand-700 underline">
          Retour au registre de conformité
        </Link>
      </p>
    </div>
  );
}
