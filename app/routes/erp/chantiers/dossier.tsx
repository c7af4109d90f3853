import { FileArchive, FileDown, Send } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { DateField } from "#app/components/forms/field.tsx";
import { throwNotFound } from "#app/components/forms/refusal.server.ts";
import { SubmitButton } from "#app/components/ui/action-form.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requireActor } from "#app/features/auth/session.server.ts";
import {
  CreatedLink,
  CreateLinkForm,
  ShareLinkFormAlert,
  ShareLinkList,
} from "#app/features/documents/components/share-links-panel.tsx";
import {
  isShareLinkIntent,
  type ShareLinkAnswer,
  shareLinkAction,
} from "#app/features/documents/share-link-actions.server.ts";
import {
  DossierSendRefusal,
  listShareLinks,
  sendDossierToClient,
} from "#app/features/documents/share-links.server.ts";
import { defaultExpiry, latestExpiry, shareLinkSchema } from "#app/features/documents/share-links.ts";
import { CHANTIERS_HANDLE, erpMeta } from "#app/features/erp/navigation.ts";
import { handoverPage } from "#app/features/job-sites/handover.server.ts";
import { JobSiteNotFoundError } from "#app/features/job-sites/query.server.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/dossier";

export const handle = CHANTIERS_HANDLE;

const SEND = "envoyer-dossier";

