import type { ReactNode } from "react";
import { Form, Link } from "react-router";
import { Facts } from "#app/components/data/facts.tsx";
import { DateField, MoneyField, SelectField, TextField } from "#app/components/forms/field.tsx";
import { buttonClasses } from "#app/components/ui/button.tsx";
import type { StoredPercentOrAmount } from "#app/db/schema/quotes.ts";
import { formatCents, formatCentsForInput, formatPercent } from "#app/lib/money.ts";
import { formatDate } from "#app/lib/paris-time.ts";
import type { BillingSummary } from "../billing-summary.ts";
import { INVOICE_KIND_LABELS, PAYMENT_METHOD_LABELS } from "../labels.ts";
import { InvoiceStatusBadge } from "./invoice-status-badge.tsx";

/*
 * « Facturer » on an accepted quote's page: its invoices so far, and the three ways to
 * invoice it (a deposit, a progress invoice with each lot's cumulative progress, the
 * final invoice). Each form posts to the quote's page (intent « facturer »), which
 * prepares a draft; the server refuses anything that would exceed the quote and says what
 * is left.
 */

/** One of the three ways to invoice the quote: a form posting « facturer » with its kind. */
function InvoiceKindForm({
  title,
  kind,
  submit,
  children,
}: {
  title: string;
  kind: "acompte" | "situation" | "solde";
  submit: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="grid content-start gap-3 rounded-lg border border-slate-200 p-3">
      <h3 className="font-bold">{title}</h3>
      <input type="hidden" name="intent" value="facturer" />
      <input type="hidden" name="kind" value={kind} />
      {children}
      <div>
        <button type="submit" className={buttonClasses("secondary", "md")}>
          {submit}
        </button>
      </div>
    </Form>
  );
}

type InvoiceSummary = {
  id: string;
  number: string | null;
  kind: string;
  status: Parameters<typeof InvoiceStatusBadge>[0]["status"];
  totalTtc: number;
  netToPay: number;
  paid: number;
  issuedOn: string | null;
};

/** Indexed by the summaries' kind as a plain string (unknown: shown as it is). */
const KIND_LABELS: Record<string, string> = INVOICE_KIND_LABELS;

/** The deposit form's starting values: the deposit of the quote's schedule, else 30 %. */
function depositDefaults(deposit: StoredPercentOrAmount | null): { mode: string; value: string } {
  if (deposit?.kind === "amount") return { mode: "montant", value: formatCentsForInput(deposit.cents) };
  if (deposit?.kind === "percent") {
    return { mode: "pourcentage", value: formatPercent(deposit.basisPoints).replace(/\s*%$/, "") };
  }
  return { mode: "pourcentage", value: "30" };
}

