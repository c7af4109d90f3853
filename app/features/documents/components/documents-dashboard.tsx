import { FileWarning } from "lucide-react";
import { RowLink, StatPanel } from "#app/components/data/stat-panel.tsx";
import { formatDate } from "#app/lib/paris-time.ts";
import type { DocumentToRenew } from "../company-documents.server.ts";
import { COMPANY_DOCUMENT_KIND_LABELS, DOCS_PATH, daysLeftText, documentPath } from "../company-documents.ts";
import { DocumentStatusBadge } from "./document-status.tsx";

/** The « À renouveler » block of the Espace Pro's home: the register's documents expired or ending within 60 days. */
export function DocumentsToRenewDashboard({ documents }: { documents: readonly DocumentToRenew[] }) {
  if (documents.length === 0) return null;
  return (
    <StatPanel
      id="documents-to-renew-title"
      title="À renouveler"
      icon={FileWarning}
      level={2}
      action={{ to: DOCS_PATH, label: "Registre de conformité" }}
    >
      <ul className="mt-2 grid gap-1">
        {documents.map((document) => (
          <RowLink
            key={document.id}
            to={documentPath(document.id)}
            name={COMPANY_DOCUMENT_KIND_LABELS[document.kind]}
            detail={`${document.label ? `${document.label} · ` : ""}valable jusqu'au ${formatDate(document.validUntil)}`}
            aside={
              <>
                <DocumentStatusBadge status={document.status} />
                <span>{daysLeftText(document.status.daysLeft)}</span>
              </>
            }
          />
        ))}
      </ul>
    </StatPanel>
  );
}
