import { FileText } from "lucide-react";
import { Facts } from "#app/components/data/facts.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { formatDateTime } from "#app/lib/paris-time.ts";
import type { DecisionView } from "../detail-view.server.ts";

/** « Preuve de l'accord » (or « Refus du client ») on a quote's page: who, when, how, and the fingerprints. */
export function DecisionPanel({
  decision,
  quoteId,
  hasCertifications,
}: {
  decision: DecisionView;
  quoteId: string;
  /** The quote carries a VAT certification the client confirmed (or not) on accepting. */
  hasCertifications: boolean;
}) {
  return (
    <Panel
      id="preuve-devis"
      title={decision.decision === "accepte" ? "Preuve de l'accord" : "Refus du client"}
    >
      <Facts
        columns={1}
        facts={[
          { label: "Date", value: formatDateTime(new Date(decision.decidedAt), "medium") },
          {
            label: "Canal",
            value: decision.channel === "papier" ? "Signé sur papier (copie numérisée)" : "En ligne",
          },
          ...(decision.signerName ? [{ label: "Signataire", value: decision.signerName }] : []),
          ...(decision.signerEmail
            ? [
                {
                  label: "E-mail",
                  value: decision.codeVerifiedAt
                    ? `${decision.signerEmail} (code vérifié le ${formatDateTime(new Date(decision.codeVerifiedAt), "medium")})`
                    : decision.signerEmail,
                },
              ]
            : []),
          ...(decision.hasSignature
            ? [
                {
                  label: "Signature dessinée",
                  value: (
                    <img
                      src={`/erp/devis/${quoteId}/signature.png`}
                      alt={`Signature dessinée par ${decision.signerName ?? "le client"} lors de l'acceptation en ligne`}
                      width={600}
                      height={200}
                      className="h-auto w-full max-w-72 rounded border border-slate-200 bg-white"
                    />
                  ),
                },
              ]
            : []),
          ...(decision.ip ? [{ label: "Adresse IP", value: decision.ip }] : []),
          ...(decision.userAgent
            ? [
                {
                  label: "Navigateur",
                  value: <span className="break-all">{decision.userAgent}</span>,
                },
              ]
            : []),
          ...(hasCertifications && decision.decision === "accepte"
            ? [
                {
                  label: "Attestation TVA",
                  value: decision.certificationConfirmed ? "Confirmée" : "Non confirmée",
                },
              ]
            : []),
          ...(decision.refusalReason ? [{ label: "Motif", value: decision.refusalReason }] : []),
          {
            label: "PDF présenté (SHA-256)",
            value: <code className="break-all">{decision.pdfSha256}</code>,
          },
          ...(decision.signedCopySha256
            ? [
                {
                  label: "Exemplaire signé (SHA-256)",
                  value: <code className="break-all">{decision.signedCopySha256}</code>,
                },
              ]
            : []),
        ]}
      />
      {decision.hasSignedCopy ? (
        <p className="mt-3">
          <a href={`/erp/devis/${quoteId}/copie-signee`} className={buttonClasses("secondary", "md")}>
            <FileText aria-hidden="true" className="size-4" />
            Exemplaire signé
          </a>
        </p>
      ) : null}
    </Panel>
  );
}
