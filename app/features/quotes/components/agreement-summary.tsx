import { CheckCircle2, Download, FileText, XCircle } from "lucide-react";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";

/*
 * The top of the client's page of a sent quote (/accord/{token}): what the quote is, for
 * whom, how much, until when; then the answer already given, if any.
 */

export function AgreementHeader({
  token,
  displayNumber,
  title,
  clientName,
  reverseCharge,
  amount,
  validUntil,
}: {
  token: string;
  displayNumber: string;
  title: string;
  clientName: string;
  reverseCharge: boolean;
  /** « 1 234,56 € TTC » (HT under reverse charge). */
  amount: string;
  /** Shown while the quote can still be accepted. */
  validUntil: string | null;
}) {
  return (
    <header className="grid gap-2">
      <p className="font-heading text-sm font-bold tracking-widest text-accent-700 uppercase">
        {company.name}
      </p>
      <h1 className="text-2xl font-bold text-brand-900">Devis {displayNumber}</h1>
      <p className="text-slate-800">{title}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-slate-800">
        <dt className="text-slate-700">Pour</dt>
        <dd className="font-semibold">{clientName}</dd>
        <dt className="text-slate-700">{reverseCharge ? "Total HT" : "Total TTC"}</dt>
        <dd className="font-bold text-brand-900">{amount}</dd>
        {validUntil ? (
          <>
            <dt className="text-slate-700">Valable jusqu'au</dt>
            <dd>{formatDate(validUntil)}</dd>
          </>
        ) : null}
      </dl>
      <p className="flex flex-wrap gap-x-5 gap-y-1">
        <a
          href={`/accord/${token}/pdf`}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 underline"
        >
          <FileText aria-hidden="true" className="size-4" />
          Télécharger le devis (PDF)
        </a>
        <a href="#contenu-devis" className="font-semibold text-brand-700 underline">
          Lire le devis
        </a>
      </p>
    </header>
  );
}

export type AgreementDecisionFacts = {
  at: string | Date;
  name: string | null;
  hasSignedCopy: boolean;
  signedCopySha256: string | null;
} | null;

/** « Devis accepté » with the signed copy, or « Vous avez refusé ce devis ». */
export function AgreementDecision({
  token,
  state,
  decision,
}: {
  token: string;
  state: string;
  decision: AgreementDecisionFacts;
}) {
  return (
    <>
      {state === "accepte" && decision ? (
        <section role="status" className="grid gap-2 rounded-xl border border-green-300 bg-green-50 p-4">
          <p className="flex items-center gap-2 text-lg font-bold text-green-900">
            <CheckCircle2 aria-hidden="true" className="size-5" />
            Devis accepté
          </p>
          <p>
            Accepté le {formatDateTime(new Date(decision.at), "medium")}
            {decision.name ? ` par ${decision.name}` : ""}. Votre exemplaire signé vous a été envoyé par
            e-mail.
          </p>
          {decision.hasSignedCopy ? (
            <p>
              <a href={`/accord/${token}/copie-signee`} className={buttonClasses("primary", "md")}>
                <Download aria-hidden="true" className="size-4" />
                Télécharger l'exemplaire signé
              </a>
            </p>
          ) : null}
          {decision.signedCopySha256 ? (
            <p className="text-sm text-slate-700">
              Empreinte SHA-256 de l'exemplaire signé :{" "}
              <code className="break-all">{decision.signedCopySha256}</code>
            </p>
          ) : null}
        </section>
      ) : null}
      {state === "refuse" ? (
        <p
          role="status"
          className="flex items-center gap-2 rounded-xl border border-slate-300 bg-slate-50 p-4 font-semibold"
        >
          <XCircle aria-hidden="true" className="size-5" />
          Vous avez refusé ce devis. Merci de votre réponse.
        </p>
      ) : null}
    </>
  );
}
