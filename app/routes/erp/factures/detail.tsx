import { FileText } from "lucide-react";
import { useId, useState } from "react";
import { Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { ProblemAlert } from "#app/components/data/problem-list.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf, refusedField } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel, panelClass } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { DEVIS_TABS, erpMeta, FACTURES_HANDLE } from "#app/features/erp/navigation.ts";
import { answerInvoicePost, invoiceRefusal } from "#app/features/invoices/actions.server.ts";
import { type BillingInvoice, CREDIT_NOTE_KIND_LABELS } from "#app/features/invoices/billing-model.ts";
import { BillingTable } from "#app/features/invoices/components/billing-table.tsx";
import { CreditNoteForm } from "#app/features/invoices/components/credit-note-form.tsx";
import { DraftInvoiceActions } from "#app/features/invoices/components/draft-invoice-actions.tsx";
import { InvoiceStatusBadge } from "#app/features/invoices/components/invoice-status-badge.tsx";
import { PaymentForm } from "#app/features/invoices/components/payment-form.tsx";
import { RemindersPanel } from "#app/features/invoices/components/reminders-panel.tsx";
import { SendToClient } from "#app/features/invoices/components/send-to-client.tsx";
import { useDialogs } from "#app/features/invoices/components/use-dialogs.ts";
import { deliveryOverview } from "#app/features/invoices/delivery.server.ts";
import { creditNoteChoices } from "#app/features/invoices/detail.server.ts";
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS } from "#app/features/invoices/labels.ts";
import { getInvoice, InvoiceMissingError } from "#app/features/invoices/list.server.ts";
import { amountOwed } from "#app/features/invoices/owed.ts";
import { reminderOverview } from "#app/features/invoices/reminders.server.ts";
import { INVOICE_INTENTS as INTENTS, InvoicePostSchema } from "#app/features/invoices/request.ts";
import { saveStandaloneDraft, standaloneDraftEditor } from "#app/features/invoices/standalone.server.ts";
import { QuoteEditor } from "#app/features/quotes/components/quote-editor.tsx";
import { toDraftInput } from "#app/features/quotes/content.ts";
import { readDraftPost } from "#app/features/quotes/draft-post.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { firstIssue, parseIntent } from "#app/lib/form-intent.ts";
import { formatCents } from "#app/lib/money.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/factures/:id — a draft shows what will be invoiced and « Émettre » (refused with
 * the list of what is missing); an issued invoice shows its PDF, its payments (with the
 * form to record one), « Faire un avoir » and, while it is owed, its « Relances »: those
 * sent, the next one, « Envoyer une relance maintenant » and « Suspendre les relances ».
 * The post is read by `InvoicePostSchema` and done by the invoices feature (actions.server.ts).
 */

