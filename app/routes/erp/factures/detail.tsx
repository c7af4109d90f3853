import { BellOff, BellRing, Eye, FileText, Mail, Send, Trash2 } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { ProblemAlert } from "#app/components/data/problem-list.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { DateField, MoneyField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { ConfirmDialog } from "#app/components/ui/confirm-dialog.tsx";
import { PAYMENT_METHOD_VALUES, type PaymentMethod } from "#app/db/schema/invoices.ts";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ErpPageErrorBoundary } from "#app/features/erp/components/erp-error.tsx";
import { panelClass } from "#app/features/erp/components/ui.ts";
import { DEVIS_TABS, erpMeta, erpShouldRevalidate, FACTURES_HANDLE } from "#app/features/erp/navigation.ts";
import { type BillingInvoice, CREDIT_NOTE_KIND_LABELS } from "#app/features/invoices/billing-model.ts";
import { CreditNoteForm } from "#app/features/invoices/components/credit-note-form.tsx";
import { InvoiceStatusBadge } from "#app/features/invoices/components/invoice-status-badge.tsx";
import {
  ClientEmailMissingError,
  type DeliveryOverview,
  deliveryOverview,
  issueAndDeliver,
  sendInvoiceToClient,
} from "#app/features/invoices/delivery.server.ts";
import { creditNoteChoices } from "#app/features/invoices/detail.server.ts";
import { createCreditNoteDraft } from "#app/features/invoices/drafts.server.ts";
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS } from "#app/features/invoices/labels.ts";
import { deleteInvoiceDraft, getInvoice, InvoiceMissingError } from "#app/features/invoices/list.server.ts";
import { amountOwed } from "#app/features/invoices/owed.ts";
import { recordPayment } from "#app/features/invoices/payments.server.ts";
import {
  InvoiceConflictError,
  InvoiceNotFoundError,
  InvoiceNotIssuableError,
  InvoiceStateError,
} from "#app/features/invoices/query.server.ts";
import {
  type ReminderOverview,
  reminderOverview,
  sendReminderNow,
  setRemindersSuspended,
} from "#app/features/invoices/reminders.server.ts";
import {
  parseCreditNoteRequest,
  parseReminderRequest,
  REMINDER_INTENTS,
} from "#app/features/invoices/request.ts";
import { saveStandaloneDraft, standaloneDraftEditor } from "#app/features/invoices/standalone.server.ts";
import { QuoteEditor } from "#app/features/quotes/components/quote-editor.tsx";
import { toDraftInput } from "#app/features/quotes/content.ts";
import { readDraftPost } from "#app/features/quotes/draft-post.ts";
import { SAVE_INTENT } from "#app/features/quotes/editor-state.ts";
import { documentIdentity } from "#app/features/settings/settings.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { redirectWithFlash } from "#app/lib/flash.server.ts";
import { formatCents, formatPercent, formatQuantity, parseMoney } from "#app/lib/money.ts";
import { formatDate, formatDateTime, parisDay } from "#app/lib/paris-time.ts";
import { hasPermission } from "#app/lib/permissions.ts";
import { forMember, type Problem } from "#app/lib/problems.ts";
import { hasControlCharacters, isoDayProblem } from "#app/lib/text-rules.ts";
import { VAT_RATES } from "#app/lib/vat.ts";
import type { Route } from "./+types/detail";

/*
 * /erp/factures/:id — a draft shows what will be invoiced and « Émettre » (refused with
 * the list of what is missing); an issued invoice shows its PDF, its payments (with the
 * form to record one), « Faire un avoir » and, while it is owed, its « Relances »: those
 * sent, the next one, « Envoyer une relance maintenant » and « Suspendre les relances ».
 */

export const handle = FACTURES_HANDLE;

const INTENTS = {
  save: SAVE_INTENT,
  issue: "emettre",
  remove: "supprimer",
  pay: "paiement",
  credit: "avoir",
  send: "envoyer-client",
} as const;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requirePermission(request, context, handle.permission);
  try {
    const { db } = getServices(context);
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
  } catch (error) {
    if (error instanceof InvoiceMissingError) throw data({ message: error.message }, { status: 404 });
    throw error;
  }
}

type Refusal = {
  ok: false;
  intent: string;
  message: string;
  missing?: string[];
  /** The same reasons, each with the address of the field that fixes it. */
  problems?: Problem[];
  field?: string;
  /** A refused save of a standalone draft: the editor's messages, by path. */
  fieldErrors?: Record<string, string[]>;
  /** Where the missing fact is filled in (the client's record). */
  fix?: { href: string; label: string };
};

