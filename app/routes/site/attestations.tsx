import { FileDown, ShieldCheck } from "lucide-react";
import { company } from "#app/config/company.ts";
import { COMPANY_DOCUMENT_KIND_LABELS } from "#app/features/documents/company-documents.ts";
import { openShareLink, publicAttestations } from "#app/features/documents/share-links.server.ts";
import { publicAttestationFilePath } from "#app/features/documents/share-links.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/attestations";
import { PRIVATE_LINK_META } from "./private-link.ts";
import { ShareLinkErrorBoundary } from "./share-link-error-boundary.tsx";
import { shareLinkHeaders, throwShareLinkRefusal } from "./share-link-errors.server.ts";

/*
 * /attestations/{token}: the public extract of the company's compliance register, for
 * whoever received the link (a client, a public buyer): the company's name and SIRET, and
 * its current valid attestations, each with its file. No account, noindex, never cached,
 * no referrer. Expired or revoked link: 410; unknown: 404.
 */

export function headers() {
  return shareLinkHeaders();
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { clientIp } = context.get(requestContext);
  try {
    const link = await openShareLink(db, "attestations", params.token, { clientIp });
    const today = parisDay();
    const identity = await documentIdentity(db);
    return {
      token: params.token,
      expiresOn: link.expiresOn,
      today,
      company: { name: identity.tradeName, legalName: identity.legalName, siret: identity.siret },
      documents: await publicAttestations(db, today),
    };
  } catch (error) {
    throwShareLinkRefusal(error);
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Attestations de l'entreprise | ${loaderData?.company.name ?? company.name}` },
  ...PRIVATE_LINK_META,
];

const SIRET_GROUPS = /^(\d{3})(\d{3})(\d{3})(\d{5})$/;

export default function PublicAttestationsPage({ loaderData }: Route.ComponentProps) {
  const { token, documents, expiresOn, today } = loaderData;
  const identity = loaderData.company;
  return (
    <div className="container-page grid max-w-3xl gap-5 py-5 sm:gap-6 sm:py-8">
      <header className="grid gap-2">
        <p className="text-sm font-semibold text-slate-700">Attestations de l'entreprise</p>
        <h1 className="text-2xl font-bold break-words text-brand-900">{identity.name}</h1>
        <p className="break-words">
          {identity.legalName !== identity.name ? `${identity.legalName} — ` : ""}SIRET{" "}
          {identity.siret.replace(SIRET_GROUPS, "$1 $2 $3 $4")}
        </p>
        <p className="text-sm text-slate-700">
          Documents en cours de validité au {formatDate(today)}. Ce lien est valable jusqu'au{" "}
          {formatDate(expiresOn)} inclus.
        </p>
      </header>
      {documents.length === 0 ? (
        <p className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          Aucune attestation en cours de validité n'est disponible pour le moment : contactez-nous pour la
          recevoir.
        </p>
      ) : (
        <ul className="grid gap-3">
          {documents.map((document) => (
            <li key={document.id} className="grid gap-2 rounded-xl border border-brand-200 bg-white p-4">
              <h2 className="flex items-start gap-2 text-lg font-bold break-words text-brand-900">
                <ShieldCheck aria-hidden="true" className="mt-1 size-5 shrink-0 text-green-700" />
                {COMPANY_DOCUMENT_KIND_LABELS[document.kind]}
                {document.label ? ` — ${document.label}` : ""}
              </h2>
              <dl className="grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
                {document.issuer ? (
                  <>
                    <dt className="font-semibold text-slate-700">Émis par</dt>
                    <dd className="break-words">{document.issuer}</dd>
                  </>
                ) : null}
                {document.number ? (
                  <>
                    <dt className="font-semibold text-slate-700">Numéro</dt>
                    <dd className="break-words">{document.number}</dd>
                  </>
                ) : null}
                <dt className="font-semibold text-slate-700">Validité</dt>
                <dd>
                  {document.validUntil
                    ? `du ${formatDate(document.validFrom)} au ${formatDate(document.validUntil)}`
                    : `depuis le ${formatDate(document.validFrom)}`}
                </dd>
              </dl>
              <p>
                <a
                  href={publicAttestationFilePath(token, document.id)}
                  className="inline-flex min-h-11 items-center gap-2 font-semibold text-brand-700 underline"
                  rel="noreferrer"
                >
                  <FileDown aria-hidden="true" className="size-4" />
                  Télécharger ({document.contentType === "application/pdf" ? "PDF" : "image"})
                  <span className="sr-only"> : {COMPANY_DOCUMENT_KIND_LABELS[document.kind]}</span>
                </a>
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShareLinkErrorBoundary error={error} />;
}
