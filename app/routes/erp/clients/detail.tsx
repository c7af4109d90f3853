import { FileJson, FolderOpen, Pencil, ShieldCheck, Trash2 } from "lucide-react";
import { Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmedPost } from "#app/components/ui/confirmed-post.tsx";
import { Panel, panelClass } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import { answerClientPost, clientRefusal } from "#app/features/clients/actions.server.ts";
import { AnonymisedBadge, ClientKindBadge } from "#app/features/clients/components/client-badges.tsx";
import { type ClientSite, clientActivity, getClient } from "#app/features/clients/detail.server.ts";
import { ClientNotFoundError } from "#app/features/clients/query.server.ts";
import { CLIENT_INTENTS, ClientPostSchema } from "#app/features/clients/schema.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { CLIENTS_HANDLE, erpMeta, PROSPECTS_TABS } from "#app/features/erp/navigation.ts";
import { ClientSitesWarrantiesPanel } from "#app/features/job-sites/components/client-sites-warranties.tsx";
import { clientSitesWarranties } from "#app/features/job-sites/reception.server.ts";
import { NewQuoteButton } from "#app/features/quotes/components/new-quote-button.tsx";
import { QuoteStatusBadge } from "#app/features/quotes/components/quote-status-badge.tsx";
import { quotesOfClient } from "#app/features/quotes/list.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { DOCUMENT_KIND_LABELS } from "#app/lib/documents.server.ts";
import { firstIssue, parseIntent } from "#app/lib/form-intent.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, formatDateTime } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { formatPhone, telHref } from "#app/lib/phone.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = CLIENTS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord(
    { request, context },
    handle.permission,
    ClientNotFoundError,
    async ({ db }, { user }) => {
      const client = await getClient(db, params.id);
      const [events, quotes, jobSites] = await Promise.all([
        clientActivity(db, client.id),
        quotesOfClient(db, client.id),
        hasPermission(user.role, "chantiers") ? clientSitesWarranties(db, client.id) : [],
      ]);
      return {
        client: {
          ...client,
          // Labels computed here: the documents module stays on the server.
          documents: client.documents.map((document) => ({
            ...document,
            label: DOCUMENT_KIND_LABELS[document.kind],
          })),
        },
        events,
        quotes,
        jobSites,
        crumb: client.name,
      };
    },
  );
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const post = parseIntent(ClientPostSchema, await request.formData());
  if (!post.ok) {
    if (post.unknown) return refused(400, { message: "Action inconnue." });
    return refused(400, { intent: post.intent, message: firstIssue(post.error).message });
  }
  const intent = post.data.intent;
  try {
    return await answerClientPost(
      { request, services: getServices(context), actor, clientId: params.id },
      intent,
    );
  } catch (error) {
    const refusal = clientRefusal(error, intent);
    if (refusal) return refusal;
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.client.name} — Clients` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

function SiteAddress({ site }: { site: ClientSite }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-slate-50 p-3">
      {site.label ? <p className="font-semibold text-brand-900">{site.label}</p> : null}
      {site.street ? (
        <p>{site.street}</p>
      ) : (
        <p className="text-sm text-slate-700 italic">
          Rue à préciser : la demande du site ne donne que la commune.
        </p>
      )}
      <p>{[site.postalCode, site.city].filter(Boolean).join(" ")}</p>
    </li>
  );
}

export default function ClientPage({ loaderData, actionData }: Route.ComponentProps) {
  const { client, events, quotes } = loaderData;
  const anonymised = client.anonymisedAt !== null;
  const hasDocuments = client.documents.length > 0;
  const numbers = client.documents.map((document) => document.number).join(", ");
  const billing = [
    client.billingStreet,
    [client.billingPostalCode, client.billingCity].filter(Boolean).join(" "),
  ].filter(Boolean);

  return (
    <div className="grid gap-5">
      <SectionTabs label="Prospects et clients" tabs={PROSPECTS_TABS} />
      <PageHeader
        title={client.name}
        badge={
          <>
            <ClientKindBadge kind={client.kind} />
            {anonymised ? <AnonymisedBadge /> : null}
          </>
        }
        description={
          <>
            Client depuis le{" "}
            <time dateTime={client.createdAt.toISOString()}>{formatDate(client.createdAt)}</time>
          </>
        }
        actions={
          <>
            <Link to={`/erp/clients/${client.id}/documents`} className={buttonClasses("secondary", "md")}>
              <FolderOpen aria-hidden="true" className="size-4" />
              Documents
            </Link>
            {anonymised ? null : (
              <Link to={`/erp/clients/${client.id}/modifier`} className={buttonClasses("secondary", "md")}>
                <Pencil aria-hidden="true" className="size-4" />
                Modifier
              </Link>
            )}
            <a
              href={`/api/erp/clients/${client.id}/export.json`}
              download
              className={buttonClasses("outline", "md")}
            >
              <FileJson aria-hidden="true" className="size-4" />
              Exporter (JSON)
            </a>
            {anonymised ? null : (
              <ConfirmedPost
                intent={CLIENT_INTENTS.anonymise}
                variant="outline"
                icon={ShieldCheck}
                label="Anonymiser"
                title={`Anonymiser les données de ${client.name} ?`}
                description="Nom, coordonnées, adresses et notes seront remplacés par des valeurs neutres, et la demande du prospect liée (avec ses photos) et les fichiers déposés sur sa fiche seront effacés. Les factures et avoirs sont conservés 10 ans (obligation comptable), avec les devis émis et leurs montants. Cette action ne peut pas être annulée."
                confirmLabel="Anonymiser définitivement"
                pendingLabel="Anonymisation…"
              />
            )}
            {hasDocuments ? null : (
              <ConfirmedPost
                intent={CLIENT_INTENTS.delete}
                variant="destructive"
                icon={Trash2}
                label="Supprimer"
                title={`Supprimer définitivement ${client.name} ?`}
                description="La fiche, ses adresses, son historique, les fichiers déposés et la demande du prospect liée (avec ses photos) seront effacés pour de bon. Pensez à exporter les données si la personne les a demandées."
                confirmLabel="Supprimer définitivement"
                pendingLabel="Suppression…"
              />
            )}
          </>
        }
      />

      <FormAlert focus errors={actionData?.message} />

      {hasDocuments ? (
        <p role="note" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
          Ce client a des documents que la loi impose de conserver 10 ans ({numbers}) : il ne peut pas être
          supprimé.{anonymised ? "" : " Vous pouvez l'anonymiser."}
        </p>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <div className="grid content-start gap-5">
          <Panel id="client-fiche" title="Fiche">
            <Facts
              facts={[
                ...(client.kind === "entreprise"
                  ? [
                      { label: "Raison sociale", value: client.legalName },
                      { label: "SIREN", value: client.siren },
                      { label: "N° de TVA intracommunautaire", value: client.vatNumber },
                      {
                        label: "Sous-traitance",
                        value: client.mainContractor
                          ? "Entrepreneur principal : devis et factures en autoliquidation"
                          : "Non",
                      },
                    ]
                  : []),
                {
                  label: "Téléphone",
                  value: client.phone ? (
                    <a href={telHref(client.phone)} className="text-brand-700 underline">
                      {formatPhone(client.phone)}
                    </a>
                  ) : null,
                },
                {
                  label: "E-mail",
                  value: client.email ? (
                    <a href={`mailto:${client.email}`} className="break-all text-brand-700 underline">
                      {client.email}
                    </a>
                  ) : null,
                },
                {
                  label: "Adresse de facturation",
                  value: billing.length
                    ? billing.map((line) => (
                        <span key={line} className="block">
                          {line}
                        </span>
                      ))
                    : null,
                },
                {
                  label: "Dernière modification",
                  value: (
                    <time dateTime={client.updatedAt.toISOString()}>
                      {formatDateTime(client.updatedAt, "medium")}
                    </time>
                  ),
                },
              ]}
            />
            {client.notes ? (
              <div className="mt-4">
                <h3 className="text-sm font-semibold text-slate-700">Notes</h3>
                <p className="whitespace-pre-line">{client.notes}</p>
              </div>
            ) : null}
          </Panel>

          <Panel id="client-chantiers" title="Adresses de chantier">
            {client.sites.length > 0 ? (
              <ul className="grid gap-3 sm:grid-cols-2">
                {client.sites.map((site) => (
                  <SiteAddress key={site.id} site={site} />
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">Aucune adresse de chantier pour le moment.</p>
            )}
          </Panel>

          <ClientSitesWarrantiesPanel sites={loaderData.jobSites} />

          <Panel id="client-prospect" title="Prospect d'origine">
            {client.lead ? (
              <div className="grid gap-2">
                <p>
                  Demande reçue le{" "}
                  <time dateTime={client.lead.receivedAt.toISOString()}>
                    {formatDate(client.lead.receivedAt)}
                  </time>
                  {client.lead.workType ? ` : ${client.lead.workType}` : ""}
                  {client.lead.photoCount > 0
                    ? ` (${client.lead.photoCount} photo${client.lead.photoCount > 1 ? "s" : ""})`
                    : ""}
                  .
                </p>
                {client.lead.message ? (
                  <p className="line-clamp-3 whitespace-pre-line text-slate-700">{client.lead.message}</p>
                ) : null}
                <p>
                  <Link
                    to={`/erp/leads/${client.lead.id}`}
                    className="font-semibold text-brand-700 underline"
                  >
                    Voir le prospect : demande, photos et suivi
                  </Link>
                </p>
              </div>
            ) : (
              <p className="text-slate-700">
                {client.leadSubmissionId
                  ? "La demande du prospect n'est plus disponible."
                  : "Client saisi directement : aucun prospect lié."}
              </p>
            )}
          </Panel>

          <Panel
            id="client-devis"
            title="Devis"
            action={
              <div className="flex flex-wrap items-center gap-3">
                <Link
                  to={`/erp/factures?client=${client.id}`}
                  className="font-semibold text-brand-700 underline"
                >
                  Ses factures
                </Link>
                {anonymised ? null : <NewQuoteButton clientId={client.id} />}
              </div>
            }
          >
            {quotes.length > 0 ? (
              <ul className="grid gap-2">
                {quotes.map((quote) => (
                  <li key={quote.id} className="flex flex-wrap items-center gap-2">
                    <Link to={`/erp/devis/${quote.id}`} className="font-semibold text-brand-700 underline">
                      {quote.displayNumber ?? "Brouillon"}
                    </Link>
                    <span className="break-words">{quote.title}</span>
                    <QuoteStatusBadge status={quote.status} />
                    <span className="ml-auto whitespace-nowrap">{formatCents(quote.totalTtc)} TTC</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">Aucun devis pour ce client.</p>
            )}
          </Panel>

          <Panel id="client-documents" title="Documents émis">
            {hasDocuments ? (
              <ul className="grid gap-1">
                {client.documents.map((document) => (
                  <li key={document.id}>
                    {document.label} <span className="font-semibold">{document.number}</span>, émis le{" "}
                    <time dateTime={document.issuedAt.toISOString()}>{formatDate(document.issuedAt)}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">Aucun devis ni aucune facture émis pour ce client.</p>
            )}
          </Panel>
        </div>

        <ActivityHistory
          id="client-historique"
          label="Historique du client"
          events={events}
          className={`${panelClass} content-start`}
        />
      </div>
    </div>
  );
}
