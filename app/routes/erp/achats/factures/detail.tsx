import { Download } from "lucide-react";
import { Form, Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { PageHeader } from "#app/components/data/page-header.tsx";
import { SectionTabs } from "#app/components/data/section-tabs.tsx";
import { DateField, SelectField, TextareaField, TextField } from "#app/components/forms/field.tsx";
import { FormAlert } from "#app/components/forms/form-alert.tsx";
import { refused } from "#app/components/forms/refusal.server.ts";
import { refusalOf } from "#app/components/forms/refusal.ts";
import { buttonClasses } from "#app/components/ui/button.tsx";
import { Panel } from "#app/components/ui/panel.tsx";
import { requirePermission } from "#app/features/auth/session.server.ts";
import { ActivityHistory } from "#app/features/erp/components/activity-history.tsx";
import { ACHATS_HANDLE, ACHATS_TABS, erpMeta } from "#app/features/erp/navigation.ts";
import { InvoiceMatching } from "#app/features/purchases/components/invoice-matching.tsx";
import { SupplierInvoiceAllocationForm } from "#app/features/purchases/components/supplier-invoice-allocation-form.tsx";
import { SupplierInvoiceStatusBadge } from "#app/features/purchases/components/supplier-invoice-badges.tsx";
import { VigilanceStop } from "#app/features/purchases/components/vigilance-stop.tsx";
import type { VigilanceRefusalExtra } from "#app/features/purchases/subcontract-schema.ts";
import { answerSupplierInvoicePost } from "#app/features/purchases/supplier-invoice-actions.server.ts";
import { invoiceMatching } from "#app/features/purchases/supplier-invoice-matching.server.ts";
import { MATCHING_STATUS_LABELS } from "#app/features/purchases/supplier-invoice-matching.ts";
import {
  PAYMENT_METHOD_LABELS,
  SUPPLIER_INVOICE_INTENTS,
  SUPPLIER_INVOICE_MESSAGES,
  supplierInvoicePath,
} from "#app/features/purchases/supplier-invoice-schema.ts";
import {
  allocationChoices,
  getSupplierInvoice,
  SupplierInvoiceNotFoundError,
} from "#app/features/purchases/supplier-invoices.server.ts";
import { supplierPath } from "#app/features/purchases/supplier-schema.ts";
import { VIGILANCE_OVERRIDE } from "#app/features/purchases/vigilance-stop.ts";
import { listActivity } from "#app/lib/activity.server.ts";
import { getServices } from "#app/lib/app-context.ts";
import { E_INVOICE_FORMAT_LABELS } from "#app/lib/einvoice/supplier-invoice.ts";
import { formatCents, formatPercent } from "#app/lib/money.ts";
import { formatDate, parisDay } from "#app/lib/paris-time.ts";
import { readRecord } from "#app/routes/erp/record-request.server.ts";
import type { Route } from "./+types/detail";

export const handle = ACHATS_HANDLE;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return readRecord({ request, context }, handle.permission, SupplierInvoiceNotFoundError, async ({ db }) => {
    const invoice = await getSupplierInvoice(db, params.id);
    const [events, sites, matching] = await Promise.all([
      listActivity(db, "facture_fournisseur", invoice.id),
      allocationChoices(db),
      invoiceMatching(db, invoice),
    ]);
    return {
      invoice,
      events,
      sites,
      matching,
      today: parisDay(),
      crumb: `${invoice.isCreditNote ? "Avoir" : "Facture"} ${invoice.number}`,
    };
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { user } = await requirePermission(request, context, handle.permission);
  const actor = { id: user.id, email: user.email, role: user.role };
  const form = await request.formData().catch(() => null);
  if (!form) return refused(400, { message: "Le formulaire envoyé est illisible : rechargez la page." });
  return answerSupplierInvoicePost({ request, services: getServices(context), actor }, params.id, form);
}

export const meta: Route.MetaFunction = (args) =>
  erpMeta(args.loaderData ? `${args.loaderData.crumb} — Factures fournisseurs` : "", args);

export { ErrorBoundary, shouldRevalidate } from "#app/routes/erp/frame-exports.ts";

const cell = "py-2 pr-3 align-top";

export default function SupplierInvoicePage({ loaderData, actionData }: Route.ComponentProps) {
  const { invoice, events, sites, today, matching } = loaderData;
  const refusal = refusalOf(actionData);
  const kind = invoice.isCreditNote ? "Avoir" : "Facture";
  const paymentStop =
    refusal?.intent === SUPPLIER_INVOICE_INTENTS.paid
      ? ((refusal as typeof refusal & VigilanceRefusalExtra).vigilanceStop ?? null)
      : null;
  const allocated = invoice.allocations.reduce((sum, row) => sum + row.amountHtCents, 0);
  return (
    <div className="grid max-w-5xl grid-cols-[minmax(0,1fr)] gap-5">
      <SectionTabs label="Achats" tabs={ACHATS_TABS} />
      <PageHeader
        title={`${kind} ${invoice.number}`}
        badge={<SupplierInvoiceStatusBadge status={invoice.status} />}
        description={`${invoice.supplierName}, du ${formatDate(invoice.issueDate)}`}
        actions={
          <a
            href={`${supplierInvoicePath(invoice.id)}/original`}
            className={buttonClasses("secondary", "md")}
          >
            <Download aria-hidden="true" className="size-4" />
            Fichier original
          </a>
        }
      />

      {refusal && !paymentStop ? <FormAlert focus errors={refusal.message} /> : null}
      {invoice.duplicateNumber ? (
        <p
          role="status"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 font-semibold text-amber-900"
        >
          {SUPPLIER_INVOICE_MESSAGES.duplicateNumber(invoice.number)}
        </p>
      ) : null}
      {invoice.overdue && invoice.dueDate ? (
        <p className="rounded-lg border border-red-200 bg-red-50 p-3 font-semibold text-red-900">
          En retard : l'échéance était le {formatDate(invoice.dueDate)}.
        </p>
      ) : null}

      <Panel id="facture-fournisseur-resume" title="La facture">
        <Facts
          facts={[
            {
              label: "Fournisseur",
              value: (
                <Link to={supplierPath(invoice.supplierId)} className="text-brand-700 underline">
                  {invoice.supplierName}
                </Link>
              ),
            },
            { label: "Échéance", value: invoice.dueDate ? formatDate(invoice.dueDate) : null },
            { label: "Total HT", value: formatCents(invoice.netCents) },
            {
              label: "TVA",
              value: invoice.reverseCharge
                ? `${formatCents(invoice.vatCents)} (autoliquidation)`
                : formatCents(invoice.vatCents),
            },
            { label: "Total TTC", value: formatCents(invoice.grossCents) },
            { label: "Net à payer", value: formatCents(invoice.dueCents) },
            { label: "Commande", value: invoice.orderReference },
            { label: "Rapprochement", value: MATCHING_STATUS_LABELS[matching.status] },
            {
              label: "Reçue",
              value: invoice.format
                ? E_INVOICE_FORMAT_LABELS[invoice.format]
                : "Saisie à la main (PDF ou photo)",
            },
            { label: "Fichier", value: <span className="break-all">{invoice.originalFileName}</span> },
            {
              label: "SHA-256",
              value: <span className="font-mono text-xs break-all">{invoice.originalSha256}</span>,
            },
          ]}
        />
      </Panel>

      {invoice.lines.length > 0 ? (
        <Panel id="facture-fournisseur-lignes" title="Lignes">
          <div className="overflow-x-auto">
            <table className="w-full min-w-[640px] border-collapse text-sm">
              <caption className="sr-only">Lignes de la facture</caption>
              <thead>
                <tr className="text-left text-xs font-bold text-slate-700 uppercase">
                  <th scope="col" className={cell}>
                    Désignation
                  </th>
                  <th scope="col" className={cell}>
                    Quantité
                  </th>
                  <th scope="col" className={cell}>
                    Prix unitaire
                  </th>
                  <th scope="col" className={cell}>
                    TVA
                  </th>
                  <th scope="col" className={`${cell} text-right`}>
                    Total HT
                  </th>
                </tr>
              </thead>
              <tbody>
                {invoice.lines.map((line) => (
                  <tr key={line.id} className="border-t border-slate-200">
                    <td className={cell}>
                      {line.designation}
                      {line.reference ? (
                        <span className="block text-xs text-slate-700">Réf. {line.reference}</span>
                      ) : null}
                    </td>
                    <td className={cell}>
                      {line.quantity} {line.unit ?? ""}
                    </td>
                    <td className={cell}>{line.unitPrice ?? "—"}</td>
                    <td className={cell}>{line.vatRateBp !== null ? formatPercent(line.vatRateBp) : "—"}</td>
                    <td className={`${cell} text-right whitespace-nowrap`}>{formatCents(line.netCents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Panel>
      ) : null}

      <Panel id="facture-fournisseur-rapprochement" title="Rapprochement avec la commande">
        <InvoiceMatching view={matching} refusal={refusal} />
      </Panel>

      <Panel id="facture-fournisseur-tva" title="TVA par taux">
        <ul className="grid gap-1">
          {invoice.vatBreakdown.map((line) => (
            <li key={`${line.category}-${line.rateBp}`}>
              {line.category === "AE" ? "Autoliquidation" : formatPercent(line.rateBp)} : base{" "}
              {formatCents(line.baseCents)}, TVA {formatCents(line.vatCents)}
            </li>
          ))}
        </ul>
      </Panel>

      {invoice.problems.length > 0 ? (
        <Panel id="facture-fournisseur-anomalies" title="Anomalies EN 16931">
          <ul className="list-disc pl-5">
            {invoice.problems.map((problem) => (
              <li key={`${problem.rule}-${problem.message}`}>
                {problem.rule} : {problem.message}
              </li>
            ))}
          </ul>
        </Panel>
      ) : null}

      <Panel id="facture-fournisseur-paiement" title="Paiement">
        {invoice.status === "payee" && invoice.paidOn && invoice.paymentMethod ? (
          <div className="grid gap-3">
            <p>
              Payée le {formatDate(invoice.paidOn)} par{" "}
              {PAYMENT_METHOD_LABELS[invoice.paymentMethod].toLowerCase()}
              {invoice.paymentReference ? ` (réf. ${invoice.paymentReference})` : ""}.
            </p>
            <ReopenForm />
          </div>
        ) : (
          <div className="grid gap-5">
            {invoice.status === "en_litige" ? (
              <div className="grid gap-2">
                <p>
                  <strong>En litige :</strong> {invoice.disputeReason}
                </p>
                <ReopenForm />
              </div>
            ) : null}
            {refusal && paymentStop ? (
              <VigilanceStop
                stop={paymentStop}
                canOverride={(refusal as VigilanceRefusalExtra).canOverride === true}
                what="enregistrer ce paiement"
                message={refusal.message}
                reason={refusal.values?.overrideReason}
                errors={refusal.fieldErrors?.overrideReason}
                submit={VIGILANCE_OVERRIDE}
                form
                formLabel="Passer outre pour ce paiement"
              >
                <input type="hidden" name="intent" value={SUPPLIER_INVOICE_INTENTS.paid} />
                {["paidOn", "paymentMethod", "paymentReference"].map((name) => (
                  <input key={name} type="hidden" name={name} value={refusal.values?.[name] ?? ""} />
                ))}
              </VigilanceStop>
            ) : null}
            <Form method="post" className="grid gap-3 sm:grid-cols-3" aria-label="Marquer payée">
              <input type="hidden" name="intent" value={SUPPLIER_INVOICE_INTENTS.paid} />
              <DateField
                id="paiement-date"
                name="paidOn"
                label="Date du paiement"
                required
                defaultValue={today}
                max={today}
                errors={
                  refusal?.intent === SUPPLIER_INVOICE_INTENTS.paid ? refusal.fieldErrors?.paidOn : undefined
                }
              />
              <SelectField
                id="paiement-moyen"
                name="paymentMethod"
                label="Moyen de paiement"
                required
                defaultValue="virement"
                options={Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
                errors={
                  refusal?.intent === SUPPLIER_INVOICE_INTENTS.paid
                    ? refusal.fieldErrors?.paymentMethod
                    : undefined
                }
              />
              <TextField id="paiement-reference" name="paymentReference" label="Référence" />
              <div className="sm:col-span-3">
                <button type="submit" className={buttonClasses("primary", "md")}>
                  Marquer payée
                </button>
              </div>
            </Form>
            {invoice.status === "a_payer" ? (
              <Form method="post" className="grid gap-3" aria-label="Mettre en litige">
                <input type="hidden" name="intent" value={SUPPLIER_INVOICE_INTENTS.dispute} />
                <TextareaField
                  id="litige-raison"
                  name="disputeReason"
                  label="Raison du litige"
                  rows={2}
                  errors={
                    refusal?.intent === SUPPLIER_INVOICE_INTENTS.dispute
                      ? refusal.fieldErrors?.disputeReason
                      : undefined
                  }
                />
                <div>
                  <button type="submit" className={buttonClasses("outline", "md")}>
                    En litige
                  </button>
                </div>
              </Form>
            ) : null}
          </div>
        )}
      </Panel>

      <Panel id="facture-fournisseur-repartition" title="Répartition sur les chantiers">
        {invoice.allocations.length > 0 ? (
          <ul className="mb-4 grid gap-1">
            {invoice.allocations.map((row) => (
              <li key={row.id}>
                <Link to={`/erp/chantiers/${row.jobSiteId}`} className="text-brand-700 underline">
                  {row.jobSiteName}
                </Link>
                {row.lotTitle ? ` › ${row.lotTitle}` : " (tout le chantier)"} :{" "}
                {invoice.isCreditNote ? "−" : ""}
                {formatCents(row.amountHtCents)} HT
              </li>
            ))}
            <li className="font-semibold">
              Réparti : {formatCents(allocated)} HT sur {formatCents(invoice.netCents)} HT
            </li>
          </ul>
        ) : (
          <p className="mb-4 text-slate-700">
            Pas encore répartie : elle ne compte dans les dépenses d'aucun chantier.
          </p>
        )}
        {sites.length > 0 ? (
          <SupplierInvoiceAllocationForm
            key={JSON.stringify(invoice.allocations.map((row) => row.id))}
            netCents={invoice.netCents}
            sites={sites}
            lines={invoice.lines}
            current={invoice.allocations}
            values={refusal?.intent === SUPPLIER_INVOICE_INTENTS.allocate ? refusal.values : undefined}
            errors={refusal?.intent === SUPPLIER_INVOICE_INTENTS.allocate ? refusal.fieldErrors : undefined}
          />
        ) : (
          <p>Aucun chantier ouvert à qui affecter la facture.</p>
        )}
      </Panel>

      <ActivityHistory id="facture-fournisseur-historique" label="Historique de la facture" events={events} />
    </div>
  );
}

/** « Remettre à payer »: a paid or disputed invoice goes back to those to pay. */
function ReopenForm() {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value={SUPPLIER_INVOICE_INTENTS.reopen} />
      <button type="submit" className={buttonClasses("outline", "md")}>
        Remettre à payer
      </button>
    </Form>
  );
}
