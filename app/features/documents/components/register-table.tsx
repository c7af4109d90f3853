import { Link } from "react-router";
import { type Column, DataTable } from "#app/components/data/data-table.tsx";
import { formatDate } from "#app/lib/paris-time.ts";
import type { CompanyDocumentItem } from "../company-documents.server.ts";
import {
  daysLeftText,
  documentFilePath,
  documentPath,
  renewDocumentPath,
  validUntilText,
} from "../company-documents.ts";
import { DocumentStatusBadge } from "./document-status.tsx";

/** Who or what the document is about, its issuer and number, in one line. */
export function documentSubject(document: Pick<CompanyDocumentItem, "label" | "issuer" | "number">): string {
  return [document.label, document.issuer, document.number ? `n° ${document.number}` : ""]
    .filter(Boolean)
    .join(" · ");
}

function columns(renewable: boolean): Column<CompanyDocumentItem>[] {
  return [
    {
      key: "document",
      header: "Document",
      phone: "title",
      cell: (document) => (
        <Link to={documentPath(document.id)} className="font-semibold break-words text-brand-700 underline">
          {documentSubject(document) || `Émis le ${formatDate(document.validFrom)}`}
        </Link>
      ),
    },
    {
      key: "status",
      header: "Statut",
      cell: (document) => <DocumentStatusBadge status={document.status} />,
    },
    {
      key: "validUntil",
      header: "Valable jusqu'au",
      className: "whitespace-nowrap",
      cell: (document) => validUntilText(document, formatDate),
    },
    {
      key: "daysLeft",
      header: "Jours restants",
      className: "whitespace-nowrap",
      cell: (document) =>
        document.validUntil || document.kind === "autre" ? daysLeftText(document.status.daysLeft) : "—",
    },
    {
      key: "actions",
      header: "Actions",
      cell: (document) => (
        <span className="flex flex-wrap gap-x-3 gap-y-1">
          {document.fileName ? (
            <a
              href={documentFilePath(document.id)}
              className="text-brand-700 underline"
              aria-label={`Ouvrir le fichier ${document.fileName}`}
            >
              Fichier
            </a>
          ) : renewable ? (
            <Link to={renewDocumentPath(document.id)} className="font-semibold text-amber-900 underline">
              Fichier à joindre
            </Link>
          ) : (
            <span className="text-amber-900">Fichier à joindre</span>
          )}
          {renewable ? (
            <Link to={renewDocumentPath(document.id)} className="font-semibold text-brand-700 underline">
              Renouveler
            </Link>
          ) : null}
        </span>
      ),
    },
  ];
}

/** Documents of the register as a table (cards on a phone). */
export function RegisterTable({
  caption,
  documents,
  renewable = true,
}: {
  caption: string;
  documents: readonly CompanyDocumentItem[];
  renewable?: boolean;
}) {
  return (
    <DataTable
      caption={caption}
      columns={columns(renewable)}
      rows={documents}
      rowKey={(document) => document.id}
      pathname=""
      params={{}}
      minWidth={640}
    />
  );
}