function refused(status: number, body: Omit<Refusal, "ok">) {
  return data<Refusal | { ok: true; revision: number }>({ ok: false, ...body }, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const session = await requirePermission(request, context, handle.permission);
  const services = getServices(context);
  const actor = { id: session.user.id, email: session.user.email };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  try {
    const reminder = parseReminderRequest(form);
    if (reminder && !reminder.ok) return refused(400, { intent, message: reminder.message });
    if (reminder?.request.kind === "send") {
      const sent = await sendReminderNow(services.db, params.id, actor);
      services.outbox.wake();
      services.logger.info(
        { invoiceId: params.id, number: sent.number },
        "relance de facture envoyée à la main",
      );
      return redirectWithFlash(request, `/erp/factures/${params.id}`, {
        tone: "success",
        message: `Relance de la facture ${sent.number} envoyée à ${sent.to}, avec la facture en pièce jointe.`,
      });
    }
    if (reminder?.request.kind === "suspend") {
      const { suspended } = reminder.request;
      const { changed } = await setRemindersSuspended(services.db, params.id, suspended, actor);
      const message = suspended
        ? changed
          ? "Relances automatiques suspendues pour cette facture."
          : "Les relances de cette facture étaient déjà suspendues."
        : changed
          ? "Relances automatiques reprises pour cette facture."
          : "Les relances de cette facture n'étaient pas suspendues.";
      return redirectWithFlash(request, `/erp/factures/${params.id}`, {
        tone: changed ? "success" : "info",
        message,
      });
    }
    if (intent === INTENTS.save) {
      const post = readDraftPost(
        form,
        "La facture n'a pas été enregistrée : corrigez les champs signalés (vos saisies sont conservées).",
      );
      if (!post.ok) {
        // The editor's schema is the quotes': its one message naming the document, reworded.
        const fieldErrors = post.fieldErrors && {
          ...post.fieldErrors,
          ...(post.fieldErrors.title ? { title: ["Indiquez l'objet de la facture."] } : {}),
        };
        return refused(400, { intent, message: post.formError, fieldErrors });
      }
      const saved = await saveStandaloneDraft(
        services.db,
        params.id,
        { revision: post.revision, content: post.content },
        actor,
      );
      return data<Refusal | { ok: true; revision: number }>({ ok: true, revision: saved.revision });
    }
    if (intent === INTENTS.issue) {
      const issued = await issueAndDeliver(
        services.db,
        { storage: services.storage, identity: await documentIdentity(services.db) },
        params.id,
        actor,
      );
      services.logger.info({ invoiceId: params.id, number: issued.number }, "facture émise");
      const { delivery } = issued;
      if (delivery && "sentTo" in delivery) services.outbox.wake();
      return redirectWithFlash(request, `/erp/factures/${params.id}`, {
        tone: delivery && "missingEmail" in delivery ? "info" : "success",
        message: `${
          issued.number.startsWith("AV-") ? `Avoir ${issued.number} émis` : `Facture ${issued.number} émise`
        } : son PDF Factur-X est prêt.${
          delivery
            ? "sentTo" in delivery
              ? ` ${issued.number.startsWith("AV-") ? "Envoyé" : "Envoyée"} automatiquement au client à ${delivery.sentTo}.`
              : " L'envoi automatique n'a pas pu partir : la fiche du client n'a pas d'adresse e-mail."
            : ""
        }`,
      });
    }
    if (intent === INTENTS.send) {
      if (form.get("confirmation") !== "oui") {
        return refused(400, { intent, message: "Confirmez l'envoi au client." });
      }
      const sent = await sendInvoiceToClient(services.db, params.id, actor);
      services.outbox.wake();
      services.logger.info({ invoiceId: params.id, number: sent.number }, "facture envoyée au client");
      return redirectWithFlash(request, `/erp/factures/${params.id}`, {
        tone: "success",
        message: `${sent.creditNote ? "Avoir" : "Facture"} ${sent.number} ${sent.again ? "renvoyé" : "envoyé"}${sent.creditNote ? "" : "e"} à ${sent.to}, avec son PDF Factur-X en pièce jointe.`,
      });
    }
    if (intent === INTENTS.remove) {
      if (form.get("confirmation") !== "oui")
        return refused(400, { intent, message: "Confirmez la suppression." });
      const { quoteId } = await deleteInvoiceDraft(services.db, params.id);
      return redirectWithFlash(request, quoteId ? `/erp/devis/${quoteId}` : "/erp/factures", {
        tone: "success",
        message: "Le brouillon de facture a été supprimé.",
      });
    }
    if (intent === INTENTS.pay) {
      const paidOn = String(form.get("paidOn") ?? "");
      const dayProblem = isoDayProblem(paidOn);
      if (dayProblem) return refused(400, { intent, message: dayProblem, field: "paidOn" });
      const amount = parseMoney(String(form.get("amount") ?? ""));
      if (!amount.ok) return refused(400, { intent, message: amount.message, field: "amount" });
      const method = String(form.get("method") ?? "");
      if (!(PAYMENT_METHOD_VALUES as readonly string[]).includes(method)) {
        return refused(400, { intent, message: "Choisissez le moyen de paiement.", field: "method" });
      }
      const reference = String(form.get("reference") ?? "").trim();
      if (reference.length > 120 || hasControlCharacters(reference)) {
        return refused(400, {
          intent,
          message: "La référence est invalide (120 caractères au plus).",
          field: "reference",
        });
      }
      await recordPayment(
        services.db,
        params.id,
        {
          paidOn: String(form.get("paidOn") ?? ""),
          amount: amount.cents,
          method: method as PaymentMethod,
          reference: reference || null,
        },
        actor,
      );
      return redirectWithFlash(request, `/erp/factures/${params.id}`, {
        tone: "success",
        message: "Paiement enregistré.",
      });
    }
    if (intent === INTENTS.credit) {
      const parsed = parseCreditNoteRequest(form);
      if (!parsed.ok) return refused(400, { intent, message: parsed.message, field: parsed.field });
      const { id } = await createCreditNoteDraft(services.db, params.id, parsed.amount, actor, parsed.reason);
      return redirectWithFlash(request, `/erp/factures/${id}`, {
        tone: "success",
        message: "Brouillon d'avoir préparé : vérifiez-le, puis « Émettre ».",
      });
    }
    return refused(400, { intent, message: "Action inconnue." });
  } catch (error) {
    if (error instanceof InvoiceMissingError || error instanceof InvoiceNotFoundError) {
      return refused(404, { intent, message: error.message });
    }
    if (error instanceof ClientEmailMissingError) {
      return refused(409, {
        intent,
        message: error.message,
        fix: { href: `/erp/clients/${error.clientId}`, label: "Compléter la fiche du client" },
      });
    }
    if (error instanceof InvoiceNotIssuableError) {
      return refused(400, {
        intent,
        message: "La facture ne peut pas être émise :",
        missing: error.missing,
        problems: forMember(error.problems, hasPermission(session.user.role, "parametres")),
      });
    }
    if (error instanceof InvoiceStateError || error instanceof InvoiceConflictError) {
      return refused(409, { intent, message: error.message });
    }
    throw error;
  }
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(
    args.loaderData ? `${args.loaderData.invoice.number ?? "Brouillon de facture"} — Factures` : "",
    args,
  );
export const shouldRevalidate = erpShouldRevalidate;
export const ErrorBoundary = ErpPageErrorBoundary;

function ItemsTable({ items }: { items: NonNullable<BillingInvoice["items"]> }) {
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Lignes de la facture</caption>
      <thead>
        <tr className="text-left text-xs font-bold tracking-wide text-slate-700 uppercase">
          <th scope="col" className="py-2 pr-2">
            Désignation
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            Quantité × prix HT
          </th>
          <th scope="col" className="py-2 text-right">
            Montant HT
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((item, index) =>
          item.kind === "text" ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never move
            <tr key={index} className="border-t border-slate-200">
              <td colSpan={3} className="py-2 whitespace-pre-line text-slate-700">
                {item.text}
              </td>
            </tr>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never move
            <tr key={index} className="border-t border-slate-200 align-top">
              <th scope="row" className="py-2 pr-2 text-left font-semibold">
                {item.designation}
              </th>
              <td className="py-2 pr-2 text-right text-slate-700 whitespace-nowrap">
                {formatQuantity(item.quantity)} {item.unit} × {formatCents(item.unitPriceHt)} ·{" "}
                {VAT_RATES[item.vatCode].label}
              </td>
              <td className="py-2 text-right whitespace-nowrap">{formatCents(item.ht)}</td>
            </tr>
          ),
        )}
      </tbody>
    </table>
  );
}