export function QuoteInvoicing({
  lots,
  invoices,
  billing,
  handoverOn,
  deposit,
  refusal,
  handoverRefusal,
  releaseRefusal,
  today,
  className,
}: {
  /** The quote's lots, with their amount HT when known (shown beside the progress). */
  lots: readonly { id: string; title: string; subtotalHt?: number }[];
  invoices: readonly InvoiceSummary[];
  /** Invoiced, paid and left on the quote; null if its figures could not be read. */
  billing: BillingSummary | null;
  /** The handover of the works (« réception »), AAAA-MM-JJ. */
  handoverOn: string | null;
  /** The deposit of the quote's terms. */
  deposit: StoredPercentOrAmount | null;
  /** Why the last « Facturer » was refused (it would exceed the quote…). */
  refusal?: string;
  /** Why the handover date was refused. */
  handoverRefusal?: string;
  /** Why the retention's payment was refused. */
  releaseRefusal?: string;
  /** Today (Paris), the default day of a payment. */
  today: string;
  /** The page's panel style. */
  className: string;
}) {
  const depositStart = depositDefaults(deposit);
  return (
    <section aria-labelledby="facturer" className={className}>
      <h2 id="facturer" className="mb-3 text-lg font-bold text-brand-900">
        Facturer
      </h2>
      {refusal ? (
        <p
          role="alert"
          className="mb-3 rounded-lg border border-red-300 bg-red-50 p-3 font-semibold text-red-900"
        >
          {refusal}
        </p>
      ) : null}
      {billing ? <BillingFacts billing={billing} /> : null}
      {invoices.length > 0 ? (
        <ul className="mb-4 grid gap-2" aria-label="Factures de ce devis">
          {invoices.map((invoice) => (
            <li key={invoice.id} className="flex flex-wrap items-center gap-2">
              <Link to={`/erp/factures/${invoice.id}`} className="font-semibold text-brand-700 underline">
                {invoice.number ?? "Brouillon"}
              </Link>
              <span>{KIND_LABELS[invoice.kind] ?? invoice.kind}</span>
              <InvoiceStatusBadge status={invoice.status} />
              <span className="ml-auto whitespace-nowrap">
                {formatCents(invoice.totalTtc)} TTC
                {invoice.issuedOn ? `, émise le ${formatDate(invoice.issuedOn, "numeric")}` : ""}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-slate-700">Aucune facture pour ce devis.</p>
      )}
      {billing && billing.remainingHt === 0 && billing.depositsToDeductHt === 0 ? (
        <p className="mb-4 rounded-lg border border-slate-200 bg-slate-50 p-3 text-slate-800">
          Ce devis est entièrement facturé. Pour reprendre une facture, établissez un avoir depuis sa page :
          une annulation ou une correction rouvre la facturation, un geste commercial ou une remise non.
        </p>
      ) : (
        <div className="grid gap-4 md:grid-cols-3">
          <InvoiceKindForm title="Facture d'acompte" kind="acompte" submit="Préparer l'acompte">
            <SelectField
              name="mode"
              label="Acompte en"
              defaultValue={depositStart.mode}
              options={[
                { value: "pourcentage", label: "Pourcentage du TTC" },
                { value: "montant", label: "Montant TTC" },
              ]}
            />
            <TextField
              name="value"
              label="Valeur"
              inputMode="decimal"
              required
              defaultValue={depositStart.value}
            />
          </InvoiceKindForm>
          <InvoiceKindForm title="Facture de situation" kind="situation" submit="Préparer la situation">
            <SelectField
              name="mode"
              label="Avancement cumulé"
              defaultValue="pourcentage"
              options={[
                { value: "pourcentage", label: "En % de chaque lot" },
                { value: "montant", label: "En montant HT cumulé" },
              ]}
            />
            {lots.map((lot) => (
              <TextField
                key={lot.id}
                name={`lot.${lot.id}`}
                label={lot.title}
                hint={lot.subtotalHt === undefined ? undefined : `Lot de ${formatCents(lot.subtotalHt)} HT`}
                inputMode="decimal"
                placeholder="50"
              />
            ))}
          </InvoiceKindForm>
          <InvoiceKindForm title="Facture de solde" kind="solde" submit="Préparer le solde">
            <p className="text-sm text-slate-700">
              Le reste du devis, acomptes et situations déduits ligne par ligne.
            </p>
          </InvoiceKindForm>
        </div>
      )}
      {billing?.retention && !billing.retention.bankGuarantee && billing.retention.held > 0 ? (
        <Form
          method="post"
          className="mt-4 grid gap-3 border-t border-slate-200 pt-4 sm:grid-cols-4 sm:items-end"
        >
          <input type="hidden" name="intent" value="retenue" />
          <h3 className="font-bold sm:col-span-4">Retenue de garantie versée par le client</h3>
          <DateField name="releasedOn" label="Date du versement" defaultValue={today} required />
          <MoneyField
            name="amount"
            label="Montant versé"
            defaultValue={formatCentsForInput(billing.retention.held)}
            required
          />
          <SelectField
            name="method"
            label="Moyen de paiement"
            defaultValue="virement"
            options={Object.entries(PAYMENT_METHOD_LABELS).map(([value, label]) => ({ value, label }))}
          />
          <TextField name="reference" label="Référence (facultatif)" maxLength={120} />
          {releaseRefusal ? (
            <p role="alert" className="font-semibold text-red-800 sm:col-span-4">
              {releaseRefusal}
            </p>
          ) : null}
          <div className="sm:col-span-4">
            <button type="submit" className={buttonClasses("secondary", "md")}>
              Enregistrer le versement
            </button>
          </div>
        </Form>
      ) : null}
      <Form method="post" className="mt-4 flex flex-wrap items-end gap-3 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="reception" />
        <DateField
          name="handoverOn"
          label="Réception des travaux"
          hint="Date du procès-verbal de réception : la retenue de garantie est libérée un an après."
          defaultValue={handoverOn ?? ""}
          errors={handoverRefusal ? [handoverRefusal] : undefined}
        />
        <button type="submit" className={buttonClasses("secondary", "md")}>
          Enregistrer la date
        </button>
      </Form>
    </section>
  );
}

function BillingFacts({ billing }: { billing: BillingSummary }) {
  const retention = billing.retention;
  const items = [
    { label: "Montant du devis", value: `${formatCents(billing.quoteTtc)} TTC` },
    { label: "Facturé", value: `${formatCents(billing.invoicedTtc)} TTC` },
    ...(billing.allowancesTtc !== 0
      ? [{ label: "Gestes commerciaux et remises", value: `${formatCents(billing.allowancesTtc)} TTC` }]
      : []),
    { label: "Payé", value: formatCents(billing.paid) },
    { label: "Reste à facturer", value: `${formatCents(billing.remainingTtc)} TTC` },
    { label: "Reste dû par le client", value: formatCents(billing.outstanding) },
  ];
  if (retention) {
    items.push({
      label: `Retenue de garantie (${formatPercent(retention.basisPoints)})`,
      value: retention.bankGuarantee
        ? "Remplacée par une caution bancaire"
        : `${formatCents(retention.held)} retenus${retention.released > 0 ? ` (${formatCents(retention.released)} déjà versés)` : ""} — ${
            retention.releaseOn
              ? `libération le ${formatDate(retention.releaseOn)}`
              : "libération un an après la réception (date à saisir)"
          }`,
    });
  }
  return (
    <div className="mb-4">
      <Facts facts={items} columns={3} />
    </div>
  );
}