export const handle = FACTURES_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, InvoiceMissingError, async ({ db }) => {
    const view = await getInvoice(db, params.id);
    const reason = (view.invoice.content as unknown as { billing: BillingInvoice | null }).billing
      ?.creditReason;
    return {
      ...view,
      // A credit note's reason, as its PDF prints it under « Motif de l'avoir ».
      creditReason: reason ? `${CREDIT_NOTE_KIND_LABELS[reason.kind]} : ${reason.text}` : null,
      editor: await standaloneDraftEditor(db, view.invoice).then((editor) =>
        editor ? { ...editor, initial: toDraftInput(editor.content) } : null,
      ),
      reminders: await reminderOverview(db, view.invoice),
      delivery: await deliveryOverview(db, view.invoice),
      correctable: await creditNoteChoices(db, view.invoice),
      today: parisDay(),
      crumb: view.invoice.number ?? "Brouillon",
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  const form = await request.formData();
  const post = parseIntent(InvoicePostSchema, form);
  if (!post.ok) {
    const message = post.unknown ? { message: "Action inconnue." } : firstIssue(post.error);
    return refused(400, { intent: post.intent, ...message });
  }
  const intent = post.intent;
  try {
    if (post.data.intent === INTENTS.save) {
      const draft = readDraftPost(
        form,
        "La facture n'a pas été enregistrée : corrigez les champs signalés (vos saisies sont conservées).",
      );
      if (!draft.ok) {
        // The editor's schema is the quotes': its one message naming the document, reworded.
        const fieldErrors = draft.fieldErrors && {
          ...draft.fieldErrors,
          ...(draft.fieldErrors.title ? { title: ["Indiquez l'objet de la facture."] } : {}),
        };
        return refused(400, { intent, message: draft.formError, fieldErrors });
      }
      const saved = await saveStandaloneDraft(
        services.db,
        params.id,
        { revision: draft.revision, content: draft.content },
        actor,
      );
      return { ok: true as const, revision: saved.revision };
    }
    const identity = () => documentIdentity(services.db);
    return await answerInvoicePost(
      { request, services, actor, invoiceId: params.id, identity },
      post.data,
      form,
    );
  } catch (error) {
    const refusal = invoiceRefusal(error, intent, hasPermission(session.user.role, "parametres"));
    if (refusal) return refusal;
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(
    args.loaderData ? `${args.loaderData.invoice.number ?? "Brouillon de facture"} — Factures` : "",
    args,
  );
export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

export default function InvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const {
    invoice,
    clientName,
    quote,
    credited,
    creditReason,
    payments,
    events,
    reminders,
    delivery,
    today,
    editor,
    correctable,
  } = loaderData;
  // A standalone draft has no billing until its lines add up.
  const billing = (invoice.content as unknown as { billing: BillingInvoice | null }).billing;
  const [editorDirty, setEditorDirty] = useState(false);
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const alertId = useId();
  const dialog = useDialogs(actionData, loaderData, alertId);
  const draft = invoice.status === "brouillon";
  const left = amountOwed(invoice);
  const canPay = !draft && invoice.kind !== "avoir" && invoice.status !== "annulee" && left > 0;
  const canCredit = !draft && invoice.kind !== "avoir" && invoice.status !== "annulee";
  const refusal = refusalOf(actionData);
  const fieldError = (intent: string, field: string) => refusedField(refusal, intent, field);
  return (
    <div className="grid gap-5">
      <SectionTabs label="Devis" tabs={DEVIS_TABS} />
      <PageHeader
        title={invoice.number ?? `Brouillon — ${billing?.title ?? INVOICE_KIND_LABELS[invoice.kind]}`}
        badge={<InvoiceStatusBadge status={invoice.status} />}
        description={
          <>
            {INVOICE_KIND_LABELS[invoice.kind]} ·{" "}
            <Link to={`/erp/clients/${invoice.clientId}`} className="font-semibold text-brand-700 underline">
              {clientName}
            </Link>
            {quote ? (
              <>
                {" "}
                · devis{" "}
                <Link to={`/erp/devis/${quote.id}`} className="font-semibold text-brand-700 underline">
                  {quote.number ?? quote.title}
                </Link>
              </>
            ) : null}
            {credited ? (
              <>
                {" "}
                · avoir sur{" "}
                <Link to={`/erp/factures/${credited.id}`} className="font-semibold text-brand-700 underline">
                  {credited.number}
                </Link>
              </>
            ) : null}
          </>
        }
        actions={
          draft ? (
            <DraftInvoiceActions
              invoice={invoice}
              editorDirty={editorDirty}
              dialog={dialog}
              pending={pending}
            />
          ) : (
            <>
              <a href={`/erp/factures/${invoice.id}/pdf`} className={buttonClasses("outline", "md")}>
                <FileText aria-hidden="true" className="size-4" />
                PDF Factur-X
              </a>
              {delivery ? (
                <SendToClient
                  delivery={delivery}
                  invoice={invoice}
                  dialog={dialog(INTENTS.send)}
                  pending={pending === INTENTS.send}
                />
              ) : null}
            </>
          )
        }
      />

      {refusal && !refusal.field && refusal.intent !== INTENTS.save ? (
        <div className="grid gap-2">
          {refusal.problems ? (
            <ProblemAlert
              id={alertId}
              message={refusal.message}
              items={refusal.problems}
              testId="emission-manquants"
            />
          ) : (
            <FormAlert id={alertId} focus errors={[refusal.message, ...(refusal.missing ?? [])]} />
          )}
          {refusal.fix ? (
            <p className="text-sm">
              <Link to={refusal.fix.href} className="font-semibold text-brand-700 underline">
                {refusal.fix.label}
              </Link>
            </p>
          ) : null}
        </div>
      ) : null}

      {editor ? (
        <>
          {editorDirty ? (
            <p className="text-sm font-semibold text-slate-800" role="status">
              Modifications non enregistrées : enregistrez-les avant d'émettre la facture.
            </p>
          ) : null}
          <QuoteEditor
            forInvoice
            initial={editor.initial}
            revision={editor.revision}
            hourlyCostCents={editor.hourlyCostCents}
            clientKind={editor.clientKind}
            fieldErrors={refusal?.intent === INTENTS.save ? refusal.fieldErrors : undefined}
            formError={refusal?.intent === INTENTS.save ? refusal.message : undefined}
            libraryUrl="/api/erp/devis/bibliotheque.json"
            onDirtyChange={setEditorDirty}
          />
        </>
      ) : null}

      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Panel id="facture-detail" title={editor ? "Ce qui sera facturé" : (billing?.title ?? "Facture")}>
          {billing ? (
            <BillingTable billing={billing} />
          ) : (
            <p className="mb-3 text-slate-700">
              Aucune ligne chiffrée pour l'instant : saisissez les lignes ci-dessus, puis « Enregistrer ».
            </p>
          )}
          <Facts
            columns={2}
            facts={[
              ...(creditReason ? [{ label: "Motif de l'avoir", value: creditReason }] : []),
              { label: "Total HT", value: formatCents(invoice.totalHtCents) },
              { label: "TVA", value: formatCents(invoice.totalVatCents) },
              { label: "Total TTC", value: formatCents(invoice.totalTtcCents) },
              ...(billing && billing.totals.depositsDeductedHt !== 0
                ? [{ label: "Acomptes déduits (HT)", value: formatCents(billing.totals.depositsDeductedHt) }]
                : []),
              ...(invoice.retentionCents !== 0
                ? [{ label: "Retenue de garantie", value: formatCents(invoice.retentionCents) }]
                : []),
              { label: "Net à payer", value: <strong>{formatCents(invoice.netToPayCents)}</strong> },
            ]}
          />
        </Panel>

        <div className="grid content-start gap-5">
          <Panel id="facture-suivi" title="Suivi">
            <Facts
              columns={1}
              facts={[
                { label: "Émise le", value: invoice.issuedOn ? formatDate(invoice.issuedOn) : "Pas encore" },
                { label: "Échéance", value: invoice.dueOn ? formatDate(invoice.dueOn) : "—" },
                ...(invoice.creditedCents > 0
                  ? [{ label: "Avoirs déduits", value: formatCents(invoice.creditedCents) }]
                  : []),
                { label: "Payé", value: formatCents(invoice.paidCents) },
                ...(invoice.kind !== "avoir" && !draft
                  ? [{ label: "Reste dû", value: formatCents(left) }]
                  : []),
                ...(invoice.pdfSha256
                  ? [
                      {
                        label: "Empreinte du PDF (SHA-256)",
                        value: <code className="break-all">{invoice.pdfSha256}</code>,
                      },
                    ]
                  : []),
              ]}
            />
            {payments.length > 0 ? (
              <ul className="mt-3 grid gap-1 text-sm" aria-label="Paiements reçus">
                {payments.map((payment) => (
                  <li key={payment.id}>
                    {formatDate(payment.paidOn)} : {formatCents(payment.amountCents)} (
                    {PAYMENT_METHOD_LABELS[payment.method]}
                    {payment.reference ? `, ${payment.reference}` : ""})
                  </li>
                ))}
              </ul>
            ) : null}
          </Panel>

          {reminders ? (
            <RemindersPanel reminders={reminders} clientId={invoice.clientId} pending={pending} />
          ) : null}

          {canPay ? (
            <PaymentForm
              today={today}
              left={left}
              pending={pending}
              fieldError={(field) => fieldError(INTENTS.pay, field)}
            />
          ) : null}

          {canCredit ? (
            <CreditNoteForm
              intent={INTENTS.credit}
              className={panelClass}
              choices={correctable}
              pending={pending !== null}
              fieldError={(field) => fieldError(INTENTS.credit, field)}
            />
          ) : null}
        </div>
      </div>

      <ActivityHistory id="facture-historique" label="Historique de la facture" events={events} />
    </div>
  );
}
