import { FileArchive, FileDown } from "lucide-react";
import { data } from "react-router";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { company } from "#app/config/company.ts";
import { openShareLink } from "#app/features/documents/share-links.server.ts";
import { publicDossierFilePath } from "#app/features/documents/share-links.ts";
import { handoverSummary } from "#app/features/job-sites/handover.server.ts";
import { getServices, requestContext } from "#app/lib/app-context.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/dossier";
import { PRIVATE_LINK_META } from "./private-link.ts";
import { ShareLinkErrorBoundary } from "./share-link-error-boundary.tsx";
import { shareLinkHeaders, throwShareLinkRefusal } from "./share-link-errors.server.ts";

/*
 * /dossier/{token}: the client's page of a job site's handover file, from the link e-mailed
 * (or given): the file as one PDF, or as a ZIP of its documents. No account, noindex,
 * never cached, no referrer. Expired or revoked link: 410; unknown: 404.
 */

export function headers() {
  return shareLinkHeaders();
}

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = getServices(context);
  const { clientIp } = context.get(requestContext);
  let jobSiteId: string | null = null;
  let expiresOn = "";
  try {
    const link = await openShareLink(db, "dossier", params.token, { clientIp });
    jobSiteId = link.jobSiteId;
    expiresOn = link.expiresOn;
  } catch (error) {
    throwShareLinkRefusal(error);
  }
  const summary = jobSiteId ? await handoverSummary(db, jobSiteId) : null;
  if (!summary) throw data({ message: "Ce dossier n'existe plus : contactez-nous." }, { status: 404 });
  return { token: params.token, expiresOn, ...summary };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Dossier de fin de chantier ${loaderData.siteNumber} | ${company.name}`
      : `Dossier de fin de chantier | ${company.name}`,
  },
  ...PRIVATE_LINK_META,
];

export default function PublicDossierPage({ loaderData }: Route.ComponentProps) {
  const { token, siteNumber, siteTitle, clientName, receivedOn, expiresOn } = loaderData;
  return (
    <div className="container-page grid max-w-3xl gap-5 py-5 sm:gap-6 sm:py-8">
      <header className="grid gap-2">
        <p className="text-sm font-semibold text-slate-700">{company.name}</p>
        <h1 className="text-2xl font-bold text-brand-900">Dossier de fin de chantier</h1>
        <p className="break-words">
          Chantier {siteNumber} : « {siteTitle} ». Maître d'ouvrage : {clientName}.
          {receivedOn ? ` Réception des travaux le ${formatDate(receivedOn)}.` : ""}
        </p>
      </header>
      <p>
        Le dossier réunit le PV de réception, les garanties et leurs dates de fin, les fiches techniques et
        notices des équipements posés, l'attestation d'assurance décennale et les factures du chantier.
        Conservez-le : il vous servira en cas de sinistre ou de revente.
      </p>
      <div className="flex flex-wrap gap-3">
        <a
          href={publicDossierFilePath(token, "pdf")}
          className={buttonClasses("primary", "md")}
          rel="noreferrer"
        >
          <FileDown aria-hidden="true" className="size-4" />
          Télécharger le dossier (PDF)
        </a>
        <a
          href={publicDossierFilePath(token, "zip")}
          className={buttonClasses("secondary", "md")}
          rel="noreferrer"
        >
          <FileArchive aria-hidden="true" className="size-4" />
          Tous les documents séparés (ZIP)
        </a>
      </div>
      <p className="text-sm text-slate-700">Ce lien est valable jusqu'au {formatDate(expiresOn)} inclus.</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <ShareLinkErrorBoundary error={error} />;
}