/**
 * /erp/chantiers/:id/dossier — « Dossier de fin de chantier »: the handover file of the site
 * (PDF, ZIP), « Envoyer au client » (an e-mail with a link, through the outbox) and the
 * share links of the file. Available once the PV de réception is presented or signed.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, JobSiteNotFoundError, async ({ db }) => {
    const today = parisDay();
    const page = await handoverPage(db, params.id);
    return {
      ...page,
      today,
      defaultExpiry: defaultExpiry(today),
      maxExpiry: latestExpiry(today),
      links: await listShareLinks(db, "dossier", { jobSiteId: params.id, today }),
    };
  });
}

type SendAnswer =
  | { ok: true; intent: typeof SEND; sentTo: string }
  | { ok: false; intent: typeof SEND; message: string; fieldErrors?: Record<string, string[]> };

export async function action({ request, context, params }: Route.ActionArgs) {
  const actor = await requireActor(request, context, handle.permission);
  const services = getServices(context);
  const { db } = services;
  let page: Awaited<ReturnType<typeof handoverPage>>;
  try {
    page = await handoverPage(db, params.id);
  } catch (error) {
    throwNotFound(error, JobSiteNotFoundError);
  }
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (!page.availability.available) {
    return data<SendAnswer | ShareLinkAnswer>(
      { ok: false, intent: SEND, message: page.availability.reason },
      { status: 409 },
    );
  }
  if (isShareLinkIntent(intent)) {
    return shareLinkAction(db, form, {
      actor,
      kind: "dossier",
      jobSiteId: params.id,
      siteUrl: services.env.SITE_URL,
    });
  }
  if (intent !== SEND) {
    return data<SendAnswer | ShareLinkAnswer>(
      { ok: false, intent, message: "Action inconnue." },
      { status: 400 },
    );
  }
  const today = parisDay();
  const parsed = shareLinkSchema(today).safeParse({
    label: page.site.clientName || "Client",
    expiresOn: form.get("expiresOn"),
  });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Date invalide.";
    return data<SendAnswer>(
      { ok: false, intent: SEND, message, fieldErrors: { expiresOn: [message] } },
      { status: 400 },
    );
  }
  try {
    const identity = await documentIdentity(db);
    const { sentTo } = await sendDossierToClient(
      db,
      { siteUrl: services.env.SITE_URL, tradeName: identity.tradeName, replyTo: identity.email },
      actor,
      params.id,
      parsed.data.expiresOn,
    );
    services.outbox.wake();
    return data<SendAnswer>({ ok: true, intent: SEND, sentTo });
  } catch (error) {
    if (error instanceof DossierSendRefusal) {
      return data<SendAnswer>({ ok: false, intent: SEND, message: error.message }, { status: 409 });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(
    args.loaderData
      ? `Dossier de fin de chantier ${args.loaderData.site.number}`
      : "Dossier de fin de chantier",
    args,
  );

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function HandoverPage({ loaderData, actionData }: Route.ComponentProps) {
  const { site, availability, links, today } = loaderData;
  const navigation = useNavigation();
  const answer = actionData as SendAnswer | ShareLinkAnswer | undefined;
  const refusal = answer && !answer.ok ? answer : null;
  const sending = navigation.state === "submitting" && navigation.formData?.get("intent") === SEND;
  const sentTo = answer?.ok && answer.intent === SEND ? answer.sentTo : null;
  const created = answer?.ok && answer.intent === "creer-lien" ? answer.url : null;
  const revoked = answer?.ok && answer.intent === "revoquer-lien" ? answer.message : null;
  const base = `/erp/chantiers/${site.id}`;
  return (
    <div className="grid max-w-3xl grid-cols-[minmax(0,1fr)] gap-5">
      <PageHeader
        title="Dossier de fin de chantier"
        description={`Chantier ${site.number} : ${site.title}. Pour ${site.clientName} : PV de réception, garanties, fiches techniques et notices, attestation décennale à l'ouverture du chantier, factures et avoirs.`}
        actions={
          <Link to={`${base}/reception`} className="font-semibold text-brand-700 underline">
            Réception du chantier
          </Link>
        }
      />
      {!availability.available ? (
        <p role="status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          {availability.reason}
        </p>
      ) : (
        <>
          <ShareLinkFormAlert
            message={refusal && !("fieldErrors" in refusal && refusal.fieldErrors) ? refusal.message : null}
          />
          {sentTo ? (
            <p role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
              Dossier envoyé à {sentTo} : le lien part par e-mail.
            </p>
          ) : null}
          {revoked ? (
            <p role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-green-950">
              {revoked}
            </p>
          ) : null}
          {created ? <CreatedLink url={created} /> : null}
          <Panel title="Le dossier">
            <div className="mt-3 flex flex-wrap gap-3">
              <a
                href={`${base}/dossier.pdf`}
                className={buttonClasses("primary", "md")}
                target="_blank"
                rel="noreferrer"
              >
                <FileDown aria-hidden="true" className="size-4" />
                Ouvrir le PDF
              </a>
              <a href={`${base}/dossier.zip`} className={buttonClasses("secondary", "md")} download>
                <FileArchive aria-hidden="true" className="size-4" />
                Télécharger le ZIP
              </a>
            </div>
          </Panel>
          <Panel title="Envoyer au client">
            <Form
              method="post"
              noValidate
              className="mt-3 grid gap-4"
              aria-label="Envoyer le dossier au client"
            >
              <input type="hidden" name="intent" value={SEND} />
              <p>
                {site.clientEmail
                  ? `Un e-mail à ${site.clientEmail} avec un lien vers le dossier (PDF et ZIP), pas une pièce jointe.`
                  : "Le client n'a pas d'adresse e-mail : ajoutez-la sur sa fiche, ou créez un lien ci-dessous."}
              </p>
              <DateField
                label="Lien valable jusqu'au"
                name="expiresOn"
                required
                min={today}
                max={loaderData.maxExpiry}
                defaultValue={loaderData.defaultExpiry}
                hint={`Par défaut trois mois (le ${formatDate(loaderData.defaultExpiry)}), un an au plus.`}
                errors={
                  refusal && refusal.intent === SEND && "fieldErrors" in refusal
                    ? refusal.fieldErrors?.expiresOn
                    : undefined
                }
              />
              <SubmitButton icon={Send} label="Envoyer au client" busyLabel="Envoi…" busy={sending} />
            </Form>
          </Panel>
          <Panel title="Créer un lien de partage">
            <div className="mt-3">
              <CreateLinkForm
                today={today}
                defaultExpiry={loaderData.defaultExpiry}
                maxExpiry={loaderData.maxExpiry}
                errors={
                  refusal?.intent === "creer-lien" && "fieldErrors" in refusal
                    ? (refusal.fieldErrors ?? {})
                    : {}
                }
                values={refusal?.intent === "creer-lien" && "values" in refusal ? (refusal.values ?? {}) : {}}
                labelHint="Le notaire, l'acquéreur, le syndic : ce que vous lirez dans la liste."
              />
            </div>
          </Panel>
          <Panel title="Liens du dossier">
            <div className="mt-3">
              <ShareLinkList links={links} caption="Liens de partage du dossier" />
            </div>
          </Panel>
        </>
      )}
    </div>
  );
}