function BillingTable({ billing }: { billing: BillingInvoice }) {
  if (billing.items) return <ItemsTable items={billing.items} />;
  return (
    <table className="w-full border-collapse text-sm">
      <caption className="sr-only">Détail de la facture</caption>
      <thead>
        <tr className="text-left text-xs font-bold tracking-wide text-slate-700 uppercase">
          <th scope="col" className="py-2 pr-2">
            Désignation
          </th>
          <th scope="col" className="py-2 pr-2 text-right">
            Détail
          </th>
          <th scope="col" className="py-2 text-right">
            Montant HT
          </th>
        </tr>
      </thead>
      <tbody>
        {billing.lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of an invoice never move
          <tr key={index} className="border-t border-slate-200 align-top">
            <th scope="row" className="py-2 pr-2 text-left font-semibold">
              {line.kind === "lot" ? line.title : line.label}
            </th>
            <td className="py-2 pr-2 text-right text-slate-700">
              {line.kind === "lot"
                ? `${formatPercent(line.cumulativePercent)} cumulés sur ${formatCents(line.contractHt)}, déjà facturé ${formatCents(line.previousHt)}`
                : VAT_RATES[line.code].label}
            </td>
            <td className="py-2 text-right whitespace-nowrap">{formatCents(line.ht)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const LEVEL_TITLES = { 1: "Premier rappel", 2: "Deuxième rappel", 3: "Dernier rappel" } as const;

/** What the next automatic reminder will be, or why there is none. */
function nextReminderText(reminders: ReminderOverview): string {
  if (reminders.suspended) return "Relances suspendues";
  if (reminders.sent >= 3) return "Plus de relance automatique : les trois ont été envoyées";
  if (!reminders.to) return "Aucune : le client n'a pas d'adresse e-mail";
  if (!reminders.next) return "—";
  const { level, on, postponed } = reminders.next;
  return `${LEVEL_TITLES[level]} le ${formatDate(on)}${postponed ? " (reportée après la relance envoyée à la main)" : ""}`;
}

/** The « Relances » panel of an issued invoice still owed (reads on a phone: one column, full-width buttons). */
function RemindersPanel({
  reminders,
  clientId,
  pending,
}: {
  reminders: ReminderOverview;
  clientId: string;
  pending: string | null;
}) {
  const sendFormId = useId();
  return (
    <section aria-labelledby="facture-relances" className={panelClass}>
      <h2 id="facture-relances" className="mb-3 text-lg font-bold text-brand-900">
        Relances
      </h2>
      <Facts
        columns={1}
        facts={[
          {
            label: "Relances automatiques envoyées",
            value: `${reminders.sent} sur 3`,
          },
          {
            label: "Dernière relance",
            value: reminders.lastAt ? formatDateTime(reminders.lastAt, "medium") : "Aucune",
          },
          { label: "Prochaine relance", value: nextReminderText(reminders) },
        ]}
      />
      {reminders.to ? (
        <p className="mt-3 text-sm break-words text-slate-700">
          Adresse des relances : {reminders.to}. La facture est jointe à chaque e-mail.
        </p>
      ) : (
        <p className="mt-3 text-sm text-slate-700">
          Ajoutez l'adresse e-mail du client sur{" "}
          <Link to={`/erp/clients/${clientId}`} className="font-semibold text-brand-700 underline">
            sa fiche
          </Link>{" "}
          pour pouvoir le relancer.
        </p>
      )}
      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {reminders.to ? (
          <>
            <Form id={sendFormId} method="post" hidden>
              <input type="hidden" name="intent" value={REMINDER_INTENTS.send} />
              <input type="hidden" name="confirmation" value="oui" />
            </Form>
            <ConfirmDialog
              trigger={
                <button type="button" className={buttonClasses("secondary", "md", "w-full sm:w-auto")}>
                  <Mail aria-hidden="true" className="size-4" />
                  Envoyer une relance maintenant
                </button>
              }
              title="Envoyer une relance maintenant ?"
              description={`Un e-mail de rappel part tout de suite à ${reminders.to}, avec la facture en pièce jointe. La prochaine relance automatique attendra au moins 7 jours.`}
              confirmLabel="Envoyer la relance"
              form={sendFormId}
              pending={pending === REMINDER_INTENTS.send}
              pendingLabel="Envoi…"
            />
          </>
        ) : null}
        <Form method="post" className="contents">
          <input
            type="hidden"
            name="intent"
            value={reminders.suspended ? REMINDER_INTENTS.resume : REMINDER_INTENTS.suspend}
          />
          <button
            type="submit"
            className={buttonClasses("outline", "md", "w-full sm:w-auto")}
            disabled={pending !== null}
          >
            {reminders.suspended ? (
              <>
                <BellRing aria-hidden="true" className="size-4" />
                Reprendre les relances
              </>
            ) : (
              <>
                <BellOff aria-hidden="true" className="size-4" />
                Suspendre les relances
              </>
            )}
          </button>
        </Form>
      </div>
    </section>
  );
}

/** « Envoyer au client » (« Renvoyer au client » once sent), behind a confirmation naming the address. */
function SendToClient({
  delivery,
  invoice,
  dialog,
  pending,
}: {
  delivery: DeliveryOverview;
  invoice: { number: string | null; kind: string };
  dialog: DialogControl;
  pending: boolean;
}) {
  const formId = useId();
  const label = delivery.sent > 0 ? "Renvoyer au client" : "Envoyer au client";
  const creditNote = invoice.kind === "avoir";
  const form = (
    <Form id={formId} method="post" hidden={delivery.to !== null}>
      <input type="hidden" name="intent" value={INTENTS.send} />
      <input type="hidden" name="confirmation" value="oui" />
      {delivery.to === null ? (
        // No address: nothing goes out, the answer says where to fill it in.
        <button type="submit" className={buttonClasses("secondary", "md")} disabled={pending}>
          <Mail aria-hidden="true" className="size-4" />
          {label}
        </button>
      ) : null}
    </Form>
  );
  if (delivery.to === null) return form;
  return (
    <>
      {form}
      <ConfirmDialog
        {...dialog}
        trigger={
          <button type="button" className={buttonClasses("secondary", "md")}>
            <Mail aria-hidden="true" className="size-4" />
            {label}
          </button>
        }
        title={`${delivery.sent > 0 ? "Renvoyer" : "Envoyer"} ${creditNote ? "cet avoir" : "cette facture"} au client ?`}
        description={
          <>
            Un e-mail part à <strong className="break-all">{delivery.to}</strong> avec{" "}
            {creditNote ? "l'avoir" : "la facture"} {invoice.number} en pièce jointe (le PDF Factur-X émis)
            {creditNote
              ? ", en précisant la facture qu'il corrige."
              : ", les coordonnées bancaires, la référence du virement et l'échéance."}
            {delivery.sent > 0
              ? ` Déjà envoyé${creditNote ? "" : "e"} ${delivery.sent} fois (voir l'historique).`
              : ""}
          </>
        }
        confirmLabel={delivery.sent > 0 ? "Renvoyer" : "Envoyer"}
        form={formId}
        pending={pending}
        pendingLabel="Envoi…"
      />
    </>
  );
}

type DialogControl = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: (event: Event) => void;
};

/**
 * The page's confirmation dialogs, one open at a time. Any answer closes the open one:
 * a refusal (which stays on the page) then moves the focus onto the alert at the top,
 * so it is never left behind the dimmed overlay; a success reloads the page's data.
 */
function useDialogs(answer: unknown, page: unknown, alertId: string) {
  const [open, setOpen] = useState<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new answer or new page data is the trigger
  useEffect(() => {
    setOpen(null);
  }, [answer, page]);
  return (name: string): DialogControl => ({
    open: open === name,
    onOpenChange: (next) => setOpen(next ? name : null),
    onCloseAutoFocus: (event) => {
      const alert = document.getElementById(alertId);
      if (alert) {
        event.preventDefault();
        alert.focus();
      }
    },
  });
}

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
  const issueFormId = useId();
  const removeFormId = useId();
  const alertId = useId();
  const dialog = useDialogs(actionData, loaderData, alertId);
  const draft = invoice.status === "brouillon";
  const left = amountOwed(invoice);
  const canPay = !draft && invoice.kind !== "avoir" && invoice.status !== "annulee" && left > 0;
  const canCredit = !draft && invoice.kind !== "avoir" && invoice.status !== "annulee";
  const refusal = actionData && !actionData.ok ? actionData : null;
  const fieldError = (intent: string, field: string) =>
    refusal?.intent === intent && refusal.field === field ? [refusal.message] : undefined;
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
            <>
              <a
                href={`/erp/factures/${invoice.id}/apercu.pdf`}
                className={buttonClasses("outline", "md")}
                title="Le document tel qu'il sera émis, sans numéro, marqué « Brouillon – sans valeur »"
              >
                <Eye aria-hidden="true" className="size-4" />
                Aperçu PDF
              </a>
              <Form id={issueFormId} method="post" hidden>
                <input type="hidden" name="intent" value={INTENTS.issue} />
              </Form>
              <ConfirmDialog
                {...dialog(INTENTS.issue)}
                trigger={
                  <button
                    type="button"
                    className={buttonClasses("primary", "md")}
                    disabled={editorDirty}
                    title={editorDirty ? "Enregistrez d'abord vos modifications." : undefined}
                  >
                    <Send aria-hidden="true" className="size-4" />
                    Émettre
                  </button>
                }
                title="Émettre cette facture ?"
                description="Elle reçoit son numéro, son PDF Factur-X est créé et elle ne pourra plus être modifiée : une correction passera par un avoir."
                confirmLabel="Émettre la facture"
                form={issueFormId}
                pending={pending === INTENTS.issue}
                pendingLabel="Émission…"
              />
              <Form id={removeFormId} method="post" hidden>
                <input type="hidden" name="intent" value={INTENTS.remove} />
                <input type="hidden" name="confirmation" value="oui" />
              </Form>
              <ConfirmDialog
                {...dialog(INTENTS.remove)}
                trigger={
                  <button type="button" className={buttonClasses("outline", "md")}>
                    <Trash2 aria-hidden="true" className="size-4" />
                    Supprimer le brouillon
                  </button>
                }
                title="Supprimer ce brouillon de facture ?"
                description={
                  invoice.quoteId
                    ? "Rien n'a été émis : le devis reste à facturer."
                    : "Rien n'a été émis : le brouillon et ses lignes sont supprimés."
                }
                confirmLabel="Supprimer le brouillon"
                destructive
                form={removeFormId}
                pending={pending === INTENTS.remove}
                pendingLabel="Suppression…"
              />
            </>
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
        <section aria-labelledby="facture-detail" className={panelClass}>
          <h2 id="facture-detail" className="mb-3 text-lg font-bold text-brand-900">
            {editor ? "Ce qui sera facturé" : (billing?.title ?? "Facture")}
          </h2>
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
        </section>

        <div className="grid content-start gap-5">
          <section aria-labelledby="facture-suivi" className={panelClass}>
            <h2 id="facture-suivi" className="mb-3 text-lg font-bold text-brand-900">
              Suivi
            </h2>
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
          </section>

          {reminders ? (
            <RemindersPanel reminders={reminders} clientId={invoice.clientId} pending={pending} />
          ) : null}

          {canPay ? (
            <section aria-labelledby="facture-paiement" className={panelClass}>
              <h2 id="facture-paiement" className="mb-3 text-lg font-bold text-brand-900">
                Enregistrer un paiement
              </h2>
              <Form method="post" className="grid gap-3">
                <input type="hidden" name="intent" value={INTENTS.pay} />
                <DateField
                  name="paidOn"
                  label="Date du paiement"
                  required
                  defaultValue={today}
                  errors={fieldError(INTENTS.pay, "paidOn")}
                />
                <MoneyField
                  name="amount"
                  label="Montant reçu"
                  required
                  defaultValue={formatCents(left).replace(/\s*€$/, "")}
                  errors={fieldError(INTENTS.pay, "amount")}
                />
                <SelectField
                  name="method"
                  label="Moyen de paiement"
                  required
                  defaultValue="virement"
                  options={PAYMENT_METHOD_VALUES.map((value) => ({
                    value,
                    label: PAYMENT_METHOD_LABELS[value],
                  }))}
                  errors={fieldError(INTENTS.pay, "method")}
                />
                <TextField
                  name="reference"
                  label="Référence (facultative)"
                  maxLength={120}
                  errors={fieldError(INTENTS.pay, "reference")}
                />
                <div>
                  <button
                    type="submit"
                    className={buttonClasses("secondary", "md")}
                    disabled={pending !== null}
                  >
                    {pending === INTENTS.pay ? "Enregistrement…" : "Enregistrer le paiement"}
                  </button>
                </div>
              </Form>
            </section>
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
