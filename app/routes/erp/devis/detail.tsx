import { fileTypeFromBuffer } from "file-type";
import { FileText, Pencil, Send, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { ProblemList } from "#app/components/data/problem-list.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FileField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { PAYMENT_METHOD_VALUES, type PaymentMethod } from "#app/db/schema/invoices.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { DEVIS_HANDLE, DEVIS_TABS, erpMeta, erpShouldRevalidate } from "#app/features/erp/navigation.ts";
import { QuoteInvoicing } from "#app/features/invoices/components/quote-invoicing.tsx";
import { quoteBillingOverview } from "#app/features/invoices/detail.server.ts";
import { createInvoiceDraft } from "#app/features/invoices/drafts.server.ts";
import { invoicesOfQuote } from "#app/features/invoices/list.server.ts";
import { recordRetentionRelease } from "#app/features/invoices/payments.server.ts";
import { InvoiceNotFoundError, InvoiceStateError } from "#app/features/invoices/query.server.ts";
import { parseInvoiceRequest } from "#app/features/invoices/request.ts";
import { AcceptanceError } from "#app/features/quotes/acceptance.server.ts";
import { quoteDecision, recordPaperAcceptance } from "#app/features/quotes/acceptance-proof.server.ts";
import { QuoteDocument } from "#app/features/quotes/components/quote-document.tsx";
import { QuoteEditor } from "#app/features/quotes/components/quote-editor.tsx";
import { QuoteStatusBadge } from "#app/features/quotes/components/quote-status-badge.tsx";
import { toDraftInput } from "#app/features/quotes/content.ts";
import { readDraftPost } from "#app/features/quotes/draft-post.ts";
import { quoteMentions, sendingProblems, sendingWarnings } from "#app/features/quotes/mentions.ts";
import {
  deleteQuoteDraft,
  getQuote,
  newQuoteVersion,
  QuoteConflictError,
  QuoteInputError,
  QuoteNotFoundError,
  QuoteStateError,
  quoteActivity,
  saveQuoteDraft,
  setQuoteHandover,
} from "#app/features/quotes/quotes.server.ts";
import {
  type FrozenCost,
  QuoteNotSendableError,
  resendQuote,
  sendQuote,
} from "#app/features/quotes/send.server.ts";
import { documentTotals } from "#app/features/quotes/totals.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import type { ActivityEvent } from "#app/lib/activity.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents, formatPercent, parseMoney } from "#app/lib/money.ts";
import { formatDate, formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { forMember, messagesOf, type Problem } from "#app/lib/problems.ts";
import { hasControlCharacters } from "#app/lib/text-rules.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/devis/:id — a draft opens in the editor (saved whole, over the revision it
 * loaded); a sent version is shown as the client reads it, with its facts (sent, to
 * whom, opened, answered), its versions and its history.
 */

export const handle = DEVIS_HANDLE;

export const QUOTE_INTENTS = {
  save: "enregistrer",
  remove: "supprimer",
  revise: "modifier",
  send: "envoyer",
  resend: "renvoyer",
  paper: "accord-papier",
  invoice: "facturer",
  handover: "reception",
  retentionRelease: "retenue",
} as const;

/** A scan of the quote signed at the office: PDF, JPEG or PNG, 10 MB at most. */
const SCAN_MAX_BYTES = 10 * 1024 * 1024;
const SCAN_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
type ScanType = (typeof SCAN_TYPES)[number];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const canEditSettings = hasPermission(user.role, "parametres");
  const { db } = getServices(context);
  try {
    const view = await getQuote(db, params.id);
    const accepted = view.quote.status === "accepte";
    const [events, decision, quoteInvoices, billing] = await Promise.all([
      quoteActivity(db, view.quote.id),
      quoteDecision(db, view.quote.id),
      accepted ? invoicesOfQuote(db, view.quote.seriesId) : Promise.resolve([]),
      accepted ? quoteBillingOverview(db, view.quote) : Promise.resolve(null),
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
      decision: decision
        ? {
            decision: decision.decision,
            channel: decision.channel,
            signerName: decision.signerName,
            // An anonymised client's address is erased from the page (the proof keeps it).
            signerEmail: client.anonymised ? null : decision.signerEmail,
            ip: decision.ip,
            userAgent: decision.userAgent,
            codeVerifiedAt: decision.codeVerifiedAt,
            pdfSha256: decision.pdfSha256,
            certificationConfirmed: decision.certificationConfirmed,
            refusalReason: decision.refusalReason,
            signedCopySha256: decision.signedCopySha256,
            hasSignedCopy: decision.signedCopyStorageKey !== null,
            hasSignature: decision.signatureStorageKey !== null,
            decidedAt: decision.decidedAt,
          }
        : null,
      crumb: quote.displayNumber ?? "Brouillon",
    };
  } catch (error) {
    if (error instanceof QuoteNotFoundError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

/** The cost and margin frozen when the version was sent (its « sent » event), if recorded. */
function frozenCost(events: ActivityEvent[]): FrozenCost | null {
  const sent = events.find((event) => event.kind === "sent");
  const costing = sent?.data?.costing;
  if (!costing || typeof costing !== "object" || Array.isArray(costing)) return null;
  const number = (value: unknown) => (typeof value === "number" ? value : null);
  return {
    hourlyCostCents: number(costing.hourlyCostCents) ?? 0,
    cost: number(costing.cost),
    margin: number(costing.margin),
    marginRate: number(costing.marginRate),
  };
}

type Refusal = {
  ok: false;
  intent?: string;
  message?: string;
  fieldErrors?: Record<string, string[]>;
  formError?: string;
  /** « Envoyer au client » refused: what is missing. */
  missing?: string[];
  /** The same reasons, each with the address of the field that fixes it. */
  problems?: Problem[];
};

function refused(status: number, body: Omit<Refusal, "ok">) {
  return data<Refusal | { ok: true; revision: number }>({ ok: false, ...body }, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === QUOTE_INTENTS.save) {
      const post = readDraftPost(
        form,
        "Le devis n'a pas été enregistré : corrigez les champs signalés (vos saisies sont conservées).",
      );
      if (!post.ok) return refused(400, { intent, fieldErrors: post.fieldErrors, formError: post.formError });
      const saved = await saveQuoteDraft(
        services.db,
        params.id,
        { revision: post.revision, content: post.content },
        actor,
      );
      return data<Refusal | { ok: true; revision: number }>({ ok: true, revision: saved.revision });
    }
    if (intent === QUOTE_INTENTS.remove) {
      if (form.get("confirmation") !== "oui") {
        return refused(400, { intent, message: "Confirmez la suppression du brouillon." });
      }
      const { clientId } = await deleteQuoteDraft(services.db, params.id, actor);
      return redirectWithFlash(request, `/erp/clients/${clientId}`, {
        tone: "success",
        message: "Le brouillon de devis a été supprimé.",
      });
    }
    if (intent === QUOTE_INTENTS.send || intent === QUOTE_INTENTS.resend) {
      const deps = {
        storage: services.storage,
        identity: await documentIdentity(services.db),
        siteUrl: services.env.SITE_URL,
      };
      const sent =
        intent === QUOTE_INTENTS.send
          ? await sendQuote(services.db, deps, params.id, actor)
          : await resendQuote(services.db, deps, params.id, actor);
      services.outbox.wake();
      services.logger.info({ quoteId: params.id, number: sent.number }, "devis envoyé au client");
      return redirectWithFlash(request, `/erp/devis/${params.id}`, {
        tone: "success",
        message: `Devis ${sent.number} ${intent === QUOTE_INTENTS.send ? "envoyé" : "renvoyé"} à ${sent.sentTo}.`,
      });
    }
    if (intent === QUOTE_INTENTS.paper) {
      const scan = form.get("scan");
      const signerName = String(form.get("signerName") ?? "");
      if (!(scan instanceof File) || scan.size === 0) {
        return refused(400, {
          intent,
          message: "Joignez la copie numérisée du devis signé.",
          fieldErrors: { scan: ["Joignez la copie numérisée du devis signé (PDF, JPEG ou PNG)."] },
        });
      }
      if (scan.size > SCAN_MAX_BYTES) {
        return refused(413, {
          intent,
          message: "La copie numérisée dépasse 10 Mo.",
          fieldErrors: { scan: ["Le fichier dépasse 10 Mo : numérisez-le en qualité moindre."] },
        });
      }
      const bytes = Buffer.from(await scan.arrayBuffer());
      const detected = await fileTypeFromBuffer(bytes);
      const type = detected?.mime as ScanType | undefined;
      if (!type || !SCAN_TYPES.includes(type)) {
        return refused(415, {
          intent,
          message: "Ce fichier n'est ni un PDF, ni une image JPEG ou PNG.",
          fieldErrors: {
            scan: ["Ce fichier n'est ni un PDF, ni une image JPEG ou PNG (vérifié sur son contenu)."],
          },
        });
      }
      await recordPaperAcceptance(
        services.db,
        services.storage,
        params.id,
        { signerName, scan: bytes, contentType: type },
        actor,
      );
      return redirectWithFlash(request, `/erp/devis/${params.id}`, {
        tone: "success",
        message: "Accord sur papier enregistré : le devis est accepté.",
      });
    }
    if (intent === QUOTE_INTENTS.invoice) {
      const parsed = parseInvoiceRequest(form);
      if (!parsed.ok) return refused(400, { intent, message: parsed.message });
      try {
        const { id } = await createInvoiceDraft(services.db, params.id, parsed.request, actor);
        return redirectWithFlash(request, `/erp/factures/${id}`, {
          tone: "success",
          message: "Brouillon de facture préparé : vérifiez-le, puis « Émettre ».",
        });
      } catch (error) {
        if (error instanceof InvoiceStateError || error instanceof InvoiceNotFoundError) {
          return refused(409, { intent, message: error.message });
        }
        throw error;
      }
    }
    if (intent === QUOTE_INTENTS.handover) {
      const value = form.get("handoverOn");
      if (typeof value !== "string" || value.length > 20) {
        return refused(400, { intent, message: "Indiquez la date de réception des travaux." });
      }
      await setQuoteHandover(services.db, params.id, value.trim() === "" ? null : value.trim(), actor);
      return redirectWithFlash(request, `/erp/devis/${params.id}`, {
        tone: "success",
        message: value.trim() === "" ? "Date de réception effacée." : "Date de réception enregistrée.",
      });
    }
    if (intent === QUOTE_INTENTS.retentionRelease) {
      const releasedOn = String(form.get("releasedOn") ?? "").trim();
      const amount = parseMoney(String(form.get("amount") ?? ""));
      const method = String(form.get("method") ?? "");
      const reference = String(form.get("reference") ?? "").trim();
      const problem = !amount.ok
        ? `Montant versé : ${amount.message}`
        : !(PAYMENT_METHOD_VALUES as readonly string[]).includes(method)
          ? "Choisissez le moyen de paiement."
          : reference.length > 120 || hasControlCharacters(reference)
            ? "La référence est invalide (120 caractères au plus)."
            : null;
      if (problem || !amount.ok) return refused(400, { intent, message: problem ?? "" });
      try {
        await recordRetentionRelease(
          services.db,
          params.id,
          { releasedOn, amount: amount.cents, method: method as PaymentMethod, reference: reference || null },
          actor,
        );
      } catch (error) {
        if (error instanceof InvoiceStateError || error instanceof InvoiceNotFoundError) {
          return refused(error instanceof InvoiceNotFoundError ? 404 : 409, {
            intent,
            message: error.message,
          });
        }
        throw error;
      }
      return redirectWithFlash(request, `/erp/devis/${params.id}`, {
        tone: "success",
        message: "Versement de la retenue de garantie enregistré.",
      });
    }
    if (intent === QUOTE_INTENTS.revise) {
      const { id } = await newQuoteVersion(services.db, params.id, actor);
      return redirectWithFlash(request, `/erp/devis/${id}`, {
        tone: "info",
        message:
          "Nouvelle version en préparation : le devis envoyé reste valable tant que celle-ci n'est pas envoyée.",
      });
    }
    return refused(400, { message: "Action inconnue." });
  } catch (error) {
    const where = typeof intent === "string" ? intent : undefined;
    if (error instanceof QuoteNotFoundError) return refused(404, { intent: where, message: error.message });
    if (error instanceof AcceptanceError) {
      return refused(error.status, {
        intent: where,
        message: error.message,
        fieldErrors: error.field ? { [error.field]: [error.message] } : undefined,
      });
    }
    if (error instanceof QuoteNotSendableError) {
      return refused(400, {
        intent: where,
        message: "Le devis ne peut pas être envoyé : complétez ce qui manque ci-dessous.",
        missing: error.missing,
        problems: forMember(error.problems, hasPermission(session.user.role, "parametres")),
      });
    }
    if (error instanceof QuoteConflictError || error instanceof QuoteStateError) {
      return refused(409, { intent: where, message: error.message, formError: error.message });
    }
    if (error instanceof QuoteInputError) {
      return refused(400, { intent: where, message: error.message, formError: error.message });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(
    args.loaderData ? `${args.loaderData.quote.displayNumber ?? "Brouillon de devis"} — Devis` : "",
    args,
  );

export const shouldRevalidate = erpShouldRevalidate;

export const ErrorBoundary = ErpPageErrorBoundary;

function IntentForm({ id, intent }: { id: string; intent: string }) {
  return (
    <Form id={id} method="post" hidden>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="confirmation" value="oui" />
    </Form>
  );
}

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
  } = loaderData;
  const navigation = useNavigation();
  const pendingIntent = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const deleteFormId = useId();
  const sendFormId = useId();
  const resendFormId = useId();
  const refusal = actionData && !actionData.ok ? actionData : null;
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
              <>
                <IntentForm id={deleteFormId} intent={QUOTE_INTENTS.remove} />
                <ConfirmDialog
                  trigger={
                    <button type="button" className={buttonClasses("outline", "md")}>
                      <Trash2 aria-hidden="true" className="size-4" />
                      Supprimer le brouillon
                    </button>
                  }
                  title="Supprimer ce brouillon de devis ?"
                  description="Ses lots et ses lignes seront perdus. Le client et sa demande restent."
                  confirmLabel="Supprimer le brouillon"
                  destructive
                  form={deleteFormId}
                  pending={pendingIntent === QUOTE_INTENTS.remove}
                  pendingLabel="Suppression…"
                />
              </>
            ) : null}
          </>
        }
      />

      {refusal?.message && refusal.intent !== QUOTE_INTENTS.save ? (
        <FormAlert errors={[refusal.message]} />
      ) : null}

      {versions.length > 1 ? (
        <nav aria-label="Versions du devis" className="flex flex-wrap gap-2 text-sm">
          {versions.map((version) => (
            <Link
              key={version.id}
              to={`/erp/devis/${version.id}`}
              aria-current={version.id === quote.id ? "page" : undefined}
              className={`rounded-full border px-3 py-1 ${
                version.id === quote.id
                  ? "border-brand-700 bg-brand-700 text-white"
                  : "border-slate-300 text-brand-700 underline"
              }`}
            >
              Version {version.version} ·{" "}
              {version.status === "brouillon" ? "brouillon" : (version.displayNumber ?? "")}
            </Link>
          ))}
        </nav>
      ) : null}

      {isDraft && draft ? (
        <>
          <section aria-labelledby="avant-envoi" className={panelClass}>
            <h2 id="avant-envoi" className="text-lg font-bold text-brand-900">
              Avant l'envoi
            </h2>
            {shownMissing.length === 0 ? (
              <p className="mt-2 text-slate-800">
                Toutes les mentions obligatoires peuvent être remplies : le devis est prêt à être envoyé à{" "}
                <strong>{client.email}</strong>. Enregistrez vos dernières modifications avant l'envoi.
              </p>
            ) : (
              <>
                <p className="mt-2 text-slate-800">Le devis ne peut pas encore être envoyé :</p>
                <ProblemList items={shownMissing} testId="mentions-manquantes" />
              </>
            )}
            {warnings.length > 0 ? (
              <div className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
                <p className="font-semibold">À prévoir (n'empêche pas l'envoi) :</p>
                <ProblemList items={warnings} testId="avertissements-envoi" />
              </div>
            ) : null}
            <IntentForm id={sendFormId} intent={QUOTE_INTENTS.send} />
            {editorDirty ? (
              <p id="envoi-en-attente" className="mt-2 text-sm font-semibold text-accent-700">
                Enregistrez d'abord vos modifications : c'est la version enregistrée qui est envoyée.
              </p>
            ) : null}
            <div className="mt-3">
              <ConfirmDialog
                trigger={
                  <button
                    type="button"
                    className={buttonClasses("primary", "md")}
                    disabled={editorDirty}
                    aria-describedby={editorDirty ? "envoi-en-attente" : undefined}
                  >
                    <Send aria-hidden="true" className="size-4" />
                    Envoyer au client
                  </button>
                }
                title="Envoyer ce devis au client ?"
                description={`Le devis reçoit son numéro, son PDF est figé et envoyé à ${client.email ?? "l'adresse du client"} avec un lien pour l'accepter en ligne. Ensuite, toute modification passera par une nouvelle version.`}
                confirmLabel="Envoyer le devis"
                form={sendFormId}
                pending={pendingIntent === QUOTE_INTENTS.send}
                pendingLabel="Envoi…"
              />
            </div>
          </section>
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
            <section aria-labelledby="suivi-devis" className={panelClass}>
              <h2 id="suivi-devis" className="mb-3 text-lg font-bold text-brand-900">
                Suivi
              </h2>
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
            </section>
            {decision ? (
              <section aria-labelledby="preuve-devis" className={panelClass}>
                <h2 id="preuve-devis" className="mb-3 text-lg font-bold text-brand-900">
                  {decision.decision === "accepte" ? "Preuve de l'accord" : "Refus du client"}
                </h2>
                <Facts
                  columns={1}
                  facts={[
                    { label: "Date", value: formatDateTime(new Date(decision.decidedAt), "medium") },
                    {
                      label: "Canal",
                      value:
                        decision.channel === "papier" ? "Signé sur papier (copie numérisée)" : "En ligne",
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
                                src={`/erp/devis/${quote.id}/signature.png`}
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
                    ...(mentions.certifications.length > 0 && decision.decision === "accepte"
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
                    <a
                      href={`/erp/devis/${quote.id}/copie-signee`}
                      className={buttonClasses("secondary", "md")}
                    >
                      <FileText aria-hidden="true" className="size-4" />
                      Exemplaire signé
                    </a>
                  </p>
                ) : null}
              </section>
            ) : null}
            {(quote.status === "envoye" || quote.status === "expire") && quote.isLatest ? (
              <section aria-labelledby="accord-papier" className={panelClass}>
                <h2 id="accord-papier" className="mb-2 text-lg font-bold text-brand-900">
                  Accord signé sur papier
                </h2>
                <p className="mb-3 text-sm text-slate-700">
                  Le client a signé le devis à l'agence : enregistrez la copie numérisée (PDF, JPEG ou PNG, 10
                  Mo au plus).
                </p>
                {refusal?.intent === QUOTE_INTENTS.paper && refusal.message ? (
                  <FormAlert errors={[refusal.message]} />
                ) : null}
                <Form method="post" encType="multipart/form-data" className="grid gap-3">
                  <input type="hidden" name="intent" value={QUOTE_INTENTS.paper} />
                  <TextField
                    name="signerName"
                    label="Nom du signataire"
                    required
                    maxLength={120}
                    defaultValue={client.name}
                    errors={
                      refusal?.intent === QUOTE_INTENTS.paper ? refusal.fieldErrors?.signerName : undefined
                    }
                  />
                  <FileField
                    name="scan"
                    label="Devis signé numérisé"
                    accept="application/pdf,image/jpeg,image/png"
                    required
                    errors={refusal?.intent === QUOTE_INTENTS.paper ? refusal.fieldErrors?.scan : undefined}
                  />
                  <div>
                    <button
                      type="submit"
                      className={buttonClasses("secondary", "md")}
                      disabled={pendingIntent !== null}
                    >
                      {pendingIntent === QUOTE_INTENTS.paper ? "Enregistrement…" : "Enregistrer l'accord"}
                    </button>
                  </div>
                </Form>
              </section>
            ) : null}
            <section aria-labelledby="marge-devis" className={panelClass}>
              <h2 id="marge-devis" className="mb-3 text-lg font-bold text-brand-900">
                Coût estimé et marge <span className="text-sm font-normal">(équipe uniquement)</span>
              </h2>
              {costing === null ? (
                <p className="text-slate-700">Le coût estimé n'a pas été figé à l'envoi de cette version.</p>
              ) : costing.cost === null ? (
                <p className="text-slate-700">Aucune ligne n'a de prix de revient.</p>
              ) : (
                <Facts
                  columns={1}
                  facts={[
                    { label: "Coût estimé", value: formatCents(costing.cost) },
                    { label: "Marge", value: formatCents(costing.margin ?? 0) },
                    {
                      label: "Taux de marge",
                      value: costing.marginRate === null ? "—" : formatPercent(costing.marginRate),
                    },
                    {
                      label: "Coût horaire à l'envoi",
                      value: formatCents(costing.hourlyCostCents),
                    },
                  ]}
                />
              )}
            </section>
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
