import { FileText, Pencil, Send, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { ConfirmedPost } from "#app/components/ui/confirmed-post.tsx";
import { Panel, panelClass } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { QuoteInvoicing } from "#app/features/invoices/components/quote-invoicing.tsx";
import { quoteBillingOverview } from "#app/features/invoices/detail.server.ts";
import { invoicesOfQuote } from "#app/features/invoices/list.server.ts";
import { answerQuoteBillingPost } from "#app/features/invoices/quote-actions.server.ts";
import { QUOTE_BILLING_BRANCHES, QUOTE_BILLING_INTENTS } from "#app/features/invoices/request.ts";
import { JobSiteLink } from "#app/features/job-sites/components/job-site-link.tsx";
import { jobSiteOfQuote } from "#app/features/job-sites/detail.server.ts";
import { quoteDecision } from "#app/features/quotes/acceptance-proof.server.ts";
import { answerQuotePost, quoteRefusal } from "#app/features/quotes/actions.server.ts";
import { CostingPanel } from "#app/features/quotes/components/costing-panel.tsx";
import { DecisionPanel } from "#app/features/quotes/components/decision-panel.tsx";
import { IntentForm } from "#app/features/quotes/components/intent-form.tsx";
import { PaperAcceptanceForm } from "#app/features/quotes/components/paper-acceptance-form.tsx";
import { QuoteDocument } from "#app/features/quotes/components/quote-document.tsx";
import { QuoteEditor } from "#app/features/quotes/components/quote-editor.tsx";
import { QuoteStatusBadge } from "#app/features/quotes/components/quote-status-badge.tsx";
import { QuoteVersions } from "#app/features/quotes/components/quote-versions.tsx";
import { SendingPanel } from "#app/features/quotes/components/sending-panel.tsx";
import { toDraftInput } from "#app/features/quotes/content.ts";
import { decisionView, frozenCost } from "#app/features/quotes/detail-view.server.ts";
import { quoteMentions, sendingProblems, sendingWarnings } from "#app/features/quotes/mentions.ts";
import { QUOTE_INTENTS, QUOTE_POST_BRANCHES } from "#app/features/quotes/page-post.ts";
import { getQuote, QuoteNotFoundError, quoteActivity } from "#app/features/quotes/quotes.server.ts";
import { documentTotals } from "#app/features/quotes/totals.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { firstIssue, parseIntent } from "#app/lib/form-intent.ts";
import { formatDate, formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { forMember, messagesOf } from "#app/lib/problems.ts";
import { z } from "#app/lib/zod.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/devis/:id — a draft opens in the editor (saved whole, over the revision it
 * loaded); a sent version is shown as the client reads it, with its facts (sent, to
 * whom, opened, answered), its versions and its history. A post is read by one union:
 * the quote's intents (quotes/actions.server.ts) and, on an accepted quote, the
 * invoices' « Facturer » and « retenue » (invoices/quote-actions.server.ts).
 */

export const handle = DEVIS_HANDLE;

const QuotePagePostSchema = z.discriminatedUnion("intent", [
  ...QUOTE_POST_BRANCHES,
  ...QUOTE_BILLING_BRANCHES,
]);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, QuoteNotFoundError, async ({ db }, { user }) => {
    const canEditSettings = hasPermission(user.role, "parametres");
    const view = await getQuote(db, params.id);
    const accepted = view.quote.status === "accepte";
    const [events, decision, quoteInvoices, billing, jobSite] = await Promise.all([
      quoteActivity(db, view.quote.id),
      quoteDecision(db, view.quote.id),
      accepted ? invoicesOfQuote(db, view.quote.seriesId) : Promise.resolve([]),
      accepted ? quoteBillingOverview(db, view.quote) : Promise.resolve(null),
      accepted && hasPermission(user.role, "chantiers")
        ? jobSiteOfQuote(db, view.quote.seriesId).then((site) => ({ site }))
        : Promise.resolve(null),
    ]);
    const { quote, client, company } = view;
    // The document's figures, from the content alone: a change of the settings cannot
    // break a sent version (nor a draft: its editor says what no longer adds up).
    const totals = documentTotals(quote.content);
    const mentions = quoteMentions(quote.content, client);
    const draftQuote = quote.status === "brouillon";
    const problems = draftQuote
      ? forMember(sendingProblems(quote.content, client, company, parisDay()), canEditSettings)
      : [];
    const warnings = draftQuote ? forMember(sendingWarnings(quote.content, company), canEditSettings) : [];
    return {
      ...view,
      totals,
      mentions,
      // What « Avant l'envoi » lists, each with the address of the field that fixes it.
      problems,
      missing: messagesOf(problems),
      warnings,
      draft: quote.status === "brouillon" ? toDraftInput(quote.content) : null,
      events,
      costing: quote.status === "brouillon" ? null : frozenCost(events),
      invoices: quoteInvoices,
      billing,
      jobSite,
      decision: decisionView(decision, client.anonymised),
      crumb: quote.displayNumber ?? "Brouillon",
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  const form = await request.formData();
  const post = parseIntent(QuotePagePostSchema, form);
  if (!post.ok) {
    if (post.unknown) return refused(400, { message: "Action inconnue." });
    return refused(400, { intent: post.intent, message: firstIssue(post.error).message });
  }
  const where = { request, services, actor, quoteId: params.id };
  try {
    const { data } = post;
    if (
      data.intent === QUOTE_BILLING_INTENTS.invoice ||
      data.intent === QUOTE_BILLING_INTENTS.retentionRelease
    ) {
      return await answerQuoteBillingPost(where, data, form);
    }
    return await answerQuotePost({ ...where, identity: () => documentIdentity(services.db) }, data, form);
  } catch (error) {
    const refusal = quoteRefusal(error, post.intent, hasPermission(session.user.role, "parametres"));
    if (refusal) return refusal;
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(
    args.loaderData ? `${args.loaderData.quote.displayNumber ?? "Brouillon de devis"} — Devis` : "",
    args,
  );

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function QuotePage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    quote,
    client,
    company,
    versions,
    photos,
    totals,
    mentions,
    problems,
    warnings,
    draft,
    events,
    costing,
    decision,
    invoices,
    billing,
    jobSite,
  } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const resendFormId = useId();
  const refusal = refusalOf(actionData);
  const isDraft = quote.status === "brouillon";
  const canRevise = !isDraft && quote.isLatest && quote.status !== "accepte" && quote.status !== "remplace";
  const pdfLabel = isDraft ? "Aperçu PDF" : "PDF";
  const shownMissing = refusal?.problems ?? problems;
  // « Envoyer » sends what is saved: it waits while the editor holds unsaved changes.
  const [editorDirty, setEditorDirty] = useState(false);

  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title={quote.displayNumber ?? "Brouillon de devis"}
        badge={<QuoteStatusBadge status={quote.status} />}
        description={
          <>
            <Link to={`/erp/clients/${client.id}`} className="font-semibold text-brand-700 underline">
              {client.name}
            </Link>{" "}
            — {quote.title}
          </>
        }
        actions={
          <>
            <a href={`/erp/devis/${quote.id}/pdf`} className={buttonClasses("outline", "md")}>
              <FileText aria-hidden="true" className="size-4" />
              {pdfLabel}
            </a>
            {jobSite ? <JobSiteLink quoteId={quote.id} site={jobSite.site} /> : null}
            {quote.status === "envoye" && quote.isLatest ? (
              <>
                <IntentForm id={resendFormId} intent={QUOTE_INTENTS.resend} />
                <ConfirmDialog
                  trigger={
                    <button type="button" className={buttonClasses("outline", "md")}>
                      <Send aria-hidden="true" className="size-4" />
                      Renvoyer
                    </button>
                  }
                  title="Renvoyer ce devis ?"
                  description={`Le même devis, avec le même PDF, est renvoyé à ${client.email ?? "l'adresse du client"} avec un nouveau lien.`}
                  confirmLabel="Renvoyer le devis"
                  form={resendFormId}
                  pending={pendingIntent === QUOTE_INTENTS.resend}
                  pendingLabel="Envoi…"
                />
              </>
            ) : null}
            {canRevise ? (
              <Form method="post">
                <input type="hidden" name="intent" value={QUOTE_INTENTS.revise} />
                <button
                  type="submit"
                  className={buttonClasses("secondary", "md")}
                  disabled={pendingIntent !== null}
                >
                  <Pencil aria-hidden="true" className="size-4" />
                  Modifier (nouvelle version)
                </button>
              </Form>
            ) : null}
            {isDraft ? (
              <ConfirmedPost
                intent={QUOTE_INTENTS.remove}
                variant="outline"
                icon={Trash2}
                label="Supprimer le brouillon"
                title="Supprimer ce brouillon de devis ?"
                description="Ses lots et ses lignes seront perdus. Le client et sa demande restent."
                confirmLabel="Supprimer le brouillon"
                pendingLabel="Suppression…"
              />
            ) : null}
          </>
        }
      />

      {refusal?.message && refusal.intent !== QUOTE_INTENTS.save ? (
        <FormAlert errors={[refusal.message]} />
      ) : null}

      <QuoteVersions versions={versions} currentId={quote.id} />

      {isDraft && draft ? (
        <>
          <SendingPanel
            clientEmail={client.email}
            shownMissing={shownMissing}
            warnings={warnings}
            editorDirty={editorDirty}
            pendingIntent={pendingIntent}
          />
          <QuoteEditor
            initial={draft}
            revision={quote.revision}
            hourlyCostCents={company.hourlyCostCents}
            clientKind={client.kind}
            fieldErrors={refusal?.intent === QUOTE_INTENTS.save ? refusal.fieldErrors : undefined}
            formError={refusal?.intent === QUOTE_INTENTS.save ? refusal.formError : undefined}
            libraryUrl="/api/erp/devis/bibliotheque.json"
            onDirtyChange={setEditorDirty}
            aside={
              photos.length > 0 ? (
                <section aria-labelledby="photos-demande" className={panelClass}>
                  <h2 id="photos-demande" className="mb-2 font-bold text-brand-900">
                    Photos de la demande
                  </h2>
                  <ul className="grid grid-cols-3 gap-2 sm:grid-cols-4 lg:grid-cols-6 2xl:grid-cols-2">
                    {photos.map((photo) => (
                      <li key={photo.id}>
                        <a href={`/api/erp/photos/${photo.id}`} target="_blank" rel="noreferrer">
                          <img
                            src={`/api/erp/photos/${photo.id}?taille=vignette`}
                            alt={`Jointe à la demande : ${photo.fileName}`}
                            width={photo.width}
                            height={photo.height}
                            loading="lazy"
                            className="h-auto w-full rounded-lg border border-slate-200 object-cover"
                          />
                        </a>
                      </li>
                    ))}
                  </ul>
                </section>
              ) : undefined
            }
          />
        </>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
          <section aria-label="Contenu du devis" className={panelClass}>
            <QuoteDocument
              content={quote.content}
              totals={totals}
              mentions={mentions}
              validUntil={quote.validUntil}
              level={2}
            />
          </section>
          <div className="grid content-start gap-5">
            <Panel id="suivi-devis" title="Suivi">
              <Facts
                columns={1}
                facts={[
                  {
                    label: "Envoyé",
                    value: quote.sentAt
                      ? `le ${formatDateTime(quote.sentAt, "medium")} à ${quote.sentTo ?? "—"}`
                      : "—",
                  },
                  { label: "Valable jusqu'au", value: quote.validUntil ? formatDate(quote.validUntil) : "—" },
                  {
                    label: "Consulté par le client",
                    value: quote.firstViewedAt
                      ? `le ${formatDateTime(quote.firstViewedAt, "medium")}`
                      : "Pas encore",
                  },
                  {
                    label: "Décision",
                    value: quote.decidedAt ? `${formatDateTime(quote.decidedAt, "medium")}` : "En attente",
                  },
                  {
                    label: "Empreinte du PDF (SHA-256)",
                    value: <code className="break-all">{quote.pdfSha256}</code>,
                  },
                ]}
              />
            </Panel>
            {decision ? (
              <DecisionPanel
                decision={decision}
                quoteId={quote.id}
                hasCertifications={mentions.certifications.length > 0}
              />
            ) : null}
            {(quote.status === "envoye" || quote.status === "expire") && quote.isLatest ? (
              <PaperAcceptanceForm
                signerName={client.name}
                refusal={refusal?.intent === QUOTE_INTENTS.paper ? refusal : null}
                pendingIntent={pendingIntent}
              />
            ) : null}
            <CostingPanel costing={costing} />
          </div>
        </div>
      )}

      {quote.status === "accepte" ? (
        <QuoteInvoicing
          className={panelClass}
          lots={quote.content.lots.map((lot) => ({
            id: lot.id,
            title: lot.title,
            subtotalHt: totals.lots.find((figures) => figures.id === lot.id)?.subtotalHt,
          }))}
          invoices={invoices}
          billing={billing}
          handoverOn={quote.handoverOn}
          deposit={quote.content.terms.deposit}
          refusal={refusal?.intent === QUOTE_INTENTS.invoice ? refusal.message : undefined}
          handoverRefusal={refusal?.intent === QUOTE_INTENTS.handover ? refusal.message : undefined}
          releaseRefusal={refusal?.intent === QUOTE_INTENTS.retentionRelease ? refusal.message : undefined}
          today={parisDay()}
        />
      ) : null}

      <ActivityHistory id="devis-historique" label="Historique du devis" events={events} />
    </div>
  );
}
