import { Link } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor, requirePermission } from "#app/features/auth/session.server.ts";
import { COMPANY_DOCUMENT_KIND_LABELS, DOCS_PATH } from "#app/features/documents/company-documents.ts";
import {
  CreatedLink,
  CreateLinkForm,
  ShareLinkFormAlert,
  ShareLinkList,
} from "#app/features/documents/components/share-links-panel.tsx";
import { shareLinkAction } from "#app/features/documents/share-link-actions.server.ts";
import { listShareLinks, publicAttestations } from "#app/features/documents/share-links.server.ts";
import { defaultExpiry, latestExpiry } from "#app/features/documents/share-links.ts";
import { DOCS_HANDLE, DOCS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { getServices } from "#app/lib/app-context.ts";
import { parisDay } from "#app/lib/paris-time.ts";
import type { Route } from "./+types/partage";

export const handle = DOCS_HANDLE;

/**
 * /erp/docs/partage — « Partager les attestations »: the links to the public extract of the
 * register (the company's current valid attestations), made for a client or a tender,
 * each with its end, its openings, and « Révoquer ».
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  const { db } = getServices(context);
  const today = parisDay();
  return {
    today,
    defaultExpiry: defaultExpiry(today),
    maxExpiry: latestExpiry(today),
    links: await listShareLinks(db, "attestations", { today }),
    shown: (await publicAttestations(db, today)).map((document) => ({
      id: document.id,
      kind: document.kind,
      label: document.label,
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  return shareLinkAction(services.db, await request.formData(), {
    actor,
    kind: "attestations",
    siteUrl: services.env.SITE_URL,
  });
}

export const meta: Route.MetaFunction = (args) => erpMeta("Partager les attestations — Documents", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function ShareAttestationsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { links, shown, today } = loaderData;
  const refusal = actionData && !actionData.ok ? actionData : null;
  const created = actionData?.ok && actionData.intent === "creer-lien" ? actionData.url : null;
  const revoked = actionData?.ok && actionData.intent === "revoquer-lien" ? actionData.message : null;
  return (
    <div className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5">
      <SectionTabs label="Documents" tabs={DOCS_TABS} />
      <PageHeader
        title="Partager les attestations"
        description="Un lien sans compte vers les attestations en cours de validité de l'entreprise (décennale, RC pro, URSSAF, fiscale, Kbis, RGE, Qualibat), pour un client ou un appel d'offres. Les cartes BTP et les vérifications n'y figurent pas."
        actions={
          <Link to={DOCS_PATH} className="font-semibold text-brand-700 underline">
            Retour au registre
          </Link>
        }
      />
      <ShareLinkFormAlert message={refusal?.intent === "revoquer-lien" ? refusal.message : null} />
      {revoked ? (
        <p role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
          {revoked}
        </p>
      ) : null}
      {created ? <CreatedLink url={created} /> : null}
      <Panel title="Ce que le lien montre aujourd'hui">
        {shown.length === 0 ? (
          <p className="mt-2 text-amber-900">
            Aucune attestation en cours de validité : le lien affichera une page vide. Ajoutez-les au
            registre.
          </p>
        ) : (
          <ul className="mt-2 list-disc pl-6">
            {shown.map((document) => (
              <li key={document.id}>
                {COMPANY_DOCUMENT_KIND_LABELS[document.kind]}
                {document.label ? ` — ${document.label}` : ""}
              </li>
            ))}
          </ul>
        )}
      </Panel>
      <Panel title="Créer un lien">
        <div className="mt-3">
          <CreateLinkForm
            today={today}
            defaultExpiry={loaderData.defaultExpiry}
            maxExpiry={loaderData.maxExpiry}
            errors={refusal?.intent === "creer-lien" ? (refusal.fieldErrors ?? {}) : {}}
            values={refusal?.intent === "creer-lien" ? (refusal.values ?? {}) : {}}
            labelHint="« SCI Les Pins », « Appel d'offres mairie de Hyères » : ce que vous lirez dans la liste."
          />
        </div>
      </Panel>
      <Panel title="Liens créés">
        <div className="mt-3">
          <ShareLinkList links={links} caption="Liens de partage des attestations" />
        </div>
      </Panel>
    </div>
  );
}
