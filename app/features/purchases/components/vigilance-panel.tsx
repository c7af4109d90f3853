import { Link } from "react-router";
import { type BadgeTone, StatusBadge } from "#app/components/data/status-badge.tsx";
import { NewLink } from "#app/components/ui/new-link.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatCents } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import { supplierDocumentFilePath, supplierDocumentsPath } from "../subcontract-schema.ts";
import type { VigilancePanelData } from "../vigilance.server.ts";
import {
  DOCUMENT_KIND_LABELS,
  DOCUMENT_STATE_LABELS,
  type DocumentState,
  VIGILANCE_THRESHOLD_CENTS,
} from "../vigilance.ts";

const TONES: Record<DocumentState, BadgeTone> = {
  valid: "success",
  expiring: "warning",
  expired: "danger",
  missing: "neutral",
  not_covering: "danger",
};

/** A subcontractor's « Vigilance » panel: each required document's state, the files, « Ajouter un document ». */
export function VigilancePanel({ supplierId, data }: { supplierId: string; data: VigilancePanelData }) {
  return (
    <Panel
      id="fournisseur-vigilance"
      title="Vigilance"
      description={
        data.required
          ? `Contrats sur 12 mois : ${formatCents(data.totalHtCents)} HT, les documents sont exigés (à partir de ${formatCents(VIGILANCE_THRESHOLD_CENTS)} HT).`
          : `Contrats sur 12 mois : ${formatCents(data.totalHtCents)} HT ; les documents seront exigés à partir de ${formatCents(VIGILANCE_THRESHOLD_CENTS)} HT.`
      }
      action={<NewLink to={supplierDocumentsPath(supplierId)}>Ajouter un document</NewLink>}
    >
      <div className="grid gap-4">
        {data.stop ? (
          <p role="status" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
            {data.stop}
          </p>
        ) : null}
        <ul className="grid gap-2 sm:grid-cols-3">
          {data.statuses.map((status) => (
            <li key={status.kind} className="grid gap-1 rounded-lg border border-slate-200 p-3">
              <span className="font-semibold text-brand-900">{DOCUMENT_KIND_LABELS[status.kind]}</span>
              <span>
                <StatusBadge tone={TONES[status.state]}>{DOCUMENT_STATE_LABELS[status.state]}</StatusBadge>
              </span>
              {status.document?.validUntil ? (
                <span className="text-sm text-slate-700">
                  {status.state === "expired" ? "Expirée le" : "Valable jusqu'au"}{" "}
                  {formatDate(status.document.validUntil)}
                </span>
              ) : null}
            </li>
          ))}
        </ul>
        {data.files.length === 0 ? (
          <p className="text-slate-700">Aucun document enregistré.</p>
        ) : (
          <ul className="grid gap-2" aria-label="Documents du fournisseur">
            {data.files.map((file) => (
              <li key={file.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                <Link
                  to={supplierDocumentFilePath(supplierId, file.id)}
                  reloadDocument
                  className="break-all text-brand-700 underline"
                >
                  {DOCUMENT_KIND_LABELS[file.kind]} du {formatDate(file.issuedOn)}
                </Link>
                <span className="text-sm text-slate-700">
                  {file.validUntil ? `valable jusqu'au ${formatDate(file.validUntil)}` : "sans date de fin"}
                  {file.trades ? ` · ${file.trades}` : ""} · {file.fileName}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Panel>
  );
}
